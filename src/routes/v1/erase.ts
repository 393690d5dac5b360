// v1 erase of a person (spec 4.A DELETE /users/{id}, 4.B DELETE /memory/v2/users/{id}): atomic and irreversible,
// one transaction with its audit event. Both routes do the same work; /memory/v2 also reports relationships and
// answers its errors as plain sentences (the error middleware knows the format by path).
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { parseWith } from '../../http/validate.js';
import type { Principal } from '../../tenants/tenants.js';
import type { Services } from '../context.js';
import { V1, endpoint, json } from '../endpoint.js';
import { USER } from '../examples.js';
import { Count, named } from '../responses.js';
import { UserId, UserParam } from '../schemas.js';

export const EraseResponse = named(
  'EraseResponse',
  'Everything held for the person is gone, in one transaction.',
  z.strictObject({ status: z.literal('deleted'), user_id: z.string(), nodes_deleted: Count }),
);

export const EraseV2Response = named(
  'EraseV2Response',
  'Everything held for the person is gone, in one transaction.',
  z.strictObject({ status: z.literal('deleted'), user_id: z.string(), nodes_deleted: Count, edges_deleted: Count }),
);

async function erase(s: Services, who: Principal, rawUserId: unknown, requestId: string) {
  const userId = parseWith(UserId, rawUserId, 'user_id');
  const erased = await s.erasure.eraseNow(who, userId, requestId);
  // Another tenant's user is unknown here: the same answer, so the route tells nobody whether an id exists elsewhere.
  if (!erased) throw notFound(`No memory is held for user ${userId}.`);
  return { userId, ...erased };
}

/** DELETE /users/{user_id} (also svc_delete's with confirm): everything held for the person, at once. */
export async function eraseAnswer(s: Services, who: Principal, userId: unknown, requestId: string) {
  const r = await erase(s, who, userId, requestId);
  return { status: 'deleted' as const, user_id: r.userId, nodes_deleted: r.nodes };
}

export const ERASE_ENDPOINTS = [
  endpoint({
    method: 'delete',
    path: `${V1}/users/{user_id}`,
    operationId: 'deleteUser',
    summary: 'Erase a person',
    description: 'Atomically and irreversibly removes everything held for the person, with its audit event.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { params: UserParam },
    responses: { 200: json(EraseResponse, 'Erased.') },
    errors: { '404': 'No memory is held for this person in this tenant.' },
    example: { request: { params: { user_id: USER } }, response: { status: 200, body: { status: 'deleted', user_id: USER, nodes_deleted: 14 } } },
    handler: ({ s, who, ctx, requestId }) => eraseAnswer(s, who, ctx.params.user_id, requestId),
  }),
  endpoint({
    method: 'delete',
    path: `${V1}/memory/v2/users/{user_id}`,
    operationId: 'eraseUser',
    summary: 'Erase a person (person controls)',
    description: 'The same erase as DELETE /users/{user_id}, also reporting relationships; errors are sentences.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { params: UserParam },
    responses: { 200: json(EraseV2Response, 'Erased.') },
    errors: { '404': 'No memory is held for this person in this tenant.' },
    example: {
      request: { params: { user_id: USER } },
      response: { status: 200, body: { status: 'deleted', user_id: USER, nodes_deleted: 14, edges_deleted: 21 } },
    },
    async handler({ s, who, ctx, requestId }) {
      const r = await erase(s, who, ctx.params.user_id, requestId);
      return { status: 'deleted' as const, user_id: r.userId, nodes_deleted: r.nodes, edges_deleted: r.edges };
    },
  }),
];
