// The one router of the service. Every route of the route table (src/contract/routes) is bound here to the
// handler its feature module registered, behind the guard its definition declares: a handler cannot be
// reached without its route's guard, and a route that declares none does not exist.
//
// Paths match exactly as the route table spells them: case-sensitive, no trailing or doubled slash, no
// percent-encoded letters (only path parameters are decoded). Any other spelling is not a route: 404, before
// any guard, body parsing or handler runs.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { ROUTES } from '../contract/routes/index.js';
import type { Security } from '../contract/routes/spec.js';
import { authenticate } from '../http/auth.js';
import { jsonBody } from '../http/body.js';
import { requireAdmin, requireMetricsToken } from '../http/operatorAuth.js';
import { rateLimit } from '../http/rateLimit.js';
import { registerAdminRoutes } from './admin.js';
import { registerDocsRoutes } from './docs.js';
import { registerB2cRoutes } from './b2c/index.js';
import type { Services } from './context.js';
import { registerMcpRoutes } from './mcp.js';
import { registerOpenapiRoutes } from './openapi.js';
import { registerOpsRoutes } from './ops.js';
import { Routes, type Registered } from './registrar.js';
import { registerV1Routes } from './v1/index.js';

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

/** Every handler the feature modules register, by method and Koa path. */
export function registeredHandlers(s: Services): Registered[] {
  const routes = new Routes();
  registerV1Routes(routes.under('/api/v1'), s);
  registerB2cRoutes(routes.under('/api/b2c/memory'), s);
  registerMcpRoutes(routes.under('/mcp'), s);
  registerAdminRoutes(routes.under('/admin'), s);
  registerOpsRoutes(routes, s);
  registerOpenapiRoutes(routes, s);
  registerDocsRoutes(routes, s);
  return routes.registered;
}

export function buildRouter(s: Services): Router {
  const handlers = new Map(registeredHandlers(s).map((r) => [`${r.method} ${r.path}`, r.handler]));
  const guardOf = guards(s);
  // Bodies are parsed after the guard: an unauthenticated request costs no parsing.
  const body = jsonBody(s.config.BODY_LIMIT_BYTES) as Middleware;
  const router = new Router({ sensitive: true, strict: true });
  for (const spec of ROUTES) {
    const path = koaPath(spec.path);
    const handler = handlers.get(`${spec.method} ${path}`);
    if (!handler) throw new Error(`route ${spec.operationId} (${spec.method.toUpperCase()} ${spec.path}) has no handler`);
    handlers.delete(`${spec.method} ${path}`);
    router.register(path, [spec.method], [...guardOf[spec.security], body, handler as Middleware], { name: spec.operationId });
  }
  if (handlers.size) throw new Error(`handlers without a route definition: ${[...handlers.keys()].join(', ')}`);
  return router;
}
