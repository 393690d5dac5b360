// The person controls shared by the v1 (/memory/v2) and b2c route sets: their inputs, the handlers whose answers
// are the same on both, and the shapes of those answers. GET and DELETE take their fields from the query string;
// DELETE also accepts them in a JSON body (some clients cannot send one, others cannot put ids in URLs).
import { z } from 'zod';
import { DELETE_REASONS, REQUESTERS } from '../controls/controls.js';
import type { StoredMemory } from '../controls/items.js';
import { notFound } from '../http/errors.js';
import type { DecayParams } from '../salience/salience.js';
import type { Principal } from '../tenants/tenants.js';
import type { Services } from './context.js';
import { answer, type Call } from './endpoint.js';
import { Count, NodeType, Time, Unit, Uuid, named } from './responses.js';
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

/** A node id in a path: anything that is not one of our ids is simply not found. */
export function nodeIdOf(raw: unknown): string {
  const id = NodeId.safeParse(raw);
  if (!id.success) throw notFound(`No memory ${String(raw).slice(0, 100)} is held for this user.`);
  return id.data;
}

// --- answers ---
const itemFields = {
  node_id: Uuid,
  type: NodeType,
  domain: z.string().nullable(),
  entity: z.string().nullable().describe('The entity a fact, theme or interest is filed under (`self` for the person).'),
  stage: z.string().nullable().optional().describe('Interests only: ephemeral, tentative or persistent.'),
  salience: Unit.describe('Computed at the time of the call.'),
  pinned: z.boolean(),
  state: z.string().describe('active or dormant'),
  processing_count: Count,
  created_at: Time,
  updated_at: Time,
};

function omitIds<T extends Record<string, z.ZodType>>(f: T) {
  const { node_id: _n, type: _t, ...rest } = f;
  return rest;
}

export const Item = named(
  'Item',
  'One line of what is held for a person (v1 person controls).',
  z.strictObject({
    node_id: itemFields.node_id,
    type: itemFields.type,
    about: z.string(),
    sentence: z.string(),
    ...omitIds(itemFields),
    archived: z.boolean(),
    revisions: Count.describe('How many wordings a fix replaced.'),
  }),
);

export const B2cNode = named(
  'B2cNode',
  'One memory of a person (b2c person controls); archived memories never appear.',
  z.strictObject({
    node_id: itemFields.node_id,
    type: itemFields.type,
    topic: z.string(),
    summary: z.string(),
    ...omitIds(itemFields),
  }),
);

export const SuppressedTopic = named(
  'SuppressedTopic',
  'A topic the person asked to leave alone.',
  z.strictObject({ topic: z.string(), since: Time }),
);

export const LedgerRecord = named(
  'LedgerRecord',
  'One v1 single-memory deletion: codes only, never the deleted words.',
  z.strictObject({
    ledger_id: Uuid,
    node_id: Uuid,
    node_type: z.string(),
    reason: z.enum(DELETE_REASONS),
    requested_by: z.enum(REQUESTERS),
    at: Time,
  }),
);

export const SuppressResponse = named(
  'SuppressResponse',
  'The topic is left alone from now on (201 new, 200 already).',
  z.strictObject({ user_id: z.string(), topic: z.string(), suppressed: z.literal(true), since: Time }),
);

export const UnsuppressResponse = named(
  'UnsuppressResponse',
  'The topic is no longer left alone.',
  z.strictObject({ user_id: z.string(), topic: z.string(), suppressed: z.literal(false) }),
);

export const SuppressionsResponse = named(
  'SuppressionsResponse',
  'The topics the person asked to leave alone.',
  z.strictObject({ user_id: z.string(), topics: z.array(SuppressedTopic), count: Count }),
);

export const PinResponse = named(
  'PinResponse',
  'Whether the memory is kept eligible whatever its salience.',
  z.strictObject({ user_id: z.string(), node_id: Uuid, pinned: z.boolean() }),
);

// --- handlers: one behaviour and one answer on both route sets ---
export async function suppress({ s, who, fields }: Call<{ body: typeof SuppressRequest }>) {
  const input = fields();
  const row = await s.controls.suppress(who, input.user_id, input.topic);
  return answer(row.created ? 201 : 200, { user_id: input.user_id, topic: row.topic, suppressed: true as const, since: row.since });
}

export async function unsuppress({ s, who, fields }: Call<{ body: typeof SuppressRequest }>) {
  const input = fields();
  const { topic } = await s.controls.unsuppress(who.tenantId, input.user_id, input.topic);
  return { user_id: input.user_id, topic, suppressed: false as const };
}

export async function suppressions({ s, who, query }: Call<{ query: typeof UserQuery }>) {
  const input = query();
  const topics = await s.controls.listSuppressions(who.tenantId, input.user_id);
  return { user_id: input.user_id, topics, count: topics.length };
}

const setPinned =
  (pinned: boolean) =>
  async ({ s, who, fields }: Call<{ body: typeof PinRequest }>) => {
    const input = fields();
    await s.controls.setPinned(who.tenantId, input.user_id, input.node_id, pinned);
    return { user_id: input.user_id, node_id: input.node_id, pinned };
  };
export const pin = setPinned(true);
export const unpin = setPinned(false);

/** How one route set shows a stored memory (v1 item, b2c node). */
type Shape<T> = (m: StoredMemory, decay: DecayParams, now: number) => T;

/** One page of a person's memories, newest first, in the route set's shape under its field name (also svc_entities' source). */
export async function listAnswer<F extends string, T>(
  s: Services,
  who: Principal,
  input: { user_id: string; limit: number; cursor?: string },
  o: { includeArchived: boolean; field: F; shape: Shape<T> },
) {
  const [page, decay] = await Promise.all([
    s.controls.listByOwner(who.tenantId, input.user_id, input, o.includeArchived),
    s.controls.decayOf(who.tenantId),
  ]);
  const now = s.clock();
  return {
    user_id: input.user_id,
    ...({ [o.field]: page.memories.map((m) => o.shape(m, decay, now)) } as Record<F, T[]>),
    count: page.memories.length,
    total: page.total,
    next_cursor: page.nextCursor,
  };
}

/** PATCH /nodes/<id>: new wording, answered with the fixed memory in the route set's shape under its field name. */
export async function fixAnswer<I extends { user_id: string }, F extends string, T>(
  { s, who, param, body }: Call<{ params: z.ZodObject<{ node_id: z.ZodString }>; body: z.ZodType<I> }>,
  o: { change: (input: I) => { summary: string; topic?: string }; field: F; shape: Shape<T> },
) {
  const nodeId = nodeIdOf(param('node_id'));
  const input = body();
  await s.controls.fix(who.tenantId, input.user_id, nodeId, o.change(input));
  const [memory, decay] = await Promise.all([s.controls.getById(who.tenantId, input.user_id, nodeId), s.controls.decayOf(who.tenantId)]);
  return { user_id: input.user_id, ...({ [o.field]: o.shape(memory, decay, s.clock()) } as Record<F, T>) };
}
