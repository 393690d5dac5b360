// GET /stats (spec 4.A): a tenant's people and memories from the graph, and whether Neo4j answers (readiness).
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';

const Q = {
  ping: query('ops/ping'),
  tenantStats: query('stats/tenantStats'),
};

/** Memories at or above this salience count as highly salient in the tenant's figures. */
export const HIGH_SALIENCE = 0.7;

export interface TenantGraphStats {
  users: number;
  memories: number;
  /** Null when the tenant holds no memory. */
  avgSalience: number | null;
  highSalience: number;
}

export async function tenantGraphStats(graph: Graph, tenantId: string, requestId?: string): Promise<TenantGraphStats> {
  const [row] = await graph.read<TenantGraphStats>(Q.tenantStats, { tenantId, highSalience: HIGH_SALIENCE }, { requestId });
  return row ?? { users: 0, memories: 0, avgSalience: null, highSalience: 0 };
}

/** Milliseconds Neo4j took to answer a trivial query, or null when it did not answer within timeoutMs. */
export async function neo4jLatencyMs(graph: Graph, timeoutMs: number, requestId?: string): Promise<number | null> {
  const started = performance.now();
  try {
    await graph.read(Q.ping, {}, { timeoutMs, requestId });
    return Math.round((performance.now() - started) * 10) / 10;
  } catch {
    return null;
  }
}
