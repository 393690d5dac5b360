// Response schemas shared by many endpoints (errors, scalars, the safety and limits objects) and the registry
// of named ones. Each endpoint's own answer schema sits beside its definition in the feature module; every schema
// registered with `named` becomes a component of the OpenAPI document (components/schemas/<id>), referred to by $ref.
// Objects are strict, so a field a handler adds without documenting it fails the contract tests as surely as a
// field it drops (the compiler catches the dropped and mistyped ones).
import { z } from 'zod';

export const contractRegistry = z.registry<{ id: string; description?: string }>();

/** Registers a schema as an OpenAPI component (components/schemas/<id>). */
export function named<S extends z.ZodType>(id: string, description: string, schema: S): S {
  contractRegistry.add(schema, { id, description });
  return schema;
}

// --- scalars ---
export const Time = z.iso.datetime({ offset: true });
export const Uuid = z.uuid();
export const Count = z.number().int().min(0);
export const Unit = z.number().min(0).max(1);
export const Day = z.iso.date();

export const NodeType = z.enum(['domain', 'entity', 'facet', 'theme', 'interest']);

// --- errors ---
export const V1Error = named(
  'V1Error',
  'The v1 and admin error format: a code and a sentence naming the problem (a bad field is named).',
  z.strictObject({
    error: z.strictObject({
      code: z
        .string()
        .describe(
          'INVALID_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, METHOD_NOT_ALLOWED, CONFLICT, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, RATE_LIMITED, INTERNAL_ERROR, SERVICE_UNAVAILABLE',
        ),
      message: z.string(),
    }),
  }),
);

export const SentenceError = named(
  'SentenceError',
  'The error format of the v1 person controls under /api/v1/memory/v2: a sentence alone.',
  z.strictObject({ error: z.string() }),
);

export const B2cError = named(
  'B2cError',
  'The b2c error format: a sentence and a short code (MISSING_USER_ID, NOT_FOUND, ERASE_IN_PROGRESS, …); key failures carry no code.',
  z.strictObject({ error: z.string(), code: z.string().optional() }),
);

// --- shared pieces ---
export const Safety = named(
  'Safety',
  'Crisis wording found in what was sent (self-harm, suicide, abuse, medical emergency).',
  z.strictObject({ crisis_detected: z.boolean(), categories: z.array(z.string()) }),
);

export const Limits = named(
  'Limits',
  "A tenant's limits (its tier's, or an operator's override).",
  z.strictObject({
    max_users: Count,
    max_nodes_per_user: Count,
    rate_limit_rpm: Count,
    rate_limit_daily: Count,
    features: z.string().describe('`all` or `standard`'),
  }),
);

export const JsonRpcError = named(
  'JsonRpcError',
  'A message the MCP endpoint cannot accept (not JSON, not one JSON-RPC 2.0 message, a bad field): a JSON-RPC error response without an id, as the MCP transports answer; the message names the problem.',
  z.strictObject({
    jsonrpc: z.literal('2.0'),
    id: z.null(),
    error: z.strictObject({ code: z.literal(-32600).describe('Invalid Request.'), message: z.string() }),
  }),
);
