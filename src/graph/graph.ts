// The one executor every query goes through: a named database, managed transactions, transaction metadata,
// query timing, plain JS values out, and driver failures translated into our own error types.
import neo4j, { type Driver, type ManagedTransaction, type Record as Neo4jRecord } from 'neo4j-driver';
import { spendNeo4jBudget } from './budget.js';
import { GraphConstraintError, GraphUnavailableError, reasonOf } from './errors.js';
import type { QueryName, QueryRegistry } from './queries.js';

export type Params = Record<string, unknown>;
export type Row = Record<string, unknown>;

export interface RunOptions {
  /** Carried into the transaction metadata so a slow query in Neo4j's query log can be traced to a request. */
  requestId?: string;
  timeoutMs?: number;
}

export type QueryObserver = (name: string, seconds: number) => void;

/** Thrown inside a unit of work the caller has given up on: rolls the attempt back, and is never retried. */
class AbandonedError extends Error {
  constructor() {
    super('The caller gave up on this transaction (Neo4j did not answer in time)');
    this.name = 'AbandonedError';
  }
}

/** A transaction handed to a unit of work: runs registered queries by name, nothing else. */
export class GraphTx {
  constructor(
    private readonly tx: ManagedTransaction,
    private readonly queries: QueryRegistry,
    private readonly observe: QueryObserver,
    /** True once the caller has given up on this transaction: no further statement is sent. */
    private readonly abandoned: () => boolean = () => false,
  ) {}

  async run<T = Row>(name: QueryName, params: Params = {}): Promise<T[]> {
    if (this.abandoned()) throw new AbandonedError();
    const started = performance.now();
    const result = await this.tx.run(this.queries.get(name), params);
    this.observe(name, (performance.now() - started) / 1000);
    return result.records.map((r) => toPlain(r) as T);
  }
}

export interface GraphOptions {
  observe?: QueryObserver;
  /** Server-side time limit of a transaction unless the caller sets one. */
  defaultTimeoutMs?: number;
  /**
   * NEO4J_TIMEOUT_MS: how long a transaction may wait for Neo4j before it fails with GraphUnavailableError
   * (a 503): to get a connection and start its work at all, and, once started, beyond its own time limit.
   */
  unavailableAfterMs?: number;
  /**
   * NEO4J_REQUEST_BUDGET_MS: how long one request may wait for Neo4j in all (see budget.ts); by default as long as
   * one transaction may.
   */
  requestBudgetMs?: number;
  /**
   * Whether Neo4j answers, asked after a failure nothing else places (see placed). By default the driver's own check
   * on a connection of its pool; the service asks on a new connection (takesNewConnection).
   */
  answers?: (withinMs: number) => Promise<boolean>;
}

export class Graph {
  private readonly observe: QueryObserver;
  private readonly defaultTimeoutMs: number;
  private readonly unavailableAfterMs: number;
  private readonly requestBudgetMs: number;
  private readonly answers: (withinMs: number) => Promise<boolean>;

  constructor(
    readonly driver: Driver,
    readonly database: string,
    readonly queries: QueryRegistry,
    o: GraphOptions = {},
  ) {
    this.observe = o.observe ?? (() => {});
    this.defaultTimeoutMs = o.defaultTimeoutMs ?? 10_000;
    this.unavailableAfterMs = o.unavailableAfterMs ?? 5_000;
    this.requestBudgetMs = o.requestBudgetMs ?? this.defaultTimeoutMs + this.unavailableAfterMs;
    this.answers = o.answers ?? ((withinMs) => answersWithin(driver.getServerInfo({ database }), withinMs));
  }

  /** One read statement as an auto-commit transaction (see once). */
  read<T = Row>(name: QueryName, params: Params = {}, opts: RunOptions = {}): Promise<T[]> {
    return this.once('READ', name, params, opts);
  }

  write<T = Row>(name: QueryName, params: Params = {}, opts: RunOptions = {}): Promise<T[]> {
    return this.writeTx((tx) => tx.run<T>(name, params), { ...opts, label: name });
  }

  /**
   * One write statement as an auto-commit transaction, committed when the answer arrives, like write(): for the hot
   * single-statement writes (the acknowledgement). Unlike write(), a statement the caller gave up on (no answer in
   * time) cannot be stopped from committing; the caller hears GraphUnavailableError then, as when write()'s COMMIT
   * goes unanswered.
   */
  writeOnce<T = Row>(name: QueryName, params: Params = {}, opts: RunOptions = {}): Promise<T[]> {
    return this.once('WRITE', name, params, opts);
  }

