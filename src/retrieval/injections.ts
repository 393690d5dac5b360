// Remembers what was put into a person's context (spec 6.1: the next turn that touches it counts as processing),
// written after the answer has gone out. One write per person at a time: builds for a person whose record is
// being written wait behind it and are folded into one write (the latest injection, every build counted), so
// concurrent builds for one person neither queue on the person's node lock in Neo4j nor fail on it.
import type { Graph } from '../graph/graph.js';
import { GraphUnavailableError } from '../graph/errors.js';
import { query } from '../graph/queries.js';
import type { Logger } from '../log.js';
import type { Owner } from './personLru.js';

const Q = { recordInjection: query('retrieval/recordInjection') };

interface Pending {
  owner: Owner;
  ids: string[];
  /** Context builds folded into this write. */
  builds: number;
}

export class InjectionRecorder {
  /** The write in flight per person. */
  private readonly writing = new Map<string, Promise<void>>();
  /** What waits behind it, per person: the latest injection and how many builds it stands for. */
  private readonly waiting = new Map<string, Pending>();

  constructor(
    private readonly graph: Graph,
    private readonly log: Logger,
  ) {}

  record(owner: Owner, ids: string[]): void {
    const key = `${owner.tenantId}\u0000${owner.userId}`;
    if (!this.writing.has(key)) return this.write(key, { owner, ids, builds: 1 });
    const behind = this.waiting.get(key);
    if (behind) {
      behind.ids = ids;
      behind.builds++;
    } else this.waiting.set(key, { owner, ids, builds: 1 });
  }

  /** Resolves once every record asked for so far has been written, or has failed (shutdown waits for it). */
  async settled(): Promise<void> {
    while (this.writing.size) await Promise.allSettled([...this.writing.values()]);
  }

  private write(key: string, p: Pending): void {
    const done = this.graph
      .write(Q.recordInjection, { ...p.owner, ids: p.ids, builds: p.builds })
      .then(
        () => undefined,
        (err: Error) => {
          this.log.warn('could not record injected memories', { error: err.name, builds: p.builds, ...(err instanceof GraphUnavailableError ? { reason: err.reason } : {}) });
        },
      )
      .finally(() => {
        this.writing.delete(key);
        const next = this.waiting.get(key);
        if (next) {
          this.waiting.delete(key);
          this.write(key, next);
        }
      });
    this.writing.set(key, done);
  }
}
