// @memory-middleware/client: typed clients of the memory middleware's v1 and b2c route sets. Zero runtime
// dependencies (Node ≥ 20's global fetch); the types are generated from the service's OpenAPI document.
export * from './v1.js';
export * from './b2c.js';
export { MemoryApiError } from './errors.js';
export type { ClientOptions, KeyHeader } from './http.js';
export type { RequestBody, Schemas } from './types.js';
export type { components, operations, paths } from './openapi.js';
