// How long one HTTP request may wait for Neo4j in all, however many queries it runs one after another
// (NEO4J_REQUEST_BUDGET_MS, or longer for a query that may take longer alone). Each query has its own deadlines; a
// request that runs several in turn against a slow Neo4j (starting, overloaded) would add them up. Within a budget
// every query gets only what is left, and a request with nothing left gets its 503 without asking Neo4j again.
import { AsyncLocalStorage } from 'node:async_hooks';
import { GraphUnavailableError } from './errors.js';

/**
 * Less than this left is nothing left: no query is answered so soon, and running one would only fail it after its
 * timer, with a vaguer reason ("no answer within 0 ms") than the budget's.
 */
const LEAST_USABLE_MS = 10;

export class Neo4jBudget {
  /** The largest budget a query of the request has asked for, so far. */
  private totalMs = 0;
  private spentMs = 0;
  /** Queries of the request waiting on Neo4j now, and since when at least one has been. */
  private waiting = 0;
  private since = 0;
  private ended = false;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** What is left: only the time some query of the request waited on Neo4j counts (not a model's, not our own work). */
  leftMs(): number {
    return this.totalMs - this.spentMs - (this.waiting > 0 ? this.now() - this.since : 0);
  }

  /**
   * Once the request has been answered, what it left running (a group commit it started serving others, a batch of
   * injection records, a job's next turn) keeps only each query's own limits.
   */
  end(): void {
    this.ended = true;
  }

  /**
   * Runs one query's wait within what is left of `totalMs` for the whole request (`work` is told); with nothing
   * left, refuses it at once.
   */
  async spend<T>(totalMs: number, work: (leftMs: number) => Promise<T>): Promise<T> {
    if (this.ended) return work(Number.POSITIVE_INFINITY);
    this.totalMs = Math.max(this.totalMs, totalMs);
    const left = this.leftMs();
    if (left < LEAST_USABLE_MS) throw new GraphUnavailableError(undefined, `the request waited for Neo4j ${Math.round(this.totalMs)} ms in all`);
    if (this.waiting++ === 0) this.since = this.now();
    try {
      return await work(left);
    } finally {
      if (--this.waiting === 0) this.spentMs += this.now() - this.since;
    }
  }
}

const current = new AsyncLocalStorage<Neo4jBudget>();

/** Runs `fn` (a request) with one budget for all its waits on Neo4j, until it has finished. */
export async function withNeo4jBudget<T>(fn: () => Promise<T>): Promise<T> {
  const budget = new Neo4jBudget();
  try {
    return await current.run(budget, fn);
  } finally {
    budget.end();
  }
}

/** One query's wait: within the current request's budget, or unbounded by one outside a request (the worker, jobs). */
export function spendNeo4jBudget<T>(totalMs: number, work: (leftMs: number) => Promise<T>): Promise<T> {
  const budget = current.getStore();
  return budget ? budget.spend(totalMs, work) : work(Number.POSITIVE_INFINITY);
}
