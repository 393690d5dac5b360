// The person controls of both route sets (spec 4.B, 4.D): list, pin, suppress, fix, delete one memory, the
// v1 ledger and the exports. Every change bumps the person's memory version in its own query, so cached
// retrieval results die with it; every deletion writes its audit event in the same transaction. A person being
// erased takes no change (409 ERASE_IN_PROGRESS), and their lists read empty (the queries check the erase marker).
import { broaderTerms } from '../lexical/broader.js';
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { badRequest, notFound } from '../http/errors.js';
import { scoreText, standingOf } from '../ingest/analysis/signals.js';
import { fingerprint, keyWordsOf, polarityOf } from '../ingest/fingerprint.js';
import { factEmbeddingText } from '../ingest/plan.js';
import type { EmbedderWithOfflineFallback } from '../providers/embeddings.js';
import { scrubPii } from '../safety/pii.js';
import { ensureEndUser } from '../tenants/quotas.js';
import type { ProfileService } from '../tenants/profiles.js';
import type { Principal } from '../tenants/tenants.js';
import { saveAuditEvent, requesterOf } from './audit.js';
import { refuseWhileErasing } from './erasure.js';
import { decodeCursor, encodeCursor, type Cursor, type StoredMemory } from './items.js';

const Q = {
  listMemories: query('controls/listMemories'),
  setPinned: query('controls/setPinned'),
  saveSuppression: query('controls/saveSuppression'),
  deleteSuppression: query('controls/deleteSuppression'),
  listSuppressions: query('controls/listSuppressions'),
  getMemoryById: query('controls/getMemoryById'),
  fixMemory: query('controls/fixMemory'),
  saveLedgerRecord: query('controls/saveLedgerRecord'),
  deleteMemoryWithDetailsById: query('controls/deleteMemoryWithDetailsById'),
  deleteMemoryById: query('controls/deleteMemoryById'),
  listLedgerRecords: query('controls/listLedgerRecords'),
  listRevisions: query('controls/listRevisions'),
};

/** Why a memory was deleted: codes, so the ledger can never hold the person's words. */
export const DELETE_REASONS = ['person_request', 'incorrect', 'outdated', 'privacy', 'other'] as const;
/** Who asked for the deletion: the person themself, the app on its own account, or an operator. */
export const REQUESTERS = ['person', 'app', 'operator'] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];
export type Requester = (typeof REQUESTERS)[number];

export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface LedgerRecord {
  id: string;
  nodeId: string;
  nodeType: string;
  reason: DeleteReason;
  requestedBy: Requester;
  at: string;
}

interface Found {
  id: string;
  type: StoredMemory['type'];
  kind: string | null;
}

/** Far above any tier's memory limit: an export is never cut short. */
const EVERYTHING = 10_000_000;

export class ControlService {
  constructor(
    private readonly graph: Graph,
    private readonly embeddings: EmbedderWithOfflineFallback,
    private readonly profiles: ProfileService,
  ) {}

  decayOf(tenantId: string) {
    return this.profiles.get(tenantId).then((p) => p.decay);
  }

  /** A page of memories, newest first, with the cursor of the next page (null on the last one). */
  async listByOwner(tenantId: string, userId: string, page: PageRequest, includeArchived: boolean) {
    const after = decodeCursor(page.cursor);
    const [row] = await this.graph.read<{ total: number; memories: StoredMemory[] }>(Q.listMemories, {
      tenantId,
      userId,
      includeArchived,
      afterCreatedAt: after?.at ?? null,
      afterId: after?.id ?? null,
      nodeId: null,
      fetch: page.limit + 1,
    });
    const fetched = row?.memories ?? [];
    const memories = fetched.slice(0, page.limit);
    const last = memories.at(-1);
    const next: Cursor | null = fetched.length > page.limit && last ? { at: last.createdAt, id: last.id } : null;
    return { total: row?.total ?? 0, memories, nextCursor: next ? encodeCursor(next) : null };
  }

