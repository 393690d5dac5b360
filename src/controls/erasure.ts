// Erasing a person (spec 2.8; 4.A DELETE /users, 4.B DELETE /memory/v2/users, 4.D DELETE /users and its
// deletion record). Everything the person holds goes: EndUser, memories, messages, replaced wordings,
// suppressions, ledger records. Only the records that an erase happened stay: AuditEvent and DeletionRecord.
//
// v1: one transaction counts and deletes it all and writes the audit event (atomic, irreversible).
// b2c: one transaction opens a DeletionRecord, marks the person as being erased and writes the audit event
// 'erase_requested'; the background eraser then deletes in batches, one transaction each, and a last
// transaction deletes the EndUser node, writes what remains (expected 0) and the audit event 'erase_completed'.
// An eraser holds a record under a lease (src/graph/leases.ts) that every batch renews; any eraser (another replica,
// or this process after a restart) takes over a record whose lease has expired, so an erase always finishes.
import { randomUUID } from 'node:crypto';
import type { Graph, GraphTx } from '../graph/graph.js';
import { expectHeld, holderId, LeaseLostError, LeaseTerms } from '../graph/leases.js';
import { query } from '../graph/queries.js';
import { AppError } from '../http/errors.js';
import type { Logger } from '../log.js';
import type { RouteSet } from '../tenants/keys.js';
import type { Principal } from '../tenants/tenants.js';
import { saveAuditEvent, requesterOf } from './audit.js';
import { WakeablePause } from '../ops/pause.js';

const Q = {
  lockPerson: query('erase/lockPerson'),
  personErasing: query('erase/personErasing', { hot: true }),
  countHeld: query('erase/countHeld'),
  deleteBatchByOwner: query('erase/deleteBatchByOwner'),
  deleteEndUserById: query('erase/deleteEndUserById'),
  openDeletion: query('erase/openDeletion'),
  getDeletion: query('erase/getDeletion'),
  claimDeletion: query('erase/claimDeletion', { hot: true }),
  fenceDeletion: query('erase/fenceDeletion'),
  addProgress: query('erase/addProgress'),
  completeDeletion: query('erase/completeDeletion'),
  releaseDeletions: query('erase/releaseDeletions'),
};

export interface ErasureOptions {
  /** Nodes deleted per transaction by the background eraser (per statement in the one-transaction v1 erase). */
  batchSize: number;
  /** How long a claim on an erase lasts without a batch renewing it; then any eraser may take the erase over. */
  leaseMs: number;
  /** How often an idle eraser looks for erases left by other processes (its own requests wake it at once). */
  idlePollMs: number;
  /** Longest wait after a failed step (Neo4j down): the wait doubles from half a second up to this. */
  maxBackoffMs: number;
  /** Longest a v1 erase's single transaction may run (a large person is many nodes in one transaction). */
  syncTimeoutMs: number;
}

export const DEFAULT_ERASURE: ErasureOptions = { batchSize: 500, leaseMs: 60_000, idlePollMs: 2_000, maxBackoffMs: 30_000, syncTimeoutMs: 120_000 };

export type DeletionStatus = 'pending' | 'running' | 'completed';

/** A DeletionRecord as the b2c routes show it: ids, counts and times, nothing the person said. */
export interface DeletionView {
  id: string;
  /** The id the caller sent. */
  userId: string;
  status: DeletionStatus;
  requestedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  nodesFound: number;
  nodesDeleted: number;
  edgesDeleted: number;
  /** What was left of the person when the erase closed (expected 0); null until then. */
  remaining: number | null;
}

/** What one call of runOnce() did. */
export type EraseStep = 'idle' | 'progress' | 'completed' | 'lost';

interface Claim {
  id: string;
  tenantId: string;
  userId: string;
  routeSet: RouteSet;
  requestedBy: string;
}

interface HeldCounts {
  endUsers: number;
  memories: number;
  messages: number;
  revisions: number;
  suppressions: number;
  ledgerRecords: number;
}

const heldTotal = (c: HeldCounts) => c.endUsers + c.memories + c.messages + c.revisions + c.suppressions + c.ledgerRecords;

export const eraseInProgress = () => new AppError(409, 'ERASE_IN_PROGRESS', 'This person is being erased; try again when the erase has finished.');

/** The write path's check (one indexed read): nothing new is accepted for a person while their erase is open. */
export async function refuseWhileErasing(graph: Graph, tenantId: string, userId: string): Promise<void> {
  const [row] = await graph.read<{ erasing: string | null }>(Q.personErasing, { tenantId, userId });
  if (row?.erasing) throw eraseInProgress();
}

/**
 * lockPerson found no person: never seen, or deleted by an erase that ended while this one waited for the locks.
 * Thrown so the transaction rolls back the inbox lockPerson merged on its way, and answered as an unknown person.
 */
class PersonGone extends Error {}
const nullIfGone = (err: unknown): null => {
  if (err instanceof PersonGone) return null;
  throw err;
};

