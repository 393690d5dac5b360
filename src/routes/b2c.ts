// The b2c route set under /api/b2c/memory (spec 4.D). Its memory is separate from the v1 set's: the guard in
// app.ts admits only b2c keys here. The routes arrive with the ingestion, retrieval and controls issues.
import Router from '@koa/router';
import type { Services } from './context.js';

export function b2cRouter(_s: Services): Router {
  return new Router({ prefix: '/api/b2c/memory' });
}
