// Koa composition: cross-cutting middleware at the top, one error handler, then the one router, whose every
// route carries the guard its definition declares (src/routes/index.ts).
import Koa from 'koa';
import { withNeo4jBudget } from './graph/budget.js';
import { errorHandler } from './http/errorHandler.js';
import { requestContext } from './http/requestContext.js';
import type { Services } from './routes/context.js';
import { buildRouter } from './routes/index.js';

export function buildApp(s: Services): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true; // errors are logged by errorHandler, once, without request content

  app.use(requestContext(s.log));
  app.use(s.metrics.middleware());
  // However many queries a request runs, it waits for Neo4j no longer in all than NEO4J_REQUEST_BUDGET_MS.
  app.use((_ctx, next) => withNeo4jBudget(next));
  app.use(errorHandler(s.log));
  const router = buildRouter(s);
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return app;
}
