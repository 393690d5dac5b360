// Authentication per route set (spec section 5): v1 takes X-API-Key; b2c takes Authorization: Bearer or
// X-API-Key. A key issued for the other route set is refused exactly like an unknown key.
import type { Context, Next } from 'koa';
import { AppError, forbidden } from './errors.js';
import { routeSetOfKey, type RouteSet } from '../tenants/keys.js';
import type { Principal, TenantService } from '../tenants/tenants.js';

const DAY_MS = 86_400_000;

function keyFrom(ctx: Context, routeSet: RouteSet): string | undefined {
  const header = ctx.get('X-API-Key').trim();
  if (header) return header;
  if (routeSet === 'b2c') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'));
    if (m) return m[1];
  }
  return undefined;
}

function keyFailure(routeSet: RouteSet, message: string): AppError {
  // b2c key failures are a sentence without a code (spec 5.6, 7.2).
  return new AppError(401, 'UNAUTHORIZED', message, { 'WWW-Authenticate': routeSet === 'b2c' ? 'Bearer' : 'ApiKey' }, routeSet === 'b2c');
}

export function trialDaysRemaining(trialEnds: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(trialEnds) - now) / DAY_MS));
}

export function authenticate(routeSet: RouteSet, tenants: TenantService, clock: () => number = Date.now) {
  const where = routeSet === 'b2c' ? 'the Authorization: Bearer header or the X-API-Key header' : 'the X-API-Key header';
  return async function requireKey(ctx: Context, next: Next) {
    const key = keyFrom(ctx, routeSet);
    if (!key) throw keyFailure(routeSet, `An API key is required in ${where}.`);
    if (!routeSetOfKey(key)) throw keyFailure(routeSet, 'The API key is malformed.');
    // A key of the other route set is looked up like any other and refused as unrecognised.
    const principal = routeSetOfKey(key) === routeSet ? await tenants.principalForKey(key) : null;
    if (!principal || principal.routeSet !== routeSet) throw keyFailure(routeSet, 'The API key is not recognised.');
    ctx.state.principal = principal;
    checkStanding(ctx, principal, clock());
    await next();
  };
}

/** Trial header on every trial response; refusal once the trial ended or the tenant was suspended. */
function checkStanding(ctx: Context, p: Principal, now: number): void {
  if (p.tier === 'trial' && p.trialEnds) {
    ctx.set('X-Trial-Days-Remaining', String(trialDaysRemaining(p.trialEnds, now)));
    if (Date.parse(p.trialEnds) <= now)
      throw forbidden(
        `The trial ended on ${p.trialEnds.slice(0, 10)}; upgrade the tenant to continue. Memory is kept and can still be exported after an upgrade.`,
      );
  }
  if (p.status === 'suspended') throw forbidden('This tenant is suspended; contact the operator of this service.');
}
