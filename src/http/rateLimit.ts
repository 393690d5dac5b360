// Rate limits per key and tier (spec 8.1): X-RateLimit-* on every response, 429 RATE_LIMITED with Retry-After.
import type { Context, Next } from 'koa';
import { AppError } from './errors.js';
import type { Principal } from '../tenants/tenants.js';
import type { UsageMeter } from '../tenants/usage.js';

export function rateLimit(meter: UsageMeter) {
  return async function limitRate(ctx: Context, next: Next) {
    const p = ctx.state.principal as Principal;
    const d = await meter.take(p.keyId, p.tenantId, p.limits.rateLimitRpm, p.limits.rateLimitDaily);
    ctx.set('X-RateLimit-Limit', String(d.limit));
    ctx.set('X-RateLimit-Remaining', String(d.remaining));
    ctx.set('X-RateLimit-Reset', String(d.reset));
    if (!d.allowed)
      throw new AppError(429, 'RATE_LIMITED', `Rate limit of ${d.limit} requests exceeded; retry after ${d.retryAfter} seconds.`, {
        'Retry-After': String(d.retryAfter),
      });
    await next();
  };
}
