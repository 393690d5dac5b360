// Remembers what was put into a person's context (spec 6.1: the next turn that touches it counts as processing),
// written after the answer has gone out. Records wait a moment (LINGER_MS) so that the builds of that moment share
// one transaction: a write transaction costs Neo4j more CPU than a retrieval's largest read, and paid per build it
// slowed the builds that followed. A person's records in one batch merge: the last build's injection stands and
// every build counts. Batches go one at a time, so two records for one person never wait on each other's lock in
// Neo4j (concurrent builds for one person failed on it, LockClientStopped). Shutdown writes what waits at once.
import neo4j, { type Integer } from 'neo4j-driver';
import type { Graph } from '../graph/graph.js';
import { GraphUnavailableError } from '../graph/errors.js';
import { query } from '../graph/queries.js';
import type { Logger } from '../log.js';
import type { Owner } from '../memory/person.js';

const Q = { recordInjections: query('retrieval/recordInjections') };

/** How long a record waits for others to share its transaction: well under the time an app takes to send the turn that follows. */
export const LINGER_MS = 200;

interface Injection extends Owner {
  ids: string[];
  /** Context builds this record stands for (an integer in the graph, as the count it adds to). */
  builds: Integer;
}

export class InjectionRecorder {
  private pending = new Map<string, Injection>();
  private timer: NodeJS.Timeout | undefined;
  /** The batch being written, then the next: one at a time. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly graph: Graph,
    private readonly log: Logger,
    private readonly lingerMs = LINGER_MS,
  ) {}

  record(owner: Owner, ids: string[]): void {
    const key = JSON.stringify([owner.tenantId, owner.userId]);
    const builds = (this.pending.get(key)?.builds ?? neo4j.int(0)).add(1);
    this.pending.set(key, { tenantId: owner.tenantId, userId: owner.userId, ids, builds });
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.lingerMs);
      this.timer.unref();
    }
  }

  /** Resolves once every record asked for so far has been written, or has failed (shutdown waits for it). */
  async settled(): Promise<void> {
    this.flush();
    await this.writing;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending.size) return;
    const records = [...this.pending.values()];
    this.pending = new Map();
    this.writing = this.writing.then(() =>
      this.graph.writeOnce(Q.recordInjections, { records }).then(
        () => undefined,
        (err: Error) => {
          this.log.warn('could not record injected memories', {
            error: err.name,
            records: records.length,
            ...(err instanceof GraphUnavailableError ? { reason: err.reason } : {}),
          });
        },
      ),
    );
  }
}
