// The background worker: claims pending messages (safe with several replicas), processes each person's
// messages in order with bounded concurrency, retries failures with backoff, and takes over work left behind by
// a crash once its lease has expired (src/graph/leases.ts).
import type { Graph } from '../graph/graph.js';
import { holderId, LeaseLostError, LeaseTerms } from '../graph/leases.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../http/metrics.js';
import { QuotaError } from '../tenants/quotas.js';
import type { TenantService } from '../tenants/tenants.js';
import { type ClaimedMessage, completion, type MessageStore } from './messages.js';
import type { MemoryProcessor, Owner } from './processor.js';
import { WakeablePause } from '../ops/pause.js';

export interface WorkerOptions {
  /** People processed at the same time. */
  concurrency: number;
  /** Messages of one person claimed together (processed in order). */
  perUser: number;
  idlePollMs: number;
  /** How long a claim on messages lasts; a claim older than this is another worker's to take over. */
  leaseSeconds: number;
  maxAttempts: number;
}

export const DEFAULT_WORKER: WorkerOptions = { concurrency: 4, perUser: 16, idlePollMs: 250, leaseSeconds: 120, maxAttempts: 5 };

export class IngestWorker {
  readonly id = holderId('worker');
  private readonly lease: LeaseTerms;
  private running = false;
  private active = 0;
  private loop: Promise<void> | undefined;
  private readonly pause = new WakeablePause();
  private readonly owners = new Map<string, { owner: Owner; until: number }>();
  private lastGauge = 0;
  /**
   * Failed attempts whose release could not be written (Neo4j down at that moment): released again at the next
   * turn of the loop, so their people's queues wait for Neo4j to return, not for the lease to expire.
   */
  private readonly unreleased = new Map<string, { m: ClaimedMessage; reason: string; maxAttempts: number; backoff: number }>();
  /**
   * Messages this worker is processing. Its other leased messages were claimed by a statement whose answer was lost
   * (Neo4j went away as it committed): the next claim takes them back, so they wait for Neo4j, not for the lease.
   */
  private readonly inHand = new Set<string>();

