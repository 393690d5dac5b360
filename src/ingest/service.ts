// The doors into memory: the synchronous v1 /ingest, the acknowledged-then-processed /ingest/v2 and b2c
// /turn and /ingest, and the dry run /score. PII is scrubbed here, first, on every path.
import { withNeo4jBudget } from '../graph/budget.js';
import { refuseWhileErasing } from '../controls/erasure.js';
import type { Graph } from '../graph/graph.js';
import { scrubPii, scrubPiiDeep } from '../safety/pii.js';
import { detectCrisis, type CrisisCategory, type CrisisSensitivity } from '../safety/crisis.js';
import { ensureEndUser } from '../tenants/quotas.js';
import type { Principal } from '../tenants/tenants.js';
import type { ProfileService } from '../tenants/profiles.js';
import { scoreText } from './analysis/signals.js';
import { analyseMessage } from './analysis/analyse.js';
import type { Scoring } from './analysis/types.js';
import type { MessageSource, MessageStore, Speaker } from './messages.js';
import type { EventType } from './plan.js';
import type { MemoryProcessor } from './processor.js';
import { IDEMPOTENCY_HOURS, type IdempotencyKey } from './idempotency.js';
import { GraphConstraintError } from '../graph/errors.js';
import { conflict } from '../http/errors.js';

export interface Safety {
  crisisDetected: boolean;
  categories: CrisisCategory[];
}

export interface IncomingMessage {
  speaker: Speaker;
  text: string;
  eventTime?: string;
  /** The speaker's own name, when the caller gives one. */
  speakerName?: string;
}

export interface SyncIngest {
  userId: string;
  content: string;
  eventType: EventType;
  metadata: Record<string, unknown>;
  nodeType: string | null;
}

/** What the synchronous /ingest answers (and, under an Idempotency-Key, records for a retry to replay). */
export interface SyncIngestResult {
  nodeId: string;
  scoring: Pick<Scoring, 'baseScore' | 's1' | 's2' | 's3' | 's4' | 's5' | 'modifiersApplied'>;
  entitiesCreated: string[];
  safety: Safety;
}

/**
 * An Idempotency-Key on the synchronous path: the key, what each item stands for by position (one item on /ingest,
 * one per item on /ingest/batch), and whose records it is checked against: one person's on /ingest (`userId`), the
 * tenant's on /ingest/batch (its items may name different people).
 */
export interface SyncKey {
  key: string;
  hashes: string[];
  userId?: string;
}

export class IngestService {
  constructor(
    private readonly graph: Graph,
    private readonly messages: MessageStore,
    private readonly processor: MemoryProcessor,
    /** Wakes the background worker when new work is stored. */
    private readonly notify: () => void,
    private readonly profiles: ProfileService,
  ) {}

  /** Crisis flags at the tenant profile's sensitivity (the healthcare preset raises it). */
  private async safetyOf(tenantId: string, texts: string[]): Promise<Safety> {
    const sensitivity: CrisisSensitivity = (await this.profiles.get(tenantId)).crisisSensitivity;
    const categories = new Set<CrisisCategory>();
    for (const t of texts) detectCrisis(t, sensitivity).categories.forEach((c) => categories.add(c));
    return { crisisDetected: categories.size > 0, categories: [...categories] };
  }

  /**
   * Stores messages durably and answers; the worker turns them into memories later. With an idempotency key, a
   * request already stored under it answers with what it stored (`replayed`), and nothing is stored again.
   */
  async accept(who: Principal, userId: string, source: MessageSource, incoming: IncomingMessage[], requestId?: string, idempotency?: IdempotencyKey) {
    const scrubbed = incoming.map((m) => ({
      ...m,
      text: scrubPii(m.text).text,
      ...(m.speakerName !== undefined ? { speakerName: scrubPii(m.speakerName).text } : {}),
    }));
    // Crisis wording is looked for in what the person said, not in the assistant's replies.
    const safety = await this.safetyOf(
      who.tenantId,
      scrubbed.filter((m) => m.speaker !== 'assistant').map((m) => m.text),
    );
    const earlier = idempotency && (await this.replay(who.tenantId, userId, idempotency));
    if (earlier) return { stored: await this.unlessErasing(who.tenantId, userId, earlier), safety, replayed: true };
    // One write transaction for a person already known and not being erased (the acknowledgement's common case);
    // otherwise: a person being erased takes nothing new (409 ERASE_IN_PROGRESS), a new one is created first.
    const opts = { requestId, idempotency };
    let stored: Awaited<ReturnType<MessageStore['saveBulk']>> | null;
    try {
      stored = await this.messages.trySaveBulk(who.tenantId, userId, source, scrubbed, opts);
      if (!stored) {
        await refuseWhileErasing(this.graph, who.tenantId, userId);
        await ensureEndUser(this.graph, who, userId);
        stored = await this.messages.saveBulk(who.tenantId, userId, source, scrubbed, opts);
      }
    } catch (err) {
      // The same key arrived twice at once and the other copy was stored first: answer with what it stored.
      const other = idempotency && err instanceof GraphConstraintError ? await this.replay(who.tenantId, userId, idempotency) : undefined;
      if (other) return { stored: await this.unlessErasing(who.tenantId, userId, other), safety, replayed: true };
      throw err;
    }
    this.notify();
    return { stored, safety, replayed: false };
  }

