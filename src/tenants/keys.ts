// API keys: random, shown once, stored only as a SHA-256 hash, with a readable prefix naming the route set.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const ROUTE_SETS = ['v1', 'b2c'] as const;
export type RouteSet = (typeof ROUTE_SETS)[number];

const PREFIX: Record<RouteSet, string> = { v1: 'mm_v1_', b2c: 'mm_b2c_' };
const KEY_FORMAT = /^mm_(v1|b2c)_[A-Za-z0-9_-]{43}$/;

export interface NewKey {
  /** The secret: returned to the caller once, never stored. */
  key: string;
  hash: string;
  /** Enough of the key to recognise it in a list, not enough to use it. */
  prefix: string;
}

export function generateKey(routeSet: RouteSet): NewKey {
  const key = PREFIX[routeSet] + randomBytes(32).toString('base64url');
  return { key, hash: hashKey(key), prefix: key.slice(0, PREFIX[routeSet].length + 6) };
}

/** Keys carry 256 random bits, so a fast hash is enough: there is nothing to brute-force. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The route set a well-formed key was issued for; undefined for anything malformed. */
export function routeSetOfKey(key: string): RouteSet | undefined {
  const m = KEY_FORMAT.exec(key);
  return m ? (m[1] as RouteSet) : undefined;
}

/** Compares two secrets in time independent of where they differ. */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
