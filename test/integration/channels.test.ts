// Retrieval on Neo4j's own indexes (src/retrieval/channels.ts): every retrieval reads the vector and full-text
// indexes, user text reaches Lucene only as escaped terms, what an acknowledged write stored is found by the very
// next question, and nothing of a person is held in the service: two processes on one database answer alike.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { testEnv } from '../helpers/env.js';
import { fullTextMatches, testRead } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';
import { loadTenant, spawnService, type ServiceProcess } from './faultKit.js';

interface IndexReads {
  name: string;
  type: string;
  readCount: number;
}

const reads = async () => new Map((await testRead<IndexReads>('searchIndexReads', {})).map((r) => [r.name, r.readCount]));

/** Until Neo4j publishes index statistics that satisfy `ok` (it does every few seconds, not at each read). */
async function readsWhen(ok: (r: Map<string, number>) => boolean): Promise<Map<string, number>> {
  const deadline = Date.now() + 60_000;
  let now = await reads();
  while (!ok(now) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    now = await reads();
  }
  return now;
}

describe('retrieval channels on Neo4j indexes', () => {
  let t: { tenantId: string; apiKey: string };
  const ingest = async (userId: string, content: string, key = t.apiKey) => {
    const r = await call('POST', '/api/v1/ingest', { headers: v1(key), body: { user_id: userId, content } });
    expect(r.status, r.text).to.equal(201);
  };
  const items = async (userId: string, message: string, key = t.apiKey) => {
    const r = await call('POST', '/api/v1/context/items', { headers: v1(key), body: { user_id: userId, message } });
    expect(r.status, r.text).to.equal(200);
    return (r.body.items as Array<{ node_id: string; sentence: string }>).map((i) => i.sentence);
  };
  /** The ids the memory full-text channel found for a question, best first. */
  const fulltext = (userId: string, question: string) => fullTextMatches({ tenantId: t.tenantId, userId }, question);

  before(async () => {
    t = await newTenant('v1', 'scale');
  });
  after(cleanupTenants);

  it('reads the vector index and the full-text indexes (memories, messages, entity names) with every retrieval', async function () {
    this.timeout(90_000);
    const user = `ch-reads-${randomUUID()}`;
    await ingest(user, 'I play the cello in a community orchestra on Tuesdays.');
    const before = await reads();
    for (let i = 0; i < 3; i++) expect((await items(user, `Which instrument do I play? (${i})`)).join(' ')).to.match(/cello/);
    const at = (r: Map<string, number>, name: string) => (r.get(name) ?? 0) - (before.get(name) ?? 0);
    // The person's entities a question could name come from entity_name_search too.
    const indexes = ['memory_embedding_owner', 'memory_search_en', 'message_text_en', 'entity_name_search'];
    const after = await readsWhen((r) => indexes.every((n) => at(r, n) >= 3));
    for (const name of indexes) expect(at(after, name), `${name}: ${JSON.stringify([...after])}`).to.be.at.least(3);
  });

  it('finds by full text what an acknowledged write stored, at the next question', async () => {
    const user = `ch-ryw-${randomUUID()}`;
    for (let i = 0; i < 5; i++) {
      const word = `zorbling${i}`;
      await ingest(user, `My neighbour Priya collects ${word} figurines from Kyoto.`);
      expect((await fulltext(user, `Which ${word} things does Priya collect?`)).length, word).to.be.greaterThan(0);
    }
  });

  it('searches messages with the names a question uses at half weight, and still finds by them', async () => {
    const mine = `ch-names-${randomUUID()}`;
    await ingest(mine, 'Mel and I made pottery bowls at the studio on Saturday.');
    const { findCandidates } = await import('../../src/retrieval/channels.js');
    const said = async (words: string[], names: string[]) => {
      const request = { text: words.join(' '), words, names, expandIds: [], range: null, includeIdentity: false, entities: [], perChannel: 20 };
      const { ranks } = await findCandidates((await testEnv()).graph, { tenantId: t.tenantId, userId: mine }, request);
      return [...ranks].filter(([, c]) => c.has('said')).length;
    };
    expect(await said(['mel', 'pottery'], ['mel'])).to.be.at.least(1);
    // A name alone, at its lower weight, still finds what was said with it.
    expect(await said(['mel'], ['mel'])).to.be.at.least(1);
  });

  it('takes question words as terms: Lucene syntax in them finds nothing of anyone else and fails nothing', async () => {
    const mine = `ch-lucene-${randomUUID()}`;
    const theirs = `ch-lucene-other-${randomUUID()}`;
    await ingest(mine, 'I grow tomatoes on my balcony.');
    await ingest(theirs, 'My secret password hint is the blue heron.');
    for (const q of [
      '*:*',
      'userId:*',
      `userId:"${theirs}" OR heron`,
      ') OR (summary:heron',
      'heron~ AND NOT tomatoes^10',
      '\\" OR *',
      'tenantId:* summary:*',
      '/.*/',
      '[a TO z]',
    ]) {
      const got = await items(mine, q);
      expect(got.join(' '), q).to.not.match(/heron|password/);
    }
    // The words themselves still search: a question naming the tomatoes finds them.
    expect((await fulltext(mine, 'Where do I grow tomatoes?*')).length).to.be.at.least(1);
  });

  it('scopes full text to the person whatever their id holds: quotes, colons, wildcards, spaces, stop words only', async () => {
    for (const [i, user] of ['ana "x" OR userId:*', 'b:c*d?', 'the', '---', 'to be or not', 'ÄÖ ü'].entries()) {
      const other = `${user} 2`; // a neighbour whose id analyses to the same words and more
      const word = `quibble${i}`;
      await ingest(user, `I keep a ${word} journal every morning.`);
      await ingest(other, `My sister keeps a ${word} garden.`);
      const found = await fulltext(user, `What ${word} thing do I keep?`);
      const own = new Set((await testRead<{ id: string }>('memorySummaries', { tenantId: t.tenantId, userId: user })).map((m) => m.id));
      expect(found.length, user).to.be.greaterThan(0);
      expect(
        found.every((id) => own.has(id)),
        user,
      ).to.equal(true);
      expect((await items(user, `What ${word} thing do I keep?`)).join(' '), user).to.not.match(/garden/);
    }
  });

  describe('two service processes on one database', () => {
    let a: ServiceProcess;
    let b: ServiceProcess;
    let key: string;
    before(async function () {
      this.timeout(240_000);
      const env = await testEnv();
      const shared = { NEO4J_URI: process.env.NEO4J_URI!, EMBEDDINGS: env.config.EMBEDDINGS };
      [a, b] = await Promise.all([spawnService(shared), spawnService(shared)]);
      key = (await loadTenant(a.url, 'v1', `two-processes ${randomUUID()}`)).apiKey;
    });
    after(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
    });

    it('answer the same question identically right after a write to either', async function () {
      this.timeout(120_000);
      const user = `ch-two-${randomUUID()}`;
      const ask = async (baseUrl: string) => {
        const r = await call('POST', '/api/v1/context/items', {
          baseUrl,
          headers: v1(key),
          body: { user_id: user, message: 'What do I do on weekends with my family?' },
        });
        expect(r.status, r.text).to.equal(200);
        return (r.body.items as Array<{ node_id: string }>).map((i) => i.node_id);
      };
      const lines = [
        'On weekends I take my daughter Mia to the climbing gym.',
        'My husband Raj cooks biryani for the family every Sunday.',
        'We visit my parents in Bristol once a month on a Saturday.',
        'I am learning Portuguese on my lunch breaks.',
      ];
      for (const [i, content] of lines.entries()) {
        const writer = i % 2 === 0 ? a : b;
        const r = await call('POST', '/api/v1/ingest', { baseUrl: writer.url, headers: v1(key), body: { user_id: user, content } });
        expect(r.status, r.text).to.equal(201);
        const [fromA, fromB] = await Promise.all([ask(a.url), ask(b.url)]);
        expect(fromA.length, `after write ${i}`).to.be.greaterThan(0);
        expect(fromB, `after write ${i} to ${i % 2 === 0 ? 'A' : 'B'}`).to.deep.equal(fromA);
      }
    });
  });
});