  /** A replay's messages are being erased when the person is: the retry is refused like a new request (409). */
  private async unlessErasing<T>(tenantId: string, userId: string, stored: T): Promise<T> {
    await refuseWhileErasing(this.graph, tenantId, userId);
    return stored;
  }

  private async replay(tenantId: string, userId: string, idempotency: IdempotencyKey) {
    const earlier = await this.messages.findIdempotent(tenantId, userId, idempotency);
    if (earlier && !earlier.sameRequest)
      throw conflict(
        `This Idempotency-Key was used with a different request for this user in the last ${IDEMPOTENCY_HOURS} hours; use a new key for a new request.`,
      );
    return earlier?.stored;
  }

  /**
   * What earlier requests stored under a synchronous key, by position, while the key holds. A record whose item is
   * not the one at its position now (another body, another route, a shorter batch) makes the request a different
   * one: 409, and nothing is stored. A position without a record stored nothing yet (or its item failed).
   */
  async earlierAnswers(tenantId: string, key: SyncKey): Promise<Map<number, SyncIngestResult>> {
    const records = await this.messages.findKeyed(tenantId, key.key, key.userId);
    const answers = new Map<number, SyncIngestResult>();
    for (const r of records) {
      if (r.hash !== key.hashes[r.seq] || r.answer === null) throw conflict(this.keyConflictMessage(key));
      answers.set(r.seq, r.answer as SyncIngestResult);
    }
    return answers;
  }

  private keyConflictMessage(key: SyncKey): string {
    return key.userId !== undefined
      ? `This Idempotency-Key was used with a different request for this user in the last ${IDEMPOTENCY_HOURS} hours; use a new key for a new request.`
      : `This Idempotency-Key was used in this tenant in the last ${IDEMPOTENCY_HOURS} hours with a different request (an item stored under it differs from the item at its position now); use a new key for a new batch.`;
  }

  /**
   * v1 /ingest and each item of /ingest/batch: one memory stored before the answer, with its scores. No remote model
   * on this path. With a key (checked with earlierAnswers first), the message carries the key at `position` and the
   * answer, in the write's transaction: a write that fails leaves no key behind. When a copy of the request was
   * stored at the same moment, the uniqueness constraint refuses this one, which answers with the copy's (`replayed`).
   */
  async ingestNow(
    who: Principal,
    input: SyncIngest,
    keyed?: { key: SyncKey; position: number },
  ): Promise<{ result: SyncIngestResult; replayed: boolean }> {
    try {
      return { result: await this.storeNow(who, input, keyed), replayed: false };
    } catch (err) {
      const other =
        keyed && err instanceof GraphConstraintError ? (await this.earlierAnswers(who.tenantId, keyed.key)).get(keyed.position) : undefined;
      if (other) return { result: other, replayed: true };
      throw err;
    }
  }

  private async storeNow(who: Principal, input: SyncIngest, keyed?: { key: SyncKey; position: number }): Promise<SyncIngestResult> {
    await refuseWhileErasing(this.graph, who.tenantId, input.userId);
    const content = scrubPii(input.content).text;
    const safety = await this.safetyOf(who.tenantId, [content]);
    await ensureEndUser(this.graph, who, input.userId);
    const plan = await this.processor.prepare(who.tenantId, input.userId, content, 'user', new Date(), {
      asOneMemory: content,
      eventType: input.eventType,
      metadata: scrubPiiDeep(input.metadata) as Record<string, unknown>,
      nodeType: input.nodeType,
    });
    const idempotency = keyed && { key: keyed.key.key, hash: keyed.key.hashes[keyed.position]! };
    return this.graph.writeTx(async (tx) => {
      const [message] = await this.messages.saveBulk(who.tenantId, input.userId, 'ingest', [{ speaker: 'user', text: content }], {
        tx,
        status: 'done',
        idempotency,
        position: keyed?.position,
      });
      const written = await this.processor.write(tx, who, input.userId, message!.id, plan);
      const fact = plan.facts[0]!;
      const { baseScore, s1, s2, s3, s4, s5, modifiersApplied } = fact as Scoring;
      const result = {
        nodeId: written.factIds[0]!,
        scoring: { baseScore, s1, s2, s3, s4, s5, modifiersApplied },
        entitiesCreated: written.createdEntityNames,
        safety,
      };
      if (idempotency) await this.messages.saveAnswer(tx, who.tenantId, message!.id, result);
      return result;
    });
  }

  /** /score: the same analysis and scoring, nothing stored. */
  score(content: string, eventType: EventType = 'message'): Scoring {
    const text = scrubPii(content).text;
    const analysis = analyseMessage(text, { speaker: 'user', eventTime: new Date(), known: [] });
    const scoring = scoreText(text, eventType);
    const categories = [...new Set([...scoring.categories, ...analysis.facts.flatMap((f) => f.categories)])];
    return { ...scoring, categories };
  }

  /** A message's state; with waitMs, holds the answer until it is processed (done or failed) or the time is up. */
  async getMessage(tenantId: string, messageId: string, waitMs = 0) {
    const deadline = Date.now() + waitMs;
    for (;;) {
      // Each look has a budget of its own: the time between looks is the caller's wait, many quick reads are not a slow Neo4j.
      const view = await withNeo4jBudget(() => this.messages.getById(tenantId, messageId));
      const settled = view && (view.message.status === 'done' || view.message.status === 'failed');
      if (!view || settled || Date.now() >= deadline) return view;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
