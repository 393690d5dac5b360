// The b2c route set under /api/b2c/memory (spec 4.D). Its memory is separate from the v1 set's: its routes
// admit only b2c keys (their definitions say b2cKey). Errors: a sentence and a short code.
import type { Services } from '../context.js';
import type { Routes } from '../registrar.js';
import { registerConversationRoutes } from './conversation.js';
import { registerB2cControlRoutes } from './controls.js';
import { registerB2cEraseRoutes } from './erase.js';

export function registerB2cRoutes(routes: Routes, s: Services): void {
  registerConversationRoutes(routes, s);
  registerB2cControlRoutes(routes, s);
  registerB2cEraseRoutes(routes, s);
}
