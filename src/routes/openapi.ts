// The OpenAPI 3.1 document of the whole service, public (no key), at one address under each route set so a
// client of either finds it next to its routes: GET /api/v1/openapi.json and GET /api/b2c/memory/openapi.json.
// The document is generated from src/contract/ (the route table and the zod schemas); see openapi.ts there.
import { openApiDocument } from '../contract/openapi.js';
import type { Services } from './context.js';
import type { Routes } from './registrar.js';

export const OPENAPI_PATHS = { v1: '/api/v1/openapi.json', b2c: '/api/b2c/memory/openapi.json' } as const;

export function registerOpenapiRoutes(router: Routes, s: Services): void {
  for (const path of Object.values(OPENAPI_PATHS))
    router.get(path, (ctx) => {
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = openApiDocument({ serverUrl: s.config.publicUrl });
    });
}
