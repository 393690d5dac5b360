// The route table: one entry per route of the service, with the very zod schemas the routes validate their
// input with (imported from src/routes/**), the response schemas of src/contract/responses.ts per status, and an
// example. src/contract/openapi.ts turns it into the OpenAPI 3.1 document; test/integration/openapi.test.ts
// checks it against the routers the app really registers and every answer of a real flow against it.
import { B2C_ROUTES } from './b2c.js';
import { CONTROL_ROUTES } from './controls.js';
import { OPERATOR_ROUTES } from './operator.js';
import type { RouteSpec } from './spec.js';
import { V1_ROUTES } from './v1.js';

export { TAGS, type Method, type ResponseSpec, type RouteExample, type RouteSpec, type Security } from './spec.js';

export const ROUTES: RouteSpec[] = [...V1_ROUTES, ...CONTROL_ROUTES, ...B2C_ROUTES, ...OPERATOR_ROUTES];

/** The route with this method and OpenAPI path. */
export function routeSpec(method: string, path: string): RouteSpec | undefined {
  return ROUTES.find((r) => r.method === method.toLowerCase() && r.path === path);
}

