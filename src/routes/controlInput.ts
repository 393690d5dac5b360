// Inputs of the person controls, shared by the v1 (/memory/v2) and b2c route sets, and the handlers whose
// answers are the same on both. GET and DELETE take their fields from the query string; DELETE also accepts
// them in a JSON body (some clients cannot send one, others cannot put ids in URLs).
import type { Context } from 'koa';
import { z } from 'zod';
import { notFound } from '../http/errors.js';
import { parseWith } from '../http/validate.js';
import type { Principal } from '../tenants/tenants.js';
import type { Services } from './context.js';
import { NodeId, UserId } from './schemas.js';

export const CONTROL_LIMITS = { topicChars: 200, fixChars: 2000, topicLabelChars: 200, pageMax: 200 } as const;

export const Topic = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(CONTROL_LIMITS.topicChars, `must be at most ${CONTROL_LIMITS.topicChars} characters`)
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters');

export const FixText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(CONTROL_LIMITS.fixChars, `must be at most ${CONTROL_LIMITS.fixChars} characters`);

export const FixLabel = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(CONTROL_LIMITS.topicLabelChars, `must be at most ${CONTROL_LIMITS.topicLabelChars} characters`)
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters');

export const SuppressRequest = z.object({ user_id: UserId, topic: Topic });
export const PinRequest = z.object({ user_id: UserId, node_id: NodeId });
export const UserQuery = z.object({ user_id: UserId });

export function pageQuery(defaultLimit: number) {
  return z.object({
    user_id: UserId,
    limit: z.coerce
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(CONTROL_LIMITS.pageMax, `must be at most ${CONTROL_LIMITS.pageMax}`)
      .default(defaultLimit),
    cursor: z.string().max(512, 'must be at most 512 characters').optional(),
  });
}

/** Query-string fields, overlaid by a JSON body's when one was sent. */
export function fieldsOf(ctx: Context): Record<string, unknown> {
  const body = (ctx.request as { body?: unknown }).body;
  const fromBody = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return { ...ctx.query, ...fromBody };
}

/** A node id in a path: anything that is not one of our ids is simply not found. */
export function nodeIdParam(ctx: Context): string {
  const id = NodeId.safeParse(ctx.params.node_id);
  if (!id.success) throw notFound(`No memory ${String(ctx.params.node_id).slice(0, 100)} is held for this user.`);
  return id.data;
}

/** Suppress, lift and list: one behaviour and one answer on both route sets. */
export function suppressionHandlers(s: Services) {
  return {
    async add(ctx: Context) {
      const who = ctx.state.principal as Principal;
      const input = parseWith(SuppressRequest, fieldsOf(ctx), 'body');
      const row = await s.controls.suppress(who, input.user_id, input.topic);
      ctx.status = row.created ? 201 : 200;
      ctx.body = { user_id: input.user_id, topic: row.topic, suppressed: true, since: row.since };
    },
    async lift(ctx: Context) {
      const who = ctx.state.principal as Principal;
      const input = parseWith(SuppressRequest, fieldsOf(ctx), 'body');
      const { topic } = await s.controls.unsuppress(who.tenantId, input.user_id, input.topic);
      ctx.body = { user_id: input.user_id, topic, suppressed: false };
    },
    async list(ctx: Context) {
      const who = ctx.state.principal as Principal;
      const input = parseWith(UserQuery, ctx.query, 'query');
      const topics = await s.controls.suppressions(who.tenantId, input.user_id);
      ctx.body = { user_id: input.user_id, topics, count: topics.length };
    },
  };
}

/** Pin and unpin: one behaviour and one answer on both route sets. */
export function pinHandlers(s: Services) {
  const set = (pinned: boolean) =>
    async function setPinned(ctx: Context) {
      const who = ctx.state.principal as Principal;
      const input = parseWith(PinRequest, fieldsOf(ctx), 'body');
      await s.controls.setPinned(who.tenantId, input.user_id, input.node_id, pinned);
      ctx.body = { user_id: input.user_id, node_id: input.node_id, pinned };
    };
  return { pin: set(true), unpin: set(false) };
}
