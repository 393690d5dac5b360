// v1 person controls under /api/v1/memory/v2 (spec 4.B) and the pre-erasure export GET /api/v1/export/{user_id}.
// Failures answer with an error sentence alone (spec 7.2); the error middleware picks that format by path.
import { z } from 'zod';
import { DELETE_REASONS, REQUESTERS, type LedgerRecord as LedgerEntry } from '../../controls/controls.js';
import { v1Item } from '../../controls/items.js';
import type { Principal } from '../../tenants/tenants.js';
import type { Services } from '../context.js';
import {
  FixLabel,
  FixText,
  Item,
  LedgerRecord,
  PinRequest,
  PinResponse,
  SuppressRequest,
  SuppressResponse,
  SuppressedTopic,
  SuppressionsResponse,
  UnsuppressResponse,
  UserQuery,
  fixAnswer,
  listAnswer,
  nodeIdOf,
  pageQuery,
  pin,
  suppress,
  suppressions,
  unpin,
  unsuppress,
} from '../controlInput.js';
import { NODE_404, V1, endpoint, json } from '../endpoint.js';
import { ITEM, LEDGER, LEDGER_RECORD, NODE, T0, T1, USER } from '../examples.js';
import { Count, Time, Uuid, named } from '../responses.js';
import { NodeParam, UserId, UserParam } from '../schemas.js';

export const FixItemRequest = z.object({ user_id: UserId, sentence: FixText, about: FixLabel.optional() });
export const DeleteItemRequest = z.object({
  user_id: UserId,
  reason: z.enum(DELETE_REASONS).default('person_request'),
  requested_by: z.enum(REQUESTERS).default('person'),
});
export const ItemsQuery = pageQuery(50);

export const ItemsResponse = named(
  'ItemsResponse',
  'A page of everything held, newest first; archived lines marked.',
  z.strictObject({ user_id: z.string(), items: z.array(Item), count: Count, total: Count, next_cursor: z.string().nullable() }),
);

export const FixItemResponse = named('FixItemResponse', 'The item with its new wording.', z.strictObject({ user_id: z.string(), item: Item }));

export const DeleteItemResponse = named(
  'DeleteItemResponse',
  'The memory and its stored details are gone; the ledger record says who asked and why.',
  z.strictObject({ status: z.literal('deleted'), user_id: z.string(), node_id: Uuid, ledger_id: Uuid, nodes_deleted: Count, edges_deleted: Count }),
);

export const LedgerResponse = named(
  'LedgerResponse',
  "A page of the person's deletion ledger, newest first.",
  z.strictObject({ user_id: z.string(), records: z.array(LedgerRecord), count: Count, next_cursor: z.string().nullable() }),
);

const Wording = { about: z.string().nullable(), sentence: z.string().nullable(), replaced_at: Time };

export const V1ExportResponse = named(
  'V1ExportResponse',
  'Every line including archived ones, each with the wordings it replaced, the wordings of deleted lines, suppressed topics and the ledger; no messages.',
  z.strictObject({
    user_id: z.string(),
    exported_at: Time,
    items: z.array(Item.extend({ replaced_wordings: z.array(z.strictObject(Wording)) })),
    replaced_wordings_of_deleted_items: z.array(z.strictObject({ node_id: Uuid, ...Wording })),
    suppressed_topics: z.array(SuppressedTopic),
    ledger: z.array(LedgerRecord),
    totals: z.strictObject({ items: Count, archived: Count, replaced_wordings: Count, ledger_records: Count }),
  }),
);

/** DELETE /memory/v2/nodes/{node_id} (also svc_delete's): the ledger record first, then the memory. */
export async function deleteItemAnswer(s: Services, who: Principal, nodeId: string, input: z.infer<typeof DeleteItemRequest>) {
  const done = await s.controls.deleteByIdWithLedger(who, input.user_id, nodeId, { reason: input.reason, requestedBy: input.requested_by });
  return {
    status: 'deleted' as const,
    user_id: input.user_id,
    node_id: nodeId,
    ledger_id: done.ledgerId,
    nodes_deleted: done.nodes,
    edges_deleted: done.edges,
  };
}

const ledgerBody = (r: LedgerEntry) => ({
  ledger_id: r.id,
  node_id: r.nodeId,
  node_type: r.nodeType,
  reason: r.reason,
  requested_by: r.requestedBy,
  at: r.at,
});

/**
 * The v1 export (spec 4.B): every line including archived ones, each with the wordings it replaced, the
 * wordings kept from memories since deleted, the suppressed topics and the whole ledger. Copies of what was
 * said (messages) are not part of it.
 */
