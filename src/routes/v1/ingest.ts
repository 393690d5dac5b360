// v1 routes that put information in: /ingest, /ingest/batch, /score, /process/{id}, /nodes/{id} (spec 4.A),
// /ingest/v2 (spec 4.B) and /messages/{id}, where a caller learns when a message has been processed.
import { withNeo4jBudget } from '../../graph/budget.js';
import { idempotencyKeyOf, requestHash } from '../../ingest/idempotency.js';
import type { SyncIngestResult, SyncKey } from '../../ingest/service.js';
import { z } from 'zod';
import { AppError, forbidden, notFound, validationError } from '../../http/errors.js';
import type { Principal } from '../../tenants/tenants.js';
import type { Services } from '../context.js';
import { NODE_404, V1, endpoint, json } from '../endpoint.js';
import { MESSAGE_DONE, MSG, NODE, SAFE, T0, USER } from '../examples.js';
import { MessageStatusResponse, getMessage, messageRequest } from '../messageBody.js';
import { Count, NodeType, Safety, Time, Unit, Uuid, named } from '../responses.js';
import { EventTime, LIMITS, MessageText, Metadata, NodeId, NodeParam, SpeakerName, UserId, safetyBody } from '../schemas.js';

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

export const IngestResponse = named(
  'IngestResponse',
  'One memory stored now.',
  z.strictObject({
    node_id: Uuid,
    scoring: z.strictObject({
      base_score: Unit,
      s1: Unit,
      s2: Unit,
      s3: Unit,
      s4: Unit,
      s5: Unit,
      signal_modifiers_applied: z.boolean(),
    }),
    entities_created: z.array(z.string()),
    safety: Safety,
  }),
);

export const BatchResponse = named(
  'BatchResponse',
  'Each item validated and stored on its own.',
  z.strictObject({
    results: z.array(
      z.discriminatedUnion('status', [
        z.strictObject({ index: Count, status: z.literal('stored'), node_id: Uuid }),
        z.strictObject({ index: Count, status: z.literal('failed'), error: z.strictObject({ code: z.string(), message: z.string() }) }),
      ]),
    ),
    total: Count,
    succeeded: Count,
    failed: Count,
  }),
);

const Signals = z.strictObject({ s1: Unit, s2: Unit, s3: Unit, s4: Unit, s5: Unit });

export const ScoreResponse = named(
  'ScoreResponse',
  'The analysis and scoring of /ingest; nothing stored.',
  z.strictObject({
    base_score: Unit,
    categories: z.array(z.string()),
    decay_modifier: z.number(),
    signal_scores: Signals.optional().describe('Only with include_signals: true.'),
  }),
);

export const ProcessResponse = named(
  'ProcessResponse',
  'A processing event recorded.',
  z.strictObject({ node_id: Uuid, status: z.literal('processed'), processing_count: Count }),
);

export const NodeResponse = named(
  'NodeResponse',
  'One memory in detail.',
  z.strictObject({
    node_id: Uuid,
    user_id: z.string(),
    node_type: NodeType,
    topic: z.string(),
    summary: z.string(),
    current_salience: Unit,
    base_score: Unit,
    domain: z.string().nullable(),
    entities: z.array(z.string()),
    processing_count: Count,
    created_at: Time,
    last_accessed: Time.nullable(),
  }),
);

export const IngestV2Response = named(
  'IngestV2Response',
  'The message is stored; the background worker extracts its memories.',
  z.strictObject({ message_id: Uuid, user_id: z.string(), status: z.literal('pending'), received_at: Time, safety: Safety }),
);

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

