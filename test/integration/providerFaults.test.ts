// Faults (issue 8): the model providers hang, fail or answer garbage while the service runs with keys set (a local
// stub speaking the OpenAI and Anthropic APIs). What test/integration/providers.test.ts and modelTier.test.ts
// already prove (per call: timeouts, retries, the Anthropic fallback, garbage rejected; per message: the offline
// guess kept when classification fails) is not repeated. Here, through the service: acknowledging a message never
// waits on a provider, and every message is still processed (the offline path) within a bounded time, also when
// the embedding provider is the one that is down.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { Metrics } from '../../src/http/metrics.js';
import { MODEL_ID } from '../../src/providers/localModel.js';
import { makeServices, startService, testConfig, testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';
import { startProviderStub, type ProviderStub, type StubBehaviour } from '../helpers/providerStub.js';
import { percentile } from './faultKit.js';

const PROVIDER_TIMEOUT_MS = 500;
// The offline fallback of the service in auto mode: the local model.
const LOCAL = MODEL_ID;

describe('faults: model providers hanging, failing or answering garbage, through the service', function () {
  this.timeout(120_000);
  let stub: ProviderStub;
  let t: { tenantId: string; apiKey: string };
  let own: { baseUrl: string; close(): Promise<void> } | undefined;
  const figures: Record<string, unknown> = {};

  /** A service with both provider keys pointing at the stub (embeddings from "OpenAI"); its worker is the only one. */
  async function service() {
    const env = await testEnv();
    const config = testConfig({
      OPENAI_API_KEY: 'sk-test-openai',
      OPENAI_BASE_URL: stub.openaiBaseUrl,
      ANTHROPIC_API_KEY: 'sk-test-anthropic',
      ANTHROPIC_BASE_URL: stub.anthropicBaseUrl,
      EMBEDDINGS: 'auto',
      PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
    });
    const services = makeServices(env.opened, config, new Metrics(false));
    services.worker.start();
    const { server, baseUrl } = await startService(services);
    own = {
      baseUrl,
      close: async () => {
        await new Promise((r) => (server as Server).close(r));
        await services.worker.stop();
      },
    };
    return own;
  }

  /** Sends `n` messages over 4 people (names a model would be asked about), timing each acknowledgement. */
  async function send(baseUrl: string, n: number) {
    const users = Array.from({ length: 4 }, () => `prov-${randomUUID()}`);
    const acks: Array<{ id: string; ms: number }> = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      const r = await call('POST', '/api/v1/ingest/v2', {
        baseUrl,
        headers: v1(t.apiKey),
        body: { user_id: users[i % 4], speaker: 'user', message: `I had lunch with Zorblax number ${i + 1} at the harbour yesterday.` },
      });
      expect(r.status, r.text).to.equal(202);
      acks.push({ id: r.body.message_id, ms: performance.now() - started });
    }
    return { users, acks };
  }

  async function allDone(baseUrl: string, ids: string[]) {
    const started = Date.now();
    for (const id of ids) {
      const r = await call('GET', `/api/v1/messages/${id}?wait=30`, { baseUrl, headers: v1(t.apiKey) });
      expect(r.body.status, `message ${id}: ${r.text}`).to.equal('done');
    }
    return Date.now() - started;
  }

  const embedders = async (users: string[]) => {
    const models = new Map<string, number>();
    for (const userId of users)
      for (const f of await testRead<{ embeddingModel: string }>('userFacts', { tenantId: t.tenantId, userId }))
        models.set(f.embeddingModel, (models.get(f.embeddingModel) ?? 0) + 1);
    return Object.fromEntries(models);
  };

  before(async () => {
    stub = await startProviderStub();
    t = await newTenant('v1', 'scale');
    await (await testEnv()).services.worker.stop();
  });

  afterEach(async () => {
    await own?.close();
    own = undefined;
  });

  after(async () => {
    console.log(`      figures: ${JSON.stringify(figures)}`);
    await stub.close();
    (await testEnv()).services.worker.start();
    await cleanupTenants();
  });

  it('every provider hanging for 30 s: acknowledgements in milliseconds, every message still processed (offline path)', async () => {
    stub.reset();
    const hang: StubBehaviour = { delayMs: 30_000 };
    stub.set('openai.chat', hang);
    stub.set('anthropic.messages', hang);
    stub.set('openai.embeddings', hang);
    const { baseUrl } = await service();
    const { users, acks } = await send(baseUrl, 20);
    const processedMs = await allDone(
      baseUrl,
      acks.map((a) => a.id),
    );
    const models = await embedders(users);
    figures.hanging = {
      ackMs: {
        p50: Math.round(
          percentile(
            acks.map((a) => a.ms),
            50,
          ),
        ),
        p95: Math.round(
          percentile(
            acks.map((a) => a.ms),
            95,
          ),
        ),
        max: Math.round(Math.max(...acks.map((a) => a.ms))),
      },
      allProcessedAfterLastAckMs: processedMs,
      calls: {
        chat: stub.requestsTo('openai.chat').length,
        anthropic: stub.requestsTo('anthropic.messages').length,
        embeddings: stub.requestsTo('openai.embeddings').length,
      },
      factsByEmbedder: models,
    };
    // The acknowledgement stores the message and answers: no provider on that path.
    expect(Math.max(...acks.map((a) => a.ms))).to.be.lessThan(2000);
    // Processed: the offline guess for the names, local vectors for the memories.
    expect(Object.keys(models)).to.deep.equal([LOCAL]);
    // Once the embedding provider failed, it is left alone for a while instead of costing a timeout per message.
    expect(stub.requestsTo('openai.embeddings').length).to.be.at.most(4);
  });

  it('the embedding provider answering garbage: the same offline path; a healthy provider is used again by a new process', async () => {
    stub.reset();
    stub.set('openai.chat', { content: JSON.stringify({ entities: [] }) });
    stub.set('openai.embeddings', { raw: '<html>502 Bad Gateway</html>', rawContentType: 'text/html' });
    const broken = await service();
    const first = await send(broken.baseUrl, 8);
    await allDone(
      broken.baseUrl,
      first.acks.map((a) => a.id),
    );
    expect(Object.keys(await embedders(first.users))).to.deep.equal([LOCAL]);
    await own!.close();
    own = undefined;

    stub.reset();
    stub.set('openai.chat', { content: JSON.stringify({ entities: [] }) });
    const healthy = await service();
    const second = await send(healthy.baseUrl, 4);
    await allDone(
      healthy.baseUrl,
      second.acks.map((a) => a.id),
    );
    expect(Object.keys(await embedders(second.users))).to.deep.equal(['openai:text-embedding-3-small:384']);
  });

  it('retrieval and fixes while the embedding provider hangs: answered from the other channels and local vectors, within a bounded time', async () => {
    stub.reset();
    stub.set('openai.embeddings', { delayMs: 30_000 });
    const { baseUrl } = await service();
    const { users, acks } = await send(baseUrl, 4);
    await allDone(
      baseUrl,
      acks.map((a) => a.id),
    );
    const samples: Array<{ status: number; ms: number; items: number }> = [];
    for (const user of users) {
      const started = performance.now();
      const r = await call('POST', '/api/v1/context/items', { baseUrl, headers: v1(t.apiKey), body: { user_id: user, message: 'Who is Zorblax?' } });
      samples.push({ status: r.status, ms: Math.round(performance.now() - started), items: r.body.items?.length ?? 0 });
      expect(r.status, r.text).to.equal(200);
      // The memory is found by its words although no vector of the question could be had from the provider.
      expect(r.body.items.map((i: { sentence: string }) => i.sentence).join(' ')).to.match(/Zorblax/);
    }
    figures.retrievalWhileEmbeddingsHang = samples;
    // At most one request waits for the provider's timeout; the others find it known to be down.
    for (const s of samples) expect(s.ms).to.be.lessThan(PROVIDER_TIMEOUT_MS + 3000);

    const user = users[0]!;
    const [item] = (await call('GET', `/api/v1/memory/v2/items?user_id=${user}`, { baseUrl, headers: v1(t.apiKey) })).body.items.filter(
      (i: { sentence: string }) => /Zorblax/.test(i.sentence),
    );
    const fixed = await call('PATCH', `/api/v1/memory/v2/nodes/${item.node_id}`, {
      baseUrl,
      headers: v1(t.apiKey),
      body: { user_id: user, sentence: 'The user had lunch with Zorblax at the old harbour.' },
    });
    expect(fixed.status, fixed.text).to.equal(200);
    expect(Object.keys(await embedders([user]))).to.deep.equal([LOCAL]);
  });
});
