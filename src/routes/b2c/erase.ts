// b2c erase of a person (spec 4.D): DELETE /users/{id} answers at once with a request id once the deletion record
// is open; the background eraser does the work. GET /users/{id}/deletion reads the record: ids, counts and times,
// no personal content.
import { z } from 'zod';
import type { DeletionView } from '../../controls/erasure.js';
import { notFound } from '../../http/errors.js';
import { B2C, endpoint, json } from '../endpoint.js';
import { DELETION, REQUEST, T0, USER } from '../examples.js';
import { Count, Time, Uuid, named } from '../responses.js';
import { UserParam } from '../schemas.js';

export const RequestId = z.uuid();
/** GET /users/{id}/deletion: ?request_id (optional; a malformed id is answered 404 like an unknown one). */
export const DeletionQuery = z.object({ request_id: RequestId.optional() });

const DeletionStatus = z.enum(['pending', 'running', 'completed']);

export const EraseRequestedResponse = named(
  'EraseRequestedResponse',
  'The deletion record is open; the erase runs in the background (the open one when an erase was already under way).',
  z.strictObject({ request_id: Uuid, user_id: z.string(), status: DeletionStatus, requested_at: Time }),
);

export const DeletionResponse = named(
  'DeletionResponse',
  'A deletion record: the id sent, counts and times; no personal content.',
  z.strictObject({
    request_id: Uuid,
    user_id: z.string(),
    status: DeletionStatus,
    requested_at: Time,
    started_at: Time.nullable(),
    completed_at: Time.nullable(),
    nodes_found: Count,
    nodes_deleted: Count,
    edges_deleted: Count,
    remaining: Count.nullable().describe('What was left of the person when the erase closed (expected 0); null until then.'),
  }),
);

export function deletionBody(d: DeletionView) {
  return {
    request_id: d.id,
    user_id: d.userId,
    status: d.status,
    requested_at: d.requestedAt,
    started_at: d.startedAt ?? null,
    completed_at: d.completedAt ?? null,
    nodes_found: d.nodesFound,
    nodes_deleted: d.nodesDeleted,
    edges_deleted: d.edgesDeleted,
    remaining: d.remaining ?? null,
  };
}

export const B2C_ERASE_ENDPOINTS = [
  // 202 whether the erase was opened now or was already open (then with that erase's id and status).
  endpoint({
    method: 'delete',
    path: `${B2C}/users/{user_id}`,
    operationId: 'b2cEraseUser',
    summary: 'Erase a person',
    description:
      'Opens a deletion record and answers at once (202) with its request id; the erase runs in the background. While it is open the person reads as erased and takes no change: /retrieve answers an empty block, /nodes an empty page, /suppress no topics, the export nothing and a message status 404, while /turn, /ingest, pin, suppress, fix and delete get 409 ERASE_IN_PROGRESS. Asking again while it is open answers the open one; once it has ended, the person is unknown (404).',
    tag: 'b2c',
    security: 'b2cKey',
    request: { params: UserParam },
    responses: { 202: json(EraseRequestedResponse, 'The erase is under way.') },
    errors: { '404': 'No memory is held for this person in this tenant (never seen, or already erased).' },
    example: {
      request: { params: { user_id: USER } },
      response: { status: 202, body: { request_id: REQUEST, user_id: USER, status: 'pending', requested_at: T0 } },
    },
    async handler({ s, who, requestId, param }) {
      const userId = param('user_id');
      const opened = await s.erasure.request(who, userId, requestId);
      if (!opened) throw notFound(`No memory is held for user ${userId}.`);
      const d = opened.record;
      return { request_id: d.id, user_id: d.userId, status: d.status, requested_at: d.requestedAt };
    },
  }),
  endpoint({
    method: 'get',
    path: `${B2C}/users/{user_id}/deletion`,
    operationId: 'b2cDeletion',
    summary: 'The deletion record of an erase',
    description: 'The latest erase of the person, or the one named by ?request_id: ids, counts and times, no personal content.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { params: UserParam, query: DeletionQuery },
    responses: { 200: json(DeletionResponse, 'The record.') },
    errors: { '404': 'No deletion has been requested for this person (or none with that request id).' },
    example: { request: { params: { user_id: USER } }, response: { status: 200, body: DELETION } },
    async handler({ ctx, s, who, param }) {
      const userId = param('user_id');
      const asked = ctx.query.request_id;
      if (asked !== undefined) {
        // A malformed id cannot name a record: the same 404 as an unknown one.
        const requestId = RequestId.safeParse(asked);
        if (!requestId.success) throw notFound(`No deletion request ${String(asked)} for user ${userId}.`);
        const d = await s.erasure.deletion(who.tenantId, userId, requestId.data);
        if (!d) throw notFound(`No deletion request ${requestId.data} for user ${userId}.`);
        return deletionBody(d);
      }
      const d = await s.erasure.deletion(who.tenantId, userId);
      if (!d) throw notFound(`No deletion has been requested for user ${userId}.`);
      return deletionBody(d);
    },
  }),
];
