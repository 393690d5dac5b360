// Tier 3 of extraction through the providers' APIs, served by a local stub: a name the offline tiers left
// ambiguous is classified by OpenAI, by Anthropic when OpenAI fails, and kept as guessed when both fail.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Metrics } from '../../src/http/metrics.js';
import { startProviderStub, type ProviderStub } from '../helpers/providerStub.js';
import { makeServices, startService, testConfig, testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const reply = (name: string) => JSON.stringify({ entities: [{ name, kind: 'person', relation: 'coworker' }] });

describe('language-model tier of extraction (stubbed providers)', () => {
  let stub: ProviderStub;
  let t: { tenantId: string; apiKey: string };
  let service: { baseUrl: string; close: () => Promise<void> };

  before(async () => {
    const env = await testEnv();
    stub = await startProviderStub();
    t = await newTenant('v1', 'scale');
    const config = testConfig({
      OPENAI_API_KEY: 'sk-test-openai',
      OPENAI_BASE_URL: stub.openaiBaseUrl,
      ANTHROPIC_API_KEY: 'sk-test-anthropic',
      ANTHROPIC_BASE_URL: stub.anthropicBaseUrl,
      EMBEDDINGS: 'hash',
      PROVIDER_TIMEOUT_MS: '800',
    });
    // This service's worker is the only one running, so the model path is the one taken.
    await env.services.worker.stop();
    const services = makeServices(env.opened, config, new Metrics(false));
    services.worker.start();
    const { server, baseUrl } = await startService(services);
    service = {
      baseUrl,
      close: async () => {
        await new Promise((r) => server.close(r));
        await services.worker.stop();
      },
    };
  });

  after(async () => {
    await service.close();
    await stub.close();
    (await testEnv()).services.worker.start();
    await cleanupTenants();
  });

  async function ingest(name: string) {
    const user = `llm-${randomUUID()}`;
    const r = await call('POST', '/api/v1/ingest/v2', {
      baseUrl: service.baseUrl,
      headers: v1(t.apiKey),
      body: { user_id: user, speaker: 'user', message: `I had lunch with ${name} yesterday.` },
    });
    const done = await call('GET', `/api/v1/messages/${r.body.message_id}?wait=20`, { baseUrl: service.baseUrl, headers: v1(t.apiKey) });
    expect(done.body.status).to.equal('done');
    const [entity] = await testRead('entityByName', { tenantId: t.tenantId, userId: user, name });
    return entity;
  }

  it('OpenAI classifies the ambiguous name', async () => {
    stub.reset();
    stub.set('openai.chat', { content: reply('Zorblax') });
    const e = await ingest('Zorblax');
    expect(e).to.include({ kind: 'person', relation: 'coworker' });
    const sent = stub.requestsTo('openai.chat')[0]!;
    expect(sent.headers.authorization).to.equal('Bearer sk-test-openai');
    expect(JSON.stringify(sent.body)).to.include('Zorblax');
    expect(stub.requestsTo('anthropic.messages')).to.have.length(0);
  });

  it('Anthropic answers when OpenAI fails', async () => {
    stub.reset();
    stub.set('openai.chat', { status: 500 });
    stub.set('anthropic.messages', { content: reply('Brannoc') });
    const e = await ingest('Brannoc');
    expect(e).to.include({ kind: 'person', relation: 'coworker' });
    expect(stub.requestsTo('anthropic.messages').length).to.be.at.least(1);
  });

  it('both failing or answering garbage: the offline guess stays and the message is still processed', async () => {
    stub.reset();
    stub.set('openai.chat', { delayMs: 2000 });
    stub.set('anthropic.messages', { raw: 'not json at all' });
    const e = await ingest('Quorrin');
    expect(e.relation).to.equal(null);
    expect(e.kind).to.equal('person');
  });

  it('model output cannot inject a relation outside the allow-list', async () => {
    stub.reset();
    stub.set('openai.chat', { content: JSON.stringify({ entities: [{ name: 'Vexley', kind: 'person', relation: "spouse'}) DETACH DELETE (n" }] }) });
    const e = await ingest('Vexley');
    expect(e.relation).to.equal(null);
  });
});
