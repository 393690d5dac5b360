// Shared by the reliability campaign (isolation, hostile input, limits, security): requests built from the route
// table (src/routes/table.ts), so every route the service documents is exercised, and a route added without a
// way to build its request fails loudly instead of going untested.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ROUTES, type RouteSpec } from '../../src/routes/table.js';
import { errorFormatFor } from '../../src/http/errors.js';
import { call, type Reply } from '../helpers/http.js';

export { ROUTES, type RouteSpec };

/** The subset of JSON Schema that zod's toJSONSchema emits for our request schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export const routeName = (r: RouteSpec) => `${r.method.toUpperCase()} ${r.path}`;

export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema & { $schema?: string };
  return rest;
}

export type Surface = 'v1' | 'v2' | 'b2c' | 'admin' | 'mcp' | 'public';

export function surfaceOf(r: RouteSpec): Surface {
  if (r.security === 'public') return 'public';
  if (r.security === 'adminToken' || r.security === 'metricsToken') return 'admin';
  if (r.path.startsWith('/mcp')) return 'mcp';
  if (r.path.startsWith('/api/b2c')) return 'b2c';
  if (r.path.startsWith('/api/v1/memory/v2')) return 'v2';
  return 'v1';
}

/** The ids a request can name. `user` is a person, the others are ids the service handed out. */
export interface Ids {
  user: string;
  node: string;
  message: string;
  request: string;
  session: string;
  tenant: string;
  key: string;
}

export function randomIds(): Ids {
  return {
    user: `person-${randomUUID()}`,
    node: randomUUID(),
    message: randomUUID(),
    request: randomUUID(),
    session: randomUUID(),
    tenant: randomUUID(),
    key: randomUUID(),
  };
}

/** Which id each parameter or field name carries. A name not listed here stops the campaign (see paramValue). */
const ID_FIELDS: Record<string, keyof Ids> = {
  user_id: 'user',
  node_id: 'node',
  message_id: 'message',
  request_id: 'request',
  sessionId: 'session',
  tenant_id: 'tenant',
  key_id: 'key',
};

export function isIdField(name: string): boolean {
  return Object.hasOwn(ID_FIELDS, name);
}

function paramValue(r: RouteSpec, name: string, ids: Ids): string {
  const kind = ID_FIELDS[name];
  if (!kind)
    throw new Error(`${routeName(r)}: no id kind is known for the parameter '${name}'; teach test/integration/reliabilityRoutes.ts about it`);
  return ids[kind];
}

/** Every id-named field of a JSON value replaced by the corresponding id (objects and arrays walked). */
export function withIds(value: unknown, ids: Ids): unknown {
  if (Array.isArray(value)) return value.map((v) => withIds(v, ids));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = isIdField(k) && typeof v === 'string' ? ids[ID_FIELDS[k]!] : withIds(v, ids);
    return out;
  }
  return value;
}

export interface BuiltRequest {
  method: string;
  /** The OpenAPI path with its parameters filled in, URL-encoded. */
  path: string;
  query: Record<string, string | string[]>;
  body?: unknown;
}

/**
 * The route's documented example with every id replaced by `ids`: path parameters from the params schema, id
 * fields of the query schema (also when the example leaves them out, e.g. ?request_id), id fields of the body.
 */
export function requestFor(r: RouteSpec, ids: Ids): BuiltRequest {
  const ex = r.example.request ?? {};
  const paramNames = r.request.params ? Object.keys(r.request.params.shape) : [];
  let path = r.path;
  for (const name of paramNames) path = path.replace(`{${name}}`, encodeURIComponent(paramValue(r, name, ids)));
  if (/\{\w+\}/.test(path)) throw new Error(`${routeName(r)}: a path parameter is not declared in request.params`);
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(ex.query ?? {})) query[k] = isIdField(k) ? ids[ID_FIELDS[k]!] : String(v);
  const querySchema = jsonSchemaOf(r.request.query);
  for (const k of Object.keys(querySchema?.properties ?? {}))
    if (isIdField(k) && !(k in query) && !r.request.bodyOptional) query[k] = ids[ID_FIELDS[k]!];
  const body = ex.body === undefined ? undefined : withIds(ex.body, ids);
  return { method: r.method.toUpperCase(), path, query, body };
}

export function queryString(q: Record<string, string | string[]>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q))
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(one)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

export async function send(req: BuiltRequest, headers: Record<string, string> = {}, baseUrl?: string): Promise<Reply> {
  return call(req.method, req.path + queryString(req.query), { headers, body: req.body, baseUrl });
}

/** The error sentence of an error answer, whichever of the spec's formats the path answers in. */
export function errorMessage(path: string, body: unknown): string | undefined {
  const b = body as { error?: unknown } | undefined;
  if (!b || typeof b !== 'object') return undefined;
  if (errorFormatFor(path) === 'v1' && b.error && typeof b.error === 'object') return (b.error as { message?: string }).message;
  return typeof b.error === 'string'
    ? b.error
    : typeof (b.error as { message?: unknown })?.message === 'string'
      ? (b.error as { message: string }).message
      : undefined;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g;

/**
 * An answer with the request's own ids replaced by their role, then any other UUID (request ids, ids the
 * service just created) and every timestamp replaced: what is left must not depend on whose ids were asked for.
 */
export function normalised(r: Reply, ids: Ids): string {
  let text = r.text;
  const byLength = Object.entries(ids).sort((a, b) => b[1].length - a[1].length);
  for (const [role, value] of byLength) text = text.split(value).join(`<${role}>`);
  return `${r.status} ${text.replace(UUID, '<uuid>').replace(ISO_TIME, '<time>')}`;
}

export const STACK_TRACE = /\bat [\w$.<>[\] ]*\(?(?:file:|node:|\/)[^\s)]*:\d+:\d+\)?|\n\s+at /;
