// Placeholder: filled in by issue 5.
import type Router from '@koa/router';
import type { Services } from '../context.js';

export function registerB2cEraseRoutes(_router: Router, _s: Services): void {}
