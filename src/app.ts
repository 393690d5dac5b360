// Koa composition: cross-cutting middleware at the top, one error handler, then the one router, whose every
// route carries the guard its definition declares (src/routes/index.ts).
import Koa from 'koa';
import { errorHandler } from './http/errorHandler.js';
import { requestContext } from './http/requestContext.js';
import type { Services } from './routes/context.js';
import { buildRouter } from './routes/index.js';

export function buildApp(s: Services): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true; // errors are logged by errorHandler, once, without request content

  app.use(requestContext(s.log));
  app.use(s.metrics.middleware());
  app.use(errorHandler(s.log));
  const router = buildRouter(s);
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return app;
}
