// The one error-handling middleware at the top of the app: every failure leaves here in its route set's
// format, with no stack trace and no internal detail.
import type { Context, Next } from 'koa';
import { AppError, errorBody } from './errors.js';
import { GraphUnavailableError } from '../graph/errors.js';
import type { Logger } from '../log.js';
import { routeOf } from './requestContext.js';

/** koa-bodyparser / co-body raise plain errors with an HTTP status and a type. */
function fromBodyParser(err: { status?: number; type?: string; name?: string }): AppError | undefined {
  // co-body's JSON.parse failures are SyntaxErrors with status 400 and no type. Two of them are valid JSON that
  // co-body refuses on purpose (strict mode, prototype poisoning): say so rather than "not valid JSON".
  if (err.name === 'SyntaxError' && err.status === 400) {
    const message = (err as { message?: string }).message ?? '';
    if (/only supports object and array/.test(message)) return new AppError(400, 'INVALID_REQUEST', 'Request body must be a JSON object.');
    if (/forbidden prototype property/.test(message)) return new AppError(400, 'INVALID_REQUEST', "Request body must not contain a '__proto__' key.");
    return new AppError(400, 'INVALID_REQUEST', 'Request body is not valid JSON.');
  }
  if (err.type === 'entity.too.large') return new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large.');
  if (err.type === 'entity.parse.failed' || err.type === 'entity.verify.failed')
    return new AppError(400, 'INVALID_REQUEST', 'Request body is not valid JSON.');
  if (err.type === 'encoding.unsupported' || err.type === 'charset.unsupported')
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request body encoding is not supported; send UTF-8 JSON.');
  if (err.type === 'request.size.invalid' || err.type === 'request.aborted')
    return new AppError(400, 'INVALID_REQUEST', 'Request body ended early or does not match its Content-Length.');
  return undefined;
}

export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof GraphUnavailableError)
    return new AppError(503, 'SERVICE_UNAVAILABLE', 'The memory store is unreachable right now; try again shortly.', { 'Retry-After': '5' });
  if (err && typeof err === 'object') {
    const parsed = fromBodyParser(err as { status?: number; type?: string; name?: string });
    if (parsed) return parsed;
  }
  return new AppError(500, 'INTERNAL_ERROR', 'Internal error; the request was not completed. Quote the X-Request-Id header when reporting it.');
}

export function errorHandler(log: Logger) {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new AppError(404, 'NOT_FOUND', `No route for ${ctx.method} ${ctx.path}.`);
      if (ctx.status === 405 && ctx.body === undefined)
        throw new AppError(405, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed here; allowed: ${ctx.response.get('Allow')}.`);
      if (ctx.status === 501 && ctx.body === undefined)
        throw new AppError(501, 'NOT_IMPLEMENTED', `${ctx.method} is not a method this service answers; it uses GET, POST, PUT, PATCH and DELETE.`);
    } catch (err) {
      const appError = toAppError(err);
      if (appError.status >= 500) {
        // Neo4j's messages can quote stored values, so a driver error is logged by its code alone.
        const code = (err as { code?: unknown }).code;
        const cause =
          typeof code === 'string' && code.startsWith('Neo.')
            ? { name: (err as Error).name, code }
            : err instanceof Error
              ? { name: err.name, message: err.message, stack: err.stack }
              : { type: typeof err };
        log.error('request failed', { requestId: ctx.state.requestId, route: routeOf(ctx), cause });
      }
      ctx.status = appError.status;
      ctx.body = errorBody(ctx.path, appError);
      for (const [name, value] of Object.entries(appError.headers)) ctx.set(name, value);
    }
  };
}
