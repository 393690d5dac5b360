// b2c conversation routes (spec 4.D): /retrieve, /turn, /ingest and the message status read.
import { z } from 'zod';
import { idempotencyKeyOf } from '../../ingest/idempotency.js';
import { retrieveForContext } from '../../retrieval/answer.js';
import { B2C_BLOCK_OVERHEAD, b2cBlock, b2cLine } from '../../retrieval/render.js';
import { B2C, endpoint, json } from '../endpoint.js';
import { MESSAGE_DONE, MSG, MSG2, SAFE, T0, USER } from '../examples.js';
import { MessageStatusResponse, getMessage, messageRequest } from '../messageBody.js';
import { Count, Safety, Time, Uuid, named } from '../responses.js';
import { EventTime, LIMITS, MessageText, SpeakerName, UserId, safetyBody } from '../schemas.js';

export const TurnRequest = z.object({
  user_id: UserId,
  user_message: MessageText,
  assistant_response: MessageText,
  timestamp: EventTime.optional(),
});

export const B2cIngestRequest = z.object({
  user_id: UserId,
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant', 'other']).default('user'),
        content: MessageText,
        timestamp: EventTime,
        name: SpeakerName.optional(),
      }),
    )
    .min(1, 'must hold at least one message')
    .max(LIMITS.b2cIngestMessages, `must hold at most ${LIMITS.b2cIngestMessages} messages`),
});

export const RetrieveRequest = z.object({
  user_id: UserId,
  query: z.string().max(20_000, 'must be at most 20000 characters'),
  top_k: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').optional(),
});

export const RetrieveResponse = named(
  'RetrieveResponse',
  'One block: sure items stated plainly, less-sure ones under "Less certain, so check or ask before relying on it".',
  z.strictObject({ context_block: z.string() }),
);

export const TurnResponse = named(
  'TurnResponse',
  'The turn is stored as two messages (user, assistant).',
  z.strictObject({ user_id: z.string(), message_ids: z.array(Uuid), status: z.literal('pending'), received_at: Time, safety: Safety }),
);

export const B2cIngestResponse = named(
  'B2cIngestResponse',
  'The messages are stored, in order.',
  z.strictObject({ user_id: z.string(), message_ids: z.array(Uuid), count: Count, status: z.literal('pending'), received_at: Time, safety: Safety }),
);

