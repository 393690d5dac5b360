// v1 person controls under /api/v1/memory/v2 (spec 4.B) and the pre-erasure export GET /api/v1/export/{user_id}.
// Failures answer with an error sentence alone (spec 7.2); the error middleware picks that format by path.
import type { Routes } from '../registrar.js';
import type { Context } from 'koa';
import { z } from 'zod';
import { DELETE_REASONS, REQUESTERS } from '../../controls/controls.js';
import { v1Item } from '../../controls/items.js';
import { parseWith } from '../../http/validate.js';
import type { Principal } from '../../tenants/tenants.js';
import type { Services } from '../context.js';
import { FixLabel, FixText, parseFields, fixHandler, listHandler, nodeIdParam, pageQuery, pinHandlers, suppressionHandlers } from '../controlInput.js';
import { UserId } from '../schemas.js';

export const FixItemRequest = z.object({ user_id: UserId, sentence: FixText, about: FixLabel.optional() });
export const DeleteItemRequest = z.object({
  user_id: UserId,
  reason: z.enum(DELETE_REASONS).default('person_request'),
  requested_by: z.enum(REQUESTERS).default('person'),
});
export const ItemsQuery = pageQuery(50);

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

export function registerControlRoutes(router: Routes, s: Services): void {
  const suppression = suppressionHandlers(s);
  const pins = pinHandlers(s);

  router.get('/memory/v2/items', listHandler(s, { query: ItemsQuery, includeArchived: true, field: 'items', shape: v1Item }));

  router.get('/memory/v2/suppress', suppression.list);
  router.post('/memory/v2/suppress', suppression.add);
  router.delete('/memory/v2/suppress', suppression.lift);
  router.post('/memory/v2/pin', pins.pin);
  router.delete('/memory/v2/pin', pins.unpin);

  router.patch(
    '/memory/v2/nodes/:node_id',
    fixHandler(s, { request: FixItemRequest, change: (i) => ({ summary: i.sentence, topic: i.about }), field: 'item', shape: v1Item }),
  );

  router.delete('/memory/v2/nodes/:node_id', async (ctx) => {
    const nodeId = nodeIdParam(ctx);
    ctx.body = await deleteItemAnswer(s, ctx.state.principal as Principal, nodeId, parseFields(ctx, DeleteItemRequest));
  });

  router.get('/memory/v2/ledger', async (ctx) => {
    const who = ctx.state.principal as Principal;
    const input = parseWith(ItemsQuery, ctx.query, 'query');
    const page = await s.controls.listLedger(who.tenantId, input.user_id, input);
    ctx.body = { user_id: input.user_id, records: page.records.map(ledgerBody), count: page.records.length, next_cursor: page.nextCursor };
  });

  const exportHandler = (userIdOf: (ctx: Context) => unknown) =>
    async function exportPerson(ctx: Context) {
      const who = ctx.state.principal as Principal;
      const userId = parseWith(UserId, userIdOf(ctx), 'user_id');
      ctx.body = await v1Export(s, who.tenantId, userId);
    };
  router.get('/memory/v2/export', exportHandler((ctx) => ctx.query.user_id));
  router.get('/export/:user_id', exportHandler((ctx) => ctx.params.user_id));
}

const ledgerBody = (r: { id: string; nodeId: string; nodeType: string; reason: string; requestedBy: string; at: string }) => ({
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
