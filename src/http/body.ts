// JSON bodies only, with a size limit. Requests that carry a body of another type get 415.
import bodyParser from 'koa-bodyparser';
import type { Context, Next } from 'koa';
import { AppError } from './errors.js';

export function jsonBody(limitBytes: number) {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: String(limitBytes), strict: true });
  return async function parseJson(ctx: Context, next: Next) {
    const hasBody = ctx.request.length > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json', '+json'))
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request body must be JSON (Content-Type: application/json).');
    const declared = ctx.request.length;
    if (declared > limitBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than the ${limitBytes}-byte limit.`);
    await parse(ctx, next);
  };
}
