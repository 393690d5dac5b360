// One definition per endpoint: method, path, guard, request and response schemas, docs, example and handler.
// src/routes/index.ts binds every definition of the route table (src/routes/table.ts) to the one router behind the
// guard it declares, and src/contract/openapi.ts builds the OpenAPI document from the same definitions, from which
// the client package's types are generated. The handler's return value is checked by the compiler against the
// output type of the response schema of its status, and its input comes from the request schemas it documents.
import type { Context } from 'koa';
import type { z } from 'zod';
import { JSON_RPC_PATHS, errorFormatFor } from '../http/errors.js';
import { parseBody, parseWith } from '../http/validate.js';
import type { Principal } from '../tenants/tenants.js';
import type { Services } from './context.js';
import { B2cError, JsonRpcError, SentenceError, V1Error } from './responses.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/**
 * Who may call a route. The router applies it to the route's handler (src/routes/index.ts), so every route says
 * it: 'public' is a declaration, never a default. b2cKey, adminToken and metricsToken each accept two headers.
 */
export type Security = 'public' | 'v1Key' | 'b2cKey' | 'adminToken' | 'metricsToken';

/** Routes answered with a tenant's API key (rate-limited, trial and suspension checked). */
export const KEYED: ReadonlySet<Security> = new Set(['v1Key', 'b2cKey']);

export interface ResponseSpec<S extends z.ZodType = z.ZodType> {
  description: string;
  /** Absent: the answer has no body and no Content-Type. */
  schema?: S;
  /** application/json unless given. */
  contentType?: string;
}

export interface RouteExample {
  request?: { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown };
  response: { status: number; body: unknown };
}

export interface RequestSpec {
  body?: z.ZodType;
  /** DELETE controls take their fields from the query string or from a JSON body: the body is optional. */
  bodyOptional?: boolean;
  query?: z.ZodType;
  params?: z.ZodObject;
  /**
   * The route takes an optional Idempotency-Key header (src/ingest/idempotency.ts), scoped to the end user the
   * request names, or to the tenant (/ingest/batch, whose items may name different people).
   */
  idempotencyKey?: 'user' | 'tenant';
}

/** What the OpenAPI document and the tests read of a definition. */
export interface RouteSpec {
  method: Method;
  /** OpenAPI form, e.g. /api/v1/nodes/{node_id}. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  security: Security;
  request: RequestSpec;
  /** By status ('200', '404', …, and 'default' for 500 and 503): the answers below and the errors derived. */
  responses: Record<string, ResponseSpec>;
  example: RouteExample;
}

/** A definition as the router binds it. */
export interface Endpoint extends RouteSpec {
  handler: (call: Call<RequestSpec>) => unknown;
  /** The status of an answer returned as a bare body (the only one the definition declares), else undefined. */
  soleStatus?: number;
}