  /**
   * One statement as an auto-commit transaction: one network write and one round trip instead of three writes
   * (BEGIN, RUN, COMMIT) and two round trips. What a managed transaction would retry (a deadlock, a lost connection)
   * is tried again, at most AUTO_COMMIT_ATTEMPTS times in all and within the same deadline.
   */
  private once<T>(mode: 'READ' | 'WRITE', name: QueryName, params: Params, opts: RunOptions): Promise<T[]> {
    return spendNeo4jBudget(this.budgetFor(opts), (leftMs) => this.onceWithin(leftMs, mode, name, params, opts));
  }

  private async onceWithin<T>(leftMs: number, mode: 'READ' | 'WRITE', name: QueryName, params: Params, opts: RunOptions): Promise<T[]> {
    const { timeout, answerWithin } = this.limitsOf(opts, leftMs);
    const metadata = { app: 'memory-middleware', unit: name, requestId: opts.requestId ?? null };
    const deadline = performance.now() + answerWithin;
    for (let attempt = 1; ; attempt++) {
      const session = this.driver.session({ database: this.database, defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE });
      const started = performance.now();
      const statement = Promise.resolve(session.run(this.queries.get(name), params, { timeout, metadata }));
      let answered = false;
      try {
        const result = await withDeadline(statement, deadline - started);
        answered = true;
        this.observe(name, (performance.now() - started) / 1000);
        return result.records.map((r) => toPlain(r) as T);
      } catch (err) {
        answered = !(err instanceof GraphUnavailableError);
        // What write()'s managed transaction would retry: transient errors and lost connections (the driver's rule).
        if (!neo4j.isRetryableError(err) || attempt >= AUTO_COMMIT_ATTEMPTS || performance.now() >= deadline) throw await this.placed(err);
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 10));
      } finally {
        // Closed after its statement ends, never under it (see transact); nobody waits for one that got no answer.
        if (answered) await session.close().catch(() => {});
        else void statement.catch(() => {}).finally(() => session.close().catch(() => {}));
      }
    }
  }

  readTx<T>(work: (tx: GraphTx) => Promise<T>, opts: RunOptions & { label?: string } = {}): Promise<T> {
    return this.transact('READ', work, opts);
  }

  /** One logical write = one transaction: either all of it lands or none of it does. */
  writeTx<T>(work: (tx: GraphTx) => Promise<T>, opts: RunOptions & { label?: string } = {}): Promise<T> {
    return this.transact('WRITE', work, opts);
  }

  /**
   * The operators of a registered query's plan (EXPLAIN: nothing runs), each with its details, depth first: the
   * Cypher-shape tests check that a hot query seeks the index it was written for.
   */
  async planOf(name: QueryName, params: Params = {}): Promise<string[]> {
    const result = await this.explain(name, params);
    const out: string[] = [];
    const walk = (p: { operatorType: string; arguments: Record<string, unknown>; children: unknown[] } | false | undefined) => {
      if (!p) return;
      out.push(`${p.operatorType} ${String(p.arguments.Details ?? '')}`);
      for (const c of p.children) walk(c as typeof p);
    };
    walk(result.summary.plan as Parameters<typeof walk>[0]);
    return out;
  }

  /**
   * Has Neo4j plan each named query (EXPLAIN: nothing runs), `concurrency` at a time, so that the first requests after
   * Neo4j starts find their plans cached (Neo4j keys a plan by the statement's text, an EXPLAIN before it aside). The
   * names Neo4j could not plan are returned, never thrown.
   */
  async warmPlans(names: readonly string[], concurrency: number): Promise<{ planned: number; failed: string[] }> {
    const failed: string[] = [];
    let planned = 0;
    let next = 0;
    const worker = async () => {
      while (next < names.length) {
        const name = names[next++]!;
        try {
          await this.explain(name, {}, this.defaultTimeoutMs);
          planned++;
        } catch {
          failed.push(name);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, names.length) }, worker));
    return { planned, failed };
  }

  /** A registered query's plan (EXPLAIN: Neo4j plans it, and keeps the plan, but runs nothing). */
  private explain(name: string, params: Params, timeout?: number) {
    return this.runAlone(`EXPLAIN ${this.queries.get(name)}`, params, timeout);
  }

  /**
   * Runs one schema statement in its own auto-commit transaction (DDL cannot share a transaction with data
   * writes). Only for migration files and registered DDL, never for text built at run time.
   */
  async runSchemaStatement(cypher: string, params: Params = {}): Promise<Row[]> {
    return (await this.runAlone(cypher, params)).records.map((r) => toPlain(r) as Row);
  }

  /** One statement in a session of its own, auto-commit, errors translated (schema statements and plans). */
  private async runAlone(cypher: string, params: Params, timeout?: number) {
    const session = this.driver.session({ database: this.database });
    try {
      return await session.run(cypher, params, timeout ? { timeout } : {});
    } catch (err) {
      throw translate(err);
    } finally {
      await session.close();
    }
  }

  private transact<T>(mode: 'READ' | 'WRITE', work: (tx: GraphTx) => Promise<T>, opts: RunOptions & { label?: string }): Promise<T> {
    return spendNeo4jBudget(this.budgetFor(opts), (leftMs) => this.transactWithin(leftMs, mode, work, opts));
  }

  /**
   * What the request running a transaction may wait for Neo4j in all: the request budget, or longer when the
   * transaction alone may take longer (its time limit plus NEO4J_TIMEOUT_MS: a synchronous erase).
   */
  private budgetFor(opts: RunOptions): number {
    return Math.max(this.requestBudgetMs, (opts.timeoutMs ?? this.defaultTimeoutMs) + this.unavailableAfterMs);
  }

  /**
   * A transaction's limits within what its request has left: the time limit Neo4j is given (never 0: no limit), and
   * how long its caller waits for an answer (that limit plus NEO4J_TIMEOUT_MS: a live server would have ended it).
   */
  private limitsOf(opts: RunOptions, leftMs: number): { timeout: number; answerWithin: number } {
    const timeout = Math.max(1, Math.ceil(Math.min(opts.timeoutMs ?? this.defaultTimeoutMs, leftMs)));
    return { timeout, answerWithin: Math.min(timeout + this.unavailableAfterMs, leftMs) };
  }

  private async transactWithin<T>(
    leftMs: number,
    mode: 'READ' | 'WRITE',
    work: (tx: GraphTx) => Promise<T>,
    opts: RunOptions & { label?: string },
  ): Promise<T> {
    const session = this.driver.session({
      database: this.database,
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
    });
    const { timeout, answerWithin } = this.limitsOf(opts, leftMs);
    const config = {
      timeout,
      metadata: { app: 'memory-middleware', unit: opts.label ?? 'unit-of-work', requestId: opts.requestId ?? null },
    };
    // The driver's own limits do not bound everything: its retries back off past maxTransactionRetryTime, and a
    // query on a pooled connection to a Neo4j that stopped answering without closing it (frozen, a network
    // partition) waits forever, since the driver has no read timeout. Two deadlines keep every call bounded:
    // no work started within unavailableAfterMs (no connection), or no answer within the transaction's own time
    // limit plus unavailableAfterMs (a live server would have ended it by then). The caller then gets
    // GraphUnavailableError; the abandoned attempt is rolled back if it ever resumes (its work throws, so it
    // cannot commit), and no retry follows it.
    let started = false;
    let abandoned = false;
    const run = async (tx: ManagedTransaction) => {
      if (abandoned) throw new AbandonedError();
      started = true;
      const out = await work(new GraphTx(tx, this.queries, this.observe, () => abandoned));
      if (abandoned) throw new AbandonedError();
      return out;
    };
    const execution = mode === 'READ' ? session.executeRead(run, config) : session.executeWrite(run, config);
    let timers: NodeJS.Timeout[] = [];
    try {
      return await new Promise<T>((resolve, reject) => {
        const giveUp = (why: string) => {
          abandoned = true;
          reject(new GraphUnavailableError(undefined, why));
        };
        const connectWithin = Math.min(this.unavailableAfterMs, leftMs);
        timers = [
          setTimeout(() => {
            if (!started) giveUp(`no connection to Neo4j within ${Math.round(connectWithin)} ms`);
          }, connectWithin),
          setTimeout(() => giveUp(`no answer from Neo4j within ${Math.round(answerWithin)} ms`), answerWithin),
        ];
        execution.then(resolve, reject);
      });
    } catch (err) {
      throw await this.placed(err);
    } finally {
      timers.forEach(clearTimeout);
      if (abandoned) {
        // The abandoned execution ends on its own (its next statement throws, so nothing commits); the session is
        // closed after it, never under it (closing a session whose connection is still being acquired breaks that
        // connection for its next user). Nobody waits: on a silent connection that may take long.
        void execution.catch(() => {}).finally(() => session.close().catch(() => {}));
      } else {
        // The work's outcome stands: a session that fails to close after it (its connection lost) changes nothing.
        await session.close().catch(() => {});
      }
    }
  }

  /**
   * What a failed statement or unit of work is to its caller: translate()'s reading; and a failure it cannot place
   * (a database error, a driver failure without a code of its own) is Neo4j's unavailability when Neo4j does not
   * answer a check right after it. Mid-shutdown, failures take such forms; each is a 503, never a 500. What the
   * server judged of the request itself (a client error), and what the work raised on purpose, stand as they are.
   */
  private async placed(err: unknown): Promise<unknown> {
    const translated = translate(err);
    if (translated instanceof GraphUnavailableError || translated instanceof GraphConstraintError) return translated;
    if (err instanceof AbandonedError || judgedByServer(err) || deliberate(err)) return err;
    return (await this.answers(CHECK_MS)) ? err : new GraphUnavailableError(err, `Neo4j stopped answering after ${reasonOf(err)}`);
  }
}

