// Reading the compliance audit log (GET /admin/audit): one tenant's events, newest first, paged by (at, id).
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import type { RouteSet } from '../tenants/keys.js';
import type { AuditAction } from './audit.js';

const Q = { listAuditEvents: query('audit/listEvents') };

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
    { tenantId: f.tenantId, userId: f.userId ?? null, action: f.action ?? null, before: f.before ?? null, beforeId: f.beforeId ?? null, limit: f.limit + 1 },
    { requestId },
  );
  return { events: rows.slice(0, f.limit), more: rows.length > f.limit };
}
