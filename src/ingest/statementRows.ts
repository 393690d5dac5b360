// The rows of each write statement for a batch of one person's plans, so the batch is written with one statement
// per kind (domains, entities, facts, …) instead of ten per message. Pure: the graph is read before (the facts
// already held, by fingerprint) and written after (writer.ts), in the order that gives the graph writing the plans
// one after the other gives:
//   domains → new entities → known entities → relation changes → new facts → contradictions → dormant spikes →
//   restated facts → ended states → interests → the messages' own vectors → corrections.
// Rows of one statement are applied in order, so a later plan's update of an entity lands after an earlier one's.
import type { PlannedEntity, PlannedFact, PlannedInterest, RelationChange, WritePlan } from './plan.js';
import type { Domain } from './analysis/types.js';
import type { Standing } from './analysis/signals.js';

/** One plan to write: the message it comes from and the embedder that made its vectors. */
export interface PlanToWrite {
  messageId: string;
  plan: WritePlan;
  embeddingModel: string;
}

/** What one plan made or touched, as writing it alone reports it. */
export interface PlanOutcome {
  createdFactIds: string[];
  reinforcedFactIds: string[];
  createdEntityNames: string[];
}

export interface StatementRows {
  domains: Domain[];
  newEntities: Array<Omit<PlannedEntity, 'embedding'> & { embedding: number[] | null; embeddingModel: string }>;
  knownEntities: PlannedEntity[];
  /** Known entities whose relation changes (WritePlan.relationChanges): after the entities, which an earlier plan may add. */
  relationChanges: Array<Omit<RelationChange, 'embedding'> & { embedding: number[] | null; embeddingModel: string }>;
  newFacts: Array<Omit<PlannedFact, 'embedding'> & { embedding: number[] | null; messageId: string; embeddingModel: string }>;
  /** New facts of plans that flag contradictions; `laterIds` are facts of later plans, which the fact precedes. */
  contradictions: Array<{ id: string; subjectId: string; polarity: '+' | '-'; keyWords: string[]; laterIds: string[] }>;
  /**
   * New facts that say states of their subject are over (PlannedFact.ends), after the restatements: `laterIds` are
   * the facts later plans file or restate, which they leave standing as those plans say.
   */
  endings: Array<{ id: string; subjectId: string; ends: PlannedFact['ends']; laterIds: string[] }>;
  /**
   * Known entities talked about again, each with the facts it must not spike: those restated by its plan or an
   * earlier one (restated, they were relevant again before this plan's spike). Spikes run before the restatements
   * are written, so a fact a later plan restates is still dormant here, as it was when this plan came.
   */
  spikes: Array<{ entityId: string; exceptIds: string[] }>;
  reinforcements: Array<{ id: string; messageId: string; standing: Standing | null }>;
  interests: Array<Omit<PlannedInterest, 'embedding'> & { embedding: number[] | null; messageId: string; embeddingModel: string; plan: number }>;
  /** The messages' own vectors (WritePlan.said). */
  saidVectors: Array<{ messageId: string; embedding: number[]; embeddingModel: string }>;
  /** Earlier messages put right by these (WritePlan.corrections), last: the memories they archive may be this batch's. */
  corrections: Array<{ messageId: string; earlierId: string; wrongWords: string[]; rightWords: string[] }>;
  outcomes: PlanOutcome[];
}

/**
 * `held` maps fingerprints to the facts the person already has. A fact restating one held, or one an earlier plan
 * of the batch files, reinforces it; a fingerprint repeated within one plan is filed once.
 */
export function statementRows(batch: PlanToWrite[], held: ReadonlyMap<string, string>): StatementRows {
  const byPrint = new Map(held);
  const rows: StatementRows = {
    domains: [],
    newEntities: [],
    knownEntities: [],
    relationChanges: [],
    newFacts: [],
    contradictions: [],
    endings: [],
    spikes: [],
    reinforcements: [],
    interests: [],
    saidVectors: [],
    corrections: [],
    outcomes: [],
  };
  const domains = new Set<Domain>();
  const reinforcedSoFar = new Set<string>();
  const freshByPlan: string[][] = [];
  const restatedByPlan: string[][] = [];

  for (const [index, { messageId, plan, embeddingModel }] of batch.entries()) {
    const seen = new Set<string>();
    const fresh = plan.facts.filter((f) => {
      if (byPrint.has(f.fingerprint) || seen.has(f.fingerprint)) return false;
      seen.add(f.fingerprint);
      return true;
    });
    // Each fact restated, with the standing its restatement has: one said over again stands again.
    const restated = new Map<string, Standing | null>();
    for (const f of plan.facts) {
      const id = byPrint.get(f.fingerprint);
      if (id && !restated.has(id)) restated.set(id, f.standing);
    }
    const reinforced = [...restated.keys()];
    restatedByPlan.push(reinforced);
    for (const f of fresh) byPrint.set(f.fingerprint, f.id);
    freshByPlan.push(fresh.map((f) => f.id));

    for (const d of plan.domains) domains.add(d);
    const newEntities = plan.entities.filter((e) => e.isNew);
    const known = plan.entities.filter((e) => !e.isNew);
    rows.newEntities.push(...newEntities.map((e) => ({ ...e, embedding: e.embedding ?? null, embeddingModel })));
    rows.knownEntities.push(...known);
    rows.relationChanges.push(...(plan.relationChanges ?? []).map((c) => ({ ...c, embedding: c.embedding ?? null, embeddingModel })));
    rows.newFacts.push(...fresh.map((f) => ({ ...f, embedding: f.embedding ?? null, messageId, embeddingModel })));
    if (plan.flagContradictions)
      rows.contradictions.push(
        ...fresh.map((f) => ({ id: f.id, subjectId: f.subjectId, polarity: f.polarity, keyWords: f.keyWords, laterIds: [] as string[] })),
      );
    rows.endings.push(
      ...fresh.filter((f) => f.ends.length).map((f) => ({ id: f.id, subjectId: f.subjectId, ends: f.ends, laterIds: [] as string[] })),
    );

    for (const id of reinforced) reinforcedSoFar.add(id);
    const touched = known.map((e) => e.id).filter((id) => id !== plan.selfId);
    rows.spikes.push(...touched.map((entityId) => ({ entityId, exceptIds: [...reinforcedSoFar] })));
    rows.reinforcements.push(...reinforced.map((id) => ({ id, messageId, standing: restated.get(id)! })));
    rows.interests.push(...plan.interests.map((i) => ({ ...i, embedding: i.embedding ?? null, messageId, embeddingModel, plan: index })));
    if (plan.said?.embedding) rows.saidVectors.push({ messageId: plan.said.messageId, embedding: plan.said.embedding, embeddingModel });
    rows.corrections.push(...(plan.corrections ?? []).map(({ messageId: earlierId, ...words }) => ({ messageId, earlierId, ...words })));

    rows.outcomes.push({
      createdFactIds: fresh.map((f) => f.id),
      reinforcedFactIds: reinforced,
      createdEntityNames: newEntities.filter((e) => e.kind !== 'self').map((e) => e.name),
    });
  }

  // A fact is compared with the facts of its own plan and earlier ones only: later ones did not exist yet.
  const planOf = (id: string) => freshByPlan.findIndex((ids) => ids.includes(id));
  for (const row of rows.contradictions) row.laterIds = freshByPlan.slice(planOf(row.id) + 1).flat();
  for (const row of rows.endings) {
    const after = planOf(row.id) + 1;
    row.laterIds = [...new Set([...freshByPlan.slice(after), ...restatedByPlan.slice(after)].flat())];
  }
  rows.domains = [...domains];
  return rows;
}
