// Tier quotas enforced where users and memories are created. Counting happens under a write lock on the
// tenant (users) or the end user (memories), so concurrent requests cannot over-admit.
import type { Graph, GraphTx } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { AppError } from '../http/errors.js';
import type { Principal } from './tenants.js';

const Q = {
  findEndUser: query('tenants/findEndUser'),
  createEndUserWithinLimit: query('tenants/createEndUserWithinLimit'),
  lockEndUserCountMemories: query('tenants/lockEndUserCountMemories'),
};

export class QuotaError extends AppError {
  constructor(message: string) {
    super(403, 'FORBIDDEN', message);
  }
}

/** Makes sure the end user exists, creating it on first sight if the tenant is under its user limit. */
export async function ensureEndUser(graph: Graph, who: Principal, userId: string): Promise<void> {
  const params = { tenantId: who.tenantId, userId };
  const [existing] = await graph.read(Q.findEndUser, params);
  if (existing) return;
  const [row] = await graph.write<{ existed: boolean; users: number; created: boolean }>(Q.createEndUserWithinLimit, { ...params, maxUsers: who.limits.maxUsers });
  if (row && !row.existed && !row.created)
    throw new QuotaError(`This tenant has reached its limit of ${who.limits.maxUsers} end users for the ${who.tier} tier; no new user was created.`);
}

/**
 * Inside the transaction that creates memories: locks the end user and refuses if `adding` more would pass
 * the per-user node limit. Call it before the creating queries of the same transaction.
 */
export async function reserveMemories(tx: GraphTx, who: Pick<Principal, 'tenantId' | 'tier' | 'limits'>, userId: string, adding: number): Promise<void> {
  const [row] = await tx.run<{ memories: number }>(Q.lockEndUserCountMemories, { tenantId: who.tenantId, userId });
  const held = row?.memories ?? 0;
  if (held + adding > who.limits.maxNodesPerUser)
    throw new QuotaError(
      `This end user already holds ${held} memories; the ${who.tier} tier allows ${who.limits.maxNodesPerUser} per user. Delete some or upgrade the tier.`,
    );
}
