// One error type for the whole service, and the three wire formats of spec section 7.
import type { ZodError } from 'zod';

export type ErrorCode =
  | 'INVALID_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'TRIAL_EXPIRED'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE'
  | (string & {});

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
    /** b2c key failures carry no code (spec 5.6). */
    readonly withoutCode = false,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ErrorCode = 'INVALID_REQUEST') => new AppError(400, code, message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const unauthorized = (message: string) => new AppError(401, 'UNAUTHORIZED', message);
export const serviceUnavailable = (message = 'The memory store is unreachable right now; try again shortly.') =>
  new AppError(503, 'SERVICE_UNAVAILABLE', message, { 'Retry-After': '5' });

/** The value at a path of the parsed input, or undefined when the path leads nowhere. */
function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** Turns the first problems zod found into one sentence naming each field. */
export function validationError(error: ZodError, location = 'body', input?: unknown): AppError {
  const issues = error.issues.slice(0, 5);
  // A field is missing when the input has nothing at its path (custom messages hide zod's own wording).
  const isMissing = (issue: (typeof issues)[number]) =>
    issue.code === 'invalid_type' && (input === undefined ? /received undefined/.test(issue.message) : valueAt(input, issue.path) === undefined);
  const parts = issues.map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join('.') : location;
    return isMissing(issue) ? `'${field}' is required` : `'${field}': ${issue.message}`;
  });
  const first = issues[0];
  const firstField = first?.path[0];
  const missingFirst = first !== undefined && isMissing(first);
  // b2c clients get short codes such as MISSING_USER_ID (spec 7.2); other formats ignore the code.
  const code = missingFirst && typeof firstField === 'string' ? `MISSING_${firstField.toUpperCase()}` : 'INVALID_REQUEST';
  return new AppError(400, code, `Invalid request: ${parts.join('; ')}.`);
}

/**
 * The MCP endpoints that take JSON-RPC messages. MCP clients read a refused message as a JSON-RPC error response
 * without an id (the Streamable HTTP transport's convention), so their 400s take that form; their other errors
 * (key, rate limit, size, media type) are HTTP-level and keep the v1 format of the guarded /mcp prefix.
 */
export const JSON_RPC_PATHS: ReadonlySet<string> = new Set(['/mcp/http', '/mcp/messages']);

/** The body of an error answer at this path. */
export function errorBody(path: string, err: AppError): unknown {
  if (err.status === 400 && JSON_RPC_PATHS.has(path)) return { jsonrpc: '2.0', id: null, error: { code: -32600, message: err.message } };
  return renderError(errorFormatFor(path), err);
}

/** Which of the spec's error formats a path answers in. */
export type ErrorFormat = 'v1' | 'sentence' | 'b2c';

export function errorFormatFor(path: string): ErrorFormat {
  if (path.startsWith('/api/v1/memory/v2')) return 'sentence';
  if (path.startsWith('/api/b2c/memory')) return 'b2c';
  return 'v1';
}

export function renderError(format: ErrorFormat, err: AppError): unknown {
  switch (format) {
    case 'v1': {
      // Spec 7.1 knows no 4xx codes beyond its table; ours keep their own names only where the table has none.
      const code = err.code.startsWith('MISSING_') ? 'INVALID_REQUEST' : err.code;
      return { error: { code, message: err.message } };
    }
    case 'sentence':
      return { error: err.message };
    case 'b2c':
      return err.withoutCode ? { error: err.message } : { error: err.message, code: err.code };
  }
}