export class ErasureService {
  readonly id = holderId('eraser');
  private readonly opts: ErasureOptions;
  private readonly lease: LeaseTerms;
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly pause = new WakeablePause();

  constructor(
    readonly graph: Graph,
    readonly log: Logger,
    readonly clock: () => number = Date.now,
    opts: Partial<ErasureOptions> = {},
  ) {
    this.opts = { ...DEFAULT_ERASURE, ...opts };
    this.lease = new LeaseTerms(this.id, this.opts.leaseMs, clock);
  }

  // ---- the requests ----

  /**
   * v1: erases the person at once, in one transaction, with the audit event 'user_erased'. Counts every node and
   * relationship removed, the person's own node and the tenant's link to it included. Null when this tenant holds
   * nothing for that user id.
   */
  async eraseNow(who: Principal, userId: string, requestId?: string): Promise<{ nodes: number; edges: number } | null> {
    const owner = { tenantId: who.tenantId, userId };
    return this.graph
      .writeTx(
        async (tx) => {
          const [person] = await tx.run(Q.lockPerson, owner);
          if (!person) throw new PersonGone();
          let nodes = 0;
          let edges = 0;
          for (;;) {
            const [batch] = await tx.run<{ nodes: number; edges: number }>(Q.deleteBatchByOwner, { ...owner, batchSize: this.opts.batchSize });
            nodes += batch!.nodes;
            edges += batch!.edges;
            if (batch!.nodes < this.opts.batchSize) break;
          }
          const [self] = await tx.run<{ nodes: number; edges: number }>(Q.deleteEndUserById, owner);
          nodes += self!.nodes;
          edges += self!.edges;
          await saveAuditEvent(tx, {
            ...owner,
            routeSet: who.routeSet,
            action: 'user_erased',
            nodeIds: [],
            requestedBy: requesterOf(who),
            nodes,
            edges,
          });
          return { nodes, edges };
        },
        { requestId, label: 'erase/now', timeoutMs: this.opts.syncTimeoutMs },
      )
      .catch(nullIfGone);
  }

  /**
   * b2c: opens an erase, before anything is deleted, and leaves the work to the background eraser. When one is
   * already open for the person, that one is returned (`opened: false`). Null when this tenant holds nothing for
   * that user id.
   */
  async request(who: Principal, userId: string, requestId?: string): Promise<{ record: DeletionView; opened: boolean } | null> {
    const owner = { tenantId: who.tenantId, userId };
    const now = this.clock();
    const result = await this.graph
      .writeTx(
        async (tx) => {
          const [person] = await tx.run<{ erasing: string | null }>(Q.lockPerson, owner);
          if (!person) throw new PersonGone();
          if (person.erasing) {
            const [open] = await tx.run<{ record: DeletionView }>(Q.getDeletion, { ...owner, requestId: person.erasing });
            // A marker whose record is gone (removed by hand) does not block a new erase.
            if (open) return { record: open.record, opened: false };
          }
          const [held] = await tx.run<HeldCounts>(Q.countHeld, owner);
          const requestedBy = requesterOf(who);
          const [row] = await tx.run<{ record: DeletionView }>(Q.openDeletion, {
            // Held by this process's eraser, which starts at once; another takes over only if this one dies.
            ...this.lease.params(now),
            ...owner,
            requestId: randomUUID(),
            routeSet: who.routeSet,
            requestedBy,
            nodesFound: heldTotal(held!),
          });
          // Nothing is deleted yet: the counts of the request's audit event are zero; nodesFound is on the record.
          await saveAuditEvent(tx, { ...owner, routeSet: who.routeSet, action: 'erase_requested', nodeIds: [], requestedBy, nodes: 0, edges: 0 });
          return { record: row!.record, opened: true };
        },
        { requestId, label: 'erase/request' },
      )
      .catch(nullIfGone);
    if (result?.opened) this.notify();
    return result;
  }

  /** A person's deletion record in this tenant: the one with that id, or the newest. */
  async deletion(tenantId: string, userId: string, requestId?: string): Promise<DeletionView | undefined> {
    const [row] = await this.graph.read<{ record: DeletionView }>(Q.getDeletion, { tenantId, userId, requestId: requestId ?? null });
    return row?.record;
  }

