// v1 routes that put information in: /ingest, /ingest/batch, /score, /process/{id}, /nodes/{id} (spec 4.A),
// /ingest/v2 (spec 4.B) and /messages/{id}, where a caller learns when a message has been processed.
import { idempotencyKeyOf, requestHash } from '../../ingest/idempotency.js';
import type { SyncIngestResult, SyncKey } from '../../ingest/service.js';
import type { Routes } from '../registrar.js';
import { z } from 'zod';
import { AppError, forbidden, notFound, validationError } from '../../http/errors.js';
import { parseBody } from '../../http/validate.js';
import type { Principal } from '../../tenants/tenants.js';
import type { Services } from '../context.js';
import { getMessageHandler } from '../messageBody.js';
import { EventTime, LIMITS, MessageText, Metadata, NodeId, SpeakerName, UserId, safetyBody } from '../schemas.js';

export const IngestRequest = z.object({
  user_id: UserId,
  content: MessageText,
  event_type: z.enum(['message', 'feedback', 'system']).default('message'),
  metadata: Metadata.default({}),
  node_type: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be lower-case letters, digits and underscores (at most 40), starting with a letter')
    .nullable()
    .default(null),
});

export const BatchRequest = z.object({
  items: z.array(z.unknown()).min(1, 'must hold at least one item').max(LIMITS.batchItems, `must hold at most ${LIMITS.batchItems} items`),
});

export const ScoreRequest = z.object({
  content: MessageText,
  metadata: Metadata.default({}),
  include_signals: z.boolean().default(false),
});

export const ProcessRequest = z.object({ user_id: UserId });

export const IngestV2Request = z.object({
  user_id: UserId,
  speaker: z.enum(['user', 'assistant', 'other']),
  message: MessageText,
  event_time: EventTime.optional(),
  speaker_name: SpeakerName.optional(),
});

const round = (x: number) => Math.round(x * 1000) / 1000;

/** One item of /ingest or /ingest/batch, stored now, or answered from an earlier copy under the same key. */
async function ingestOne(s: Services, who: Principal, input: z.infer<typeof IngestRequest>, keyed?: { key: SyncKey; position: number }) {
  if (input.node_type !== null && !who.limits.customNodeTypes)
    throw forbidden(`Custom node types (node_type) need the Scale or Enterprise tier; this tenant is on ${who.tier}.`);
  return s.ingest.ingestNow(
    who,
    { userId: input.user_id, content: input.content, eventType: input.event_type, metadata: input.metadata, nodeType: input.node_type },
    keyed,
  );
}

function ingestBody(r: SyncIngestResult) {
  return {
    node_id: r.nodeId,
    scoring: {
      base_score: round(r.scoring.baseScore),
      s1: round(r.scoring.s1),
      s2: round(r.scoring.s2),
      s3: round(r.scoring.s3),
      s4: round(r.scoring.s4),
      s5: round(r.scoring.s5),
      signal_modifiers_applied: r.scoring.modifiersApplied,
    },
    entities_created: r.entitiesCreated,
    safety: safetyBody(r.safety),
  };
}

/** POST /ingest/v2 (also svc_ingest's): one message stored and acknowledged; the worker extracts its memories. */
export async function ingestV2Answer(
  s: Services,
  who: Principal,
  input: z.infer<typeof IngestV2Request>,
  requestId: string,
  idempotency?: ReturnType<typeof idempotencyKeyOf>,
) {
  const { stored, safety, replayed } = await s.ingest.accept(
    who,
    input.user_id,
    'ingest_v2',
    [{ speaker: input.speaker, text: input.message, eventTime: input.event_time, speakerName: input.speaker_name }],
    requestId,
    idempotency,
  );
  const body = {
    message_id: stored[0]!.id,
    user_id: input.user_id,
    status: 'pending' as const,
    received_at: stored[0]!.receivedAt,
    safety: safetyBody(safety),
  };
  return { replayed, body };
}

