// b2c conversation routes (spec 4.D): /retrieve, /turn, /ingest and the message status read.
import { idempotencyKeyOf } from '../../ingest/idempotency.js';
import type { Routes } from '../registrar.js';
import { z } from 'zod';
import { parseBody } from '../../http/validate.js';
import { retrieveForContext } from '../../retrieval/answer.js';
import { B2C_BLOCK_OVERHEAD, b2cBlock, b2cLine } from '../../retrieval/render.js';
import type { Services } from '../context.js';
import { getMessageHandler } from '../messageBody.js';
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

export function registerConversationRoutes(router: Routes, s: Services): void {
  // One block: sure items stated plainly, less-sure ones worded as things to check (spec 1.7). No scores, no
  // contradiction flags.
  router.post('/retrieve', async (ctx) => {
    const who = ctx.state.principal;
    const input = parseBody(ctx, RetrieveRequest);
    const budget = (await s.profiles.get(who.tenantId)).maxTokens;
    const { memories } = await retrieveForContext(
      s.retrieval,
      { tenantId: who.tenantId, userId: input.user_id },
      { text: input.query, budget },
      { lineOf: b2cLine, overhead: B2C_BLOCK_OVERHEAD, maxItems: input.top_k },
    );
    ctx.body = { context_block: b2cBlock(memories) };
  });

  router.post('/turn', async (ctx) => {
    const input = parseBody(ctx, TurnRequest);
    const { stored, safety, replayed } = await s.ingest.accept(
      ctx.state.principal,
      input.user_id,
      'b2c_turn',
      [
        { speaker: 'user', text: input.user_message, eventTime: input.timestamp },
        { speaker: 'assistant', text: input.assistant_response, eventTime: input.timestamp },
      ],
      ctx.state.requestId,
      idempotencyKeyOf(ctx, 'b2c_turn'),
    );
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 202;
    ctx.body = {
      user_id: input.user_id,
      message_ids: stored.map((m) => m.id),
      status: 'pending',
      received_at: stored[0]!.receivedAt,
      safety: safetyBody(safety),
    };
  });

  router.post('/ingest', async (ctx) => {
    const input = parseBody(ctx, B2cIngestRequest);
    const { stored, safety, replayed } = await s.ingest.accept(
      ctx.state.principal,
      input.user_id,
      'b2c_ingest',
      input.messages.map((m) => ({ speaker: m.role, text: m.content, eventTime: m.timestamp, speakerName: m.name })),
      ctx.state.requestId,
      idempotencyKeyOf(ctx, 'b2c_ingest'),
    );
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 202;
    ctx.body = {
      user_id: input.user_id,
      message_ids: stored.map((m) => m.id),
      count: stored.length,
      status: 'pending',
      received_at: stored[0]!.receivedAt,
      safety: safetyBody(safety),
    };
  });

  router.get('/messages/:message_id', getMessageHandler(s));
}
