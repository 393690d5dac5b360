// Builds the OpenAPI 3.1 document from the endpoint definitions (the route table, src/routes/table.ts) with zod
// 4's z.toJSONSchema: request bodies and parameters from the very schemas the handlers parse with (io 'input': what
// a caller may send, defaults optional), responses from the schemas the handlers' answers are typed by (io
// 'output': what the service returns), every named response schema once under components/schemas. Schemas zod cannot express in JSON Schema (transforms,
// refinements) fall back to their input or output side, or to {} ('unrepresentable: any'); refinements are
// described in words by the route descriptions and enforced by the service.
import { allMatches } from '../text/matches.js';
import { z } from 'zod';
import { version } from '../version.js';
import { KEYED, TAGS, type RouteSpec } from '../routes/endpoint.js';
import { contractRegistry } from '../routes/responses.js';
import { ROUTES } from '../routes/table.js';

type Json = Record<string, unknown>;

const COMPONENT_REF = (id: string) => `#/components/schemas/${id}`;

/** The OpenAPI security requirement of a route: alternatives, any one of which is enough. */
const SECURITY: Record<RouteSpec['security'], Array<Record<string, string[]>>> = {
  public: [],
  v1Key: [{ v1Key: [] }],
  b2cKey: [{ b2cBearer: [] }, { b2cKey: [] }],
  adminToken: [{ adminBearer: [] }, { adminToken: [] }],
  metricsToken: [{ metricsBearer: [] }, { adminBearer: [] }, { adminToken: [] }],
};

const SECURITY_SCHEMES = {
  v1Key: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A v1 key (mm_v1_…): trial signup or the admin API.' },
  b2cBearer: { type: 'http', scheme: 'bearer', description: 'A b2c key (mm_b2c_…) as Authorization: Bearer <key>.' },
  b2cKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A b2c key (mm_b2c_…) in X-API-Key.' },
  adminBearer: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN as Authorization: Bearer <token>.' },
  adminToken: { type: 'apiKey', in: 'header', name: 'X-Admin-Token', description: 'ADMIN_TOKEN in X-Admin-Token.' },
  metricsBearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN as Authorization: Bearer <token> (what a Prometheus scrape job sends).',
  },
};

const HEADERS = {
  'X-Request-Id': {
    description: 'The id of this request (an incoming well-formed one is kept); quote it when reporting a problem.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': { description: 'The limit of whichever window (minute or UTC day) is closer to refusing.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in that window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix seconds when that window resets.', schema: { type: 'integer' } },
  'X-Trial-Days-Remaining': { description: 'Days left of the trial (trial tenants only).', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before retrying (429, 503).', schema: { type: 'integer' } },
};

const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

/**
 * Patterns as every tool reads them. A `format` says what zod's long regular expressions for ids, times and
 * emails say, so those patterns are dropped; the Unicode class \p{Cc} (control characters), which regex engines
 * outside ECMAScript's `u` mode do not know, is spelt out as its two ranges.
 */
const FORMATS_WITHOUT_PATTERN = new Set(['uuid', 'date-time', 'date', 'email', 'uri']);
function portablePatterns(ctx: { jsonSchema: { format?: string; pattern?: string } }): void {
  const js = ctx.jsonSchema;
  if (js.format && js.pattern && FORMATS_WITHOUT_PATTERN.has(js.format)) delete js.pattern;
  if (js.pattern) js.pattern = js.pattern.replaceAll('\\p{Cc}', '\\x00-\\x1f\\x7f-\\x9f');
}

/** JSON Schema of a schema for OpenAPI 3.1 (draft 2020-12, the dialect 3.1 uses), without the $schema line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const id = contractRegistry.get(schema)?.id;
  if (io === 'output' && id) return { $ref: COMPONENT_REF(id) };
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: portablePatterns,
  }) as Json;
  return rest;
}

/** Every registered response schema, each once, by name; schemas used inside another become $refs. */
function componentSchemas(): Record<string, Json> {
  const { schemas } = z.toJSONSchema(contractRegistry, {
    io: 'output',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    uri: COMPONENT_REF,
    override: portablePatterns,
  });
  // Sorted: the registry's order is the order its feature modules happen to load in.
  return Object.fromEntries(
    Object.entries(schemas)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, s]) => {
        const { $schema: _s, $id: _i, ...rest } = s as Json;
        return [id, rest];
      }),
  );
}

/** A zod object of query or path fields → one OpenAPI parameter per property. */
function parameters(schema: z.ZodType | undefined, where: 'query' | 'path'): Json[] {
  if (!schema) return [];
  const js = jsonSchema(schema, 'input');
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => {
    const { description, ...schemaOnly } = s;
    return {
      name,
      in: where,
      required: where === 'path' ? true : required.has(name),
      ...(description ? { description } : {}),
      schema: schemaOnly,
    };
  });
}

