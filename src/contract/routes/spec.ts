// The shape of the route table and the helper that fills in each route's error answers.
import { z } from 'zod';
import { JSON_RPC_PATHS, errorFormatFor } from '../../http/errors.js';
import * as R from '../responses.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/**
 * Who may call a route. The app applies it to the route's handler (src/routes/index.ts), so every route says
 * it: 'public' is a declaration, never a default. b2cKey, adminToken and metricsToken each accept two headers.
 */
export type Security = 'public' | 'v1Key' | 'b2cKey' | 'adminToken' | 'metricsToken';

/** Routes answered with a tenant's API key (rate-limited, trial and suspension checked). */
export const KEYED: ReadonlySet<Security> = new Set(['v1Key', 'b2cKey']);

export interface ResponseSpec {
  description: string;
  /** Absent: the answer has no body and no Content-Type. */
  schema?: z.ZodType;
  /** application/json unless given. */
  contentType?: string;
}

export interface RouteExample {
  request?: { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown };
  response: { status: number; body: unknown };
}

export interface RouteSpec {
  method: Method;
  /** OpenAPI form, e.g. /api/v1/nodes/{node_id}. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  security: Security;
  request: {
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
  };
  /** By status ('200', '404', …, and 'default' for 500 and 503). */
  responses: Record<string, ResponseSpec>;
  example: RouteExample;
}

export const TAGS = [
  { name: 'Account', description: 'Trial signup, health, readiness and usage.' },
  { name: 'Putting information in', description: 'Ingest now, ingest through the background write path, scoring and message status.' },
  { name: 'Getting context out', description: 'Context before the model answers: items, a framed block, the organised view.' },
  { name: 'Profiles and presets', description: "The tenant's configuration profile." },
  { name: 'People in control (v1)', description: 'Person controls under /api/v1/memory/v2: list, suppress, pin, fix, delete, ledger, export, erase. Errors are sentences.' },
  { name: 'Diagnostics', description: "One person's memory graph in figures." },
  { name: 'b2c', description: 'The b2c route set under /api/b2c/memory: retrieve, turn, ingest and the person controls.' },
  { name: 'Admin', description: 'Keys, tenants and the audit log (ADMIN_TOKEN).' },
  { name: 'MCP', description: 'The MCP server over SSE and HTTP: tools svc_ingest, svc_context, svc_query, svc_entities, svc_delete; a v1 key in X-API-Key.' },
  { name: 'Operations', description: 'Metrics and this document.' },
  { name: 'Documentation', description: 'Pages for people: the home page, this reference rendered as HTML, the quickstart, and their files.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

// --- error responses, in the format of the route's path ---
export function errorSchemaFor(path: string): z.ZodType {
  switch (errorFormatFor(path)) {
    case 'v1':
      return R.V1Error;
    case 'sentence':
      return R.SentenceError;
    case 'b2c':
      return R.B2cError;
  }
}

export type Extra = Partial<Record<'400' | '403' | '404' | '409' | '429', string>>;

interface Def extends Omit<RouteSpec, 'responses' | 'tag' | 'operationId'> {
  tag: Tag;
  operationId: string;
  ok: Record<string, ResponseSpec>;
  errors?: Extra;
}

export function route(d: Def): RouteSpec {
  const err = errorSchemaFor(d.path);
  const e = (description: string): ResponseSpec => ({ description, schema: err });
  const responses: Record<string, ResponseSpec> = { ...d.ok };
  const hasInput = d.request.body !== undefined || d.request.query !== undefined || d.request.params !== undefined;
  if (hasInput || d.errors?.['400'])
    responses['400'] = JSON_RPC_PATHS.has(d.path)
      ? { description: d.errors?.['400'] ?? 'The message cannot be accepted: a JSON-RPC error response naming the problem.', schema: R.JsonRpcError }
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
  const { ok: _ok, errors: _errors, ...rest } = d;
  return { ...rest, responses };
}

export const json = (schema: z.ZodType, description: string): ResponseSpec => ({ schema, description });
