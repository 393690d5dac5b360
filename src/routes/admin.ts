// Operator routes under /admin. Their definitions declare adminToken (src/http/operatorAuth.ts): without
// ADMIN_TOKEN configured they are closed. Errors use the v1 format.
import { z } from 'zod';
import { listAuditEvents, type AuditAction } from '../controls/audit.js';
import { AppError } from '../http/errors.js';
import { ROUTE_SETS } from '../tenants/keys.js';
import type { IssuedKey } from '../tenants/tenants.js';
import { TIERS, type Tier, limitsBody } from '../tenants/tiers.js';
import type { Services } from './context.js';
import { endpoint, json } from './endpoint.js';
import { EVENT, KEY_ID, NODE, T0, T1, TENANT, TENANT_BODY, USER } from './examples.js';
import { Count, Limits, Time, Uuid, named } from './responses.js';
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
export const UpdateTenantRequest = z
  .object({
    tier: z.enum(TIERS).optional(),
    status: z.enum(['trial_active', 'active', 'suspended']).optional(),
    trial_ends: z.iso.datetime({ offset: true }).nullable().optional(),
    limits: z
      .object({
        max_users: positive.optional(),
        max_nodes_per_user: positive.optional(),
        rate_limit_rpm: positive.optional(),
        rate_limit_daily: positive.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const IdParam = z.uuid('must be a UUID');
export const AdminKeyParam = z.object({ key_id: IdParam });
export const TenantParam = z.object({ tenant_id: IdParam });

export const CreateKeyResponse = named(
  'CreateKeyResponse',
  'A new key (and tenant); the api_key is shown this once.',
  z.strictObject({
    key_id: Uuid,
    api_key: z.string(),
    key_prefix: z.string(),
    tenant_id: Uuid,
    route_set: z.enum(ROUTE_SETS),
    tier: z.enum(TIERS),
    created_at: Time,
  }),
);

export const RevokeKeyResponse = named(
  'RevokeKeyResponse',
  'The key no longer authenticates.',
  z.strictObject({ key_id: Uuid, tenant_id: Uuid, status: z.literal('revoked'), revoked_at: Time }),
);

export const TenantResponse = named(
  'TenantResponse',
  'A tenant, its limits and its keys (never the keys themselves).',
  z.strictObject({
    tenant_id: Uuid,
    name: z.string(),
    route_set: z.enum(ROUTE_SETS),
    tier: z.enum(TIERS),
    status: z.enum(['trial_active', 'active', 'suspended']),
    created_at: Time,
    trial_ends: Time.nullable(),
    limits: Limits,
    keys: z.array(
      z.strictObject({ key_id: Uuid, key_prefix: z.string(), label: z.string().nullable(), created_at: Time, revoked_at: Time.nullable() }),
    ),
  }),
);

const AUDIT_ACTIONS = ['node_deleted', 'user_erased', 'erase_requested', 'erase_completed'] as const satisfies readonly AuditAction[];
export const AUDIT_PAGE_MAX = 500;

export const AuditResponse = named(
  'AuditResponse',
  "A page of one tenant's audit log, newest first: ids, counts, requester and time, never content.",
  z.strictObject({
    tenant_id: Uuid,
    events: z.array(
      z.strictObject({
        event_id: Uuid,
        user_id: z.string().nullable(),
        route_set: z.enum(ROUTE_SETS).nullable(),
        action: z.enum(AUDIT_ACTIONS),
        node_ids: z.array(z.string()),
        requested_by: z.string().nullable(),
        at: Time,
        nodes: Count,
        edges: Count,
      }),
    ),
    count: Count,
    next_before: Time.nullable(),
    next_before_id: Uuid.nullable(),
  }),
);

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

export const ADMIN_ENDPOINTS = [
  endpoint({
    method: 'post',
    path: '/admin/keys',
    operationId: 'adminCreateKey',
    summary: 'Create a tenant with a key, or add a key to a tenant',
    description: '{route_set, tenant_name, tier?, label?} creates a tenant; {route_set, tenant_id, label?} adds a key to it.',
    tag: 'Admin',
    security: 'adminToken',
    request: { body: CreateKeyRequest },
    responses: { 201: json(CreateKeyResponse, 'The key (shown once).') },
    errors: { '404': 'No such tenant.' },
    example: {
      request: { body: { route_set: 'b2c', tenant_name: 'Acme mobile', tier: 'scale' } },
      response: {
        status: 201,
        body: {
          key_id: KEY_ID,
          api_key: 'mm_b2c_Zk3q9A4bLr0sTn2cV5xWm8yQe1uPo7iDh6gFj3kHa9s',
          key_prefix: 'mm_b2c_Zk3q9A',
          tenant_id: TENANT,
          route_set: 'b2c',
          tier: 'scale',
          created_at: T0,
        },
      },
    },
    async handler({ s, body }) {
      const input = body();
      let issued: IssuedKey & { tier: Tier };
      if (input.tenant_id) {
        const tenant = await s.tenants.getById(input.tenant_id);
        if (tenant.routeSet !== input.route_set)
          throw new AppError(
            400,
            'INVALID_REQUEST',
            `Tenant ${input.tenant_id} belongs to the ${tenant.routeSet} route set; keys of one tenant serve one route set.`,
          );
        issued = { ...(await s.tenants.addKey(input.tenant_id, input.route_set, input.label)), tier: tenant.tier };
      } else {
        issued = {
          ...(await s.tenants.createTenant({ name: input.tenant_name!, routeSet: input.route_set, tier: input.tier, keyLabel: input.label })),
          tier: input.tier,
        };
      }
      return {
        key_id: issued.keyId,
        api_key: issued.apiKey,
        key_prefix: issued.keyPrefix,
        tenant_id: issued.tenantId,
        route_set: input.route_set,
        tier: issued.tier,
        created_at: issued.createdAt,
      };
    },
  }),
  endpoint({
    method: 'delete',
    path: '/admin/keys/{key_id}',
    operationId: 'adminRevokeKey',
    summary: 'Revoke a key',
    description: 'Immediate on this replica, within KEY_CACHE_TTL_MS elsewhere.',
    tag: 'Admin',
    security: 'adminToken',
    request: { params: AdminKeyParam },
    responses: { 200: json(RevokeKeyResponse, 'Revoked.') },
    errors: { '404': 'No such key.' },
    example: {
      request: { params: { key_id: KEY_ID } },
      response: { status: 200, body: { key_id: KEY_ID, tenant_id: TENANT, status: 'revoked', revoked_at: T1 } },
    },
    async handler({ s, param }) {
      const revoked = await s.tenants.revokeKey(param('key_id'));
      return { key_id: revoked.keyId, tenant_id: revoked.tenantId, status: 'revoked' as const, revoked_at: revoked.revokedAt };
    },
  }),
  endpoint({
    method: 'get',
    path: '/admin/tenants/{tenant_id}',
    operationId: 'adminTenant',
    summary: 'A tenant',
    description: 'Tier, status, trial, limits and keys (prefixes only).',
    tag: 'Admin',
    security: 'adminToken',
    request: { params: TenantParam },
    responses: { 200: json(TenantResponse, 'The tenant.') },
    errors: { '404': 'No such tenant.' },
    example: { request: { params: { tenant_id: TENANT } }, response: { status: 200, body: TENANT_BODY } },
    handler: async ({ s, param }) => tenantBody(await s.tenants.getById(param('tenant_id'))),
  }),
  endpoint({
    method: 'patch',
    path: '/admin/tenants/{tenant_id}',
    operationId: 'adminUpdateTenant',
    summary: 'Change a tenant',
    description: "Any of tier, status, trial_ends and limits; a limit set to null returns to the tier's value.",
    tag: 'Admin',
    security: 'adminToken',
    request: { params: TenantParam, body: UpdateTenantRequest },
    responses: { 200: json(TenantResponse, 'The tenant as it is now.') },
    errors: { '404': 'No such tenant.' },
    example: {
      request: { params: { tenant_id: TENANT }, body: { limits: { rate_limit_rpm: 600 } } },
      response: { status: 200, body: { ...TENANT_BODY, limits: { ...TENANT_BODY.limits, rate_limit_rpm: 600 } } },
    },
    async handler({ s, param, body }) {
      const tenantId = param('tenant_id');
      const input = body();
      await s.tenants.save(tenantId, {
        tier: input.tier,
        status: input.status,
        trialEnds: input.trial_ends,
        maxUsers: input.limits?.max_users,
        maxNodesPerUser: input.limits?.max_nodes_per_user,
        rateLimitRpm: input.limits?.rate_limit_rpm,
        rateLimitDaily: input.limits?.rate_limit_daily,
      });
      return tenantBody(await s.tenants.getById(tenantId));
    },
  }),
  // The compliance audit log of one tenant (spec 2.8): ids, counts, requester and time of every deletion.
  endpoint({
    method: 'get',
    path: '/admin/audit',
    operationId: 'adminAudit',
    summary: "A tenant's audit log",
    description: 'Newest first; optionally one person and one action; page with next_before and next_before_id sent back as before and before_id.',
    tag: 'Admin',
    security: 'adminToken',
    request: { query: AuditQuery },
    responses: { 200: json(AuditResponse, 'A page of events.') },
    errors: { '404': 'No such tenant.' },
    example: {
      request: { query: { tenant_id: TENANT, limit: '100' } },
      response: {
        status: 200,
        body: {
          tenant_id: TENANT,
          events: [
            {
              event_id: EVENT,
              user_id: USER,
              route_set: 'v1',
              action: 'node_deleted',
              node_ids: [NODE],
              requested_by: `key:${KEY_ID}`,
              at: T0,
              nodes: 1,
              edges: 3,
            },
          ],
          count: 1,
          next_before: null,
          next_before_id: null,
        },
      },
    },
    async handler({ s, requestId, query }) {
      const q = query();
      await s.tenants.getById(q.tenant_id); // 404 for an unknown tenant, rather than an empty log
      const { events, more } = await listAuditEvents(
        s.graph,
        { tenantId: q.tenant_id, userId: q.user_id, action: q.action, before: q.before, beforeId: q.before_id, limit: q.limit },
        requestId,
      );
      return {
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
    },
  }),
];

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
