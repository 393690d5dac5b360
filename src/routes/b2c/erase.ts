// b2c erase of a person (spec 4.D): DELETE /users/{id} answers at once with a request id once the deletion record
// is open; the background eraser does the work. GET /users/{id}/deletion reads the record: ids, counts and times,
// no personal content.
import type { Routes } from '../registrar.js';
import { z } from 'zod';
import type { DeletionView } from '../../controls/erasure.js';
import { notFound } from '../../http/errors.js';
import { parseWith } from '../../http/validate.js';
import type { Services } from '../context.js';
import { UserId } from '../schemas.js';

export const RequestId = z.uuid();

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

export function registerB2cEraseRoutes(router: Routes, s: Services): void {
  // 202 whether the erase was opened now or was already open (then with that erase's id and status).
  router.delete('/users/:user_id', async (ctx) => {
    const userId = parseWith(UserId, ctx.params.user_id, 'user_id');
    const opened = await s.erasure.request(ctx.state.principal, userId, ctx.state.requestId);
    if (!opened) throw notFound(`No memory is held for user ${userId}.`);
    const d = opened.record;
    ctx.status = 202;
    ctx.body = { request_id: d.id, user_id: d.userId, status: d.status, requested_at: d.requestedAt };
  });

  router.get('/users/:user_id/deletion', async (ctx) => {
    const userId = parseWith(UserId, ctx.params.user_id, 'user_id');
    const asked = ctx.query.request_id;
    if (asked !== undefined) {
      // A malformed id cannot name a record: the same 404 as an unknown one.
      const requestId = RequestId.safeParse(asked);
      if (!requestId.success) throw notFound(`No deletion request ${String(asked)} for user ${userId}.`);
      const d = await s.erasure.deletion(ctx.state.principal.tenantId, userId, requestId.data);
      if (!d) throw notFound(`No deletion request ${requestId.data} for user ${userId}.`);
      ctx.body = deletionBody(d);
      return;
    }
    const d = await s.erasure.deletion(ctx.state.principal.tenantId, userId);
    if (!d) throw notFound(`No deletion has been requested for user ${userId}.`);
    ctx.body = deletionBody(d);
  });
}
