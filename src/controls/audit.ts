// The compliance audit log (spec 2.8): every deletion leaves one AuditEvent, written in the same transaction as
// the deletion itself, holding ids, counts, the requester and the time — never content. GET /admin/audit lists a
// tenant's events, newest first, paged by (at, id).
import type { Graph, GraphTx } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import type { RouteSet } from '../tenants/keys.js';
import type { Principal } from '../tenants/tenants.js';

const Q = { saveAuditEvent: query('audit/saveAuditEvent'), listAuditEvents: query('audit/listAuditEvents') };

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

/** Writes one event, inside the transaction of the deletion it records. */
export async function saveAuditEvent(tx: GraphTx, entry: AuditEntry): Promise<{ id: string; at: string }> {
  const [row] = await tx.run<{ id: string; at: string }>(Q.saveAuditEvent, { ...entry });
  return row!;
}

export interface AuditEventRow {
  id: string;
  tenantId: string;
  userId: string | null;
  routeSet: RouteSet | null;
  action: AuditAction;
  nodeIds: string[];
  requestedBy: string | null;
  at: string;
  nodes: number;
  edges: number;
}

export interface AuditFilter {
  tenantId: string;
  userId?: string;
  action?: AuditAction;
  /** The page ends before this event (time, then id): the previous page's last one. */
  before?: string;
  beforeId?: string;
  limit: number;
}

/** At most `limit` events, and whether another page follows. */
export async function listAuditEvents(graph: Graph, f: AuditFilter, requestId?: string): Promise<{ events: AuditEventRow[]; more: boolean }> {
  // One more than asked tells whether another page follows.
  const rows = await graph.read<AuditEventRow>(
    Q.listAuditEvents,
    {
      tenantId: f.tenantId,
      userId: f.userId ?? null,
      action: f.action ?? null,
      before: f.before ?? null,
      beforeId: f.beforeId ?? null,
      limit: f.limit + 1,
    },
    { requestId },
  );
  return { events: rows.slice(0, f.limit), more: rows.length > f.limit };
}
