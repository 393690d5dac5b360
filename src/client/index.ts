// memory-middleware/client: typed clients of the v1 and b2c route sets. Response types are the contract's
// (src/contract/responses.ts, the source of the OpenAPI document at /api/v1/openapi.json).
export * from './v1.js';
export * from './b2c.js';
export { MemoryApiError } from './errors.js';
export type { ClientOptions, KeyHeader } from './http.js';
