// GET /diagnostics/{user_id} (spec 4.A): graph metrics of one person of the caller's tenant. Field by field in
// docs/person-controls.md ("Diagnostics"); the work is in src/stats/diagnostics.ts.
import type { Routes } from '../registrar.js';
import { parseWith } from '../../http/validate.js';
import { DiagnosticsService } from '../../stats/diagnostics.js';
import type { Principal } from '../../tenants/tenants.js';
import type { Services } from '../context.js';
import { UserId } from '../schemas.js';

export function registerDiagnosticsRoutes(router: Routes, s: Services): void {
  const diagnostics = new DiagnosticsService(s.graph, s.profiles, s.clock);

  router.get('/diagnostics/:user_id', async (ctx) => {
    const who = ctx.state.principal as Principal;
    const userId = parseWith(UserId, ctx.params.user_id, 'user_id');
    ctx.body = await diagnostics.forPerson(who.tenantId, userId, ctx.state.requestId);
  });
}
