// Every input is parsed with zod; a failure is a 400 naming the field.
import type { Context } from 'koa';
import type { z } from 'zod';
import { AppError, validationError } from './errors.js';

export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  const body = (ctx.request as { body?: unknown }).body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    throw new AppError(400, 'INVALID_REQUEST', 'Request body must be a JSON object.');
  // The body parser reads a missing body as {}. Where every field is optional that would pass as a request that
  // changes nothing; elsewhere the missing fields are named below.
  const raw = (ctx.request as { rawBody?: string }).rawBody;
  if (!raw?.trim() && schema.safeParse({}).success)
    throw new AppError(400, 'INVALID_REQUEST', 'Request body is required: a JSON object ({} changes nothing).');
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error, 'body', body);
  return result.data;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, location: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, location, value);
  return result.data;
}
