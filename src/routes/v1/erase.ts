// v1 erase of a person (spec 4.A DELETE /users/{id}, 4.B DELETE /memory/v2/users/{id}): atomic and irreversible,
// one transaction with its audit event. Both routes do the same work; /memory/v2 also reports relationships and
// answers its errors as plain sentences (the error middleware knows the format by path).
import type { Routes } from '../registrar.js';
import type { Principal } from '../../tenants/tenants.js';
import { notFound } from '../../http/errors.js';
import { parseWith } from '../../http/validate.js';
import type { Services } from '../context.js';
import { UserId } from '../schemas.js';

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

export function registerEraseRoutes(router: Routes, s: Services): void {
  router.delete('/users/:user_id', async (ctx) => {
    ctx.body = await eraseAnswer(s, ctx.state.principal, ctx.params.user_id, ctx.state.requestId);
  });

  router.delete('/memory/v2/users/:user_id', async (ctx) => {
    const r = await erase(s, ctx.state.principal, ctx.params.user_id, ctx.state.requestId);
    ctx.body = { status: 'deleted', user_id: r.userId, nodes_deleted: r.nodes, edges_deleted: r.edges };
  });
}
