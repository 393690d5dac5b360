// The in-process vector cache (src/retrieval/vectors.ts) on the real Neo4j: the same answer as Neo4j's exact
// cosine scan, refreshed by memory version with only new or changed vectors fetched, bounded by an LRU.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { PersonVectorCache } from '../../src/retrieval/vectors.js';
import { embedSync } from '../../src/providers/embeddings.js';
import { testEnv } from '../helpers/env.js';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const FACTS = [
  'My wife Sarah is severely allergic to peanuts.',
  'Sarah loves hiking in the Alps.',
  'I work at Acme Robotics as a data engineer.',
  'Our dog Biscuit is scared of thunderstorms.',
  'I play the cello in a community orchestra on Tuesdays.',
  'My brother Tom lives in Glasgow.',
  'I am training for the Berlin marathon.',
  'My mother Helen retired from teaching.',
];
const QUESTIONS = ['What is Sarah allergic to?', 'Tell me about my job', 'Which instrument do I play?', 'Where does Tom live?', 'running race'];

describe('in-process vector cache', () => {
  let t: { tenantId: string; apiKey: string };
  const user = `vec-${randomUUID()}`;
  before(async () => {
    t = await newTenant('v1', 'scale');
    for (const content of FACTS) expect((await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } })).status).to.equal(201);
  });
  after(cleanupTenants);

  const version = async () => (await testRead<{ version: number }>('endUserVersion', { tenantId: t.tenantId, userId: user }))[0]!.version;

  it("answers exactly what Neo4j's exact cosine scan answers", async () => {
    const env = await testEnv();
    const model = env.services.retrieval['embeddings'].primary.id as string;
    const cache = new PersonVectorCache(env.graph, 10_000_000);
    const v = await version();
    for (const q of QUESTIONS) {
      const vector = embedSync(q);
      const mine = await cache.nearest({ tenantId: t.tenantId, userId: user }, v, model, vector, 10, -1);
      const exact = await testRead<{ id: string; score: number }>('exactVectorScan', { tenantId: t.tenantId, userId: user, vector, embeddingModel: model, limit: 10 });
      // Neo4j's vector.similarity.cosine answers (1 + cos) / 2, in double precision; the cache holds float32, so
      // near-ties may swap: the scores rank for rank and each memory's own score must agree.
      const exactOf = new Map(exact.map((h) => [h.id, 2 * h.score - 1]));
      mine.forEach((h, i) => expect(h.score, `${q} rank ${i}`).to.be.closeTo(2 * exact[i]!.score - 1, 1e-5));
      for (const h of mine.slice(0, 8)) expect(exactOf.get(h.id), `${q}: ${h.id}`).to.be.closeTo(h.score, 1e-5);
    }
  });

  it('after a write fetches only what changed: a fix re-reads one vector, a delete drops one', async () => {
    const env = await testEnv();
    const model = env.services.retrieval['embeddings'].primary.id as string;
    const cache = new PersonVectorCache(env.graph, 10_000_000);
    const owner = { tenantId: t.tenantId, userId: user };
    const probe = embedSync('fireworks and noise');
    await cache.nearest(owner, await version(), model, probe, 5, -1);
    const first = cache.fetchedVectors;
    expect(first).to.be.greaterThan(FACTS.length);

    const items = (await call('GET', `/api/v1/memory/v2/items?user_id=${user}&limit=200`, { headers: v1(t.apiKey) })).body.items as Array<{ node_id: string; sentence: string; type: string }>;
    const dog = items.find((i) => /thunderstorms/.test(i.sentence))!;
    await call('PATCH', `/api/v1/memory/v2/nodes/${dog.node_id}`, { headers: v1(t.apiKey), body: { user_id: user, sentence: 'Biscuit hides from fireworks and noise.' } });
    const scans = cache.scans;
    const afterFix = await cache.nearest(owner, await version(), model, probe, 5, -1);
    expect(cache.fetchedVectors - first, 'one vector re-read').to.equal(1);
    expect(cache.scans, 'only what the fix changed looked at').to.equal(scans);
    expect(afterFix[0]!.id).to.equal(dog.node_id);

    // A turn: its new memories' vectors alone are read, and the cache answers what a fresh one does.
    expect((await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content: 'Biscuit also fears loud fireworks at new year.' } })).status).to.equal(201);
    const afterTurn = await cache.nearest(owner, await version(), model, probe, 50, -1);
    expect(cache.fetchedVectors - first - 1, 'the new memories only').to.be.within(1, 3);
    expect(cache.scans).to.equal(scans);
    const whole = await new PersonVectorCache(env.graph, 10_000_000).nearest(owner, await version(), model, probe, 50, -1);
    expect(afterTurn).to.deep.equal(whole);

    // A write that takes a memory out (archived) in the middle of the held rows: the rows after it move up.
    const job = items.find((i) => /Acme/.test(i.sentence))!;
    await testWrite('archiveAtNextVersion', { ...owner, id: job.node_id });
    const afterArchive = await cache.nearest(owner, await version(), model, probe, 50, -1);
    expect(afterArchive.map((h) => h.id)).to.not.include(job.node_id);
    expect(afterArchive).to.deep.equal(await new PersonVectorCache(env.graph, 10_000_000).nearest(owner, await version(), model, probe, 50, -1));
    expect(cache.scans).to.equal(scans);
    const read = cache.fetchedVectors;

    await call('DELETE', `/api/v1/memory/v2/nodes/${dog.node_id}?user_id=${user}`, { headers: v1(t.apiKey) });
    const afterDelete = await cache.nearest(owner, await version(), model, probe, 50, -1);
    expect(afterDelete.map((h) => h.id)).to.not.include(dog.node_id);
    expect(cache.fetchedVectors, 'nothing new to read').to.equal(read);
    expect(cache.scans, 'a deletion makes it compare every stamp').to.equal(scans + 1);
    expect(afterDelete).to.deep.equal(await new PersonVectorCache(env.graph, 10_000_000).nearest(owner, await version(), model, probe, 50, -1));
  });

  it('keeps to its bound by forgetting the least recently used person', async () => {
    const env = await testEnv();
    const model = env.services.retrieval['embeddings'].primary.id as string;
    const other = `vec-other-${randomUUID()}`;
    await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: other, content: 'I collect vintage postcards.' } });
    const small = new PersonVectorCache(env.graph, 384 * 10); // room for about ten vectors
    await small.nearest({ tenantId: t.tenantId, userId: user }, await version(), model, embedSync('peanuts'), 3, -1);
    expect(small.size.people).to.equal(1);
    await small.nearest({ tenantId: t.tenantId, userId: other }, 1, model, embedSync('postcards'), 3, -1);
    expect(small.size.people).to.equal(1);
    expect(small.size.floats).to.be.at.most(384 * 10);
  });
});
