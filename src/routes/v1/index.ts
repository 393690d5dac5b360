// The v1 route set under /api/v1 (spec 4.A, 4.B). Routes parse with zod, call a feature service and shape the
// answer; each feature registers its routes from its own module.
import Router from '@koa/router';
import type { Services } from '../context.js';
import { registerAccountRoutes } from './account.js';
import { registerIngestRoutes } from './ingest.js';
import { registerRetrievalRoutes } from './retrieval.js';
import { registerProfileRoutes } from './profile.js';
import { registerControlRoutes } from './controls.js';
import { registerEraseRoutes } from './erase.js';
import { registerDiagnosticsRoutes } from './diagnostics.js';

export { V1_PUBLIC_PATHS } from './account.js';

export function v1Router(s: Services): Router {
  const router = new Router({ prefix: '/api/v1' });
  registerAccountRoutes(router, s);
  registerIngestRoutes(router, s);
  registerRetrievalRoutes(router, s);
  registerProfileRoutes(router, s);
  registerControlRoutes(router, s);
  registerEraseRoutes(router, s);
  registerDiagnosticsRoutes(router, s);
  return router;
}