async function v1Export(s: Services, tenantId: string, userId: string) {
  const [memories, revisions, suppressed, ledger, decay] = await Promise.all([
    s.controls.listAllByOwner(tenantId, userId, true),
    s.controls.listRevisions(tenantId, userId),
    s.controls.listSuppressions(tenantId, userId),
    s.controls.listLedger(tenantId, userId, { limit: 1_000_000 }),
    s.controls.decayOf(tenantId),
  ]);
  const now = s.clock();
  const wording = (r: (typeof revisions)[number]['revision']) => ({ about: r.topic, sentence: r.text, replaced_at: r.replacedAt });
  const byMemory = new Map<string, Array<ReturnType<typeof wording>>>();
  for (const { revision } of revisions)
    if (revision.memoryExists) byMemory.set(revision.memoryId, [...(byMemory.get(revision.memoryId) ?? []), wording(revision)]);
  const items = memories.map((m) => ({ ...v1Item(m, decay, now), replaced_wordings: byMemory.get(m.id) ?? [] }));
  const orphaned = revisions.filter((r) => !r.revision.memoryExists).map((r) => ({ node_id: r.revision.memoryId, ...wording(r.revision) }));
  return {
    user_id: userId,
    exported_at: new Date(now).toISOString(),
    items,
    replaced_wordings_of_deleted_items: orphaned,
    suppressed_topics: suppressed,
    ledger: ledger.records.map(ledgerBody),
    totals: {
      items: items.length,
      archived: items.filter((i) => i.archived).length,
      replaced_wordings: revisions.length,
      ledger_records: ledger.records.length,
    },
  };
}