  // ---- the background eraser ----

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Lets the batch in hand finish, stops, and releases the erases it holds so another eraser need not wait. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.running = false;
    this.pause.wake();
    await this.loop;
    this.loop = undefined;
    await this.graph
      .write(Q.releaseDeletions, this.lease.params())
      .catch((err: unknown) => this.log.warn('eraser could not release its erases; their leases will expire', errorFields(err)));
  }

  /** An erase was opened here: look now instead of at the next poll. */
  notify(): void {
    this.pause.wake();
  }

  /**
   * One step of work: claims the oldest open erase this eraser may work on (its own, an unheld one, or one whose
   * lease ran out; only `requestId` when given) and deletes one batch of it, or closes it when nothing but the
   * person's own node is left.
   */
  async runOnce(o: { requestId?: string } = {}): Promise<EraseStep> {
    const claim = await this.claim(o.requestId);
    if (!claim) return 'idle';
    try {
      const deleted = await this.deleteBatch(claim);
      // A short batch means nothing else was left to take: close the erase now rather than after an empty batch.
      if (deleted >= this.opts.batchSize) return 'progress';
      return await this.finish(claim);
    } catch (err) {
      if (!(err instanceof LeaseLostError)) throw err;
      this.log.info('erase taken over by another eraser', { requestId: claim.id });
      return 'lost';
    }
  }

  /** Runs steps until nothing is left to claim; returns how many erases it closed. Errors are thrown. */
  async drain(o: { requestId?: string } = {}): Promise<number> {
    let completed = 0;
    for (;;) {
      const step = await this.runOnce(o);
      if (step === 'idle') return completed;
      if (step === 'completed') completed++;
    }
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      try {
        const step = await this.runOnce();
        failures = 0;
        if (step === 'idle') await this.pause.sleep(this.opts.idlePollMs);
      } catch (err) {
        // Neo4j down or restarting: nothing is lost (the record stays open, its lease expires); wait and retry.
        failures++;
        this.log.warn('eraser step failed; retrying', { ...errorFields(err), failures });
        await this.pause.sleep(Math.min(this.opts.maxBackoffMs, 500 * 2 ** Math.min(failures, 10)));
      }
    }
  }

  private async claim(requestId?: string): Promise<Claim | undefined> {
    const [row] = await this.graph.write<{ claim: Claim }>(Q.claimDeletion, { ...this.lease.params(), requestId: requestId ?? null });
    return row?.claim;
  }

  /** First statement of every erase transaction: proves the lease is still this eraser's, or rolls back. */
  private async fence(tx: GraphTx, claim: Claim): Promise<void> {
    const rows = await tx.run<{ id: string }>(Q.fenceDeletion, { ...this.lease.params(), requestId: claim.id, tenantId: claim.tenantId });
    expectHeld(
      [claim.id],
      rows.map((r) => r.id),
      (id) => `erase ${id}`,
    );
  }

  /** One batch in one transaction, counted on the record, lease renewed. Returns the nodes deleted. */
  private deleteBatch(claim: Claim): Promise<number> {
    const owner = { tenantId: claim.tenantId, userId: claim.userId };
    return this.graph.writeTx(
      async (tx) => {
        await this.fence(tx, claim);
        const [batch] = await tx.run<{ nodes: number; edges: number }>(Q.deleteBatchByOwner, { ...owner, batchSize: this.opts.batchSize });
        if (batch!.nodes > 0)
          await tx.run(Q.addProgress, {
            ...this.lease.params(),
            requestId: claim.id,
            tenantId: claim.tenantId,
            nodes: batch!.nodes,
            edges: batch!.edges,
          });
        return batch!.nodes;
      },
      { label: 'erase/batch' },
    );
  }

  /** The last transaction: the person's own node, what remains (expected 0), the record closed, the audit event. */
  private finish(claim: Claim): Promise<EraseStep> {
    const owner = { tenantId: claim.tenantId, userId: claim.userId };
    return this.graph.writeTx(
      async (tx) => {
        const now = this.clock();
        await this.fence(tx, claim);
        const [before] = await tx.run<HeldCounts>(Q.countHeld, owner);
        // Something arrived since the last batch (a worker's write that was already under way): another round.
        if (heldTotal(before!) - before!.endUsers > 0) return 'progress' as const;
        const [self] = await tx.run<{ nodes: number; edges: number }>(Q.deleteEndUserById, owner);
        const [after] = await tx.run<HeldCounts>(Q.countHeld, owner);
        const remaining = heldTotal(after!);
        const [row] = await tx.run<{ record: DeletionView }>(Q.completeDeletion, {
          requestId: claim.id,
          tenantId: claim.tenantId,
          now: iso(now),
          remaining,
          nodes: self!.nodes,
          edges: self!.edges,
        });
        const record = row!.record;
        await saveAuditEvent(tx, {
          ...owner,
          routeSet: claim.routeSet,
          action: 'erase_completed',
          nodeIds: [],
          requestedBy: claim.requestedBy,
          nodes: record.nodesDeleted,
          edges: record.edgesDeleted,
        });
        if (remaining > 0) this.log.warn('erase closed with nodes remaining', { requestId: claim.id, remaining });
        this.log.info('erase completed', { requestId: claim.id, tenantId: claim.tenantId, nodes: record.nodesDeleted, edges: record.edgesDeleted });
        return 'completed' as const;
      },
      { label: 'erase/finish' },
    );
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** An error's class and code for the log: never its message, which can quote stored values. */
function errorFields(err: unknown): { error: string; code?: string } {
  const e = err as { name?: unknown; code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  return { error: typeof e?.name === 'string' ? e.name : 'unknown_error', ...(code ? { code } : {}) };
}
