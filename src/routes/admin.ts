// Operator routes under /admin. Their definitions declare adminToken (src/http/operatorAuth.ts): without
// ADMIN_TOKEN configured they are closed. Errors use the v1 format.
import { z } from 'zod';
import { listAuditEvents, type AuditAction } from '../controls/audit.js';
import { AppError } from '../http/errors.js';
import { parseBody, parseWith } from '../http/validate.js';
import { ROUTE_SETS } from '../tenants/keys.js';
import { TIERS, limitsBody } from '../tenants/tiers.js';
import type { Services } from './context.js';
import type { Routes } from './registrar.js';
import { UserId } from './schemas.js';

export const CreateKeyRequest = z
  .object({
    route_set: z.enum(ROUTE_SETS),
    tenant_id: z.uuid().optional(),
    tenant_name: z.string().trim().min(1).max(200).optional(),
    tier: z.enum(TIERS).default('starter'),
    label: z.string().trim().min(1).max(100).optional(),
  })
  .refine((b) => b.tenant_id !== undefined || b.tenant_name !== undefined, {
    message: 'give tenant_id (add a key to a tenant) or tenant_name (create a tenant)',
    path: ['tenant_name'],
  });

const positive = z.number().int().min(1).max(100_000_000).nullable();
export const UpdateTenantRequest = z.object({
  tier: z.enum(TIERS).optional(),
  status: z.enum(['trial_active', 'active', 'suspended']).optional(),
  trial_ends: z.iso.datetime({ offset: true }).nullable().optional(),
  limits: z
    .object({ max_users: positive.optional(), max_nodes_per_user: positive.optional(), rate_limit_rpm: positive.optional(), rate_limit_daily: positive.optional() })
    .strict()
    .optional(),
}).strict();

export const IdParam = z.uuid('must be a UUID');

const AUDIT_ACTIONS = ['node_deleted', 'user_erased', 'erase_requested', 'erase_completed'] as const satisfies readonly AuditAction[];
export const AUDIT_PAGE_MAX = 500;

/** GET /admin/audit query string: one tenant, optionally one person and one action, newest first, paged by time. */
export const AuditQuery = z
  .object({
    tenant_id: z.uuid('must be a UUID'),
    user_id: UserId.optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    limit: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'must be at least 1').max(AUDIT_PAGE_MAX, `must be at most ${AUDIT_PAGE_MAX}`))
      .default(100),
    before: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time, e.g. the next_before of the previous page' }).optional(),
    before_id: z.uuid('must be an event id (UUID), the next_before_id of the previous page').optional(),
  })
  .strict()
  .refine((q) => q.before_id === undefined || q.before !== undefined, { message: 'needs before as well', path: ['before_id'] });

export function registerAdminRoutes(router: Routes, s: Services): void {
  router.post('/keys', async (ctx) => {
    const body = parseBody(ctx, CreateKeyRequest);
    let issued;
    if (body.tenant_id) {
      const tenant = await s.tenants.getById(body.tenant_id);
      if (tenant.routeSet !== body.route_set)
        throw new AppError(400, 'INVALID_REQUEST', `Tenant ${body.tenant_id} belongs to the ${tenant.routeSet} route set; keys of one tenant serve one route set.`);
      issued = { ...(await s.tenants.addKey(body.tenant_id, body.route_set, body.label)), tier: tenant.tier };
    } else {
      issued = { ...(await s.tenants.createTenant({ name: body.tenant_name!, routeSet: body.route_set, tier: body.tier, keyLabel: body.label })), tier: body.tier };
    }
    ctx.status = 201;
    ctx.body = {
      key_id: issued.keyId,
      api_key: issued.apiKey,
      key_prefix: issued.keyPrefix,
      tenant_id: issued.tenantId,
      route_set: body.route_set,
      tier: issued.tier,
      created_at: issued.createdAt,
    };
  });

  router.delete('/keys/:key_id', async (ctx) => {
    const keyId = parseWith(IdParam, ctx.params.key_id, 'key_id');
    const revoked = await s.tenants.revokeKey(keyId);
    ctx.body = { key_id: revoked.keyId, tenant_id: revoked.tenantId, status: 'revoked', revoked_at: revoked.revokedAt };
  });

  router.get('/tenants/:tenant_id', async (ctx) => {
    const tenantId = parseWith(IdParam, ctx.params.tenant_id, 'tenant_id');
    ctx.body = tenantBody(await s.tenants.getById(tenantId));
  });

  router.patch('/tenants/:tenant_id', async (ctx) => {
    const tenantId = parseWith(IdParam, ctx.params.tenant_id, 'tenant_id');
    const body = parseBody(ctx, UpdateTenantRequest);
    await s.tenants.save(tenantId, {
      tier: body.tier,
      status: body.status,
      trialEnds: body.trial_ends,
      maxUsers: body.limits?.max_users,
      maxNodesPerUser: body.limits?.max_nodes_per_user,
      rateLimitRpm: body.limits?.rate_limit_rpm,
      rateLimitDaily: body.limits?.rate_limit_daily,
    });
    ctx.body = tenantBody(await s.tenants.getById(tenantId));
  });

  // The compliance audit log of one tenant (spec 2.8): ids, counts, requester and time of every deletion.
  router.get('/audit', async (ctx) => {
    const q = parseWith(AuditQuery, { ...ctx.query }, 'query');
    await s.tenants.getById(q.tenant_id); // 404 for an unknown tenant, rather than an empty log
    const { events, more } = await listAuditEvents(
      s.graph,
      { tenantId: q.tenant_id, userId: q.user_id, action: q.action, before: q.before, beforeId: q.before_id, limit: q.limit },
      ctx.state.requestId,
    );
    ctx.body = {
      tenant_id: q.tenant_id,
      events: events.map((e) => ({
        event_id: e.id,
        user_id: e.userId,
        route_set: e.routeSet,
        action: e.action,
        node_ids: e.nodeIds,
        requested_by: e.requestedBy,
        at: e.at,
        nodes: e.nodes,
        edges: e.edges,
      })),
      count: events.length,
      // The cursor of the next page (null on the last): send both back as before and before_id.
      next_before: more ? events[events.length - 1]!.at : null,
      next_before_id: more ? events[events.length - 1]!.id : null,
    };
  });
}

function tenantBody(t: Awaited<ReturnType<Services['tenants']['getById']>>) {
  return {
    tenant_id: t.id,
    name: t.name,
    route_set: t.routeSet,
    tier: t.tier,
    status: t.status,
    created_at: t.createdAt,
    trial_ends: t.trialEnds ?? null,
    limits: limitsBody(t.limits),
    keys: t.keys.map((k) => ({ key_id: k.id, key_prefix: k.prefix, label: k.label, created_at: k.createdAt, revoked_at: k.revokedAt ?? null })),
  };
}
