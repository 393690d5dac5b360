// Writes plans into the graph inside the caller's transaction: domains, entities, facts (restatements
// reinforce the existing memory), interests, reactivation spikes. The caller commits or rolls back as one.
// A batch of one person's plans is written with one statement per kind (statementRows.ts orders the rows), so a
// batch costs about as many round trips as one message.
import type { GraphTx } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { DORMANT_AFTER_DAYS, SPIKES } from '../salience/salience.js';
import { enforceNodeLimit } from '../tenants/quotas.js';
import type { Principal } from '../tenants/tenants.js';
import type { WritePlan } from './plan.js';
import { statementRows, type PlanToWrite } from './statementRows.js';

const Q = {
  saveDomains: query('ingest/saveDomains', { hot: true }),
  saveNewEntities: query('ingest/saveNewEntities', { hot: true }),
  saveKnownEntities: query('ingest/saveKnownEntities', { hot: true }),
  changeRelations: query('ingest/changeRelations'),
  findDuplicateFacts: query('ingest/findDuplicateFacts'),
  saveFacts: query('ingest/saveFacts', { hot: true }),
  reinforceFacts: query('ingest/reinforceFacts'),
  saveInterests: query('ingest/saveInterests', { hot: true }),
  saveSaidVectors: query('ingest/saveSaidVectors', { hot: true }),
  spikeDormant: query('ingest/spikeDormant'),
  reinforceInjected: query('ingest/reinforceInjected'),
  flagContradictions: query('ingest/flagContradictions'),
  endStates: query('ingest/endStates'),
  archiveCorrected: query('ingest/archiveCorrected'),
};

export interface WriteResult {
  /** Ids of the memories the message produced or reinforced, facts first. */
  factIds: string[];
  createdFactIds: string[];
  reinforcedFactIds: string[];
  createdEntityNames: string[];
  interestIds: string[];
}

type Owner = Pick<Principal, 'tenantId' | 'tier' | 'limits'>;

/** Writes one plan, then takes the person's lock to check their node limit: a complete write of one message. */
export async function writePlan(
  tx: GraphTx,
  who: Owner,
  userId: string,
  messageId: string,
  plan: WritePlan,
  embeddingModel: string,
): Promise<WriteResult> {
  const [result] = await writePlansMemories(tx, who, userId, [{ messageId, plan, embeddingModel }]);
  await finishPersonWrite(tx, who, userId, [plan]);
  return result!;
}

/**
 * The last step of a transaction that wrote plans: what changes the person's own node (the injected list the turn
 * consumed, the memory version), then the node limit, counted after the writes: over it, QuotaError rolls the
 * whole transaction back. Last, because it takes the person's lock, and acknowledgements of the person's new messages wait for that lock
 * until the transaction ends.
 */
export async function finishPersonWrite(tx: GraphTx, who: Owner, userId: string, plans: WritePlan[]): Promise<void> {
  const owner = { tenantId: who.tenantId, userId };
  const reinforce = plans.find((p) => p.reinforce)?.reinforce;
  if (reinforce) await tx.run(Q.reinforceInjected, { ...owner, ...reinforce });
  await enforceNodeLimit(tx, who, userId);
}

/**
 * Writes the memories of one person's plans, in order, as writing them one after the other would, without touching
 * the person's own node (see finishPersonWrite, which must follow). One result per plan.
 */
export async function writePlansMemories(tx: GraphTx, who: Owner, userId: string, batch: PlanToWrite[]): Promise<WriteResult[]> {
  const owner = { tenantId: who.tenantId, userId };

  // Restatements of facts the person already holds reinforce them instead of adding nodes.
  const fingerprints = [...new Set(batch.flatMap((b) => b.plan.facts.map((f) => f.fingerprint)))];
  const dupes = fingerprints.length ? await tx.run<{ fingerprint: string; id: string }>(Q.findDuplicateFacts, { ...owner, fingerprints }) : [];
  const rows = statementRows(batch, new Map(dupes.map((d) => [d.fingerprint, d.id])));

  if (rows.domains.length) await tx.run(Q.saveDomains, { ...owner, domains: rows.domains });
  if (rows.newEntities.length) await tx.run(Q.saveNewEntities, { ...owner, entities: rows.newEntities });
  if (rows.knownEntities.length) await tx.run(Q.saveKnownEntities, { ...owner, entities: rows.knownEntities });
  if (rows.relationChanges.length) await tx.run(Q.changeRelations, { ...owner, changes: rows.relationChanges });
  if (rows.newFacts.length) await tx.run(Q.saveFacts, { ...owner, facts: rows.newFacts });
  if (rows.contradictions.length) await tx.run(Q.flagContradictions, { ...owner, facts: rows.contradictions });
  // Known entities talked about again: their dormant facts come back with a spike.
  if (rows.spikes.length)
    await tx.run(Q.spikeDormant, { ...owner, touched: rows.spikes, dormantDays: DORMANT_AFTER_DAYS, spike: SPIKES.reactivation });
  if (rows.reinforcements.length) await tx.run(Q.reinforceFacts, { ...owner, restated: rows.reinforcements });
  if (rows.endings.length) await tx.run(Q.endStates, { ...owner, endings: rows.endings });
  const interests = rows.interests.length ? await tx.run<{ plan: number; id: string }>(Q.saveInterests, { ...owner, interests: rows.interests }) : [];
  if (rows.saidVectors.length) await tx.run(Q.saveSaidVectors, { ...owner, messages: rows.saidVectors });
  if (rows.corrections.length) await tx.run(Q.archiveCorrected, { ...owner, corrections: rows.corrections });

  return rows.outcomes.map((o, i) => ({
    ...o,
    factIds: [...o.createdFactIds, ...o.reinforcedFactIds],
    interestIds: interests.filter((r) => r.plan === i).map((r) => r.id),
  }));
}