export function registerIngestRoutes(router: Routes, s: Services): void {
  // With an Idempotency-Key (src/ingest/idempotency.ts), scoped to the person: a retry answers what the first stored.
  router.post('/ingest', async (ctx) => {
    const input = parseBody(ctx, IngestRequest);
    const idempotency = idempotencyKeyOf(ctx, 'ingest');
    const key = idempotency && { key: idempotency.key, hashes: [idempotency.hash], userId: input.user_id };
    const earlier = key && (await s.ingest.earlierAnswers(ctx.state.principal.tenantId, key)).get(0);
    const { result, replayed } = earlier ? { result: earlier, replayed: true } : await ingestOne(s, ctx.state.principal, input, key && { key, position: 0 });
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = ingestBody(result);
  });

  // Each item is validated and stored on its own: a bad item fails alone, with its reason. With an Idempotency-Key,
  // scoped to the tenant (items may name different people), each item is bound at its position: an item stored by
  // an earlier copy is answered from it, one that failed (stored nothing) is tried again.
  router.post('/ingest/batch', async (ctx) => {
    const { items } = parseBody(ctx, BatchRequest);
    const who: Principal = ctx.state.principal;
    const idempotency = idempotencyKeyOf(ctx, 'ingest_batch');
    const key = idempotency && { key: idempotency.key, hashes: items.map((item) => requestHash('ingest_batch', item)) };
    const earlier = key ? await s.ingest.earlierAnswers(who.tenantId, key) : new Map<number, SyncIngestResult>();
    let replayed = false;
    const results = [];
    for (const [index, item] of items.entries()) {
      try {
        const stored = earlier.has(index) ? { result: earlier.get(index)!, replayed: true } : await ingestItem(index, item);
        replayed ||= stored.replayed;
        results.push({ index, status: 'stored', node_id: stored.result.nodeId });
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        results.push({ index, status: 'failed', error: { code: err.code.startsWith('MISSING_') ? 'INVALID_REQUEST' : err.code, message: err.message } });
      }
    }
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    const succeeded = results.filter((r) => r.status === 'stored').length;
    ctx.body = { results, total: items.length, succeeded, failed: items.length - succeeded };

    function ingestItem(index: number, item: unknown) {
      const parsed = IngestRequest.safeParse(item);
      if (!parsed.success) throw validationError(parsed.error, `items.${index}`, item);
      return ingestOne(s, who, parsed.data, key && { key, position: index });
    }
  });

  router.post('/score', (ctx) => {
    const input = parseBody(ctx, ScoreRequest);
    const scoring = s.ingest.score(input.content);
    ctx.body = {
      base_score: round(scoring.baseScore),
      categories: scoring.categories,
      decay_modifier: round(scoring.decayModifier),
      ...(input.include_signals
        ? { signal_scores: { s1: round(scoring.s1), s2: round(scoring.s2), s3: round(scoring.s3), s4: round(scoring.s4), s5: round(scoring.s5) } }
        : {}),
    };
  });

  router.post('/process/:node_id', async (ctx) => {
    const { user_id } = parseBody(ctx, ProcessRequest);
    const nodeId = NodeId.safeParse(ctx.params.node_id);
    if (!nodeId.success) throw notFound(`No memory node with id ${ctx.params.node_id} for this user.`);
    ctx.body = await s.nodes.process(ctx.state.principal.tenantId, user_id, nodeId.data);
  });

  router.get('/nodes/:node_id', async (ctx) => {
    // A malformed id cannot exist: the same 404 as an unknown one.
    const nodeId = NodeId.safeParse(ctx.params.node_id);
    if (!nodeId.success) throw notFound(`No memory node with id ${ctx.params.node_id}.`);
    ctx.body = await s.nodes.getById(ctx.state.principal.tenantId, nodeId.data);
  });

  // Acknowledged once stored; the background worker extracts memories. 202 with the message id.
  router.post('/ingest/v2', async (ctx) => {
    const { replayed, body } = await ingestV2Answer(s, ctx.state.principal, parseBody(ctx, IngestV2Request), ctx.state.requestId, idempotencyKeyOf(ctx, 'ingest_v2'));
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 202;
    ctx.body = body;
  });

  router.get('/messages/:message_id', getMessageHandler(s));
}
