// GET …/messages/{id} on both route sets: where a caller learns when a message has been processed.
// `?wait=N` (seconds, at most 30) holds the answer until the message is done or failed.
import { z } from 'zod';
import { notFound } from '../http/errors.js';
import { parseWith } from '../http/validate.js';
import type { MessageView } from '../ingest/messages.js';
import type { Services } from './context.js';
import type { Call } from './endpoint.js';
import { Count, Time, Uuid, named } from './responses.js';
import { MessageId, MessageParam, WaitQuery, WaitSeconds, queryNumber } from './schemas.js';

export const MessageStatusResponse = named(
  'MessageStatusResponse',
  'Where a message stands in the write path.',
  z.strictObject({
    message_id: Uuid,
    user_id: z.string(),
    speaker: z.enum(['user', 'assistant', 'other']),
    status: z.enum(['pending', 'processing', 'done', 'failed']),
    attempts: Count,
    received_at: Time,
    event_time: Time,
    processed_at: Time.nullable(),
    memory_ids: z.array(Uuid),
    facts_discarded: Count,
    error: z.string().nullable().describe('Why it failed (never quoting content); null unless failed.'),
  }),
);

export function messageBody(v: MessageView) {
  const m = v.message;
  return {
    message_id: m.id,
    user_id: m.userId,
    speaker: m.speaker,
    status: m.status,
    attempts: m.attempts,
    received_at: m.receivedAt,
    event_time: m.eventTime,
    processed_at: m.processedAt ?? null,
    memory_ids: v.memoryIds,
    facts_discarded: m.factsDiscarded ?? 0,
    error: m.status === 'failed' ? (m.lastError ?? 'unknown_error') : null,
  };
}

/** Where one of the tenant's messages stands, waiting up to `wait` seconds for it to be processed (also svc_ingest's). */
export async function messageAnswer(s: Services, tenantId: string, messageId: string, wait: unknown) {
  const id = MessageId.safeParse(messageId);
  if (!id.success) throw notFound(`No message with id ${messageId}.`);
  const seconds = parseWith(WaitSeconds, wait, 'wait');
  const view = await s.ingest.getMessage(tenantId, id.data, seconds * 1000);
  if (!view) throw notFound(`No message with id ${id.data}.`);
  return messageBody(view);
}

/** The request and handler of both routes; a malformed id is the same 404 as an unknown one. */
export const messageRequest = { params: MessageParam, query: WaitQuery };
export const getMessage = ({ s, who, ctx, param }: Call<typeof messageRequest>) =>
  messageAnswer(s, who.tenantId, param('message_id'), queryNumber(ctx.query.wait));
