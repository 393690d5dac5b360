// b2c person controls (spec 4.D): list, suppress, pin, fix, delete one memory, export. Archived memories are
// left out of the list and the export; a single delete removes the memory and its links and writes no ledger.
import { z } from 'zod';
import { b2cNode } from '../../controls/items.js';
import {
  B2cNode,
  FixLabel,
  FixText,
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
import { B2C, ERASING_409, NODE_404, endpoint, json } from '../endpoint.js';
import { NODE, NODE2, NODE_B2C, T0, T1, USER } from '../examples.js';
import { Count, Time, Uuid, named } from '../responses.js';
import { NodeParam, UserId, UserParam } from '../schemas.js';

export const FixNodeRequest = z.object({ user_id: UserId, summary: FixText, topic: FixLabel.optional() });
/** The first page is what a caller gets without asking for more (spec 4.D). */
export const NodesQuery = pageQuery(20);

export const NodesResponse = named(
  'NodesResponse',
  'A page of the memories held, newest first; archived ones left out.',
  z.strictObject({ user_id: z.string(), nodes: z.array(B2cNode), count: Count, total: Count, next_cursor: z.string().nullable() }),
);

export const FixNodeResponse = named('FixNodeResponse', 'The node with its new wording.', z.strictObject({ user_id: z.string(), node: B2cNode }));

export const DeleteNodeResponse = named(
  'DeleteNodeResponse',
  'The memory and its links are gone; what hung under it stays.',
  z.strictObject({ status: z.literal('deleted'), user_id: z.string(), node_id: Uuid, links_removed: Count }),
);

export const B2cExportResponse = named(
  'B2cExportResponse',
  "The person's memories; archived ones, replaced wordings and messages left out.",
  z.strictObject({ user_id: z.string(), exported_at: Time, nodes: z.array(B2cNode), suppressed_topics: z.array(SuppressedTopic), count: Count }),
);

export const B2C_CONTROL_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: `${B2C}/nodes`,
    operationId: 'b2cNodes',
    summary: 'List the memories held for a person',
    description:
      'The first page (limit 20) by default; newest first; archived memories left out. A person being erased reads as erased: an empty page.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { query: NodesQuery },
    responses: { 200: json(NodesResponse, 'A page.') },
    example: {
      request: { query: { user_id: USER } },
      response: { status: 200, body: { user_id: USER, nodes: [NODE_B2C], count: 1, total: 1, next_cursor: null } },
    },
    handler: ({ s, who, query }) => listAnswer(s, who, query(), { includeArchived: false, field: 'nodes' as const, shape: b2cNode }),
  }),
  endpoint({
    method: 'get',
    path: `${B2C}/suppress`,
    operationId: 'b2cSuppressions',
    summary: 'Topics left alone',
    description: 'The topics the person asked to leave alone; none while the person is being erased.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { query: UserQuery },
    responses: { 200: json(SuppressionsResponse, 'The topics.') },
    example: { request: { query: { user_id: USER } }, response: { status: 200, body: { user_id: USER, topics: [], count: 0 } } },
    handler: suppressions,
  }),
  endpoint({
    method: 'post',
    path: `${B2C}/suppress`,
    operationId: 'b2cSuppress',
    summary: 'Leave a topic alone',
    description: 'As the v1 control: left out of retrieval, new information discarded, until lifted. 201 when new, 200 when already suppressed.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { body: SuppressRequest },
    responses: { 201: json(SuppressResponse, 'Suppressed now.'), 200: json(SuppressResponse, 'Already suppressed.') },
    errors: { '409': ERASING_409 },
    example: {
      request: { body: { user_id: USER, topic: 'work' } },
      response: { status: 201, body: { user_id: USER, topic: 'work', suppressed: true, since: T0 } },
    },
    handler: suppress,
  }),
  endpoint({
    method: 'delete',
    path: `${B2C}/suppress`,
    operationId: 'b2cUnsuppress',
    summary: 'Stop leaving a topic alone',
    description: 'Fields in the query string or a JSON body.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { query: SuppressRequest, body: SuppressRequest, bodyOptional: true },
    responses: { 200: json(UnsuppressResponse, 'Lifted.') },
    errors: { '404': 'The topic is not suppressed for this person.', '409': ERASING_409 },
    example: {
      request: { query: { user_id: USER, topic: 'work' } },
      response: { status: 200, body: { user_id: USER, topic: 'work', suppressed: false } },
    },
    handler: unsuppress,
  }),
  endpoint({
    method: 'post',
    path: `${B2C}/pin`,
    operationId: 'b2cPin',
    summary: 'Keep a memory',
    description: 'Eligible for context whatever its salience; never archived or compressed.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { body: PinRequest },
    responses: { 200: json(PinResponse, 'Pinned.') },
    errors: { '404': NODE_404, '409': ERASING_409 },
    example: { request: { body: { user_id: USER, node_id: NODE } }, response: { status: 200, body: { user_id: USER, node_id: NODE, pinned: true } } },
    handler: pin,
  }),
  endpoint({
    method: 'delete',
    path: `${B2C}/pin`,
    operationId: 'b2cUnpin',
    summary: 'Stop keeping a memory',
    description: 'Fields in the query string or a JSON body.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { query: PinRequest, body: PinRequest, bodyOptional: true },
    responses: { 200: json(PinResponse, 'Unpinned.') },
    errors: { '404': NODE_404, '409': ERASING_409 },
    example: {
      request: { query: { user_id: USER, node_id: NODE } },
      response: { status: 200, body: { user_id: USER, node_id: NODE, pinned: false } },
    },
    handler: unpin,
  }),
  endpoint({
    method: 'patch',
    path: `${B2C}/nodes/{node_id}`,
    operationId: 'b2cFixNode',
    summary: "Fix a memory's wording",
    description: 'summary (and topic, which renames an entity): scrubbed, re-scored, re-embedded; the old wording is kept as a revision.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { params: NodeParam, body: FixNodeRequest },
    responses: { 200: json(FixNodeResponse, 'The node as it reads now.') },
    errors: { '404': NODE_404, '409': ERASING_409 },
    example: {
      request: { params: { node_id: NODE }, body: { user_id: USER, summary: 'Sarah is mildly allergic to peanuts.' } },
      response: { status: 200, body: { user_id: USER, node: { ...NODE_B2C, summary: 'Sarah is mildly allergic to peanuts.', updated_at: T1 } } },
    },
    handler: (call) => fixAnswer(call, { change: (i) => ({ summary: i.summary, topic: i.topic }), field: 'node' as const, shape: b2cNode }),
  }),
  endpoint({
    method: 'delete',
    path: `${B2C}/nodes/{node_id}`,
    operationId: 'b2cDeleteNode',
    summary: 'Delete one memory',
    description: 'The memory and its links only; what hung under it stays; no ledger record; audited. user_id in the query string or a JSON body.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { params: NodeParam, query: UserQuery, body: UserQuery, bodyOptional: true },
    responses: { 200: json(DeleteNodeResponse, 'Deleted.') },
    errors: { '404': NODE_404, '409': ERASING_409 },
    example: {
      request: { params: { node_id: NODE2 }, query: { user_id: USER } },
      response: { status: 200, body: { status: 'deleted', user_id: USER, node_id: NODE2, links_removed: 2 } },
    },
    async handler({ s, who, param, fields }) {
      const nodeId = nodeIdOf(param('node_id'));
      const input = fields();
      const done = await s.controls.deleteById(who, input.user_id, nodeId);
      return { status: 'deleted' as const, user_id: input.user_id, node_id: nodeId, links_removed: done.edges };
    },
  }),
  // The person's memories as JSON: archived ones and copies of what was said are left out.
  endpoint({
    method: 'post',
    path: `${B2C}/users/{user_id}/export`,
    operationId: 'b2cExportUser',
    summary: "Export a person's memories",
    description:
      'Archived memories, replaced wordings and copies of what was said are left out. A person being erased exports as an erased one: no memories, no topics.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { params: UserParam },
    responses: { 200: json(B2cExportResponse, 'The export.') },
    example: {
      request: { params: { user_id: USER } },
      response: { status: 200, body: { user_id: USER, exported_at: T1, nodes: [NODE_B2C], suppressed_topics: [], count: 1 } },
    },
    async handler({ s, who, param }) {
      const userId = param('user_id');
      const [memories, suppressed, decay] = await Promise.all([
        s.controls.listAllByOwner(who.tenantId, userId, false),
        s.controls.listSuppressions(who.tenantId, userId),
        s.controls.decayOf(who.tenantId),
      ]);
      const now = s.clock();
      return {
        user_id: userId,
        exported_at: new Date(now).toISOString(),
        nodes: memories.map((m) => b2cNode(m, decay, now)),
        suppressed_topics: suppressed,
        count: memories.length,
      };
    },
  }),
];
