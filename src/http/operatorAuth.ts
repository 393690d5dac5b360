// Operator tokens: ADMIN_TOKEN for /admin, METRICS_TOKEN (or ADMIN_TOKEN) for /metrics. Either header works:
// Authorization: Bearer <token> or X-Admin-Token. A token that is not configured closes its routes (403).
import type { Context, Next } from 'koa';
import { forbidden, unauthorized } from './errors.js';
import { secretsEqual } from '../tenants/keys.js';

function givenToken(ctx: Context): string {
  return ctx.get('X-Admin-Token') || /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'))?.[1] || '';
}

interface Refusals {
  missing: string;
  unknown: string;
  disabled: string;
}

function requireToken(accepted: ReadonlyArray<string | undefined>, say: Refusals) {
  const tokens = accepted.filter((t): t is string => t !== undefined);
  return async function checkOperatorToken(ctx: Context, next: Next) {
    if (tokens.length === 0) throw forbidden(say.disabled);
    const given = givenToken(ctx);
    if (!given) throw unauthorized(say.missing);
    // Every configured token is compared, so the time taken does not tell which one came close.
    const matches = tokens.map((t) => secretsEqual(given, t));
    if (!matches.includes(true)) throw unauthorized(say.unknown);
    await next();
  };
}

const HEADERS = 'the Authorization: Bearer header or the X-Admin-Token header';

export const requireAdmin = (adminToken: string | undefined) =>
  requireToken([adminToken], {
    missing: `An admin token is required in ${HEADERS}.`,
    unknown: 'The admin token is not recognised.',
    disabled: 'The admin API is disabled: set ADMIN_TOKEN to enable it.',
  });

export const requireMetricsToken = (metricsToken: string | undefined, adminToken: string | undefined) =>
  requireToken([metricsToken, adminToken], {
    missing: `The metrics token (METRICS_TOKEN, or the admin token) is required in ${HEADERS}.`,
    unknown: 'The metrics token is not recognised.',
    disabled: 'Metrics are disabled: set METRICS_TOKEN (or ADMIN_TOKEN) and send it as a bearer token.',
  });
