// The b2c route set under /api/b2c/memory (spec 4.D). Its memory is separate from the v1 set's: the guard in
// app.ts admits only b2c keys here. Errors: a sentence and a short code.
import Router from '@koa/router';
import type { Services } from '../context.js';
import { registerConversationRoutes } from './conversation.js';
import { registerB2cControlRoutes } from './controls.js';
import { registerB2cEraseRoutes } from './erase.js';

export function b2cRouter(s: Services): Router {
  const router = new Router({ prefix: '/api/b2c/memory' });
  registerConversationRoutes(router, s);
  registerB2cControlRoutes(router, s);
  registerB2cEraseRoutes(router, s);
  return router;
}
