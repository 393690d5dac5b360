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

export function getMessageHandler(s: Services) {
  return async function getMessage(ctx: Context) {
    const id = MessageId.safeParse(ctx.params.message_id);
    if (!id.success) throw notFound(`No message with id ${ctx.params.message_id}.`);
    const wait = parseWith(WaitSeconds, queryNumber(ctx.query.wait), 'wait');
    const view = await s.ingest.getMessage(ctx.state.principal.tenantId, id.data, wait * 1000);
    if (!view) throw notFound(`No message with id ${id.data}.`);
    ctx.body = messageBody(view);
  };
}