  /** One memory in the list's shape (archived or not), or a 404. */
  async getById(tenantId: string, userId: string, nodeId: string): Promise<StoredMemory> {
    const [row] = await this.graph.read<{ memories: StoredMemory[] }>(Q.listMemories, {
      tenantId,
      userId,
      includeArchived: true,
      afterCreatedAt: null,
      afterId: null,
      nodeId,
      fetch: 1,
    });
    const memory = row?.memories[0];
    if (!memory) throw notFound(`No memory ${nodeId} is held for user ${userId}.`);
    return memory;
  }

  /** Everything held, for the exports. */
  async listAllByOwner(tenantId: string, userId: string, includeArchived: boolean) {
    return (await this.listByOwner(tenantId, userId, { limit: EVERYTHING }, includeArchived)).memories;
  }

  async setPinned(tenantId: string, userId: string, nodeId: string, pinned: boolean) {
    await refuseWhileErasing(this.graph, tenantId, userId);
    const [row] = await this.graph.write<{ id: string; pinned: boolean }>(Q.setPinned, { tenantId, userId, nodeId, pinned });
    if (!row) throw notFound(`No memory ${nodeId} is held for user ${userId}.`);
    return row;
  }

  /** Suppresses a topic; a person not seen before is created (a boundary can come before any memory). */
  async suppress(who: Principal, userId: string, rawTopic: string) {
    const topic = scrubPii(rawTopic).text.trim();
    await refuseWhileErasing(this.graph, who.tenantId, userId);
    await ensureEndUser(this.graph, who, userId);
    const [row] = await this.graph.write<{ topic: string; since: string; created: boolean }>(Q.saveSuppression, {
      tenantId: who.tenantId,
      userId,
      topic,
      topicKey: topicKeyOf(topic),
    });
    return row!;
  }

  async unsuppress(tenantId: string, userId: string, rawTopic: string) {
    await refuseWhileErasing(this.graph, tenantId, userId);
    const topic = scrubPii(rawTopic).text.trim();
    const [row] = await this.graph.write<{ lifted: number }>(Q.deleteSuppression, { tenantId, userId, topicKey: topicKeyOf(topic) });
    if (!row) throw notFound(`The topic "${topic}" is not suppressed for user ${userId}.`);
    return { topic };
  }

  listSuppressions(tenantId: string, userId: string) {
    return this.graph.read<{ topic: string; since: string }>(Q.listSuppressions, { tenantId, userId });
  }

  private async find(tenantId: string, userId: string, nodeId: string): Promise<Found> {
    const [found] = await this.graph.read<Found>(Q.getMemoryById, { tenantId, userId, nodeId });
    if (!found) throw notFound(`No memory ${nodeId} is held for user ${userId}.`);
    return found;
  }

  /** New wording for a memory: scrubbed, re-scored and re-embedded; the old wording becomes a Revision. */
  async fix(tenantId: string, userId: string, nodeId: string, change: { summary: string; topic?: string }) {
    await refuseWhileErasing(this.graph, tenantId, userId);
    const found = await this.find(tenantId, userId, nodeId);
    if (found.type === 'Domain') throw badRequest('Domains are named by the service and cannot be reworded; fix the memories filed under it.');
    if (found.type === 'Entity' && found.kind === 'self' && change.topic !== undefined)
      throw badRequest("The person's own entity is not renamed; fix its summary only.");
    const summary = scrubPii(change.summary).text.trim();
    const topic = change.topic === undefined ? null : scrubPii(change.topic).text.trim();
    const scoring = scoreText(summary);
    const {
      vectors: [embedding],
      embedderId,
    } = await this.embeddings.embed([factEmbeddingText(topic, summary)]);
    const [row] = await this.graph.write(Q.fixMemory, {
      tenantId,
      userId,
      nodeId,
      summary,
      topic,
      scoring: {
        s1: scoring.s1,
        s2: scoring.s2,
        s3: scoring.s3,
        s4: scoring.s4,
        s5: scoring.s5,
        baseScore: scoring.baseScore,
        decayModifier: scoring.decayModifier,
        categories: scoring.categories,
        standing: standingOf(scoring.categories),
      },
      fingerprint: fingerprint(found.id, summary),
      polarity: polarityOf(summary),
      keyWords: keyWordsOf(summary),
      // Searched by the new wording's broader words only: the old ones could find it under what it no longer says.
      broader: broaderTerms(topic ? `${topic}. ${summary}` : summary).join(' '),
      embedding,
      embeddingModel: embedderId,
    });
    if (!row) throw notFound(`No memory ${nodeId} is held for user ${userId}.`);
  }

