// The rows that write a batch of plans with one statement per kind (src/ingest/statementRows.ts), pure: what an
// earlier plan of the batch files must count for the later ones as if it had been written before them.
import { expect } from 'chai';
import type { PlannedEntity, PlannedFact, WritePlan } from '../../src/ingest/plan.js';
import { statementRows } from '../../src/ingest/statementRows.js';

const entity = (id: string, isNew: boolean): PlannedEntity => ({
  id,
  key: id,
  name: id,
  kind: 'person',
  relation: null,
  aliases: [],
  aliasText: id,
  gravity: 0.5,
  domain: 'family',
  summary: id,
  renames: false,
  isNew,
});

const VEG = [{ words: ['vegetarian'], polarity: '+' as const }];
const fact = (id: string, fingerprint: string, subjectId = 'anna', ends: PlannedFact['ends'] = [], standing: string | null = null): PlannedFact =>
  ({ id, fingerprint, subjectId, polarity: '+', keyWords: [], ends, standing, domain: 'family' }) as unknown as PlannedFact;

function plan(entities: PlannedEntity[], facts: PlannedFact[], flagContradictions = false): WritePlan {
  return {
    selfId: 'self',
    domains: ['family'],
    entities: [entity('self', false), ...entities],
    facts,
    interests: [],
    discarded: 0,
    flagContradictions,
  };
}

const batch = (...plans: WritePlan[]) => plans.map((p, i) => ({ messageId: `m${i}`, plan: p, embeddingModel: 'local' }));

describe('ingest: statement rows of a batch of plans (pure)', () => {
  it('a fact an earlier plan files is restated, not filed again; a repeat within one plan is filed once', () => {
    const rows = statementRows(
      batch(plan([entity('anna', true)], [fact('f1', 'p1'), fact('f1b', 'p1')]), plan([entity('anna', false)], [fact('f2', 'p1'), fact('f3', 'p2')])),
      new Map(),
    );
    expect(rows.newFacts.map((f) => [f.id, f.messageId])).to.deep.equal([
      ['f1', 'm0'],
      ['f3', 'm1'],
    ]);
    expect(rows.reinforcements).to.deep.equal([{ id: 'f1', messageId: 'm1', standing: null }]);
    expect(rows.outcomes.map((o) => o.reinforcedFactIds)).to.deep.equal([[], ['f1']]);
    expect(rows.newEntities.map((e) => e.id)).to.deep.equal(['anna']);
    expect(rows.knownEntities.map((e) => e.id)).to.deep.equal(['self', 'self', 'anna']);
  });

  it('a fact already held is restated by every plan that restates it, once per plan', () => {
    const rows = statementRows(batch(plan([], [fact('x', 'held'), fact('y', 'held')]), plan([], [fact('z', 'held')])), new Map([['held', 'old']]));
    expect(rows.newFacts).to.deep.equal([]);
    expect(rows.reinforcements).to.deep.equal([
      { id: 'old', messageId: 'm0', standing: null },
      { id: 'old', messageId: 'm1', standing: null },
    ]);
  });

  it('a spike spares the facts restated by its plan and the earlier ones, never those of later plans', () => {
    const rows = statementRows(
      batch(
        plan([entity('anna', false)], []),
        plan([entity('tom', false)], [fact('a', 'tomFact', 'tom')]),
        plan([entity('anna', false)], [fact('b', 'annaFact')]),
      ),
      new Map([
        ['tomFact', 'old-tom'],
        ['annaFact', 'old-anna'],
      ]),
    );
    expect(rows.spikes).to.deep.equal([
      { entityId: 'anna', exceptIds: [] },
      { entityId: 'tom', exceptIds: ['old-tom'] },
      { entityId: 'anna', exceptIds: ['old-tom', 'old-anna'] },
    ]);
  });

  it("a new fact is checked for contradictions against its own plan's and earlier facts only", () => {
    const rows = statementRows(
      batch(plan([], [fact('a', 'pa'), fact('b', 'pb')], true), plan([], [fact('c', 'pc')], true), plan([], [fact('d', 'pd')], false)),
      new Map(),
    );
    expect(rows.contradictions.map((c) => [c.id, c.laterIds])).to.deep.equal([
      ['a', ['c', 'd']],
      ['b', ['c', 'd']],
      ['c', ['d']],
    ]);
  });

  it('a fact that says a state is over ends the facts of earlier plans and its own, not those of later ones', () => {
    const rows = statementRows(
      batch(
        plan([], [fact('a', 'pa')]),
        plan([], [fact('b', 'pb', 'self', VEG), fact('b2', 'pb2')]),
        plan([], [fact('c', 'pc'), fact('d', 'pb', 'self', VEG)]),
      ),
      new Map(),
    );
    // A restatement of the ending is no new fact and ends nothing again.
    expect(rows.endings).to.deep.equal([{ id: 'b', subjectId: 'self', ends: VEG, laterIds: ['c', 'b'] }]);
  });

  it('a fact a later plan restates is left standing by an earlier ending, and ended by a later one', () => {
    const rows = statementRows(
      batch(plan([], [fact('e1', 'pe', 'self', VEG)]), plan([], [fact('r', 'veg', 'self', [], 'constraint')])),
      new Map([['veg', 'old']]),
    );
    expect(rows.endings.map((e) => e.laterIds)).to.deep.equal([['old']]);
    const after = statementRows(
      batch(plan([], [fact('r', 'veg', 'self', [], 'constraint')]), plan([], [fact('e2', 'pe', 'self', VEG)])),
      new Map([['veg', 'old']]),
    );
    expect(after.endings.map((e) => e.laterIds)).to.deep.equal([[]]);
  });

  it('a restated fact takes the standing its restatement has', () => {
    const rows = statementRows(batch(plan([], [fact('x', 'held', 'self', [], 'constraint')])), new Map([['held', 'old']]));
    expect(rows.reinforcements).to.deep.equal([{ id: 'old', messageId: 'm0', standing: 'constraint' }]);
  });
});
