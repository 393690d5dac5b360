// Idempotency-Key on the synchronous v1 /ingest and /ingest/batch: a retried request answers what the first stored
// (the same body, Idempotent-Replayed: true) and stores nothing again, also when copies arrive at once and after a
// restart; a write that failed leaves no key behind, so a corrected retry with the same key stores. /ingest/batch
// scopes its key to the tenant and binds each item at its position.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { makeServices, startService, testEnv } from '../helpers/env.js';
import { admin, call, cleanupTenants, newTenant, v1, type Reply } from '../helpers/http.js';

describe('Idempotency-Key on the synchronous /ingest and /ingest/batch', function () {
  this.timeout(120_000);
  let t: { tenantId: string; apiKey: string };
  before(async () => {
    t = await newTenant('v1', 'scale');
  });
  after(cleanupTenants);

  const keyed = (key?: string) => ({ ...v1(t.apiKey), ...(key ? { 'Idempotency-Key': key } : {}) });
  const ingest = (body: unknown, key?: string, baseUrl?: string) => call('POST', '/api/v1/ingest', { headers: keyed(key), body, baseUrl });
  const batch = (items: unknown[], key?: string) => call('POST', '/api/v1/ingest/batch', { headers: keyed(key), body: { items } });
  /** Every node of the tenant (usage counters aside): what "stores nothing" is checked against. */
  const tenantNodes = async (tenantId = t.tenantId) => (await testRead<{ nodes: number }>('relTenantNodeCount', { tenantId }))[0]!.nodes;
  const memoriesOf = async (userId: string, tenantId = t.tenantId) =>
    (await testRead<{ memories: number }>('userGraphCounts', { tenantId, userId }))[0]?.memories ?? 0;
  const messagesOf = async (userId: string, tenantId = t.tenantId) =>
    (await testRead<{ id: string }>('messageSpeakers', { tenantId, userId })).length;
  const replayedHeader = (r: Reply) => r.headers.get('idempotent-replayed');

  describe('/ingest (key scoped to the person)', () => {
    it('a retry answers the same body (node id, scores, entities) and stores nothing again; without a key it stores again', async () => {
      const user = `sync-${randomUUID()}`;
      const key = randomUUID();
      const body = { user_id: user, content: 'My sister Ana lives in Porto and teaches piano.', metadata: { channel: 'app' } };
      const first = await ingest(body, key);
      expect(first.status, first.text).to.equal(201);
      expect(replayedHeader(first)).to.equal(null);
      expect(first.body.entities_created).to.include('Ana');
      const nodes = await tenantNodes();
      const memories = await memoriesOf(user);

      // The same request written another way (keys in another order) is the same request.
      const again = await ingest({ metadata: { channel: 'app' }, content: body.content, user_id: user }, key);
      expect(again.status, again.text).to.equal(201);
      expect(replayedHeader(again)).to.equal('true');
      expect(again.body).to.deep.equal(first.body);
      expect(await tenantNodes(), 'nothing stored by the replay').to.equal(nodes);
      expect(await memoriesOf(user)).to.equal(memories);
      expect(await messagesOf(user)).to.equal(1);

      // Without a key the request is written again (a new message; the same fact is merged into its memory).
      const plain = await ingest(body);
      expect(plain.status).to.equal(201);
      expect(replayedHeader(plain)).to.equal(null);
      expect(await messagesOf(user)).to.equal(2);
    });

    it('the replay is stored in Neo4j: a service started afresh on the same database answers it', async () => {
      const user = `sync-restart-${randomUUID()}`;
      const key = randomUUID();
      const body = { user_id: user, content: 'I moved to Leeds for a job at the hospital.' };
      const first = await ingest(body, key);
      expect(first.status, first.text).to.equal(201);
      const env = await testEnv();
      const services = makeServices(env.opened, env.config);
      let server: Server | undefined;
      try {
        const started = await startService(services);
        server = started.server;
        const nodes = await tenantNodes();
        const again = await ingest(body, key, started.baseUrl);
        expect(again.status, again.text).to.equal(201);
        expect(replayedHeader(again)).to.equal('true');
        expect(again.body).to.deep.equal(first.body);
        expect(await tenantNodes()).to.equal(nodes);
      } finally {
        if (server) await new Promise((r) => server!.close(r));
        await services.usage.stop().catch(() => {});
      }
    });

    it('copies sent at once store one memory and all answer with its body', async () => {
      const [user, control] = [`sync-race-${randomUUID()}`, `sync-control-${randomUUID()}`];
      const body = (userId: string) => ({ user_id: userId, content: 'My brother Tom plays chess every Sunday.' });
      // Both people exist, so the copies race on the write itself; the control person gets the request once.
      for (const u of [user, control]) await ingest({ user_id: u, content: 'First sight of this person.' });
      expect((await ingest(body(control))).status).to.equal(201);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 6 }, () => ingest(body(user), key)));
      for (const a of answers) expect(a.status, a.text).to.equal(201);
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size, 'one body for all').to.equal(1);
      expect(answers.filter((a) => replayedHeader(a) === 'true')).to.have.length(5);
      expect(await messagesOf(user)).to.equal(2);
      expect(await memoriesOf(user), 'the memories of one request, as the control person has').to.equal(await memoriesOf(control));
    });

    it('the same key with a different request is 409 and stores nothing, also across routes', async () => {
      const user = `sync-conflict-${randomUUID()}`;
      const key = randomUUID();
      const first = await ingest({ user_id: user, content: 'I work at Acme as a welder.' }, key);
      expect(first.status).to.equal(201);
      const nodes = await tenantNodes();
      const other = await ingest({ user_id: user, content: 'I work at Acme as a painter.' }, key);
      expect(other.status, other.text).to.equal(409);
      expect(other.body.error.code).to.equal('CONFLICT');
      expect(other.body.error.message).to.match(/Idempotency-Key was used with a different request/);
      const v2 = await call('POST', '/api/v1/ingest/v2', {
        headers: keyed(key),
        body: { user_id: user, speaker: 'user', message: 'I work at Acme as a welder.' },
      });
      expect(v2.status, v2.text).to.equal(409);
      expect(await tenantNodes()).to.equal(nodes);
      // A key used on /ingest/v2 is refused on /ingest as well.
      const v2Key = randomUUID();
      expect(
        (await call('POST', '/api/v1/ingest/v2', { headers: keyed(v2Key), body: { user_id: user, speaker: 'user', message: 'I like tea.' } })).status,
      ).to.equal(202);
      expect((await ingest({ user_id: user, content: 'I like tea.' }, v2Key)).status).to.equal(409);
    });

    it('a malformed key is a 400 naming the header, and nothing is stored', async () => {
      const user = `sync-bad-${randomUUID()}`;
      for (const key of ['has space', 'x'.repeat(256), 'tab\there', 'é']) {
        const r = await ingest({ user_id: user, content: 'I play the cello.' }, key);
        expect(r.status, key).to.equal(400);
        expect(r.body.error.message).to.include('Idempotency-Key');
        const b = await batch([{ user_id: user, content: 'I play the cello.' }], key);
        expect(b.status, key).to.equal(400);
        expect(b.body.error.message).to.include('Idempotency-Key');
      }
      expect(await messagesOf(user)).to.equal(0);
      expect(await memoriesOf(user)).to.equal(0);
    });

    it('a key whose 24 hours are up may be used again, for a new request', async () => {
      const user = `sync-old-${randomUUID()}`;
      const key = randomUUID();
      const first = await ingest({ user_id: user, content: 'I bought a sailboat.' }, key);
      await testWrite('ageIdempotentMessages', { tenantId: t.tenantId, userId: user, key, hours: 25 });
      const later = await ingest({ user_id: user, content: 'I sold the sailboat.' }, key);
      expect(later.status, later.text).to.equal(201);
      expect(replayedHeader(later)).to.equal(null);
      expect(later.body.node_id).to.not.equal(first.body.node_id);
      expect(await messagesOf(user)).to.equal(2);
      // The released key now stands for the new request.
      const again = await ingest({ user_id: user, content: 'I sold the sailboat.' }, key);
      expect(again.body).to.deep.equal(later.body);
      expect(replayedHeader(again)).to.equal('true');
    });

    it('a write refused over the memory limit leaves no key: once the limit is raised, the same request with the same key stores', async () => {
      const q = await newTenant('v1', 'scale');
      const limit = (n: number) => call('PATCH', `/admin/tenants/${q.tenantId}`, { headers: admin, body: { limits: { max_nodes_per_user: n } } });
      expect((await limit(2)).status).to.equal(200);
      const user = `sync-quota-${randomUUID()}`;
      const key = randomUUID();
      const body = { user_id: user, content: 'My sister Ana lives in Porto and my brother Tom lives in Lisbon.' };
      const send = () => call('POST', '/api/v1/ingest', { headers: { ...v1(q.apiKey), 'Idempotency-Key': key }, body });
      const refused = await send();
      expect(refused.status, refused.text).to.equal(403);
      expect(refused.body.error.message).to.match(/allows 2 per user/);
      expect(await messagesOf(user, q.tenantId), 'the refused write stored no message, hence no key').to.equal(0);
      expect(await memoriesOf(user, q.tenantId)).to.equal(0);
      expect((await limit(1000)).status).to.equal(200);
      const stored = await send();
      expect(stored.status, stored.text).to.equal(201);
      expect(replayedHeader(stored)).to.equal(null);
      expect(await messagesOf(user, q.tenantId)).to.equal(1);
      const again = await send();
      expect(again.body).to.deep.equal(stored.body);
      expect(replayedHeader(again)).to.equal('true');
    });
  });

  describe('/ingest/batch (key scoped to the tenant, each item bound at its position)', () => {
    it('a retry answers the same body for items naming different people and stores nothing again', async () => {
      const [ada, bo] = [`batch-ada-${randomUUID()}`, `batch-bo-${randomUUID()}`];
      const key = randomUUID();
      const items = [
        { user_id: ada, content: 'I play the cello on Tuesdays.' },
        { user_id: bo, content: 'My dog Rex hates thunderstorms.' },
        { user_id: ada, content: 'My husband Omar is a nurse.' },
      ];
      const first = await batch(items, key);
      expect(first.status, first.text).to.equal(200);
      expect(first.body.succeeded).to.equal(3);
      expect(replayedHeader(first)).to.equal(null);
      const nodes = await tenantNodes();
      const again = await batch(items, key);
      expect(again.status, again.text).to.equal(200);
      expect(replayedHeader(again)).to.equal('true');
      expect(again.body).to.deep.equal(first.body);
      expect(await tenantNodes(), 'nothing stored by the replay').to.equal(nodes);
      expect([await messagesOf(ada), await messagesOf(bo)]).to.deep.equal([2, 1]);
      // The key is the tenant's: a batch with another item at a stored position is refused, whoever it names.
      const other = await batch([{ user_id: `batch-cy-${randomUUID()}`, content: 'I run marathons.' }], key);
      expect(other.status, other.text).to.equal(409);
      expect(other.body.error.code).to.equal('CONFLICT');
      expect(other.body.error.message).to.match(/Idempotency-Key was used in this tenant/);
      // So is a shorter batch: the items it leaves out were stored under the key.
      expect((await batch(items.slice(0, 2), key)).status).to.equal(409);
      expect(await tenantNodes()).to.equal(nodes);
    });

    it('an item that failed stored no key: a retry with it corrected stores it and answers the others from the first', async () => {
      const user = `batch-fix-${randomUUID()}`;
      const key = randomUUID();
      const items: unknown[] = [
        { user_id: user, content: 'I live in Lisbon with my cat Tom.' },
        { user_id: user, contents: 'My sister Ana teaches piano.' }, // misspelt field
        { user_id: user, content: 'I work at Acme as a welder.' },
      ];
      const first = await batch(items, key);
      expect(first.status, first.text).to.equal(200);
      expect(first.body.results.map((r: { status: string }) => r.status)).to.deep.equal(['stored', 'failed', 'stored']);
      expect(await messagesOf(user)).to.equal(2);

      // The same batch again: the same answer (the bad item fails again, with the same reason), nothing stored.
      const nodes = await tenantNodes();
      const same = await batch(items, key);
      expect(same.body).to.deep.equal(first.body);
      expect(replayedHeader(same)).to.equal('true');
      expect(await tenantNodes()).to.equal(nodes);

      // Corrected: the stored items keep their node ids, the corrected one is stored now.
      const corrected = [items[0], { user_id: user, content: 'My sister Ana teaches piano.' }, items[2]];
      const fixed = await batch(corrected, key);
      expect(fixed.status, fixed.text).to.equal(200);
      expect(fixed.body).to.include({ total: 3, succeeded: 3, failed: 0 });
      expect(fixed.body.results[0]).to.deep.equal(first.body.results[0]);
      expect(fixed.body.results[2]).to.deep.equal(first.body.results[2]);
      expect(fixed.body.results[1]).to.include({ index: 1, status: 'stored' });
      expect(replayedHeader(fixed)).to.equal('true');
      expect(await messagesOf(user)).to.equal(3);
      // And from now on the corrected batch is what the key stands for.
      const replay = await batch(corrected, key);
      expect(replay.body).to.deep.equal(fixed.body);
      expect(await messagesOf(user)).to.equal(3);
    });

    it('copies sent at once store each item once and all answer with the same node ids', async () => {
      const [ada, bo] = [`batch-race-a-${randomUUID()}`, `batch-race-b-${randomUUID()}`];
      const key = randomUUID();
      const items = [
        { user_id: ada, content: 'I started learning Korean.' },
        { user_id: bo, content: 'My daughter Mia loves horses.' },
        { user_id: ada, content: 'I bake bread every Saturday.' },
      ];
      const answers = await Promise.all(Array.from({ length: 4 }, () => batch(items, key)));
      for (const a of answers) {
        expect(a.status, a.text).to.equal(200);
        expect(a.body.succeeded, a.text).to.equal(3);
      }
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size, 'one body for all').to.equal(1);
      expect(answers.filter((a) => replayedHeader(a) === 'true').length).to.be.at.least(3);
      expect([await messagesOf(ada), await messagesOf(bo)]).to.deep.equal([2, 1]);
    });

    it('a key whose 24 hours are up may be used again', async () => {
      const user = `batch-old-${randomUUID()}`;
      const key = randomUUID();
      const first = await batch([{ user_id: user, content: 'I bought a sailboat.' }], key);
      await testWrite('ageIdempotentMessages', { tenantId: t.tenantId, userId: user, key, hours: 25 });
      const later = await batch([{ user_id: user, content: 'I sold the sailboat.' }], key);
      expect(later.status, later.text).to.equal(200);
      expect(replayedHeader(later)).to.equal(null);
      expect(later.body.results[0].node_id).to.not.equal(first.body.results[0].node_id);
      expect(await messagesOf(user)).to.equal(2);
    });
  });
});
