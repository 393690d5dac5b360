// v1 account routes: trial signup, health and readiness, usage statistics (spec 4.A).
import { z } from 'zod';
import { parseBody } from '../../http/validate.js';
import { trialDaysRemaining } from '../../http/auth.js';
import { neo4jLatencyMs, tenantGraphStats } from '../../stats/tenantStats.js';
import { limitsBody } from '../../tenants/tiers.js';
import type { Principal } from '../../tenants/tenants.js';
import { version } from '../../version.js';
import type { Services } from '../context.js';
import type { Routes } from '../registrar.js';

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export const SignupRequest = z.object({
  company_name: text(200),
  email: z.string().trim().max(254, 'must be at most 254 characters').pipe(z.email('must be an email address')),
  name: text(200),
});

export function registerAccountRoutes(router: Routes, s: Services): void {
  router.post('/trial/signup', async (ctx) => {
    const body = parseBody(ctx, SignupRequest);
    const issued = await s.tenants.createTenant({
      name: body.company_name,
      routeSet: 'v1',
      tier: 'trial',
      signup: { email: body.email, companyName: body.company_name, contactName: body.name },
    });
    const limits = (await s.tenants.getById(issued.tenantId)).limits;
    ctx.set('X-Trial-Days-Remaining', String(trialDaysRemaining(issued.trialEnds!, s.clock())));
    ctx.status = 201;
    ctx.body = {
      status: issued.status,
      tenant_id: issued.tenantId,
      api_key: issued.apiKey,
      trial_ends: issued.trialEnds,
      limits: limitsBody(limits),
      quickstart: `${s.config.publicUrl}/docs/quickstart`,
      base_url: `${s.config.publicUrl}/api/v1`,
    };
  });

  // Liveness: the process answers. It does not touch Neo4j, so a database outage does not restart the service.
  router.get('/health', (ctx) => {
    ctx.body = { status: 'ok', version };
  });

  // Readiness: Neo4j answers a trivial query within a second.
  router.get('/health/ready', async (ctx) => {
    const latency = await neo4jLatencyMs(s.graph, 1000, ctx.state.requestId);
    if (latency === null) {
      ctx.status = 503;
      ctx.body = { status: 'unavailable', version, neo4j: { reachable: false } };
    } else ctx.body = { status: 'ready', version, neo4j: { reachable: true, latency_ms: latency } };
  });

  router.get('/stats', async (ctx) => {
    const p = ctx.state.principal as Principal;
    const [row, calls] = await Promise.all([tenantGraphStats(s.graph, p.tenantId, ctx.state.requestId), s.usage.tenantCalls(p.tenantId)]);
    ctx.body = {
      tier: p.tier,
      trial: p.trialEnds
        ? { trial_ends: p.trialEnds, days_remaining: trialDaysRemaining(p.trialEnds, s.clock()) }
        : { trial_ends: null, days_remaining: null },
      users: { total: row.users, limit: p.limits.maxUsers },
      memory_nodes: {
        total: row.memories,
        avg_salience: row.avgSalience === null ? 0 : Math.round(row.avgSalience * 1000) / 1000,
        high_salience: row.highSalience,
      },
      api_calls: { today: calls.today, this_month: calls.thisMonth, rpm_limit: p.limits.rateLimitRpm, daily_limit: p.limits.rateLimitDaily },
    };
  });
}
