// Shorthands over the generated OpenAPI types: an answer by its schema name, a request body by its operationId.
import type { components, operations } from './openapi.js';

export type Schemas = components['schemas'];

/** The JSON body an operation takes (what a caller may send: fields with defaults are optional). */
export type RequestBody<Op extends keyof operations> =
  NonNullable<operations[Op]['requestBody']> extends { content: { 'application/json': infer B } } ? B : never;
