// The vector channel on Neo4j's own index: V0015's owner-filtered, unquantized index, queried with Cypher 25 SEARCH
// (retrieval/vectorChannel, src/retrieval/channels.ts). Its answer is the exact cosine answer among one person's
// memories of one embedder, nothing of anyone else's, and every call reads the index.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { embedSync } from '../../src/providers/embeddings.js';
import { nearestMemories } from '../../src/retrieval/channels.js';
import { testEnv } from '../helpers/env.js';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

interface IndexRow {
  name: string;
  labelsOrTypes: string[];
  properties: string[];
  config: Record<string, unknown>;
  readCount: number;
  state: string;
}

/** A seeded generator (mulberry32): the same vectors every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

const indexRow = async () => (await testRead<IndexRow>('vectorIndexes', {})).find((r) => r.name === 'memory_embedding_owner');

describe('vector channel (owner-filtered vector index)', () => {
  const tenantId = `vec-native-${randomUUID()}`;
  const otherTenant = `vec-native-other-${randomUUID()}`;
  const userId = 'ana';
  const model = 'test-embedder:384';
  const next = random(19);
  let dims: number;
  let question: number[];
  const own: Array<{ id: string; embedding: number[] }> = [];

  before(async () => {
    const env = await testEnv();
    dims = env.config.EMBEDDING_DIMENSIONS;
    const vector = () => Array.from({ length: dims }, next);
    question = vector();
    // The person's 40 memories: a few near the question at different distances, the rest anywhere.
    for (let i = 0; i < 40; i++) {
      const v = vector();
      const near = i < 8 ? (8 - i) / 4 : 0;
      own.push({ id: `own-${i}`, embedding: v.map((x, d) => x + near * question[d]!) });
    }
    const row = (id: string, embedding: number[], over: Record<string, unknown> = {}) => ({
      id,
      tenantId,
      userId,
      embeddingModel: model,
      embedding,
      kind: null,
      archived: null,
      domain: false,
      ...over,
    });
    // Decoys: each holds the question's own vector, nearer than any of the person's memories.
    const decoys = [
      row('decoy-other-user', question, { userId: 'ben' }),
      row('decoy-other-tenant', question, { tenantId: otherTenant }),
      row('decoy-other-embedder', question, { embeddingModel: 'another-embedder:384' }),
      row('decoy-archived', question, { archived: true }),
      row('decoy-domain', question, { domain: true }),
      row('decoy-self', question, { kind: 'self' }),
    ];
    await testWrite('seedVectorMemories', { rows: [...own.map((m) => row(m.id, m.embedding)), ...decoys] });
  });

  after(async () => {
    for (const id of [tenantId, otherTenant]) await testWrite('deleteTenant', { tenantId: id });
    await cleanupTenants();
  });

  it('SHOW INDEXES lists it on Memory.embedding with the owner and embedder as filter properties, cosine, unquantized', async () => {
    const index = await indexRow();
    expect(index, 'memory_embedding_owner').to.not.equal(undefined);
    expect(index!.state).to.equal('ONLINE');
    expect(index!.labelsOrTypes).to.deep.equal(['Memory']);
    expect(index!.properties).to.deep.equal(['embedding', 'tenantId', 'userId', 'embeddingModel']);
    expect(index!.config['vector.dimensions']).to.equal(dims);
    expect(index!.config['vector.similarity_function']).to.equal('COSINE');
    expect(index!.config['vector.quantization.type']).to.equal('NONE');
  });

  it("answers the exact cosine ranking among the person's own memories, no one else's, and its read count grows with each call", async () => {
    const env = await testEnv();
    const readsBefore = (await indexRow())!.readCount;
    // Written just before, in a committed transaction: the index answers with it at once.
    const hits = await nearestMemories(env.graph, { tenantId, userId }, { values: question, embedderId: model }, 10, { minCosine: -1 });
    const exact = own.map((m) => ({ id: m.id, cosine: cosine(m.embedding, question) })).sort((a, b) => b.cosine - a.cosine);
    expect(hits.map((h) => h.id)).to.deep.equal(exact.slice(0, 10).map((h) => h.id));
    hits.forEach((h, i) => expect(h.cosine, h.id).to.be.closeTo(exact[i]!.cosine, 1e-5));
    // All of them when asked: the index holds no fewer of the person's memories than there are.
    const all = await nearestMemories(env.graph, { tenantId, userId }, { values: question, embedderId: model }, 100, { minCosine: -1 });
    expect(all.map((h) => h.id)).to.have.members(own.map((m) => m.id));
    // Neo4j publishes its index statistics every few seconds, not at each read.
    const deadline = Date.now() + 60_000;
    let reads = readsBefore;
    while (reads < readsBefore + 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      reads = (await indexRow())!.readCount;
    }
    expect(reads, 'two calls, two reads at least').to.be.at.least(readsBefore + 2);
  });

  it('finds nothing near a zero vector', async () => {
    const env = await testEnv();
    expect(await nearestMemories(env.graph, { tenantId, userId }, { values: new Array<number>(dims).fill(0), embedderId: model }, 5)).to.deep.equal(
      [],
    );
  });

  it('after an acknowledged write the new memories are candidates at once, matching the exact scan of the stored vectors', async () => {
    const env = await testEnv();
    const t = await newTenant('v1', 'scale');
    const user = `vec-native-${randomUUID()}`;
    const embedder = env.services.embeddings.primary.id;
    for (const content of [
      'My wife Sarah is severely allergic to peanuts.',
      'I play the cello in a community orchestra on Tuesdays.',
      'My brother Tom lives in Glasgow.',
    ])
      expect((await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } })).status).to.equal(201);
    for (const q of ['Which instrument do I play?', 'What is Sarah allergic to?']) {
      const vector = embedSync(q);
      const hits = await nearestMemories(env.graph, { tenantId: t.tenantId, userId: user }, { values: vector, embedderId: embedder }, 5, {
        minCosine: -1,
      });
      const exact = await testRead<{ id: string; score: number }>('exactVectorScan', {
        tenantId: t.tenantId,
        userId: user,
        vector,
        embeddingModel: embedder,
        limit: 5,
      });
      expect(hits.length, q).to.be.greaterThan(0);
      expect(
        hits.map((h) => h.id),
        q,
      ).to.deep.equal(exact.map((h) => h.id));
      hits.forEach((h, i) => expect(h.cosine, `${q} rank ${i}`).to.be.closeTo(2 * exact[i]!.score - 1, 1e-5));
    }
  });
});