/** How long the check after an unplaced failure may take: readiness gives Neo4j as long. */
const CHECK_MS = 1000;

/** Whether a check succeeds within `ms`. */
export async function answersWithin(check: Promise<unknown>, ms: number): Promise<boolean> {
  check.catch(() => {}); // awaited below, or given up on by the deadline
  try {
    await withDeadline(check, ms);
    return true;
  } catch {
    return false;
  }
}

/**
 * A failure the server reported about the request itself (syntax, a type, a parameter, a constraint, a procedure's
 * arguments): not an outage. A client error about the transaction or the database (terminated, not found) may be.
 */
const judgedByServer = (err: unknown) => {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^Neo\.ClientError\.(?:Statement|Schema|Request|Procedure)\./.test(code);
};

/** An error a unit of work raised on purpose, with the HTTP status it stands for (a 404, a quota's 429). */
const deliberate = (err: unknown) => typeof (err as { status?: unknown })?.status === 'number';

/** Tries of an auto-commit statement that failed with a retriable error (writeOnce). */
const AUTO_COMMIT_ATTEMPTS = 4;

/** The statement's answer, or GraphUnavailableError once `ms` have passed (Neo4j silent on an open connection). */
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GraphUnavailableError(undefined, `no answer from Neo4j within ${Math.round(ms)} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const UNAVAILABLE_CODES = new Set([
  'ServiceUnavailable',
  'SessionExpired',
  'Neo.TransientError.General.DatabaseUnavailable',
  // The transaction ran out of its time (an overloaded or stalled database): the request was not done, and a
  // retry later may succeed. That is a 503 with Retry-After, not a 500.
  'Neo.ClientError.Transaction.TransactionTimedOut',
  'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration',
  // Ended (by its time limit, mostly) while waiting for a lock another transaction held: seen under overload.
  'Neo.ClientError.Transaction.LockClientStopped',
]);

export function translate(err: unknown): unknown {
  if (err instanceof GraphUnavailableError || err instanceof GraphConstraintError) return err;
  const e = err as { code?: string; message?: string } | undefined;
  if (!e || typeof e !== 'object') return err;
  // Transient errors (deadlocks, leader switches, memory pressure, …) still failing after the driver's retries.
  if (e.code && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('Neo.TransientError.'))) return new GraphUnavailableError(err);
  const unreachable = e.message?.match(
    /Connection acquisition timed out|Could not perform discovery|Failed to connect to server|connect ECONNREFUSED/,
  );
  if (unreachable) return new GraphUnavailableError(err, unreachable[0]);
  if (e.code === 'Neo.ClientError.Schema.ConstraintValidationFailed') return new GraphConstraintError(err);
  return err;
}

/** Records become plain objects: temporal values become ISO strings, nodes their property maps. */
export function toPlain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(toPlain);
  // Maps arrive as plain objects, by far the commonest case: copied without asking what else they might be.
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return plainMap(value as Record<string, unknown>);
  if ((value as Neo4jRecord).keys && typeof (value as Neo4jRecord).toObject === 'function') return plainRecord(value as Neo4jRecord);
  if (neo4j.isDateTime(value)) return value.toStandardDate().toISOString();
  if (neo4j.isDate(value) || neo4j.isLocalDateTime(value) || neo4j.isTime(value) || neo4j.isLocalTime(value)) return value.toString();
  if (neo4j.isDuration(value)) return isoDuration(value);
  if (neo4j.isNode(value) || neo4j.isRelationship(value)) return toPlain(value.properties);
  if (neo4j.isInt(value)) return value.toNumber();
  return plainMap(value as Record<string, unknown>);
}

/** ISO 8601 with every part ("P0M2DT0S"); neo4j-driver 6 writes "P2DT", which is not ISO. */
function isoDuration(d: { months: unknown; days: unknown; seconds: unknown; nanoseconds: unknown }): string {
  const total = BigInt(Number(d.seconds)) * 1_000_000_000n + BigInt(Number(d.nanoseconds));
  const abs = total < 0n ? -total : total;
  const fraction = abs % 1_000_000_000n;
  const seconds = `${total < 0n ? '-' : ''}${abs / 1_000_000_000n}${fraction ? `.${fraction.toString().padStart(9, '0').replace(/0+$/, '')}` : ''}`;
  return `P${Number(d.months)}M${Number(d.days)}DT${seconds}S`;
}

/**
 * A record's fields by position: the driver's toObject walks a generator of [key, value] pairs, a few allocations a
 * field, which was a fifth of what a retrieval allocated (hundreds of rows of several fields).
 */
function plainRecord(record: Neo4jRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = record.keys as string[];
  for (let i = 0; i < keys.length; i++) out[keys[i]!] = toPlain(record.get(i));
  return out;
}

function plainMap(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) out[k] = toPlain(value[k]);
  return out;
}
