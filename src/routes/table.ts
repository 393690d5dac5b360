// The route table: every endpoint of the service, each defined once in its feature module (method, path, guard,
// request and response schemas, docs, example, handler). src/routes/index.ts builds the router from it and
// src/contract/openapi.ts the OpenAPI document; test/integration/openapi.test.ts checks each against the other
// and every answer of a real flow against the document.
import { ADMIN_ENDPOINTS } from './admin.js';
import { B2C_ENDPOINTS } from './b2c/index.js';
import { DOCS_ENDPOINTS } from './docs.js';
import type { Endpoint, RouteSpec } from './endpoint.js';
import { MCP_ENDPOINTS } from './mcp.js';
import { OPENAPI_ENDPOINTS } from './openapi.js';
import { OPS_ENDPOINTS } from './ops.js';
import { V1_ENDPOINTS } from './v1/index.js';

export { KEYED, TAGS, type Method, type ResponseSpec, type RouteExample, type RouteSpec, type Security } from './endpoint.js';

export const ROUTES: Endpoint[] = [
  ...V1_ENDPOINTS,
  ...B2C_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...MCP_ENDPOINTS,
  ...OPS_ENDPOINTS,
  ...DOCS_ENDPOINTS,
  ...OPENAPI_ENDPOINTS,
];

/** The route with this method and OpenAPI path. */
export function routeSpec(method: string, path: string): RouteSpec | undefined {
  return ROUTES.find((r) => r.method === method.toLowerCase() && r.path === path);
}
