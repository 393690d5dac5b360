// Writes a plan into the graph inside the caller's transaction: domains, entities, facts (restatements
// reinforce the existing memory), interests, reactivation spikes. The caller commits or rolls back as one.
import type { GraphTx } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { DORMANT_AFTER_DAYS, SPIKES } from '../salience/salience.js';
import { enforceNodeLimit } from '../tenants/quotas.js';
import type { Principal } from '../tenants/tenants.js';
import type { WritePlan } from './plan.js';

const Q = {
  upsertDomains: query('ingest/upsertDomains'),
  createEntities: query('ingest/createEntities'),
  updateEntities: query('ingest/updateEntities'),
  findDuplicateFacts: query('ingest/findDuplicateFacts'),
  createFacts: query('ingest/createFacts'),
  reinforceFacts: query('ingest/reinforceFacts'),
  upsertInterests: query('ingest/upsertInterests'),
  spikeDormant: query('ingest/spikeDormant'),
  reinforceInjected: query('ingest/reinforceInjected'),
  flagContradictions: query('ingest/flagContradictions'),
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
export async function writePlan(tx: GraphTx, who: Owner, userId: string, messageId: string, plan: WritePlan, embeddingModel: string): Promise<WriteResult> {
  const result = await writePlanMemories(tx, who, userId, messageId, plan, embeddingModel);
  await finishPersonWrite(tx, who, userId, [plan]);
  return result;
}

/**
 * The last step of a transaction that wrote plans: what changes the person's own node (the injected list the turn
 * consumed, the memory version), then the node limit, counted after the writes: over it, QuotaError rolls the
 * whole transaction back. Last, because it takes the person's lock, and acknowledgements of the person's new
 * messages wait for that lock until the transaction ends.
 */
export async function finishPersonWrite(tx: GraphTx, who: Owner, userId: string, plans: WritePlan[]): Promise<void> {
  const owner = { tenantId: who.tenantId, userId };
  const reinforce = plans.find((p) => p.reinforce)?.reinforce;
  if (reinforce) await tx.run(Q.reinforceInjected, { ...owner, ...reinforce });
  await enforceNodeLimit(tx, who, userId);
}

/** Writes one plan's memories without touching the person's own node (see finishPersonWrite, which must follow). */
export async function writePlanMemories(tx: GraphTx, who: Owner, userId: string, messageId: string, plan: WritePlan, embeddingModel: string): Promise<WriteResult> {
  const owner = { tenantId: who.tenantId, userId };

  // Restatements of facts the person already holds reinforce them instead of adding nodes.
  const dupes = await tx.run<{ fingerprint: string; id: string }>(Q.findDuplicateFacts, { ...owner, fingerprints: plan.facts.map((f) => f.fingerprint) });
  const existingByPrint = new Map(dupes.map((d) => [d.fingerprint, d.id]));
  const seen = new Set<string>();
  const fresh = plan.facts.filter((f) => {
    if (existingByPrint.has(f.fingerprint) || seen.has(f.fingerprint)) return false;
    seen.add(f.fingerprint);
    return true;
  });
  const reinforced = [...new Set(plan.facts.map((f) => existingByPrint.get(f.fingerprint)).filter((id): id is string => !!id))];

  const newEntities = plan.entities.filter((e) => e.isNew);

  await tx.run(Q.upsertDomains, { ...owner, domains: plan.domains });
  if (newEntities.length)
    await tx.run(Q.createEntities, {
      ...owner,
      embeddingModel,
      entities: newEntities.map((e) => ({ ...e, embedding: e.embedding ?? null })),
    });
  const known = plan.entities.filter((e) => !e.isNew);
  if (known.length) await tx.run(Q.updateEntities, { ...owner, entities: known });

  if (fresh.length)
    await tx.run(Q.createFacts, {
      ...owner,
      messageId,
      embeddingModel,
      facts: fresh.map((f) => ({ ...f, embedding: f.embedding ?? null })),
    });
  if (fresh.length && plan.flagContradictions)
    await tx.run(Q.flagContradictions, { ...owner, facts: fresh.map((f) => ({ id: f.id, subjectId: f.subjectId, polarity: f.polarity, keyWords: f.keyWords })) });
  if (reinforced.length) await tx.run(Q.reinforceFacts, { ...owner, messageId, ids: reinforced });

  const interests = plan.interests.length
    ? await tx.run<{ id: string }>(Q.upsertInterests, {
        ...owner,
        messageId,
        embeddingModel,
        interests: plan.interests.map((i) => ({ ...i, embedding: i.embedding ?? null })),
      })
    : [];

  // Known entities talked about again: their dormant facts come back with a spike.
  const touched = known.map((e) => e.id).filter((id) => id !== plan.selfId);
  if (touched.length)
    await tx.run(Q.spikeDormant, {
      ...owner,
      entityIds: touched,
      exceptIds: reinforced,
      dormantDays: DORMANT_AFTER_DAYS,
      spike: SPIKES.reactivation,
    });

  return {
    factIds: [...fresh.map((f) => f.id), ...reinforced],
    createdFactIds: fresh.map((f) => f.id),
    reinforcedFactIds: reinforced,
    createdEntityNames: newEntities.filter((e) => e.kind !== 'self').map((e) => e.name),
    interestIds: interests.map((i) => i.id),
  };
}
