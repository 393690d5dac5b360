// Idempotency-Key on the routes that store what a client sends: /ingest/v2, b2c /turn and /ingest (acknowledged
// messages), and the synchronous v1 /ingest and /ingest/batch. A client that lost an answer (a timeout, a 503 after
// the commit went through) sends the request again with the same key and gets the first answer's ids instead of
// storing twice. The key is stored on the messages the request stored, in the same transaction, and holds for
// IDEMPOTENCY_HOURS; it binds the request: the same key with a different request is refused (409).
//
// Scope: a key belongs to one tenant and end user, except on /ingest/batch, whose items may name different people:
// there it belongs to the tenant, and each item is bound at its position (its message carries the key and the
// item's index). An item that failed stored nothing, so a retry may correct it; an item that was stored must come
// back unchanged at its position, or the retry is 409.
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
  return { key: raw, hash: requestHash(route, ctx.request.body) };
}

/** What a key stands for on a route: the hash of the route and the body (or, on /ingest/batch, of one item). */
export function requestHash(route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${canonicalJson(body)}`)
    .digest('hex');
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
