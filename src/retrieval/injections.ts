// Remembers what was put into a person's context (spec 6.1: the next turn that touches it counts as processing),
// written after the answer has gone out. Records go through a group commit with one transaction at a time:
// alone, a record is written at once; under load, the records that arrived meanwhile share one transaction. One
// at a time also means two records for one person never wait on each other's lock in Neo4j (concurrent builds
// for one person failed on it, LockClientStopped); within a transaction the later record wins.
import type { Graph } from '../graph/graph.js';
import { GraphUnavailableError } from '../graph/errors.js';
import { query } from '../graph/queries.js';
import type { Logger } from '../log.js';
import { GroupCommit } from '../ingest/groupCommit.js';
import type { Owner } from '../memory/person.js';

const Q = { recordInjections: query('retrieval/recordInjections') };

interface Injection extends Owner {
  ids: string[];
}

export class InjectionRecorder {
  private readonly group: GroupCommit<Injection, void>;
  private readonly writing = new Set<Promise<void>>();

  constructor(
    graph: Graph,
    private readonly log: Logger,
  ) {
    this.group = new GroupCommit<Injection, void>(
      async (records) => {
        await graph.writeOnce(Q.recordInjections, { records });
        return records.map(() => undefined);
      },
      1,
      256,
    );
  }

  record(owner: Owner, ids: string[]): void {
    const done = this.group
      .submit({ tenantId: owner.tenantId, userId: owner.userId, ids })
      .catch((err: Error) => {
        this.log.warn('could not record injected memories', {
          error: err.name,
          ...(err instanceof GraphUnavailableError ? { reason: err.reason } : {}),
        });
      })
      .finally(() => this.writing.delete(done));
    this.writing.add(done);
  }

  /** Resolves once every record asked for so far has been written, or has failed (shutdown waits for it). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.writing]);
  }
}