export const INGEST_ENDPOINTS = [
  // With an Idempotency-Key (src/ingest/idempotency.ts), scoped to the person: a retry answers what the first stored.
  endpoint({
    method: 'post',
    path: `${V1}/ingest`,
    operationId: 'ingest',
    summary: 'Store one memory now',
    description:
      'Scrubs PII, scores, extracts entities and stores one memory synchronously. node_type needs the Scale or Enterprise tier, or the trial.',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { body: IngestRequest, idempotencyKey: 'user' },
    responses: { 201: json(IngestResponse, 'Stored.') },
    errors: {
      '403': 'node_type on a tier without custom node types, a user or memory limit reached, the trial ended or the tenant is suspended.',
      '409':
        'The same Idempotency-Key was sent with a different request for this user within 24 hours (code CONFLICT), or the person is being erased (code ERASE_IN_PROGRESS).',
    },
    example: {
      request: { body: { user_id: USER, content: 'My wife Sarah is severely allergic to peanuts.' } },
      response: {
        status: 201,
        body: {
          node_id: NODE,
          scoring: { base_score: 0.71, s1: 0.62, s2: 0.5, s3: 0.48, s4: 0.55, s5: 0.4, signal_modifiers_applied: true },
          entities_created: ['Sarah'],
          safety: SAFE,
        },
      },
    },
    async handler({ ctx, s, who, body }) {
      const input = body();
      const idempotency = idempotencyKeyOf(ctx, 'ingest');
      const key = idempotency && { key: idempotency.key, hashes: [idempotency.hash], userId: input.user_id };
      const earlier = key && (await s.ingest.earlierAnswers(who.tenantId, key)).get(0);
      const { result, replayed } = earlier ? { result: earlier, replayed: true } : await ingestOne(s, who, input, key && { key, position: 0 });
      if (replayed) ctx.set('Idempotent-Replayed', 'true');
      return ingestBody(result);
    },
  }),
  // Each item is validated and stored on its own: a bad item fails alone, with its reason. With an Idempotency-Key,
  // scoped to the tenant (items may name different people), each item is bound at its position: an item stored by
  // an earlier copy is answered from it, one that failed (stored nothing) is tried again.
  endpoint({
    method: 'post',
    path: `${V1}/ingest/batch`,
    operationId: 'ingestBatch',
    summary: 'Store up to 100 memories',
    description:
      'Each item has the /ingest body and is validated and stored on its own: a bad item fails alone, with its reason. With an Idempotency-Key (scoped to the tenant, since items may name different people), each item is bound at its position: a retry answers the items an earlier copy stored with their node ids and stores them not again, and tries again the items that failed (a corrected item may take their place).',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { body: BatchRequest, idempotencyKey: 'tenant' },
    responses: { 200: json(BatchResponse, 'One result per item, in order.') },
    errors: {
      '409':
        'The same Idempotency-Key was used in this tenant within 24 hours with a different request: an item stored under it differs from the item at its position now (code CONFLICT).',
    },
    example: {
      request: { body: { items: [{ user_id: USER, content: 'I play the cello on Tuesdays.' }, { user_id: USER }] } },
      response: {
        status: 200,
        body: {
          results: [
            { index: 0, status: 'stored', node_id: NODE },
            { index: 1, status: 'failed', error: { code: 'INVALID_REQUEST', message: "Invalid request: 'items.1.content' is required." } },
          ],
          total: 2,
          succeeded: 1,
          failed: 1,
        },
      },
    },
    async handler({ ctx, s, who, body }) {
      const { items } = body();
      const idempotency = idempotencyKeyOf(ctx, 'ingest_batch');
      const key = idempotency && { key: idempotency.key, hashes: items.map((item) => requestHash('ingest_batch', item)) };
      const earlier = key ? await s.ingest.earlierAnswers(who.tenantId, key) : new Map<number, SyncIngestResult>();
      let replayed = false;
      const results = [];
      for (const [index, item] of items.entries()) {
        try {
          const stored = earlier.has(index) ? { result: earlier.get(index)!, replayed: true } : await ingestItem(index, item);
          replayed ||= stored.replayed;
          results.push({ index, status: 'stored' as const, node_id: stored.result.nodeId });
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          results.push({
            index,
            status: 'failed' as const,
            error: { code: err.code.startsWith('MISSING_') ? 'INVALID_REQUEST' : err.code, message: err.message },
          });
        }
      }
      if (replayed) ctx.set('Idempotent-Replayed', 'true');
      const succeeded = results.filter((r) => r.status === 'stored').length;
      return { results, total: items.length, succeeded, failed: items.length - succeeded };

      function ingestItem(index: number, item: unknown) {
        const parsed = IngestRequest.safeParse(item);
        if (!parsed.success) throw validationError(parsed.error, `items.${index}`, item);
        // Each item waits for Neo4j as long as it would sent alone: a hundred quick items are not a slow Neo4j.
        return withNeo4jBudget(() => ingestOne(s, who, parsed.data, key && { key, position: index }));
      }
    },
  }),
  endpoint({
    method: 'post',
    path: `${V1}/score`,
    operationId: 'score',
    summary: 'Score content without storing it',
    description: 'The analysis and scoring of /ingest, nothing stored.',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { body: ScoreRequest },
    responses: { 200: json(ScoreResponse, 'The scores.') },
    example: {
      request: { body: { content: 'I never eat shellfish.', include_signals: true } },
      response: {
        status: 200,
        body: { base_score: 0.68, categories: ['constraint'], decay_modifier: 0.5, signal_scores: { s1: 0.5, s2: 0.5, s3: 0.3, s4: 0.4, s5: 0.2 } },
      },
    },
    handler({ s, body }) {
      const input = body();
      const scoring = s.ingest.score(input.content);
      return {
        base_score: round(scoring.baseScore),
        categories: scoring.categories,
        decay_modifier: round(scoring.decayModifier),
        ...(input.include_signals
          ? { signal_scores: { s1: round(scoring.s1), s2: round(scoring.s2), s3: round(scoring.s3), s4: round(scoring.s4), s5: round(scoring.s5) } }
          : {}),
      };
    },
  }),
  endpoint({
    method: 'post',
    path: `${V1}/process/{node_id}`,
    operationId: 'process',
    summary: 'Record a processing event',
    description: 'Increments the processing count and raises a spike (the memory was discussed or used).',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { params: NodeParam, body: ProcessRequest },
    responses: { 200: json(ProcessResponse, 'Recorded.') },
    errors: { '404': NODE_404 },
    example: {
      request: { params: { node_id: NODE }, body: { user_id: USER } },
      response: { status: 200, body: { node_id: NODE, status: 'processed', processing_count: 2 } },
    },
    async handler({ s, who, body, param }) {
      const { user_id } = body();
      const raw = param('node_id');
      const nodeId = NodeId.safeParse(raw);
      if (!nodeId.success) throw notFound(`No memory node with id ${raw} for this user.`);
      return s.nodes.process(who.tenantId, user_id, nodeId.data);
    },
  }),
  endpoint({
    method: 'get',
    path: `${V1}/nodes/{node_id}`,
    operationId: 'node',
    summary: 'One memory',
    description: 'One memory of the tenant in detail, salience computed now.',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { params: NodeParam },
    responses: { 200: json(NodeResponse, 'The memory.') },
    errors: { '404': 'No such memory in this tenant (unknown and malformed ids alike).' },
    example: {
      request: { params: { node_id: NODE } },
      response: {
        status: 200,
        body: {
          node_id: NODE,
          user_id: USER,
          node_type: 'facet',
          topic: 'peanut allergy',
          summary: 'Sarah is severely allergic to peanuts.',
          current_salience: 0.82,
          base_score: 0.71,
          domain: 'health',
          entities: ['Sarah'],
          processing_count: 1,
          created_at: T0,
          last_accessed: null,
        },
      },
    },
    async handler({ s, who, param }) {
      // A malformed id cannot exist: the same 404 as an unknown one.
      const raw = param('node_id');
      const nodeId = NodeId.safeParse(raw);
      if (!nodeId.success) throw notFound(`No memory node with id ${raw}.`);
      return s.nodes.getById(who.tenantId, nodeId.data);
    },
  }),
  // Acknowledged once stored; the background worker extracts memories. 202 with the message id.
  endpoint({
    method: 'post',
    path: `${V1}/ingest/v2`,
    operationId: 'ingestMessage',
    summary: 'Send one message of the conversation (after the model answered)',
    description:
      'Stores the message and answers 202; the background worker extracts its memories. event_time loads past conversations; speaker_name names who speaks in a conversation between people. Poll GET /messages/{message_id}?wait=N to know when it is processed.',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { body: IngestV2Request, idempotencyKey: 'user' },
    responses: { 202: json(IngestV2Response, 'Stored; processing in the background.') },
    errors: {
      '409':
        'The same Idempotency-Key was sent with a different request for this user within 24 hours (code CONFLICT), or the person is being erased (code ERASE_IN_PROGRESS).',
    },
    example: {
      request: { body: { user_id: USER, speaker: 'user', message: 'My wife Sarah is severely allergic to peanuts.' } },
      response: { status: 202, body: { message_id: MSG, user_id: USER, status: 'pending', received_at: T0, safety: SAFE } },
    },
    async handler({ ctx, s, who, requestId, body }) {
      const { replayed, body: answered } = await ingestV2Answer(s, who, body(), requestId, idempotencyKeyOf(ctx, 'ingest_v2'));
      if (replayed) ctx.set('Idempotent-Replayed', 'true');
      return answered;
    },
  }),
  endpoint({
    method: 'get',
    path: `${V1}/messages/{message_id}`,
    operationId: 'message',
    summary: 'Where a message stands',
    description: '?wait=N (at most 30 seconds) holds the answer until the message is done or failed.',
    tag: 'Putting information in',
    security: 'v1Key',
    request: messageRequest,
    responses: { 200: json(MessageStatusResponse, 'The message status.') },
    errors: { '404': 'No such message in this tenant.' },
    example: { request: { params: { message_id: MSG }, query: { wait: 10 } }, response: { status: 200, body: MESSAGE_DONE } },
    handler: getMessage,
  }),
];
