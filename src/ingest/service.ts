// The doors into memory: the synchronous v1 /ingest, the acknowledged-then-processed /ingest/v2 and b2c
// /turn and /ingest, and the dry run /score. PII is scrubbed here, first, on every path.
import { refuseWhileErasing } from '../controls/erasure.js';
import type { Graph } from '../graph/graph.js';
import { scrubPii } from '../safety/pii.js';
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
    const safety = await this.safetyOf(who.tenantId, scrubbed.filter((m) => m.speaker !== 'assistant').map((m) => m.text));
    const earlier = idempotency && (await this.replay(who.tenantId, userId, idempotency));
    if (earlier) return { stored: earlier, safety, replayed: true };
    // One write transaction for a person already known and not being erased (the acknowledgement's common case);
    // otherwise: a person being erased takes nothing new (409 ERASE_IN_PROGRESS), a new one is created first.
    const opts = { requestId, idempotency };
    let stored;
    try {
      stored = await this.messages.tryCreate(who.tenantId, userId, source, scrubbed, opts);
      if (!stored) {
        await refuseWhileErasing(this.graph, who.tenantId, userId);
        await ensureEndUser(this.graph, who, userId);
        stored = await this.messages.create(who.tenantId, userId, source, scrubbed, opts);
      }
    } catch (err) {
      // The same key arrived twice at once and the other copy was stored first: answer with what it stored.
      const other = idempotency && err instanceof GraphConstraintError ? await this.replay(who.tenantId, userId, idempotency) : undefined;
      if (other) return { stored: other, safety, replayed: true };
      throw err;
    }
    this.notify();
    return { stored, safety, replayed: false };
  }

  private async replay(tenantId: string, userId: string, idempotency: IdempotencyKey) {
    const earlier = await this.messages.findIdempotent(tenantId, userId, idempotency);
    if (earlier && !earlier.sameRequest)
      throw conflict(`This Idempotency-Key was used with a different request for this user in the last ${IDEMPOTENCY_HOURS} hours; use a new key for a new request.`);
    return earlier?.stored;
  }

  /** v1 /ingest: one memory stored before the answer, with its scores. No remote model on this path. */
  async ingestNow(who: Principal, input: SyncIngest) {
    await refuseWhileErasing(this.graph, who.tenantId, input.userId);
    const content = scrubPii(input.content).text;
    const safety = await this.safetyOf(who.tenantId, [content]);
    await ensureEndUser(this.graph, who, input.userId);
    const plan = await this.processor.prepare(who.tenantId, input.userId, content, 'user', new Date(), {
      asOneMemory: content,
      eventType: input.eventType,
      metadata: input.metadata,
      nodeType: input.nodeType,
    });
    const result = await this.graph.writeTx(async (tx) => {
      const [message] = await this.messages.create(who.tenantId, input.userId, 'ingest', [{ speaker: 'user', text: content }], { tx, status: 'done' });
      return this.processor.write(tx, who, input.userId, message!.id, plan);
    });
    const fact = plan.facts[0]!;
    return { nodeId: result.factIds[0]!, scoring: fact as Scoring, entitiesCreated: result.createdEntityNames, safety };
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
      const view = await this.messages.get(tenantId, messageId);
      const settled = view && (view.message.status === 'done' || view.message.status === 'failed');
      if (!view || settled || Date.now() >= deadline) return view;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

}
