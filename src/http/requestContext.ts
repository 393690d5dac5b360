// Request ids, security headers and one access-log line per request (route pattern, never the raw path,
// body or key: paths carry user ids and bodies carry what people said).
import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../log.js';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/**
 * The route pattern @koa/router matched (e.g. /api/v1/nodes/:node_id), for logs and metrics labels: only the
 * route table's patterns, and one label for everything else, so no request can add a series or show its path.
 */
export function routeOf(ctx: Context): string {
  return (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
}

export function requestContext(log: Logger) {
  return async function withRequestContext(ctx: Context, next: Next) {
    const started = performance.now();
    const incoming = ctx.get('X-Request-Id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    ctx.set(SECURITY_HEADERS);
    try {
      await next();
    } finally {
      log.http('request', {
        requestId,
        method: ctx.method,
        route: routeOf(ctx),
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        tenantId: ctx.state.principal?.tenantId,
      });
    }
  };
}
