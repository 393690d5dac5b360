// The one router of the service. Every endpoint of the route table (src/routes/table.ts) is bound here behind the
// guard its definition declares: a handler cannot be reached without its route's guard, and a route whose
// definition does not exist is not a route.
//
// Paths match exactly as the definitions spell them: case-sensitive, no trailing or doubled slash, no
// percent-encoded letters (only path parameters are decoded). Any other spelling is not a route: 404, before
// any guard, body parsing or handler runs.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { authenticate } from '../http/auth.js';
import { jsonBody } from '../http/body.js';
import { requireAdmin, requireMetricsToken } from '../http/operatorAuth.js';
import { rateLimit } from '../http/rateLimit.js';
import type { Services } from './context.js';
import { koaHandler, type Security } from './endpoint.js';
import { ROUTES } from './table.js';

/** OpenAPI path form to Koa's: /nodes/{node_id} → /nodes/:node_id. */
export const koaPath = (openApiPath: string): string => openApiPath.replace(/\{(\w+)\}/g, ':$1');

function guards(s: Services): Record<Security, Middleware[]> {
  const limit = rateLimit(s.usage) as Middleware;
  return {
    public: [],
    v1Key: [authenticate('v1', s.tenants, s.clock) as Middleware, limit],
    b2cKey: [authenticate('b2c', s.tenants, s.clock) as Middleware, limit],
    adminToken: [requireAdmin(s.config.ADMIN_TOKEN) as Middleware],
    metricsToken: [requireMetricsToken(s.config.METRICS_TOKEN, s.config.ADMIN_TOKEN) as Middleware],
  };
}

export function buildRouter(s: Services): Router {
  const guardOf = guards(s);
  // Bodies are parsed after the guard: an unauthenticated request costs no parsing.
  const body = jsonBody(s.config.BODY_LIMIT_BYTES) as Middleware;
  const router = new Router({ sensitive: true, strict: true });
  const bound = new Set<string>();
  for (const e of ROUTES) {
    const path = koaPath(e.path);
    const key = `${e.method} ${path}`;
    if (bound.has(key)) throw new Error(`${e.method.toUpperCase()} ${e.path} is defined twice`);
    bound.add(key);
    router.register(path, [e.method], [...guardOf[e.security], body, koaHandler(e, s) as Middleware], { name: e.operationId });
  }
  return router;
}
