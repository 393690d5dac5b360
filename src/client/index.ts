// memory-middleware/client: typed clients of the v1 and b2c route sets.
export { V1Client, type Item, type Page, type PersonContext } from './v1.js';
export { MemoryApiError } from './errors.js';
export type { ClientOptions } from './http.js';
