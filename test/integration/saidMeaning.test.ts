// The "said by meaning" channel (issue 18): a processed turn that left memories keeps a vector of its own words and
// speaker's name, in the owner-filtered vector index on messages (V0023); a question's nearest turns vote for their
// memories, only those close to the nearest; a withheld turn votes for nothing; re-embedding after a
// change of embedder covers message vectors too.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { reembed, staleVectors } from '../../src/jobs/reembed.js';
import type { Embedder } from '../../src/providers/embeddings.js';
import { findCandidates } from '../../src/retrieval/channels.js';
import { testEnv } from '../helpers/env.js';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

describe('said by meaning: the vector index on messages', function () {
  this.timeout(60_000);
  let t: { tenantId: string; apiKey: string };
  const user = `said-meaning-${randomUUID()}`;
  const ids: Record<string, string> = {};

  async function say(key: string, speaker: 'user' | 'other', name: string, message: string, second: number): Promise<void> {
    const r = await call('POST', '/api/v1/ingest/v2', {
      headers: v1(t.apiKey),
      body: { user_id: user, speaker, speaker_name: name, message, event_time: `2024-03-02T10:00:${String(second).padStart(2, '0')}Z` },
    });
    expect(r.status, r.text).to.equal(202);
    ids[key] = r.body.message_id as string;
    const done = await call('GET', `/api/v1/messages/${ids[key]}?wait=20`, { headers: v1(t.apiKey) });
    expect(done.body.status, JSON.stringify(done.body)).to.equal('done');
  }
  const vectorOf = async (key: string) =>
    (await testRead<{ embedding: number[] | null; model: string | null }>('messageVector', { tenantId: t.tenantId, messageId: ids[key] }))[0]!;
  /** The channels that found each memory for a question: its vector, and the full-text channels when given words. */
  async function channelsFor(text: string, words: string[] = []): Promise<Map<string, Set<string>>> {
    const env = await testEnv();
    const embedder = env.services.embeddings.primary;
    const [values] = await embedder.embed([text]);
    const request = { text, words, names: [], expandIds: [], range: null, includeIdentity: false, entities: [], perChannel: 20 };
    const { ranks } = await findCandidates(
      env.graph,
      { tenantId: t.tenantId, userId: user },
      {
        ...request,
        vector: Promise.resolve({ values: values!, embedderId: embedder.id }),
      },
    );
    return new Map([...ranks].map(([id, c]) => [id, new Set(c.keys())]));
  }
  const memoriesOf = async (key: string) =>
    (await testRead<{ id: string }>('factsOfMessage', { tenantId: t.tenantId, userId: user, messageId: ids[key] })).map((f) => f.id);

  before(async () => {
    t = await newTenant('v1', 'scale');
    await say('question', 'other', 'Maria', 'What do you do to unwind after work?', 0);
    await say('answer', 'user', 'Lena', 'Yoga on Sunday evenings keeps me calm, and I bake sourdough bread for my neighbours.', 1);
    await say('filler', 'other', 'Maria', 'Sounds great!', 2);
    await say('far', 'user', 'Lena', 'My brother Tom bakes bread on Sunday evenings in Glasgow.', 3);
  });
  after(cleanupTenants);

  it('stores the vector of "<speaker name>: <words>" for a turn that left memories, with its embedder, and none for filler', async () => {
    const env = await testEnv();
    const embedder = env.services.embeddings.primary;
    const answer = await vectorOf('answer');
    expect(answer.model).to.equal(embedder.id);
    const [expected] = await embedder.embed(['Lena: Yoga on Sunday evenings keeps me calm, and I bake sourdough bread for my neighbours.']);
    expect(answer.embedding!.map((x) => x.toFixed(5))).to.deep.equal(expected!.map((x) => x.toFixed(5)));
    expect((await memoriesOf('answer')).length).to.be.at.least(1);
    expect(await vectorOf('filler')).to.deep.equal({ embedding: null, model: null });
  });

  it('votes for the memories of the turns nearest the question, none far from the nearest, none of a withheld turn (by meaning or by words)', async () => {
    const answerMemories = await memoriesOf('answer');
    const farMemories = await memoriesOf('far');
    expect(farMemories.length).to.be.at.least(1);
    const before = await channelsFor('Lena: Yoga on Sunday evenings keeps me calm, and I bake sourdough bread.');
    for (const id of answerMemories) expect([...(before.get(id) ?? [])], id).to.include('saidMeaning');
    // The other turn shares words (cosine about 0.5 with the hashing embedder, well above the noise floor) but is far
    // below the nearest: by rank alone, a small person's every turn would vote.
    for (const id of farMemories) expect([...(before.get(id) ?? [])], id).to.not.include('saidMeaning');
    const far = await channelsFor('Lena: My brother Tom bakes bread on Sunday evenings in Glasgow.');
    for (const id of farMemories) expect([...(far.get(id) ?? [])], id).to.include('saidMeaning');
    const byWords = await channelsFor('Do you still bake sourdough?', ['sourdough']);
    for (const id of answerMemories) expect([...(byWords.get(id) ?? [])], id).to.include('said');

    // Withheld by a fix or a delete: the words the person corrected or asked to forget steer nothing, by meaning or by words.
    await testWrite('withholdMessage', { tenantId: t.tenantId, messageId: ids.answer });
    const after = await channelsFor('Lena: Yoga on Sunday evenings keeps me calm, and I bake sourdough bread.');
    for (const id of answerMemories) expect([...(after.get(id) ?? [])], id).to.not.include('saidMeaning');
    const afterByWords = await channelsFor('Do you still bake sourdough?', ['sourdough']);
    for (const id of answerMemories) expect([...(afterByWords.get(id) ?? [])], id).to.not.include('said');
  });

  it('re-embeds message vectors after a change of embedder, from the same words', async () => {
    const env = await testEnv();
    const current = env.services.embeddings.primary;
    const seen: string[] = [];
    const other: Embedder = {
      id: `said-meaning-test:${env.config.EMBEDDING_DIMENSIONS}`,
      dimensions: env.config.EMBEDDING_DIMENSIONS,
      embed: async (texts) => {
        seen.push(...texts);
        return current.embed(texts);
      },
    };
    const stale = await staleVectors(env.graph, other.id, t.tenantId);
    // The memories and the messages that hold vectors (a withheld one too: it is still the person's until erased).
    const memories = (await testRead<{ memories: number }>('memoryModels', { tenantId: t.tenantId, userId: user })).reduce(
      (a, r) => a + Number(r.memories),
      0,
    );
    const messages = (await Promise.all(Object.keys(ids).map(vectorOf))).filter((v) => v.embedding).length;
    expect(messages).to.be.at.least(1);
    expect(stale[current.id]).to.equal(memories + messages);
    const done = await reembed(env.graph, other, { tenantId: t.tenantId });
    expect(done).to.include({ total: memories + messages, done: memories + messages, finished: true });
    expect(seen).to.include('Lena: Yoga on Sunday evenings keeps me calm, and I bake sourdough bread for my neighbours.');
    expect((await vectorOf('answer')).model).to.equal(other.id);
    expect(await staleVectors(env.graph, other.id, t.tenantId)).to.deep.equal({});
  });
});
