// Tier quotas enforced where users and memories are created. Counting happens under a write lock on the
// tenant (users) or the end user (memories), so concurrent requests cannot over-admit.
import { isUnavailable } from '../graph/errors.js';
import type { Graph, GraphTx } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { AppError } from '../http/errors.js';
import { GroupCommit } from '../ingest/groupCommit.js';
import type { Principal } from './tenants.js';

const Q = {
  getEndUserById: query('tenants/getEndUserById', { hot: true }),
  saveEndUsersWithinLimit: query('tenants/saveEndUsersWithinLimit', { hot: true }),
  lockEndUserCountMemories: query('tenants/lockEndUserCountMemories'),
};

export class QuotaError extends AppError {
  constructor(message: string) {
    super(403, 'FORBIDDEN', message);
  }
}

interface FirstSight {
  userId: string;
  maxUsers: number;
}
/** Undefined when the tenant was not found (as before grouping: nothing created, nothing refused here). */
type Admission = { existed: boolean; created: boolean } | undefined;

/**
 * First sights of a tenant's people wait for the tenant's lock one after the other, each holding it through its
 * commit: those arriving while one is being committed go together in the next transaction (one lock, one commit).
 * A tenant's group is dropped once idle, so the map holds only tenants with first sights under way.
 */
const firstSights = new WeakMap<Graph, Map<string, GroupCommit<FirstSight, Admission>>>();

function admissionsOf(graph: Graph, tenantId: string): GroupCommit<FirstSight, Admission> {
  let byTenant = firstSights.get(graph);
  if (!byTenant) firstSights.set(graph, (byTenant = new Map()));
  let group = byTenant.get(tenantId);
  if (!group) {
    group = new GroupCommit<FirstSight, Admission>(
      async (people) => {
        const rows = await graph.write<{ at: number; existed: boolean; created: boolean }>(Q.saveEndUsersWithinLimit, {
          tenantId,
          people: people.map((p, at) => ({ ...p, at })),
        });
        // One row per person; none when the tenant vanished.
        const byAt = new Map(rows.map((r) => [r.at, r]));
        return people.map((_, at) => byAt.get(at));
      },
      { parallel: 1, failsEveryone: isUnavailable },
    );
    byTenant.set(tenantId, group);
  }
  return group;
}

/** Tenants whose first sights are being admitted right now (for tests: idle ones are not kept). */
export function admittingTenants(graph: Graph): string[] {
  return [...(firstSights.get(graph)?.keys() ?? [])];
}

/** Makes sure the end user exists, creating it on first sight if the tenant is under its user limit. */
export async function ensureEndUser(graph: Graph, who: Principal, userId: string): Promise<void> {
  const params = { tenantId: who.tenantId, userId };
  const [existing] = await graph.read(Q.getEndUserById, params);
  if (existing) return;
  const group = admissionsOf(graph, who.tenantId);
  let admission: Admission;
  try {
    admission = await group.submit({ userId, maxUsers: who.limits.maxUsers });
  } finally {
    const byTenant = firstSights.get(graph);
    if (group.idle && byTenant?.get(who.tenantId) === group) byTenant.delete(who.tenantId);
  }
  if (admission && !admission.existed && !admission.created)
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
