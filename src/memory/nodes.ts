// Reading one memory (GET /nodes/{id}) and recording that it was processed (POST /process/{id}).
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { notFound } from '../http/errors.js';
import { SPIKES, salienceOfStored, type StoredSalienceFields } from '../salience/salience.js';
import type { ProfileService } from '../tenants/profiles.js';

const Q = {
  getNodeById: query('nodes/getNodeById'),
  processNode: query('nodes/processNode'),
};

interface NodeRow {
  node: StoredSalienceFields & {
    id: string;
    userId: string;
    topic: string | null;
    summary: string | null;
    createdAt: string;
    lastAccessed: string | null;
    lastRelevantAt: string | null;
    spikeAt: string | null;
    domain: string | null;
    name: string | null;
  };
  /** The memory's kind label (the query picks it from the node's labels). */
  nodeKind: 'Domain' | 'Entity' | 'Facet' | 'Theme' | 'Interest';
  entities: string[];
  entityDomain: string | null;
}

export class NodeService {
  constructor(
    private readonly graph: Graph,
    private readonly profiles: ProfileService,
  ) {}

  /** Unknown ids and ids of another tenant get the same 404: existence never leaks. */
  async getById(tenantId: string, nodeId: string, now = Date.now()) {
    const [[row], profile] = await Promise.all([this.graph.read<NodeRow>(Q.getNodeById, { tenantId, nodeId }), this.profiles.get(tenantId)]);
    if (!row) throw notFound(`No memory node with id ${nodeId}.`);
    const n = row.node;
    const kind = row.nodeKind.toLowerCase() as Lowercase<NodeRow['nodeKind']>;
    return {
      node_id: n.id,
      user_id: n.userId,
      node_type: kind,
      topic: n.topic ?? n.name ?? '',
      summary: n.summary ?? '',
      current_salience: salienceOfStored(n, profile.decay, now),
      base_score: round(n.baseScore ?? 0),
      domain: kind === 'domain' ? n.name : (n.domain ?? row.entityDomain ?? null),
      entities: row.entities,
      processing_count: n.processingCount ?? 0,
      created_at: n.createdAt,
      last_accessed: n.lastAccessed ?? null,
    };
  }

  async process(tenantId: string, userId: string, nodeId: string) {
    const [row] = await this.graph.write<{ id: string; processingCount: number }>(Q.processNode, {
      tenantId,
      userId,
      nodeId,
      spike: SPIKES.processed,
    });
    if (!row) throw notFound(`No memory node with id ${nodeId} for this user.`);
    return { node_id: row.id, status: 'processed' as const, processing_count: row.processingCount };
  }
}

const round = (x: number) => Math.round(x * 1000) / 1000;
