// Idempotency-Key on the routes that acknowledge messages (/ingest/v2, b2c /turn and /ingest). A client that lost
// an answer (a timeout, a 503 after the commit went through) sends the request again with the same key and gets
// the first answer's message ids instead of storing the messages twice. A key belongs to one tenant and end user,
// holds for IDEMPOTENCY_HOURS, and binds the request: the same key with a different request is refused (409).
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { badRequest } from '../http/errors.js';

export const IDEMPOTENCY_HOURS = 24;

export interface IdempotencyKey {
  key: string;
  /** SHA-256 of the route and the request body: what the key promises to stand for. */
  hash: string;
}

/** Printable ASCII without spaces, as in the IETF Idempotency-Key draft's examples (UUIDs, random strings). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key, if it has one; a malformed key is a 400 naming the header. */
export function idempotencyKeyOf(ctx: Context, route: string): IdempotencyKey | undefined {
  const raw = ctx.get('Idempotency-Key');
  if (!raw) return undefined;
  if (!KEY.test(raw)) throw badRequest("Invalid request: the 'Idempotency-Key' header must be 1 to 255 printable ASCII characters without spaces.");
  return { key: raw, hash: createHash('sha256').update(`${route}\n${canonicalJson(ctx.request.body)}`).digest('hex') };
}

/** JSON with object keys sorted at every level, so that the same request hashes the same however it was written. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}
