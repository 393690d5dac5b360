// Inputs of the person controls, shared by the v1 (/memory/v2) and b2c route sets, and the handlers whose
// answers are the same on both. GET and DELETE take their fields from the query string; DELETE also accepts
// them in a JSON body (some clients cannot send one, others cannot put ids in URLs).
import type { Context } from 'koa';
import { z } from 'zod';
import { notFound } from '../http/errors.js';
import type { StoredMemory } from '../controls/items.js';
import { parseBody, parseWith } from '../http/validate.js';
import type { DecayParams } from '../salience/salience.js';
import type { Principal } from '../tenants/tenants.js';
import type { Services } from './context.js';
import { NodeId, UserId, label } from './schemas.js';

export const CONTROL_LIMITS = { topicChars: 200, fixChars: 2000, topicLabelChars: 200, pageMax: 200 } as const;

export const Topic = label(CONTROL_LIMITS.topicChars);

// The length as sent, as the document states it; then trimmed and not empty.
export const FixText = z
  .string()
  .max(CONTROL_LIMITS.fixChars, `must be at most ${CONTROL_LIMITS.fixChars} characters`)
  .trim()
  .min(1, 'must not be empty');

export const FixLabel = label(CONTROL_LIMITS.topicLabelChars);

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

/**
 * The fields of a control request: the query string's, overlaid by a JSON body's when one was sent. A field the
 * query carries is checked even where the body overrides it, so a bad value is refused rather than ignored.
 */
export function parseFields<S extends z.ZodObject>(ctx: Context, schema: S): z.infer<S> {
  const body = (ctx.request as { body?: unknown }).body;
  const fromBody = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (Object.keys(fromBody).length) parseWith(schema.partial(), ctx.query, 'query');
  return parseWith(schema, { ...ctx.query, ...fromBody }, 'body');
}

/** A node id in a path: anything that is not one of our ids is simply not found. */
export function nodeIdParam(ctx: Context): string {
  return nodeIdOf(ctx.params.node_id);
}

export function nodeIdOf(raw: unknown): string {
  const id = NodeId.safeParse(raw);
  if (!id.success) throw notFound(`No memory ${String(raw).slice(0, 100)} is held for this user.`);
  return id.data;
}

/** Suppress, lift and list: one behaviour and one answer on both route sets. */
export function suppressionHandlers(s: Services) {
  return {
    async add(ctx: Context) {
      const who = ctx.state.principal as Principal;
      const input = parseFields(ctx, SuppressRequest);
      const row = await s.controls.suppress(who, input.user_id, input.topic);
      ctx.status = row.created ? 201 : 200;
      ctx.body = { user_id: input.user_id, topic: row.topic, suppressed: true, since: row.since };
    },
    async lift(ctx: Context) {
      const who = ctx.state.principal as Principal;
      const input = parseFields(ctx, SuppressRequest);
      const { topic } = await s.controls.unsuppress(who.tenantId, input.user_id, input.topic);
      ctx.body = { user_id: input.user_id, topic, suppressed: false };
    },
    async list(ctx: Context) {
      const who = ctx.state.principal as Principal;
      const input = parseWith(UserQuery, ctx.query, 'query');
      const topics = await s.controls.listSuppressions(who.tenantId, input.user_id);
      ctx.body = { user_id: input.user_id, topics, count: topics.length };
    },
  };
}

/** Pin and unpin: one behaviour and one answer on both route sets. */
export function pinHandlers(s: Services) {
  const set = (pinned: boolean) =>
    async function setPinned(ctx: Context) {
      const who = ctx.state.principal as Principal;
      const input = parseFields(ctx, PinRequest);
      await s.controls.setPinned(who.tenantId, input.user_id, input.node_id, pinned);
      ctx.body = { user_id: input.user_id, node_id: input.node_id, pinned };
    };
  return { pin: set(true), unpin: set(false) };
}

/** How one route set shows a stored memory (v1 item, b2c node). */
type Shape = (m: StoredMemory, decay: DecayParams, now: number) => Record<string, unknown>;

/** GET a page of a person's memories, shown in the route set's shape under its field name. */
/** One page of a person's memories, newest first, in the route set's shape (also svc_entities' source). */
export async function listAnswer<F extends string, T>(
  s: Services,
  who: Principal,
  input: { user_id: string; limit: number; cursor?: string },
  o: { includeArchived: boolean; field: F; shape: (m: Parameters<Shape>[0], decay: Parameters<Shape>[1], now: number) => T },
) {
  const [page, decay] = await Promise.all([s.controls.listByOwner(who.tenantId, input.user_id, input, o.includeArchived), s.controls.decayOf(who.tenantId)]);
  const now = s.clock();
  return {
    user_id: input.user_id,
    ...({ [o.field]: page.memories.map((m) => o.shape(m, decay, now)) } as Record<F, T[]>),
    count: page.memories.length,
    total: page.total,
    next_cursor: page.nextCursor,
  };
}

export function listHandler(s: Services, o: { query: z.ZodType<{ user_id: string; limit: number; cursor?: string }>; includeArchived: boolean; field: string; shape: Shape }) {
  return async function listMemories(ctx: Context) {
    ctx.body = await listAnswer(s, ctx.state.principal as Principal, parseWith(o.query, ctx.query, 'query'), o);
  };
}

/** PATCH /nodes/<id>: new wording, answered with the fixed memory in the route set's shape under its field name. */
export function fixHandler<I extends { user_id: string }>(
  s: Services,
  o: { request: z.ZodType<I>; change: (input: I) => { summary: string; topic?: string }; field: string; shape: Shape },
) {
  return async function fixMemory(ctx: Context) {
    const who = ctx.state.principal as Principal;
    const nodeId = nodeIdParam(ctx);
    const input = parseBody(ctx, o.request);
    await s.controls.fix(who.tenantId, input.user_id, nodeId, o.change(input));
    const [memory, decay] = await Promise.all([s.controls.getById(who.tenantId, input.user_id, nodeId), s.controls.decayOf(who.tenantId)]);
    ctx.body = { user_id: input.user_id, [o.field]: o.shape(memory, decay, s.clock()) };
  };
}
