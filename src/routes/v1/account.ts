// v1 account routes: trial signup, health and readiness, usage statistics (spec 4.A).
import { z } from 'zod';
import { trialDaysRemaining } from '../../http/auth.js';
import { neo4jLatencyMs, tenantGraphStats } from '../../stats/tenantStats.js';
import { TIERS, limitsBody } from '../../tenants/tiers.js';
import { version } from '../../version.js';
import { V1, answer, endpoint, json } from '../endpoint.js';
import { LIMITS, TENANT } from '../examples.js';
import { Count, Limits, Time, Unit, Uuid, named } from '../responses.js';

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export const SignupRequest = z.object({
  company_name: text(200),
  email: z.string().trim().max(254, 'must be at most 254 characters').pipe(z.email('must be an email address')),
  name: text(200),
});

export const SignupResponse = named(
  'SignupResponse',
  'A new 30-day trial tenant; the api_key is shown this once.',
  z.strictObject({
    status: z.literal('trial_active'),
    tenant_id: Uuid,
    api_key: z.string(),
    trial_ends: Time,
    limits: Limits,
    quickstart: z.url(),
    base_url: z.url(),
  }),
);

export const HealthResponse = named(
  'HealthResponse',
  'Liveness: the process answers.',
  z.strictObject({ status: z.literal('ok'), version: z.string() }),
);

export const ReadyResponse = named(
  'ReadyResponse',
  'Readiness: Neo4j answers a trivial query within a second.',
  z.strictObject({
    status: z.literal('ready'),
    version: z.string(),
    neo4j: z.strictObject({ reachable: z.literal(true), latency_ms: z.number().min(0) }),
  }),
);

export const UnavailableResponse = named(
  'UnavailableResponse',
  'Not ready: Neo4j cannot be reached.',
  z.strictObject({ status: z.literal('unavailable'), version: z.string(), neo4j: z.strictObject({ reachable: z.literal(false) }) }),
);

export const StatsResponse = named(
  'StatsResponse',
  "The tenant's usage.",
  z.strictObject({
    tier: z.enum(TIERS),
    trial: z.strictObject({ trial_ends: Time.nullable(), days_remaining: Count.nullable() }),
    users: z.strictObject({ total: Count, limit: Count }),
    memory_nodes: z.strictObject({ total: Count, avg_salience: Unit, high_salience: Count }),
    api_calls: z.strictObject({ today: Count, this_month: Count, rpm_limit: Count, daily_limit: Count }),
  }),
);

export const ACCOUNT_ENDPOINTS = [
  endpoint({
    method: 'post',
    path: `${V1}/trial/signup`,
    operationId: 'signup',
    summary: 'Start a 30-day trial',
    description: 'Creates a trial tenant with one v1 key. The key is in this answer only. No key needed.',
    tag: 'Account',
    security: 'public',
    request: { body: SignupRequest },
    responses: { 201: json(SignupResponse, 'The trial tenant and its key (shown once).') },
    errors: { '409': 'The email is already registered.' },
    example: {
      request: { body: { company_name: 'Acme', email: 'dev@acme.example', name: 'Ada' } },
      response: {
        status: 201,
        body: {
          status: 'trial_active',
          tenant_id: TENANT,
          api_key: 'mm_v1_Zk3q9A4bLr0sTn2cV5xWm8yQe1uPo7iDh6gFj3kHa9s',
          trial_ends: '2026-12-22T10:15:00.000Z',
          limits: LIMITS,
          quickstart: 'http://localhost:8080/docs/quickstart',
          base_url: 'http://localhost:8080/api/v1',
        },
      },
    },
    async handler({ ctx, s, body }) {
      const input = body();
      const issued = await s.tenants.createTenant({
        name: input.company_name,
        routeSet: 'v1',
        tier: 'trial',
        signup: { email: input.email, companyName: input.company_name, contactName: input.name },
      });
      const limits = (await s.tenants.getById(issued.tenantId)).limits;
      ctx.set('X-Trial-Days-Remaining', String(trialDaysRemaining(issued.trialEnds!, s.clock())));
      return {
        status: issued.status as 'trial_active',
        tenant_id: issued.tenantId,
        api_key: issued.apiKey,
        trial_ends: issued.trialEnds!,
        limits: limitsBody(limits),
        quickstart: `${s.config.publicUrl}/docs/quickstart`,
        base_url: `${s.config.publicUrl}/api/v1`,
      };
    },
  }),
  // Liveness: the process answers. It does not touch Neo4j, so a database outage does not restart the service.
  endpoint({
    method: 'get',
    path: `${V1}/health`,
    operationId: 'health',
    summary: 'Liveness',
    description: 'The process answers; Neo4j is not touched. No key needed.',
    tag: 'Account',
    security: 'public',
    request: {},
    responses: { 200: json(HealthResponse, 'Alive.') },
    example: { response: { status: 200, body: { status: 'ok', version: '0.1.0' } } },
    handler: () => ({ status: 'ok' as const, version }),
  }),
  // Readiness: Neo4j answers a trivial query within a second.
  endpoint({
    method: 'get',
    path: `${V1}/health/ready`,
    operationId: 'ready',
    summary: 'Readiness',
    description: 'Neo4j answers a trivial query within a second. No key needed.',
    tag: 'Account',
    security: 'public',
    request: {},
    responses: {
      200: json(ReadyResponse, 'Ready.'),
      503: json(UnavailableResponse, 'Neo4j cannot be reached.'),
    },
    example: { response: { status: 200, body: { status: 'ready', version: '0.1.0', neo4j: { reachable: true, latency_ms: 1.4 } } } },
    async handler({ s, requestId }) {
      const latency = await neo4jLatencyMs(s.graph, 1000, requestId);
      return latency === null
        ? answer(503, { status: 'unavailable' as const, version, neo4j: { reachable: false as const } })
        : answer(200, { status: 'ready' as const, version, neo4j: { reachable: true as const, latency_ms: latency } });
    },
  }),
  endpoint({
    method: 'get',
    path: `${V1}/stats`,
    operationId: 'stats',
    summary: 'Usage and limits of the tenant',
    description: 'Tier, trial, users, memory nodes and API calls today and this month.',
    tag: 'Account',
    security: 'v1Key',
    request: {},
    responses: { 200: json(StatsResponse, 'Usage.') },
    example: {
      response: {
        status: 200,
        body: {
          tier: 'trial',
          trial: { trial_ends: '2026-12-22T10:15:00.000Z', days_remaining: 30 },
          users: { total: 3, limit: 25 },
          memory_nodes: { total: 42, avg_salience: 0.412, high_salience: 6 },
          api_calls: { today: 17, this_month: 230, rpm_limit: 60, daily_limit: 10000 },
        },
      },
    },
    async handler({ s, who, requestId }) {
      const [row, calls] = await Promise.all([tenantGraphStats(s.graph, who.tenantId, requestId), s.usage.tenantCalls(who.tenantId)]);
      return {
        tier: who.tier,
        trial: who.trialEnds
          ? { trial_ends: who.trialEnds, days_remaining: trialDaysRemaining(who.trialEnds, s.clock()) }
          : { trial_ends: null, days_remaining: null },
        users: { total: row.users, limit: who.limits.maxUsers },
        memory_nodes: {
          total: row.memories,
          avg_salience: row.avgSalience === null ? 0 : Math.round(row.avgSalience * 1000) / 1000,
          high_salience: row.highSalience,
        },
        api_calls: { today: calls.today, this_month: calls.thisMonth, rpm_limit: who.limits.rateLimitRpm, daily_limit: who.limits.rateLimitDaily },
      };
    },
  }),
];
