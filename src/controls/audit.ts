// The compliance audit log (spec 2.8): every deletion leaves one AuditEvent, written in the same transaction as
// the deletion itself, holding ids, counts, the requester and the time — never content.
import type { GraphTx } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import type { RouteSet } from '../tenants/keys.js';
import type { Principal } from '../tenants/tenants.js';

const Q = { recordAudit: query('controls/recordAudit') };

export type AuditAction =
  /** One memory removed (v1 /memory/v2/nodes or b2c /nodes DELETE). */
  | 'node_deleted'
  /** A person erased at once (v1 DELETE /users, /memory/v2/users). */
  | 'user_erased'
  /** A b2c erase opened; its DeletionRecord tracks the background work. */
  | 'erase_requested'
  /** A b2c erase finished. */
  | 'erase_completed';

export interface AuditEntry {
  tenantId: string;
  userId: string;
  routeSet: RouteSet;
  action: AuditAction;
  nodeIds: string[];
  /** Who asked: `key:<key id>` for an API key, `admin` for the operator token. Never the key itself. */
  requestedBy: string;
  nodes: number;
  edges: number;
}

/** The requester as the audit log names it: the key's id, which identifies but cannot authenticate. */
export const requesterOf = (who: Pick<Principal, 'keyId'>) => `key:${who.keyId}`;

export async function recordAudit(tx: GraphTx, entry: AuditEntry): Promise<{ id: string; at: string }> {
  const [row] = await tx.run<{ id: string; at: string }>(Q.recordAudit, { ...entry });
  return row!;
}