  constructor(
    private readonly graph: Graph,
    private readonly messages: MessageStore,
    private readonly processor: MemoryProcessor,
    private readonly tenants: TenantService,
    private readonly log: Logger,
    private readonly metrics?: Metrics,
    private readonly opts: WorkerOptions = DEFAULT_WORKER,
  ) {
    this.lease = new LeaseTerms(this.id, opts.leaseSeconds * 1000);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops claiming and waits for the messages in hand; unclaimed ones stay pending for the next start. */
  async stop(): Promise<void> {
    this.running = false;
    this.pause.wake();
    await this.loop;
  }

  /** New work arrived: look now instead of at the next poll. */
  notify(): void {
    this.pause.wake();
  }

  private async run(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    while (this.running) {
      try {
        await this.releaseLeftOver();
        await this.gaugeIfDue();
        const free = this.opts.concurrency - this.active;
        const claimed = free > 0 ? await this.messages.claim(this.lease, free, this.opts.perUser, [...this.inHand, ...this.unreleased.keys()]) : [];
        const takenOver = claimed.filter((m) => m.takenOver).length;
        if (takenOver) this.log.warn('reclaimed messages from a stopped worker', { reclaimed: takenOver });
        for (const batch of groupByPerson(claimed)) {
          this.active++;
          for (const m of batch) this.inHand.add(m.id);
          const task = this.processPerson(batch).finally(() => {
            for (const m of batch) this.inHand.delete(m.id);
            this.active--;
            inFlight.delete(task);
            this.pause.wake();
          });
          inFlight.add(task);
        }
        if (claimed.length === 0 || this.active >= this.opts.concurrency) await this.pause.sleep(this.opts.idlePollMs);
      } catch (err) {
        // Neo4j down or restarting: wait and try again; nothing is lost, messages stay pending.
        this.log.warn('worker loop failed; retrying', { error: (err as Error).name, message: (err as Error).message });
        await this.pause.sleep(Math.max(1000, this.opts.idlePollMs));
      }
    }
    await Promise.allSettled([...inFlight]);
  }

  private async releaseLeftOver(): Promise<void> {
    for (const [id, r] of this.unreleased) {
      await this.messages.release(r.m, this.lease, r.reason, r.maxAttempts, r.backoff);
      this.unreleased.delete(id);
    }
  }

  /** The queue depth gauge, every ten seconds. */
  private async gaugeIfDue(): Promise<void> {
    const now = Date.now();
    if (!this.metrics || now - this.lastGauge < 10_000) return;
    this.lastGauge = now;
    this.metrics.queueDepth.set(await this.messages.depth());
  }

  private async processPerson(batch: ClaimedMessage[]): Promise<void> {
    if (batch.length > 1 && (await this.processTogether(batch))) return;
    for (const m of batch) await this.processOne(m);
  }

  /**
   * Several messages of one person in one go: one read of the person, one embedding call, one transaction (a
   * commit per message was most of the cost of an import). Exactly as processing them one after the other: each
   * plan sees the entities of the earlier ones, each write the facts of the earlier ones. If anything fails, false:
   * the messages are then processed one by one, so a bad message holds back no other and keeps its own count of
   * attempts.
   */
  private async processTogether(batch: ClaimedMessage[]): Promise<boolean> {
    const started = performance.now();
    const { tenantId, userId } = batch[0]!;
    try {
      const owner = await this.ownerOf(tenantId);
      const plans = await this.processor.prepareSequence(
        tenantId,
        userId,
        batch.map((m) => ({
          text: m.text,
          speaker: m.speaker,
          eventTime: new Date(m.eventTime),
          useModel: true,
          speakerName: m.speakerName ?? undefined,
          messageId: m.id,
        })),
      );
      await this.graph.writeTx(async (tx) => {
        await this.messages.fence(tx, batch, this.lease);
        await this.processor.writeTogether(
          tx,
          owner,
          userId,
          batch.map((m, i) => ({ messageId: m.id, plan: plans[i]! })),
        );
        await this.messages.complete(
          tx,
          tenantId,
          batch.map((m, i) => completion(m.id, plans[i]!)),
        );
      });
      this.log.debug('messages processed together', { messages: batch.length, ms: Math.round(performance.now() - started) });
      return true;
    } catch (err) {
      this.log.debug('processing together failed; one by one now', { messages: batch.length, error: errorReason(err) });
      return false;
    }
  }

  private async processOne(m: ClaimedMessage): Promise<void> {
    const started = performance.now();
    try {
      const owner = await this.ownerOf(m.tenantId);
      const plan = await this.processor.prepare(m.tenantId, m.userId, m.text, m.speaker, new Date(m.eventTime), {
        useModel: true,
        speakerName: m.speakerName ?? undefined,
        messageId: m.id,
      });
      await this.graph.writeTx(async (tx) => {
        await this.messages.fence(tx, [m], this.lease);
        await this.processor.write(tx, owner, m.userId, m.id, plan);
        await this.messages.complete(tx, m.tenantId, [completion(m.id, plan)]);
      });
      this.log.debug('message processed', { messageId: m.id, facts: plan.facts.length, ms: Math.round(performance.now() - started) });
    } catch (err) {
      if (err instanceof LeaseLostError) return;
      const final = err instanceof QuotaError;
      const reason = final ? 'node_limit_reached' : errorReason(err);
      const backoff = Math.min(300, 2 ** m.attempts);
      const maxAttempts = final ? m.attempts : this.opts.maxAttempts;
      const status = await this.messages.release(m, this.lease, reason, maxAttempts, backoff).catch(() => {
        this.unreleased.set(m.id, { m, reason, maxAttempts, backoff });
        return 'unreleased';
      });
      this.log.warn('message processing failed', { messageId: m.id, reason, attempts: m.attempts, status });
    }
  }

  /** Tenant limits for the quota check, cached for a minute. */
  private async ownerOf(tenantId: string): Promise<Owner> {
    const cached = this.owners.get(tenantId);
    if (cached && cached.until > Date.now()) return cached.owner;
    const t = await this.tenants.getById(tenantId);
    const owner: Owner = { tenantId, tier: t.tier, limits: t.limits };
    this.owners.set(tenantId, { owner, until: Date.now() + 60_000 });
    return owner;
  }
}

function groupByPerson(messages: ClaimedMessage[]): ClaimedMessage[][] {
  const groups = new Map<string, ClaimedMessage[]>();
  for (const m of messages) {
    const key = `${m.tenantId}|${m.userId}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()];
}

/** An error's class or code: never its message, which could quote content. */
function errorReason(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown };
  if (typeof e?.code === 'string') return e.code.slice(0, 80);
  return typeof e?.name === 'string' ? e.name.slice(0, 80) : 'unknown_error';
}
