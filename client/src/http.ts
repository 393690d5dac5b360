// The client's one HTTP path: JSON in and out, a timeout, and retries on 429 and 503 that honour Retry-After.
import { MemoryApiError, errorFromBody } from './errors.js';

export interface ClientOptions {
  apiKey: string;
  /** The route set's base URL, e.g. http://127.0.0.1:8080/api/v1 or …/api/b2c/memory (V1Client and B2cClient also take the origin alone). */
  baseUrl: string;
  /** Retries after 429 or 503 (waiting Retry-After seconds, at most maxRetryWaitSeconds each). Default 3. */
  maxRetries?: number;
  maxRetryWaitSeconds?: number;
  /**
   * Retry only what is safe to repeat. A 429 means the request was refused before anything was done, so it is
   * retried whatever the method; a 503 may come after part of the work (a write whose answer was lost), so with
   * this rule only GET, and a write sent with an idempotency key, are retried on 503. Default false: 429 and 503
   * are retried for every method.
   */
  idempotentRetriesOnly?: boolean;
  /** Per attempt. Default 30 s. */
  timeoutMs?: number;
  /** For tests and custom agents. */
  fetch?: typeof fetch;
}

/** How the key travels: X-API-Key (v1, and accepted on b2c) or Authorization: Bearer (b2c). */
export type KeyHeader = 'x-api-key' | 'bearer';

/** The local service, where `npm start` runs it. */
export const DEFAULT_ORIGIN = 'http://127.0.0.1:8080';

/** A route set's base from what the caller gave: an origin alone gets the route set's path, anything else is kept. */
export function routeSetBase(baseUrl: string, routeSetPath: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return new URL(trimmed).pathname.replace(/\/+$/, '') === '' ? trimmed + routeSetPath : trimmed;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export class HttpCore {
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;

  constructor(
    private readonly o: ClientOptions,
    private readonly keyHeader: KeyHeader = 'x-api-key',
  ) {
    this.base = o.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = o.fetch ?? fetch;
  }

  /** Whether a refused attempt is tried again under the options' rule (a request with an Idempotency-Key is safe to repeat). */
  shouldRetry(method: string, status: number, keyed = false): boolean {
    if (status === 429) return true;
    if (status !== 503) return false;
    return !this.o.idempotentRetriesOnly || keyed || method.toUpperCase() === 'GET';
  }

  async request<T>(method: string, path: string, opts: { body?: unknown; query?: Query; headers?: Record<string, string> } = {}): Promise<T> {
    const url = new URL(this.base + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.o.apiKey) {
      if (this.keyHeader === 'bearer') headers.Authorization = `Bearer ${this.o.apiKey}`;
      else headers['X-API-Key'] = this.o.apiKey;
    }
    Object.assign(headers, opts.headers);
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const maxRetries = this.o.maxRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(this.o.timeoutMs ?? 30_000) });
      } catch (err) {
        throw new MemoryApiError(0, null, `The memory service could not be reached at ${this.base}: ${(err as Error).message}`, null, null);
      }
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      if (res.ok) return parsed as T;
      const retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
      const error = errorFromBody(res.status, parsed, res.headers.get('x-request-id'), retryAfter);
      if (attempt < maxRetries && this.shouldRetry(method, res.status, headers['Idempotency-Key'] !== undefined)) {
        const waitS = Math.min(retryAfter ?? 1, this.o.maxRetryWaitSeconds ?? 60);
        await new Promise((r) => setTimeout(r, waitS * 1000));
        continue;
      }
      throw error;
    }
  }
}

function retryAfterSeconds(raw: string | null): number | null {
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The Idempotency-Key header, when the caller gave a key. */
export const keyHeader = (key: string | undefined): Record<string, string> => (key === undefined ? {} : { 'Idempotency-Key': key });
