// GET …/messages/{id} on both route sets: where a caller learns when a message has been processed.
// `?wait=N` (seconds, at most 30) holds the answer until the message is done or failed.
import type { Context } from 'koa';
import { notFound } from '../http/errors.js';
import { parseWith } from '../http/validate.js';
import type { MessageView } from '../ingest/messages.js';
import type { Services } from './context.js';
import { MessageId, WaitSeconds, queryNumber } from './schemas.js';

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

export function getMessageHandler(s: Services) {
  return async function getMessage(ctx: Context) {
    ctx.body = await messageAnswer(s, ctx.state.principal.tenantId, ctx.params.message_id, queryNumber(ctx.query.wait));
  };
}
