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
 * The last step of a transaction that created memories: locks the end user (bumping their memory version) and
 * counts what they hold now, the new nodes included; over the limit, QuotaError rolls the transaction back.
 */
export async function enforceNodeLimit(tx: GraphTx, who: Pick<Principal, 'tenantId' | 'tier' | 'limits'>, userId: string): Promise<void> {
  const [row] = await tx.run<{ memories: number }>(Q.lockEndUserCountMemories, { tenantId: who.tenantId, userId });
  const held = row?.memories ?? 0;
  if (held > who.limits.maxNodesPerUser)
    throw new QuotaError(
      `This message would bring the end user to ${held} memories; the ${who.tier} tier allows ${who.limits.maxNodesPerUser} per user. Delete some or upgrade the tier.`,
    );
}
