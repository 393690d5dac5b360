// Koa composition: cross-cutting middleware at the top, one error handler, then one guard and router per route set.
import Koa, { type Context, type Next } from 'koa';
import { authenticate } from './http/auth.js';
import { jsonBody } from './http/body.js';
import { errorHandler } from './http/errorHandler.js';
import { rateLimit } from './http/rateLimit.js';
import { requestContext } from './http/requestContext.js';
import { adminRouter } from './routes/admin.js';
import { mcpRouter } from './routes/mcp.js';
import { b2cRouter } from './routes/b2c/index.js';
import type { Services } from './routes/context.js';
import { opsRouter } from './routes/ops.js';
import { B2C_PUBLIC_PATHS, openapiRouter } from './routes/openapi.js';
import { V1_PUBLIC_PATHS, v1Router } from './routes/v1/index.js';
import type { RouteSet } from './tenants/keys.js';

/** Every path under a route set's prefix needs that set's key (except the public v1 paths), known route or not. */
function guard(prefix: string, routeSet: RouteSet, s: Services, publicPaths: ReadonlySet<string> = new Set()) {
  const auth = authenticate(routeSet, s.tenants, s.clock);
  const limit = rateLimit(s.usage);
  return async function guardRouteSet(ctx: Context, next: Next) {
    const inside = ctx.path === prefix || ctx.path.startsWith(prefix + '/');
    if (!inside || publicPaths.has(ctx.path.replace(/\/+$/, ''))) return next();
    await auth(ctx, () => limit(ctx, next));
  };
}

export function buildApp(s: Services): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true; // errors are logged by errorHandler, once, without request content

  app.use(requestContext(s.log));
  app.use(s.metrics.middleware());
  app.use(errorHandler(s.log));
  app.use(jsonBody(s.config.BODY_LIMIT_BYTES));
  app.use(guard('/api/v1', 'v1', s, V1_PUBLIC_PATHS));
  app.use(guard('/api/b2c/memory', 'b2c', s, B2C_PUBLIC_PATHS));
  app.use(guard('/mcp', 'v1', s)); // MCP over SSE and HTTP: a v1 key in X-API-Key (spec 5.3)

  for (const router of [v1Router(s), b2cRouter(s), mcpRouter(s), adminRouter(s), opsRouter(s), openapiRouter(s)]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }
  return app;
}