function operation(r: RouteSpec): Json {
  const example = r.example;
  const pathParams = allMatches(/\{(\w+)\}/g, r.path).map((m) => m[1]!);
  const declared = parameters(r.request.params, 'path');
  // A path parameter without a schema in the table is a plain string.
  const params = [
    ...pathParams.map((name) => declared.find((p) => p.name === name) ?? { name, in: 'path', required: true, schema: { type: 'string' } }),
    // Fields a DELETE may send in the query string or in a JSON body are required in one of the two, not in both.
    ...parameters(r.request.query, 'query').map((p) =>
      r.request.bodyOptional && p.required
        ? { ...p, required: false, description: `${p.description ? `${p.description} ` : ''}Required here unless the JSON body carries it.` }
        : p,
    ),
    ...(r.request.idempotencyKey
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              r.request.idempotencyKey === 'tenant'
                ? 'Makes a retry safe: the key belongs to the tenant and binds each item at its position. A batch sent again with the same key within 24 hours answers the items the first stored with their ids (header Idempotent-Replayed: true) and stores them not again; items that failed are tried again. An item stored under the key that differs from the item at its position now is 409.'
                : 'Makes a retry safe: a request sent again with the same key for the same user within 24 hours answers with what the first stored (same ids, header Idempotent-Replayed: true) and stores nothing again; the same key with a different request is 409.',
            schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[!-~]+$' },
          },
        ]
      : []),
  ].map((p) => {
    const value = p.in === 'path' ? example.request?.params?.[p.name as string] : example.request?.query?.[p.name as string];
    return value === undefined ? p : { ...p, example: value };
  });

  const responses: Json = {};
  for (const [status, spec] of Object.entries(r.responses)) {
    const contentType = spec.contentType ?? 'application/json';
    const headers: Json = { 'X-Request-Id': headerRef('X-Request-Id') };
    // Every keyed answer past authentication carries them; documented where a caller acts on them.
    if (KEYED.has(r.security) && (/^2/.test(status) || status === '429')) {
      headers['X-RateLimit-Limit'] = headerRef('X-RateLimit-Limit');
      headers['X-RateLimit-Remaining'] = headerRef('X-RateLimit-Remaining');
      headers['X-RateLimit-Reset'] = headerRef('X-RateLimit-Reset');
      if (r.security === 'v1Key') headers['X-Trial-Days-Remaining'] = headerRef('X-Trial-Days-Remaining');
    }
    if (status === '429' || status === 'default' || (status === '503' && r.path.endsWith('/health/ready')))
      headers['Retry-After'] = headerRef('Retry-After');
    if (!spec.schema) {
      responses[status] = { description: spec.description, headers };
      continue;
    }
    const media: Json = { schema: jsonSchema(spec.schema, 'output') };
    if (String(example.response.status) === status) media.example = example.response.body;
    responses[status] = { description: spec.description, headers, content: { [contentType]: media } };
  }

  const op: Json = {
    operationId: r.operationId,
    summary: r.summary,
    description: r.description,
    tags: [r.tag],
    security: SECURITY[r.security],
    ...(params.length ? { parameters: params } : {}),
    responses,
  };
  if (r.request.body) {
    const schema = jsonSchema(r.request.body, 'input');
    // Where the body is optional, a field the query string may carry is required in one of the two, not in both.
    if (r.request.bodyOptional && Array.isArray(schema.required)) {
      const inQuery = new Set(params.filter((p) => p.in === 'query').map((p) => p.name));
      const required = (schema.required as string[]).filter((name) => !inQuery.has(name));
      if (required.length) schema.required = required;
      else delete schema.required;
    }
    const media: Json = { schema };
    if (example.request?.body !== undefined) media.example = example.request.body;
    op.requestBody = {
      required: !r.request.bodyOptional,
      ...(r.request.bodyOptional
        ? {
            description:
              'Instead of the query string: the same fields as JSON (where both carry a field, the body wins; each field sent is checked). A required field may come from either.',
          }
        : {}),
      content: { 'application/json': media },
    };
  }
  return op;
}

export interface OpenApiOptions {
  /** The origin the service is reached at (PUBLIC_URL); paths in the document start with /api/…, /admin, /metrics. */
  serverUrl?: string;
}

/** The OpenAPI 3.1 document of the whole service. */
export function buildOpenApi(o: OpenApiOptions = {}): Json {
  const paths: Record<string, Json> = {};
  for (const r of ROUTES) (paths[r.path] ??= {})[r.method] = operation(r);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Memory middleware',
      version,
      summary: 'A per-person memory graph for LLM applications: context before the model answers, the turn after, and person controls.',
      description:
        'Two route sets that never share memory: v1 under /api/v1 (key in X-API-Key) and b2c under /api/b2c/memory (key in Authorization: Bearer or X-API-Key); ' +
        'the admin API under /admin (ADMIN_TOKEN). Errors come in three formats: v1 and admin {error: {code, message}}, ' +
        'the v1 person controls under /api/v1/memory/v2 {error: sentence}, b2c {error, code?}. ' +
        'This document is generated from the zod schemas the service validates requests with and checks its answers against.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: o.serverUrl ?? 'http://127.0.0.1:8080', description: 'This service' }],
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: SECURITY_SCHEMES,
      headers: HEADERS,
    },
  };
}

const cache = new Map<string, Json>();

/** Built once per server URL and process: the definitions do not change at run time. */
export function openApiDocument(o: OpenApiOptions = {}): Json {
  const key = o.serverUrl ?? '';
  let doc = cache.get(key);
  if (!doc) cache.set(key, (doc = buildOpenApi(o)));
  return doc;
}