  /**
   * v1 single delete: the ledger record first, then the memory and its stored details, then the audit event,
   * all in one transaction.
   */
  async deleteByIdWithLedger(who: Principal, userId: string, nodeId: string, why: { reason: DeleteReason; requestedBy: Requester }) {
    await refuseWhileErasing(this.graph, who.tenantId, userId);
    const found = await this.find(who.tenantId, userId, nodeId);
    refuseSelf(found);
    return this.graph.writeTx(async (tx) => {
      const params = { tenantId: who.tenantId, userId, nodeId };
      const [ledger] = await tx.run<{ id: string; at: string }>(Q.saveLedgerRecord, { ...params, ...why, keyId: who.keyId });
      if (!ledger) throw notFound(`No memory ${nodeId} is held for user ${userId}.`);
      const [gone] = await tx.run<{ ids: string[]; nodes: number; edges: number }>(Q.deleteMemoryWithDetailsById, params);
      await saveAuditEvent(tx, { ...deletedAudit(who, userId), nodeIds: gone!.ids, nodes: gone!.nodes, edges: gone!.edges });
      return { ledgerId: ledger.id, nodes: gone!.nodes, edges: gone!.edges };
    });
  }

  /** b2c single delete: the memory and its links only; no ledger record; audited like every deletion. */
  async deleteById(who: Principal, userId: string, nodeId: string) {
    await refuseWhileErasing(this.graph, who.tenantId, userId);
    const found = await this.find(who.tenantId, userId, nodeId);
    refuseSelf(found);
    return this.graph.writeTx(async (tx) => {
      const [gone] = await tx.run<{ ids: string[]; nodes: number; edges: number }>(Q.deleteMemoryById, { tenantId: who.tenantId, userId, nodeId });
      if (!gone) throw notFound(`No memory ${nodeId} is held for user ${userId}.`);
      await saveAuditEvent(tx, { ...deletedAudit(who, userId), nodeIds: gone.ids, nodes: gone.nodes, edges: gone.edges });
      return { edges: gone.edges };
    });
  }

  async listLedger(tenantId: string, userId: string, page: PageRequest) {
    const before = decodeCursor(page.cursor);
    const fetched = await this.graph.read<{ record: LedgerRecord }>(Q.listLedgerRecords, {
      tenantId,
      userId,
      beforeAt: before?.at ?? null,
      beforeId: before?.id ?? null,
      fetch: page.limit + 1,
    });
    const records = fetched.slice(0, page.limit).map((r) => r.record);
    const last = records.at(-1);
    return { records, nextCursor: fetched.length > page.limit && last ? encodeCursor({ at: last.at, id: last.id }) : null };
  }

  listRevisions(tenantId: string, userId: string) {
    return this.graph.read<{
      revision: { id: string; memoryId: string; topic: string | null; text: string | null; replacedAt: string; memoryExists: boolean };
    }>(Q.listRevisions, { tenantId, userId });
  }
}

/** Suppressions match case-insensitively, with runs of white space as one. */
const topicKeyOf = (topic: string) => topic.toLowerCase().replace(/\s+/g, ' ').trim();

function refuseSelf(found: Found) {
  if (found.type === 'Entity' && found.kind === 'self')
    throw badRequest("The person's own entity holds everything about them and is not deleted alone; erase the person instead.");
}

const deletedAudit = (who: Principal, userId: string) => ({
  tenantId: who.tenantId,
  userId,
  routeSet: who.routeSet,
  action: 'node_deleted' as const,
  requestedBy: requesterOf(who),
});
