// The v1 route set under /api/v1 (spec 4.A, 4.B). Routes parse with zod, call a feature service and shape the
// answer; each feature registers its routes from its own module.
import type { Services } from '../context.js';
import type { Routes } from '../registrar.js';
import { registerAccountRoutes } from './account.js';
import { registerIngestRoutes } from './ingest.js';
import { registerRetrievalRoutes } from './retrieval.js';
import { registerProfileRoutes } from './profile.js';
import { registerControlRoutes } from './controls.js';
import { registerEraseRoutes } from './erase.js';
import { registerDiagnosticsRoutes } from './diagnostics.js';

export function registerV1Routes(routes: Routes, s: Services): void {
  registerAccountRoutes(routes, s);
  registerIngestRoutes(routes, s);
  registerRetrievalRoutes(routes, s);
  registerProfileRoutes(routes, s);
  registerControlRoutes(routes, s);
  registerEraseRoutes(routes, s);
  registerDiagnosticsRoutes(routes, s);
}
