// The standing channel: facts that matter whatever the question (constraints, and identity on a first turn) are read
// through their stored `standing` (V0024's index), which ingestion stores, a fix keeps right, and V0024 gives the
// facts stored before it.
import { expect } from 'chai';
import { loadMigrations } from '../../src/graph/migrations.js';
import { MIGRATIONS_DIR } from '../../src/runtime.js';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';
import { testEnv } from '../helpers/env.js';

describe('standing facts (the standing channel)', () => {
  after(cleanupTenants);

  const SAID = ['I am allergic to shellfish.', 'I work as a nurse in Leeds.', 'I love jazz.'];

  async function person(user: string) {
    const t = await newTenant('v1', 'scale');
    const ids: string[] = [];
    for (const content of SAID) {
      const r = await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } });
      expect(r.status, r.text).to.equal(201);
      ids.push(r.body.node_id);
    }
    return { t, owner: { tenantId: t.tenantId, userId: user }, ids };
  }

  /** The person's standing memories for a question, by channel, as retrieval's standing channel finds them. */
  async function standing(owner: { tenantId: string; userId: string }, includeIdentity = true) {
    const { services } = await testEnv();
    const r = await services.retrieval.retrieve(owner.tenantId, owner.userId, { text: 'What should I cook tonight?', budget: 6000, includeIdentity });
    const of = (c: string) => r.memories.filter((m) => m.channels.includes(c as never)).map((m) => m.summary);
    return { constraint: of('constraint'), identity: of('identity') };
  }

  it('is stored with each fact, and a constraint or identity fact reaches the context whatever the question', async () => {
    const { owner } = await person('standing-ana');
    expect(await testRead('standingOfFacts', owner)).to.deep.equal([
      { summary: 'The user is allergic to shellfish.', standing: 'constraint' },
      { summary: 'The user loves jazz.', standing: null },
      { summary: 'The user works as a nurse in Leeds.', standing: 'identity' },
    ]);
    expect(await standing(owner)).to.deep.equal({
      constraint: ['The user is allergic to shellfish.'],
      identity: ['The user works as a nurse in Leeds.'],
    });
    // After the first turn identity is left to the turns before; constraints stay.
    expect((await standing(owner, false)).identity).to.deep.equal([]);
  });

  it('follows a fix of the wording: a fact that no longer says a constraint no longer stands as one', async () => {
    const { t, owner, ids } = await person('standing-ben');
    const r = await call('PATCH', `/api/v1/memory/v2/nodes/${ids[0]}`, {
      headers: v1(t.apiKey),
      body: { user_id: owner.userId, sentence: 'The user had shellfish at the party.' },
    });
    expect(r.status, r.text).to.equal(200);
    expect((await testRead('standingOfFacts', owner)).find((f) => /party/.test(f.summary))).to.deep.equal({
      summary: 'The user had shellfish at the party.',
      standing: null,
    });
    expect((await standing(owner)).constraint).to.deep.equal([]);
  });

  it('V0024 gives the facts stored before it their standing, and running it again changes nothing', async () => {
    const { owner } = await person('standing-cem');
    const stored = await testRead('standingOfFacts', owner);
    expect((await testWrite('standingRemoved', owner))[0]).to.deep.equal({ facts: 3 });
    expect(await standing(owner)).to.deep.equal({ constraint: [], identity: [] });
    const { graph } = await testEnv();
    const v0024 = (await loadMigrations(MIGRATIONS_DIR)).find((m) => m.version === '0024')!;
    for (let round = 0; round < 2; round++) for (const statement of v0024.statements) await graph.runSchemaStatement(statement);
    expect(await testRead('standingOfFacts', owner)).to.deep.equal(stored);
    expect((await standing(owner)).constraint).to.deep.equal(['The user is allergic to shellfish.']);
  });
});