export const CONVERSATION_ENDPOINTS = [
  // One block: sure items stated plainly, less-sure ones worded as things to check (spec 1.7). No scores, no
  // contradiction flags.
  endpoint({
    method: 'post',
    path: `${B2C}/retrieve`,
    operationId: 'b2cRetrieve',
    summary: 'One context block for this message (before the model answers)',
    description: 'Sure items stated plainly; less-sure ones worded as things to check. top_k (1..100) caps the memories in the block.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { body: RetrieveRequest },
    responses: { 200: json(RetrieveResponse, 'The block (empty when nothing is known).') },
    example: {
      request: { body: { user_id: USER, query: 'What should I cook for my wife tonight?', top_k: 10 } },
      response: { status: 200, body: { context_block: 'What you know about the user:\n- Sarah is severely allergic to peanuts.' } },
    },
    async handler({ s, who, body }) {
      const input = body();
      const budget = (await s.profiles.get(who.tenantId)).maxTokens;
      const { memories } = await retrieveForContext(
        s.retrieval,
        { tenantId: who.tenantId, userId: input.user_id },
        { text: input.query, budget },
        { lineOf: b2cLine, overhead: B2C_BLOCK_OVERHEAD, maxItems: input.top_k },
      );
      return { context_block: b2cBlock(memories) };
    },
  }),
  endpoint({
    method: 'post',
    path: `${B2C}/turn`,
    operationId: 'b2cTurn',
    summary: 'Send the turn (after the model answered)',
    description: 'Stores the user message and the assistant response as two messages and answers 202; the background worker extracts memories.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { body: TurnRequest, idempotencyKey: 'user' },
    responses: { 202: json(TurnResponse, 'Stored; processing in the background.') },
    errors: {
      '409':
        'The person is being erased (code ERASE_IN_PROGRESS): nothing is stored, and a retry of a turn stored before the erase opened (same Idempotency-Key) is refused too, its messages being erased; try again when the erase has finished. Or: The same Idempotency-Key was sent with a different request for this user within 24 hours (code CONFLICT).',
    },
    example: {
      request: { body: { user_id: USER, user_message: 'My wife Sarah is allergic to peanuts.', assistant_response: 'Noted, no peanuts for Sarah.' } },
      response: { status: 202, body: { user_id: USER, message_ids: [MSG, MSG2], status: 'pending', received_at: T0, safety: SAFE } },
    },
    async handler({ ctx, s, who, requestId, body }) {
      const input = body();
      const { stored, safety, replayed } = await s.ingest.accept(
        who,
        input.user_id,
        'b2c_turn',
        [
          { speaker: 'user', text: input.user_message, eventTime: input.timestamp },
          { speaker: 'assistant', text: input.assistant_response, eventTime: input.timestamp },
        ],
        requestId,
        idempotencyKeyOf(ctx, 'b2c_turn'),
      );
      if (replayed) ctx.set('Idempotent-Replayed', 'true');
      return {
        user_id: input.user_id,
        message_ids: stored.map((m) => m.id),
        status: 'pending' as const,
        received_at: stored[0]!.receivedAt,
        safety: safetyBody(safety),
      };
    },
  }),
  endpoint({
    method: 'post',
    path: `${B2C}/ingest`,
    operationId: 'b2cIngest',
    summary: 'Load past messages',
    description:
      'Up to 500 messages, each with the time it happened; stored in order and processed in the background. For a person being erased nothing is stored (409, all or nothing); once the erase has ended the same user_id starts over as a new person, so send the history again then.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { body: B2cIngestRequest, idempotencyKey: 'user' },
    responses: { 202: json(B2cIngestResponse, 'Stored; processing in the background.') },
    errors: {
      '409':
        'The person is being erased (code ERASE_IN_PROGRESS; a retry of a request stored before the erase opened too), or the same Idempotency-Key was sent with a different request for this user within 24 hours (code CONFLICT).',
    },
    example: {
      request: {
        body: { user_id: USER, messages: [{ role: 'user', content: 'We moved to Valencia last spring.', timestamp: '2026-05-01T09:00:00Z' }] },
      },
      response: { status: 202, body: { user_id: USER, message_ids: [MSG], count: 1, status: 'pending', received_at: T0, safety: SAFE } },
    },
    async handler({ ctx, s, who, requestId, body }) {
      const input = body();
      const { stored, safety, replayed } = await s.ingest.accept(
        who,
        input.user_id,
        'b2c_ingest',
        input.messages.map((m) => ({ speaker: m.role, text: m.content, eventTime: m.timestamp, speakerName: m.name })),
        requestId,
        idempotencyKeyOf(ctx, 'b2c_ingest'),
      );
      if (replayed) ctx.set('Idempotent-Replayed', 'true');
      return {
        user_id: input.user_id,
        message_ids: stored.map((m) => m.id),
        count: stored.length,
        status: 'pending' as const,
        received_at: stored[0]!.receivedAt,
        safety: safetyBody(safety),
      };
    },
  }),
  endpoint({
    method: 'get',
    path: `${B2C}/messages/{message_id}`,
    operationId: 'b2cMessage',
    summary: 'Where a message stands',
    description: '?wait=N (at most 30 seconds) holds the answer until the message is done or failed.',
    tag: 'b2c',
    security: 'b2cKey',
    request: messageRequest,
    responses: { 200: json(MessageStatusResponse, 'The message status.') },
    errors: { '404': 'No such message in this tenant, or its person is being erased (their messages read as erased).' },
    example: { request: { params: { message_id: MSG }, query: { wait: 10 } }, response: { status: 200, body: MESSAGE_DONE } },
    handler: getMessage,
  }),
];