export const CONTROL_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: `${V1}/memory/v2/items`,
    operationId: 'items',
    summary: 'List everything held for a person',
    description: 'Newest first, paged with limit (1..200, default 50) and the opaque next_cursor; archived lines marked; replaced wordings left out.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { query: ItemsQuery },
    responses: { 200: json(ItemsResponse, 'A page.') },
    example: {
      request: { query: { user_id: USER, limit: 50 } },
      response: { status: 200, body: { user_id: USER, items: [ITEM], count: 1, total: 1, next_cursor: null } },
    },
    handler: ({ s, who, query }) => listAnswer(s, who, query(), { includeArchived: true, field: 'items' as const, shape: v1Item }),
  }),
  endpoint({
    method: 'get',
    path: `${V1}/memory/v2/suppress`,
    operationId: 'suppressions',
    summary: 'Topics left alone',
    description: 'The topics the person asked to leave alone.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { query: UserQuery },
    responses: { 200: json(SuppressionsResponse, 'The topics.') },
    example: {
      request: { query: { user_id: USER } },
      response: { status: 200, body: { user_id: USER, topics: [{ topic: 'Peanuts', since: T0 }], count: 1 } },
    },
    handler: suppressions,
  }),
  endpoint({
    method: 'post',
    path: `${V1}/memory/v2/suppress`,
    operationId: 'suppress',
    summary: 'Leave a topic alone',
    description:
      'Existing memories on the topic are left out of every retrieval (not deleted); new information on it is discarded; lasts until lifted. 201 when new, 200 when already suppressed.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { body: SuppressRequest },
    responses: { 201: json(SuppressResponse, 'Suppressed now.'), 200: json(SuppressResponse, 'Already suppressed.') },
    example: {
      request: { body: { user_id: USER, topic: 'Peanuts' } },
      response: { status: 201, body: { user_id: USER, topic: 'Peanuts', suppressed: true, since: T0 } },
    },
    handler: suppress,
  }),
  endpoint({
    method: 'delete',
    path: `${V1}/memory/v2/suppress`,
    operationId: 'unsuppress',
    summary: 'Stop leaving a topic alone',
    description: 'Fields in the query string or a JSON body; case and spacing of the topic do not matter.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { query: SuppressRequest, body: SuppressRequest, bodyOptional: true },
    responses: { 200: json(UnsuppressResponse, 'Lifted.') },
    errors: { '404': 'The topic is not suppressed for this person.' },
    example: {
      request: { query: { user_id: USER, topic: 'peanuts' } },
      response: { status: 200, body: { user_id: USER, topic: 'peanuts', suppressed: false } },
    },
    handler: unsuppress,
  }),
  endpoint({
    method: 'post',
    path: `${V1}/memory/v2/pin`,
    operationId: 'pin',
    summary: 'Keep a memory',
    description: 'The memory stays eligible for context whatever its salience, and is never archived or compressed.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { body: PinRequest },
    responses: { 200: json(PinResponse, 'Pinned.') },
    errors: { '404': NODE_404 },
    example: { request: { body: { user_id: USER, node_id: NODE } }, response: { status: 200, body: { user_id: USER, node_id: NODE, pinned: true } } },
    handler: pin,
  }),
  endpoint({
    method: 'delete',
    path: `${V1}/memory/v2/pin`,
    operationId: 'unpin',
    summary: 'Stop keeping a memory',
    description: 'Fields in the query string or a JSON body.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { query: PinRequest, body: PinRequest, bodyOptional: true },
    responses: { 200: json(PinResponse, 'Unpinned.') },
    errors: { '404': NODE_404 },
    example: {
      request: { query: { user_id: USER, node_id: NODE } },
      response: { status: 200, body: { user_id: USER, node_id: NODE, pinned: false } },
    },
    handler: unpin,
  }),
  endpoint({
    method: 'patch',
    path: `${V1}/memory/v2/nodes/{node_id}`,
    operationId: 'fixItem',
    summary: "Fix a memory's wording",
    description:
      "The new wording is scrubbed, re-scored and re-embedded; the replaced wording is kept as a revision (export only). `about` renames an entity. Domains cannot be reworded and the person's own entity cannot be renamed (400).",
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { params: NodeParam, body: FixItemRequest },
    responses: { 200: json(FixItemResponse, 'The item as it reads now.') },
    errors: { '404': NODE_404 },
    example: {
      request: { params: { node_id: NODE }, body: { user_id: USER, sentence: 'Sarah is mildly allergic to peanuts.' } },
      response: {
        status: 200,
        body: { user_id: USER, item: { ...ITEM, sentence: 'Sarah is mildly allergic to peanuts.', revisions: 1, updated_at: T1 } },
      },
    },
    handler: (call) => fixAnswer(call, { change: (i) => ({ summary: i.sentence, topic: i.about }), field: 'item' as const, shape: v1Item }),
  }),
  endpoint({
    method: 'delete',
    path: `${V1}/memory/v2/nodes/{node_id}`,
    operationId: 'deleteItem',
    summary: 'Delete one memory',
    description:
      "A ledger record first (reason and requester as codes), then the memory and its stored details, then the audit event, in one transaction. Themes, messages and replaced wordings survive. Fields in the query string or a JSON body. The person's own entity is not deleted alone (400): erase the person instead.",
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { params: NodeParam, query: DeleteItemRequest, body: DeleteItemRequest, bodyOptional: true },
    responses: { 200: json(DeleteItemResponse, 'Deleted.') },
    errors: { '404': NODE_404 },
    example: {
      request: { params: { node_id: NODE }, body: { user_id: USER, reason: 'incorrect' } },
      response: { status: 200, body: { status: 'deleted', user_id: USER, node_id: NODE, ledger_id: LEDGER, nodes_deleted: 1, edges_deleted: 3 } },
    },
    handler: ({ s, who, param, fields }) => {
      const nodeId = nodeIdOf(param('node_id'));
      return deleteItemAnswer(s, who, nodeId, fields());
    },
  }),
  endpoint({
    method: 'get',
    path: `${V1}/memory/v2/ledger`,
    operationId: 'ledger',
    summary: 'The deletion ledger of a person',
    description: 'Newest first, paged like /items (limit 1..200, default 50). Codes only: never the deleted words.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { query: ItemsQuery },
    responses: { 200: json(LedgerResponse, 'A page of records.') },
    example: {
      request: { query: { user_id: USER } },
      response: { status: 200, body: { user_id: USER, records: [LEDGER_RECORD], count: 1, next_cursor: null } },
    },
    async handler({ s, who, query }) {
      const input = query();
      const page = await s.controls.listLedger(who.tenantId, input.user_id, input);
      return { user_id: input.user_id, records: page.records.map(ledgerBody), count: page.records.length, next_cursor: page.nextCursor };
    },
  }),
  endpoint({
    method: 'get',
    path: `${V1}/memory/v2/export`,
    operationId: 'exportItems',
    summary: 'Export everything held for a person',
    description:
      'Every line including archived ones, with the wordings each replaced, wordings of deleted lines, suppressed topics and the ledger. Messages are not included.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { query: UserQuery },
    responses: { 200: json(V1ExportResponse, 'The export.') },
    example: {
      request: { query: { user_id: USER } },
      response: {
        status: 200,
        body: {
          user_id: USER,
          exported_at: T1,
          items: [{ ...ITEM, replaced_wordings: [] }],
          replaced_wordings_of_deleted_items: [],
          suppressed_topics: [{ topic: 'Peanuts', since: T0 }],
          ledger: [LEDGER_RECORD],
          totals: { items: 1, archived: 0, replaced_wordings: 0, ledger_records: 1 },
        },
      },
    },
    handler: ({ s, who, query }) => v1Export(s, who.tenantId, query().user_id),
  }),
  endpoint({
    method: 'get',
    path: `${V1}/export/{user_id}`,
    operationId: 'exportUser',
    summary: 'Pre-erasure export of a person',
    description: 'The same document as GET /memory/v2/export.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { params: UserParam },
    responses: { 200: json(V1ExportResponse, 'The export.') },
    example: {
      request: { params: { user_id: USER } },
      response: {
        status: 200,
        body: {
          user_id: USER,
          exported_at: T1,
          items: [],
          replaced_wordings_of_deleted_items: [],
          suppressed_topics: [],
          ledger: [],
          totals: { items: 0, archived: 0, replaced_wordings: 0, ledger_records: 0 },
        },
      },
    },
    handler: ({ s, who, param }) => v1Export(s, who.tenantId, param('user_id')),
  }),
];
