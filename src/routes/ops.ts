// Operator routes outside the route sets: Prometheus metrics.
import type { Services } from './context.js';
import type { Routes } from './registrar.js';

export function registerOpsRoutes(router: Routes, s: Services): void {
  router.get('/metrics', async (ctx) => {
    ctx.set('Content-Type', s.metrics.registry.contentType);
    ctx.body = await s.metrics.registry.metrics();
  });
}
