// Re-embedding after a change of embedder (src/jobs/reembed.ts) on the real Neo4j: memories stored with the
// hashing embedder get the local model's vectors batch by batch, an interrupted run resumes where it stopped,
// progress is reported as it goes, and the service on the model records the model's id with new memories.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { query } from '../../src/graph/queries.js';
import { reembed, staleVectors, type ReembedProgress } from '../../src/jobs/reembed.js';
import { ensureEmbeddingModel, MODEL_ID, ModelEmbedder } from '../../src/providers/localModel.js';
import { nearestMemories } from '../../src/retrieval/channels.js';
import { ownService, testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const FACTS = [
  'My wife Sarah is severely allergic to peanuts.',
  'I work at Acme Robotics as a data engineer.',
  'Our dog Biscuit is scared of thunderstorms.',
  'I play the cello in a community orchestra on Tuesdays.',
  'My brother Tom lives in Glasgow.',
];
const HASH_ID = 'local-hash-v1:384';

describe('re-embedding after a change of embedder', function () {
  this.timeout(300_000);
  let t: { tenantId: string; apiKey: string };
  const user = `reembed-${randomUUID()}`;
  let model: ModelEmbedder;
  const models = async () =>
    Object.fromEntries(
      (await testRead<{ model: string; memories: number; dims: number }>('memoryModels', { tenantId: t.tenantId, userId: user })).map((r) => [
        r.model,
        Number(r.memories),
      ]),
    );

  before(async () => {
    await ensureEmbeddingModel();
    model = new ModelEmbedder();
    t = await newTenant('v1', 'scale');
    for (const content of FACTS)
      expect((await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } })).status).to.equal(201);
  });
  after(async () => {
    await model.close();
    await cleanupTenants();
  });

  it('re-embeds in batches, stops when asked, resumes with what is left and reports progress', async () => {
    const env = await testEnv();
    const before = await models();
    const stored = before[HASH_ID] ?? 0;
    expect(Object.keys(before)).to.deep.equal([HASH_ID]);
    expect(stored).to.be.greaterThan(4);
    expect(await staleVectors(env.graph, MODEL_ID, t.tenantId)).to.deep.equal({ [HASH_ID]: stored });

    // Interrupted after the first batch of two.
    const first: ReembedProgress[] = [];
    const stopped = await reembed(env.graph, model, {
      tenantId: t.tenantId,
      batchSize: 2,
      onProgress: (p) => first.push(p),
      shouldStop: () => first.length > 1,
    });
    expect(stopped).to.include({ total: stored, done: 2, finished: false, model: MODEL_ID });
    expect(first.map((p) => p.done)).to.deep.equal([0, 2]);
    expect(await models()).to.deep.equal({ [HASH_ID]: stored - 2, [MODEL_ID]: 2 });

    // Resumed: only what is left, progress rising to the total.
    const second: ReembedProgress[] = [];
    const done = await reembed(env.graph, model, { tenantId: t.tenantId, batchSize: 2, onProgress: (p) => second.push(p) });
    expect(done).to.include({ total: stored - 2, done: stored - 2, finished: true });
    const dones = second.map((p) => p.done);
    expect(dones).to.deep.equal([...dones].sort((a, b) => a - b));
    expect(second.at(-1)).to.include({ done: stored - 2, finished: true });
    expect(await models()).to.deep.equal({ [MODEL_ID]: stored });
    expect(await staleVectors(env.graph, MODEL_ID, t.tenantId)).to.deep.equal({});

    // Nothing left: a run finishes at once.
    expect(await reembed(env.graph, model, { tenantId: t.tenantId })).to.include({ total: 0, done: 0, finished: true });
  });

  it('a framed answer is embedded with its question, and re-embedded from the same text', async () => {
    const env = await testEnv();
    const person = `framed-${randomUUID()}`;
    const headers = v1(t.apiKey);
    const turns: Array<['assistant' | 'user', string]> = [
      ['assistant', 'How old are you?'],
      ['user', '34.'],
      ['assistant', 'What are your hobbies?'],
      ['user', 'Knitting and baking.'],
      ['user', 'My sister Ana lives in Porto.'],
    ];
    let last = '';
    for (const [speaker, message] of turns)
      last = (await call('POST', '/api/v1/ingest/v2', { headers, body: { user_id: person, speaker, message } })).body.message_id;
    expect((await call('GET', `/api/v1/messages/${last}?wait=20`, { headers })).body.status).to.equal('done');
    const facets = await testRead<{ id: string; topic: string; summary: string; askedWith: string | null; embedding: number[]; model: string }>(
      'facetVectors',
      { tenantId: t.tenantId, userId: person },
    );
    expect(facets.map((f) => [f.summary, f.askedWith])).to.deep.equal([
      ['The user is 34.', 'How old are you?'],
      ['For fun, the user enjoys knitting and baking.', 'What are your hobbies?'],
      ["The user's sister Ana lives in Porto.", null],
    ]);
    // What the re-embedding job would embed for each is what the write path embedded.
    const stale = await env.graph.read<{ id: string; text: string }>(query('reembed/staleBatch'), {
      from: facets[0]!.model,
      tenantId: t.tenantId,
      limit: 100_000,
    });
    for (const f of facets) {
      const text = stale.find((r) => r.id === f.id)!.text;
      expect(text).to.equal(`${f.topic}. ${f.askedWith ? `${f.askedWith} ` : ''}${f.summary}`);
      const { vectors } = await env.services.embeddings.embed([text]);
      expect(
        vectors[0]!.map((x) => x.toFixed(5)),
        f.summary,
      ).to.deep.equal(f.embedding.map((x) => x.toFixed(5)));
    }
    // A fixed wording is the person's own: the question goes with the old one.
    const fixed = await call('PATCH', `/api/v1/memory/v2/nodes/${facets[0]!.id}`, {
      headers,
      body: { user_id: person, sentence: 'The user is 35.', about: 'age' },
    });
    expect(fixed.status, fixed.text).to.equal(200);
    const [after] = await testRead<{ askedWith: string | null; summary: string }>('facetVectors', { tenantId: t.tenantId, userId: person });
    expect(after).to.include({ summary: 'The user is 35.', askedWith: null });
  });

  it('a service on the local model records its id with the vectors it stores, which find by meaning', async () => {
    const svc = await ownService({ EMBEDDINGS: 'local' });
    try {
      const stored = (await models())[MODEL_ID] ?? 0;
      const r = await call('POST', '/api/v1/ingest', {
        baseUrl: svc.baseUrl,
        headers: v1(t.apiKey),
        body: { user_id: user, content: 'Yoga on Sunday evenings keeps me calm.' },
      });
      expect(r.status).to.equal(201);
      const after = await models();
      expect(Object.keys(after)).to.deep.equal([MODEL_ID]);
      expect(after[MODEL_ID]).to.be.greaterThan(stored);
      // The vector channel: the question shares no word with the yoga memory and still finds it first.
      const env = await testEnv();
      const [question] = await model.embed(['How do I unwind?']);
      const [top] = await nearestMemories(env.graph, { tenantId: t.tenantId, userId: user }, { values: question!, embedderId: MODEL_ID }, 1);
      const summaries = new Map(
        (await testRead<{ id: string; summary: string }>('memorySummaries', { tenantId: t.tenantId, userId: user })).map((m) => [m.id, m.summary]),
      );
      expect(summaries.get(top!.id)).to.match(/yoga/i);
    } finally {
      await svc.close();
      const primary = svc.services.embeddings.primary;
      if (primary instanceof ModelEmbedder) await primary.close();
    }
  });
});