export const TAGS = [
  { name: 'Account', description: 'Trial signup, health, readiness and usage.' },
  { name: 'Putting information in', description: 'Ingest now, ingest through the background write path, scoring and message status.' },
  { name: 'Getting context out', description: 'Context before the model answers: items, a framed block, the organised view.' },
  { name: 'Profiles and presets', description: "The tenant's configuration profile." },
  {
    name: 'People in control (v1)',
    description: 'Person controls under /api/v1/memory/v2: list, suppress, pin, fix, delete, ledger, export, erase. Errors are sentences.',
  },
  { name: 'Diagnostics', description: "One person's memory graph in figures." },
  { name: 'b2c', description: 'The b2c route set under /api/b2c/memory: retrieve, turn, ingest and the person controls.' },
  { name: 'Admin', description: 'Keys, tenants and the audit log (ADMIN_TOKEN).' },
  {
    name: 'MCP',
    description: 'The MCP server over SSE and HTTP: tools svc_ingest, svc_context, svc_query, svc_entities, svc_delete; a v1 key in X-API-Key.',
  },
  { name: 'Operations', description: 'Metrics and this document.' },
  { name: 'Documentation', description: 'Pages for people: the home page, this reference rendered as HTML, the quickstart, and their files.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

export const V1 = '/api/v1';
export const B2C = '/api/b2c/memory';

// Error descriptions several definitions share.
export const ERASING_409 = 'The person is being erased (code ERASE_IN_PROGRESS); nothing was changed. Try again when the erase has finished.';
export const NODE_404 = 'No such memory for this person and tenant (unknown ids, malformed ids and ids of another person or tenant alike).';

// --- what a handler gets ---
type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type ParamShape<R extends RequestSpec> = R['params'] extends z.ZodObject<infer Shape> ? Shape : Record<never, z.ZodType>;

export interface Call<R extends RequestSpec> {
  ctx: Context;
  s: Services;
  /** The caller the key guard authenticated (keyed routes only). */
  who: Principal;
  requestId: string;
  /** The JSON body, parsed with the declared body schema (400 naming each bad field). */
  body(): Out<R['body']>;
  /** The query string, parsed with the declared query schema. */
  query(): Out<R['query']>;
  /** Where the body is optional: the query string's fields overlaid by the body's, parsed with the body schema. */
  fields(): Out<R['body']>;
  /** One path parameter, parsed with its declared schema (400 naming the parameter). */
  param<K extends keyof ParamShape<R> & string>(name: K): z.output<ParamShape<R>[K]>;
}

// --- what a handler returns ---
/** An answer with the status it is sent with; a bare body is sent with the definition's only status. */
export class Answer<S extends number, B> {
  constructor(
    readonly status: S,
    readonly body: B,
  ) {}
}
export const answer = <S extends number, B>(status: S, body: B): Answer<S, B> => new Answer(status, body);

/** Returned by a handler that answered on the raw Node response itself (ctx.respond = false: the MCP transports). */
export class RawAnswer {
  /** Tells this answer apart from a body of the same shape. */
  readonly raw = true;
}
export const RAW = new RawAnswer();

type BodyOf<R> = R extends { schema: infer S extends z.ZodType } ? z.output<S> : undefined;
type Union2Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type IsUnion<T> = [T] extends [Union2Intersection<T>] ? false : true;
type Answers<Res> = { [K in keyof Res & number]: Answer<K, BodyOf<Res[K]>> }[keyof Res & number];
export type Result<Res> = Answers<Res> | (IsUnion<keyof Res & number> extends true ? never : BodyOf<Res[keyof Res & number]>) | RawAnswer;

// --- the definition ---
export type Extra = Partial<Record<'400' | '403' | '404' | '409' | '429', string>>;

export interface Definition<R extends RequestSpec, Res extends Record<number, ResponseSpec>> {
  method: Method;
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: Tag;
  security: Security;
  request: R;
  /** The answers the handler returns, by status; the error answers are derived (see endpoint()). */
  responses: Res;
  /** Descriptions of the route's own error answers, where the generic ones do not say enough. */
  errors?: Extra;
  example: RouteExample;
  handler: (call: Call<R>) => NoInfer<Result<Res>> | Promise<NoInfer<Result<Res>>>;
}

export const json = <S extends z.ZodType>(schema: S, description: string): ResponseSpec<S> & { schema: S } => ({ schema, description });

/** The error answers of a route, in the format of its path. */
export function errorSchemaFor(path: string): z.ZodType {
  switch (errorFormatFor(path)) {
    case 'v1':
      return V1Error;
    case 'sentence':
      return SentenceError;
    case 'b2c':
      return B2cError;
  }
}

/**
 * An endpoint: the definition with its error answers filled in from what it declares (input: 400; its guard:
 * 401, 403 and, keyed, 429; a body: 413 and 415; always 'default' for 500 and 503).
 */
export function endpoint<R extends RequestSpec, Res extends Record<number, ResponseSpec>>(d: Definition<R, Res>): Endpoint {
  const err = errorSchemaFor(d.path);
  const e = (description: string): ResponseSpec => ({ description, schema: err });
  const responses: Record<string, ResponseSpec> = { ...(d.responses as Record<string, ResponseSpec>) };
  const hasInput = d.request.body !== undefined || d.request.query !== undefined || d.request.params !== undefined;
  if (hasInput || d.errors?.['400'])
    responses['400'] = JSON_RPC_PATHS.has(d.path)
      ? { description: d.errors?.['400'] ?? 'The message cannot be accepted: a JSON-RPC error response naming the problem.', schema: JsonRpcError }
      : e(d.errors?.['400'] ?? 'Invalid request: the message names each bad or missing field.');
  if (d.security === 'adminToken') {
    responses['401'] = e('The admin token is missing or not recognised.');
    responses['403'] = e('The admin API is disabled: ADMIN_TOKEN is not set.');
  } else if (d.security === 'metricsToken') {
    responses['401'] = e('The metrics token (or the admin token) is missing or not recognised.');
    responses['403'] = e('Metrics are disabled: neither METRICS_TOKEN nor ADMIN_TOKEN is set.');
  } else if (KEYED.has(d.security)) {
    responses['401'] = e(
      d.security === 'b2cKey'
        ? 'The key is missing, malformed or not recognised (a v1 key is not recognised here); a sentence without a code.'
        : 'The key is missing, malformed or not recognised (a b2c key is not recognised here).',
    );
    responses['403'] = e(d.errors?.['403'] ?? 'The trial has ended or the tenant is suspended.');
    responses['429'] = e(d.errors?.['429'] ?? 'Rate limit exceeded; the Retry-After header says how many seconds to wait.');
  }
  if (d.errors?.['404']) responses['404'] = e(d.errors['404']);
  if (d.errors?.['409']) responses['409'] = e(d.errors['409']);
  if (d.request.body !== undefined) {
    responses['413'] = e('The body is larger than BODY_LIMIT_BYTES.');
    responses['415'] = e('The body is not JSON.');
  }
  responses.default = e('500 INTERNAL_ERROR, or 503 SERVICE_UNAVAILABLE with Retry-After when Neo4j cannot be reached.');
  const statuses = Object.keys(d.responses).map(Number);
  const { errors: _errors, handler, ...rest } = d;
  return {
    ...rest,
    responses,
    handler: handler as unknown as Endpoint['handler'],
    soleStatus: statuses.length === 1 ? statuses[0] : undefined,
  };
}

// --- binding ---
function callOf(e: Endpoint, ctx: Context, s: Services): Call<RequestSpec> {
  const schema = (part: 'body' | 'query'): z.ZodType => {
    const declared = e.request[part];
    if (!declared) throw new Error(`${e.operationId} declares no ${part} schema`);
    return declared;
  };
  return {
    ctx,
    s,
    get who() {
      return ctx.state.principal as Principal;
    },
    get requestId() {
      return ctx.state.requestId as string;
    },
    body: () => parseBody(ctx, schema('body')) as never,
    query: () => parseWith(schema('query'), ctx.query, 'query') as never,
    fields: () => parseFields(ctx, schema('body') as z.ZodObject) as never,
    param: (name) => {
      const field = e.request.params?.shape[name];
      if (!field) throw new Error(`${e.operationId} declares no path parameter ${name}`);
      return parseWith(field, ctx.params[name], name) as never;
    },
  };
}

/**
 * The fields of a control request: the query string's, overlaid by a JSON body's when one was sent. A field the
 * query carries is checked even where the body overrides it, so a bad value is refused rather than ignored.
 */
export function parseFields<S extends z.ZodObject>(ctx: Context, schema: S): z.infer<S> {
  const body = (ctx.request as { body?: unknown }).body;
  const fromBody = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (Object.keys(fromBody).length) parseWith(schema.partial(), ctx.query, 'query');
  return parseWith(schema, { ...ctx.query, ...fromBody }, 'body');
}

/** The Koa handler of an endpoint: runs its handler and sends what it returns with the status it belongs to. */
export function koaHandler(e: Endpoint, s: Services) {
  return async function handle(ctx: Context): Promise<void> {
    const result = await e.handler(callOf(e, ctx, s));
    if (result === RAW) return;
    const [status, body] = result instanceof Answer ? [result.status, result.body] : [e.soleStatus, result];
    if (status === undefined) throw new Error(`${e.operationId} answered a bare body but declares several statuses`);
    ctx.status = status;
    if (body !== undefined) ctx.body = body;
  };
}
