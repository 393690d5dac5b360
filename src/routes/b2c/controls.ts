// b2c person controls (spec 4.D): list, suppress, pin, fix, delete one memory, export. Archived memories are
// left out of the list and the export; a single delete removes the memory and its links and writes no ledger.
import type { Routes } from '../registrar.js';
import { z } from 'zod';
import { b2cNode } from '../../controls/items.js';
import { parseWith } from '../../http/validate.js';
import type { Principal } from '../../tenants/tenants.js';
import type { Services } from '../context.js';
import { FixLabel, FixText, UserQuery, parseFields, fixHandler, listHandler, nodeIdParam, pageQuery, pinHandlers, suppressionHandlers } from '../controlInput.js';
import { UserId } from '../schemas.js';

export const FixNodeRequest = z.object({ user_id: UserId, summary: FixText, topic: FixLabel.optional() });
/** The first page is what a caller gets without asking for more (spec 4.D). */
export const NodesQuery = pageQuery(20);

export function registerB2cControlRoutes(router: Routes, s: Services): void {
  const suppression = suppressionHandlers(s);
  const pins = pinHandlers(s);

  router.get('/nodes', listHandler(s, { query: NodesQuery, includeArchived: false, field: 'nodes', shape: b2cNode }));

  router.get('/suppress', suppression.list);
  router.post('/suppress', suppression.add);
  router.delete('/suppress', suppression.lift);
  router.post('/pin', pins.pin);
  router.delete('/pin', pins.unpin);

  router.patch(
    '/nodes/:node_id',
    fixHandler(s, { request: FixNodeRequest, change: (i) => ({ summary: i.summary, topic: i.topic }), field: 'node', shape: b2cNode }),
  );

  router.delete('/nodes/:node_id', async (ctx) => {
    const who = ctx.state.principal as Principal;
    const nodeId = nodeIdParam(ctx);
    const input = parseFields(ctx, UserQuery);
    const done = await s.controls.deleteById(who, input.user_id, nodeId);
    ctx.body = { status: 'deleted', user_id: input.user_id, node_id: nodeId, links_removed: done.edges };
  });

  // The person's memories as JSON: archived ones and copies of what was said are left out.
  router.post('/users/:user_id/export', async (ctx) => {
    const who = ctx.state.principal as Principal;
    const userId = parseWith(UserId, ctx.params.user_id, 'user_id');
    const [memories, suppressed, decay] = await Promise.all([
      s.controls.listAllByOwner(who.tenantId, userId, false),
      s.controls.listSuppressions(who.tenantId, userId),
      s.controls.decayOf(who.tenantId),
    ]);
    const now = s.clock();
    ctx.body = {
      user_id: userId,
      exported_at: new Date(now).toISOString(),
      nodes: memories.map((m) => b2cNode(m, decay, now)),
      suppressed_topics: suppressed,
      count: memories.length,
    };
  });
}
