// Typed failures of the memory middleware's HTTP API, whatever the route set's error format.

export class MemoryApiError extends Error {
  constructor(
    /** HTTP status; 0 when the service could not be reached. */
    readonly status: number,
    /** The error code (v1 and b2c formats); null for person-control sentences and b2c key failures. */
    readonly code: string | null,
    message: string,
    /** The X-Request-Id of the failed call, to quote in a report. */
    readonly requestId: string | null,
    /** Seconds the service asked to wait (429, 503), else null. */
    readonly retryAfter: number | null,
  ) {
    super(message);
    this.name = 'MemoryApiError';
  }
}

/** Reads the three wire formats: {error: {code, message}}, {error: sentence}, {error, code}. */
export function errorFromBody(status: number, body: unknown, requestId: string | null, retryAfter: number | null): MemoryApiError {
  const e = (body as { error?: unknown; code?: unknown } | undefined)?.error;
  if (e && typeof e === 'object') {
    const { code, message } = e as { code?: unknown; message?: unknown };
    return new MemoryApiError(
      status,
      typeof code === 'string' ? code : null,
      typeof message === 'string' ? message : `HTTP ${status}`,
      requestId,
      retryAfter,
    );
  }
  const code = (body as { code?: unknown } | undefined)?.code;
  return new MemoryApiError(status, typeof code === 'string' ? code : null, typeof e === 'string' ? e : `HTTP ${status}`, requestId, retryAfter);
}
