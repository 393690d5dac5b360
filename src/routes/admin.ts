// Operator routes under /admin, authorised by ADMIN_TOKEN (Authorization: Bearer or X-Admin-Token).
// Without ADMIN_TOKEN configured they are closed. Errors use the v1 format.
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { AppError, forbidden, unauthorized } from '../http/errors.js';
import { parseBody, parseWith } from '../http/validate.js';
import { ROUTE_SETS, secretsEqual } from '../tenants/keys.js';
import { TIERS, limitsBody } from '../tenants/tiers.js';
import type { Services } from './context.js';

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

const IdParam = z.uuid('must be a UUID');

function requireAdmin(token: string | undefined) {
  return async function checkAdminToken(ctx: Context, next: Next) {
    if (!token) throw forbidden('The admin API is disabled: set ADMIN_TOKEN to enable it.');
    const given = ctx.get('X-Admin-Token') || /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1] || '';
    if (!given) throw unauthorized('An admin token is required in the Authorization: Bearer header or the X-Admin-Token header.');
    if (!secretsEqual(given, token)) throw unauthorized('The admin token is not recognised.');
    await next();
  };
}

export function adminRouter(s: Services): Router {
  const router = new Router({ prefix: '/admin' });
  router.use(requireAdmin(s.config.ADMIN_TOKEN));

  router.post('/keys', async (ctx) => {
    const body = parseBody(ctx, CreateKeyRequest);
    let issued;
    if (body.tenant_id) {
      const tenant = await s.tenants.getTenant(body.tenant_id);
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
    ctx.body = tenantBody(await s.tenants.getTenant(tenantId));
  });

  router.patch('/tenants/:tenant_id', async (ctx) => {
    const tenantId = parseWith(IdParam, ctx.params.tenant_id, 'tenant_id');
    const body = parseBody(ctx, UpdateTenantRequest);
    await s.tenants.updateTenant(tenantId, {
      tier: body.tier,
      status: body.status,
      trialEnds: body.trial_ends,
      maxUsers: body.limits?.max_users,
      maxNodesPerUser: body.limits?.max_nodes_per_user,
      rateLimitRpm: body.limits?.rate_limit_rpm,
      rateLimitDaily: body.limits?.rate_limit_daily,
    });
    ctx.body = tenantBody(await s.tenants.getTenant(tenantId));
  });

  return router;
}

function tenantBody(t: Awaited<ReturnType<Services['tenants']['getTenant']>>) {
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
