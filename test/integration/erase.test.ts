// Erasing a person: v1 at once in one transaction (DELETE /users, /memory/v2/users), b2c through a deletion record
// and the background eraser (DELETE /users, GET /users/{id}/deletion). After an erase nothing of the person is left
// but the records that it happened (AuditEvent, DeletionRecord), and neither holds anything the person said.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ErasureService } from '../../src/controls/erasure.js';
import { createDriver } from '../../src/graph/driver.js';
import { Graph } from '../../src/graph/graph.js';
import { LeaseLostError, LeaseTerms } from '../../src/graph/leases.js';
import type { ClaimedMessage } from '../../src/ingest/messages.js';
import { createLogger, type Logger } from '../../src/log.js';
import { ownService, testEnv } from '../helpers/env.js';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

type Tenant = { tenantId: string; apiKey: string; keyId: string };
const silent = createLogger('silent');

/** Every node with this tenant and user id, per label (a label-free scan). */
async function nodesByLabel(tenantId: string, userId: string): Promise<Record<string, number>> {
  const rows = await testRead<{ label: string; count: number }>('personNodesByLabel', { tenantId, userId });
  return Object.fromEntries(rows.map((r) => [r.label, r.count]));
}

const auditEvents = async (tenantId: string, userId: string) =>
  (await testRead<{ event: Record<string, unknown> }>('personAuditEvents', { tenantId, userId })).map((r) => r.event);

const deletionRecords = async (tenantId: string, userId: string) =>
  (await testRead<{ record: Record<string, unknown> }>('personDeletionRecords', { tenantId, userId })).map((r) => r.record);

/** Distinctive words of what the person said, none of which may survive in the records of the erase. */
const WORDS = ['Valencia', 'Ottoline', 'saxophone', 'Brisbane', 'marathon'];

function expectNoWords(value: unknown): void {
  const json = JSON.stringify(value).toLowerCase();
  for (const w of WORDS) expect(json, `found "${w}"`).to.not.include(w.toLowerCase());
}

async function waitDone(path: string, headers: Record<string, string>, ids: string[], baseUrl?: string): Promise<void> {
  for (const id of ids) {
    const r = await call('GET', `${path}/${id}?wait=20`, { headers, baseUrl });
    expect(r.body.status, r.text).to.equal('done');
  }
}

/** A person with memories on the v1 set: two synchronous /ingest, two /ingest/v2 waited for. */
async function v1Person(t: Tenant, user: string): Promise<void> {
  for (const content of ['I moved to Valencia last spring with my sister Ottoline.', 'I play the saxophone every evening.']) {
    const r = await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } });
    expect(r.status, r.text).to.equal(201);
  }
  const ids: string[] = [];
  for (const message of ['My brother lives in Brisbane.', 'I am training for a marathon in October.']) {
    const r = await call('POST', '/api/v1/ingest/v2', { headers: v1(t.apiKey), body: { user_id: user, speaker: 'user', message } });
    expect(r.status, r.text).to.equal(202);
    ids.push(r.body.message_id);
  }
  await waitDone('/api/v1/messages', v1(t.apiKey), ids);
}

/** A person with memories on the b2c set: two turns, waited for. */
async function b2cPerson(t: Tenant, user: string, baseUrl?: string): Promise<void> {
  const ids: string[] = [];
  for (const [said, reply] of [
    ['I moved to Valencia last spring with my sister Ottoline.', 'How are you finding it?'],
    ['I play the saxophone and I am training for a marathon.', 'Busy evenings!'],
  ]) {
    const r = await call('POST', '/api/b2c/memory/turn', {
      headers: bearer(t.apiKey),
      baseUrl,
      body: { user_id: user, user_message: said, assistant_response: reply },
    });
    expect(r.status, r.text).to.equal(202);
    ids.push(...r.body.message_ids);
  }
  await waitDone('/api/b2c/memory/messages', bearer(t.apiKey), ids, baseUrl);
}

/** The nodes a person holds, from per-label counts: one label per kind (a Facet is counted under Memory). */
const held = (counts: Record<string, number>) =>
  ['EndUser', 'Memory', 'Message', 'Revision', 'Suppression', 'LedgerRecord'].reduce((sum, label) => sum + (counts[label] ?? 0), 0);

describe('erasing a person', () => {
  let a: Tenant;
  let b: Tenant;
  let c: Tenant;
  before(async () => {
    await testEnv();
    a = await newTenant('v1', 'scale');
    b = await newTenant('v1', 'scale');
    c = await newTenant('b2c', 'scale');
  });
  after(cleanupTenants);

  describe('v1 set', () => {
    it('DELETE /users/{id} removes everything the person holds in one transaction and leaves one audit event without content', async () => {
      const user = `erase-v1-${randomUUID()}`;
      await v1Person(a, user);
      const before = await nodesByLabel(a.tenantId, user);
      expect(before.EndUser).to.equal(1);
      expect(before.Memory).to.be.at.least(4);
      expect(before.Message).to.equal(4);

      const users = async () => (await call('GET', '/api/v1/stats', { headers: v1(a.apiKey) })).body.users.total as number;
      const usersBefore = await users();

      const r = await call('DELETE', `/api/v1/users/${encodeURIComponent(user)}`, { headers: v1(a.apiKey) });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.deep.equal({ status: 'deleted', user_id: user, nodes_deleted: held(before) });
      // The person no longer counts against the tenant's user limit.
      expect(await users()).to.equal(usersBefore - 1);

      expect(await nodesByLabel(a.tenantId, user)).to.deep.equal({ AuditEvent: 1 });
      const [event] = await auditEvents(a.tenantId, user);
      expect(event).to.include({ action: 'user_erased', routeSet: 'v1', userId: user, requestedBy: `key:${a.keyId}`, nodes: held(before) });
      expect(event!.nodeIds).to.deep.equal([]);
      expect(event!.edges as number).to.be.greaterThan(held(before));
      expectNoWords(event);

      const again = await call('DELETE', `/api/v1/users/${encodeURIComponent(user)}`, { headers: v1(a.apiKey) });
      expect(again.status).to.equal(404);
      expect(again.body).to.deep.equal({ error: { code: 'NOT_FOUND', message: `No memory is held for user ${user}.` } });
      expect(await auditEvents(a.tenantId, user)).to.have.length(1);
    });

    it('DELETE /memory/v2/users/{id} does the same work, also counts relationships, and answers errors as sentences', async () => {
      const user = `erase-v2-${randomUUID()}`;
      await v1Person(a, user);
      const before = await nodesByLabel(a.tenantId, user);

      const r = await call('DELETE', `/api/v1/memory/v2/users/${encodeURIComponent(user)}`, { headers: v1(a.apiKey) });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.include({ status: 'deleted', user_id: user, nodes_deleted: held(before) });
      expect(r.body.edges_deleted).to.be.a('number').greaterThan(held(before));

      expect(await nodesByLabel(a.tenantId, user)).to.deep.equal({ AuditEvent: 1 });
      const [event] = await auditEvents(a.tenantId, user);
      expect(event).to.include({ action: 'user_erased', nodes: r.body.nodes_deleted, edges: r.body.edges_deleted });

      const unknown = await call('DELETE', `/api/v1/memory/v2/users/${encodeURIComponent(user)}`, { headers: v1(a.apiKey) });
      expect(unknown.status).to.equal(404);
      expect(unknown.body).to.deep.equal({ error: `No memory is held for user ${user}.` });
    });

    it("another tenant's key gets the unknown-user 404 and erases nothing; a b2c key gets 401", async () => {
      const user = `erase-cross-${randomUUID()}`;
      const r = await call('POST', '/api/v1/ingest', { headers: v1(a.apiKey), body: { user_id: user, content: 'I moved to Valencia last spring.' } });
      expect(r.status, r.text).to.equal(201);
      const before = await nodesByLabel(a.tenantId, user);

      const fromB = await call('DELETE', `/api/v1/users/${encodeURIComponent(user)}`, { headers: v1(b.apiKey) });
      expect(fromB.status).to.equal(404);
      expect(fromB.body).to.deep.equal({ error: { code: 'NOT_FOUND', message: `No memory is held for user ${user}.` } });
      const neverSeen = `nobody-${randomUUID()}`;
      const unknown = await call('DELETE', `/api/v1/users/${neverSeen}`, { headers: v1(a.apiKey) });
      expect(unknown.body).to.deep.equal({ error: { code: 'NOT_FOUND', message: `No memory is held for user ${neverSeen}.` } });
      expect((await call('DELETE', `/api/v1/memory/v2/users/${encodeURIComponent(user)}`, { headers: v1(b.apiKey) })).status).to.equal(404);

      expect((await call('DELETE', `/api/v1/users/${encodeURIComponent(user)}`, { headers: bearer(c.apiKey) })).status).to.equal(401);
      expect((await call('DELETE', `/api/v1/users/${encodeURIComponent(user)}`, { headers: v1(c.apiKey) })).status).to.equal(401);
      expect(await nodesByLabel(a.tenantId, user)).to.deep.equal(before);
    });

    it('refuses ingest with 409 ERASE_IN_PROGRESS while the person is marked as being erased', async () => {
      const user = `erase-409-v1-${randomUUID()}`;
      expect((await call('POST', '/api/v1/ingest', { headers: v1(a.apiKey), body: { user_id: user, content: 'I play chess.' } })).status).to.equal(
        201,
      );
      await testWrite('setErasing', { tenantId: a.tenantId, userId: user, requestId: randomUUID() });
      const sync = await call('POST', '/api/v1/ingest', { headers: v1(a.apiKey), body: { user_id: user, content: 'I play go.' } });
      expect(sync.status).to.equal(409);
      expect(sync.body.error.code).to.equal('ERASE_IN_PROGRESS');
      const queued = await call('POST', '/api/v1/ingest/v2', {
        headers: v1(a.apiKey),
        body: { user_id: user, speaker: 'user', message: 'I play go.' },
      });
      expect(queued.status).to.equal(409);
      expect(queued.body).to.deep.equal({
        error: { code: 'ERASE_IN_PROGRESS', message: 'This person is being erased; try again when the erase has finished.' },
      });
      await testWrite('setErasing', { tenantId: a.tenantId, userId: user, requestId: null });
      expect((await call('POST', '/api/v1/ingest', { headers: v1(a.apiKey), body: { user_id: user, content: 'I play go.' } })).status).to.equal(201);
    });

    it('a person created for the first time starts at a time-based memory version', async () => {
      const user = `erase-version-${randomUUID()}`;
      const started = Date.now();
      expect((await call('POST', '/api/v1/ingest', { headers: v1(a.apiKey), body: { user_id: user, content: 'I play chess.' } })).status).to.equal(
        201,
      );
      const [row] = await testRead<{ version: number }>('endUserVersion', { tenantId: a.tenantId, userId: user });
      expect(row!.version).to.be.at.least(started);
    });
  });

  describe('b2c set', () => {
    it('DELETE /users/{id} answers 202 at once; the background eraser finishes; the record holds counts and times, no content', async () => {
      const user = `erase-b2c-${randomUUID()}`;
      await b2cPerson(c, user);
      const before = await nodesByLabel(c.tenantId, user);
      const requested = await call('DELETE', `/api/b2c/memory/users/${encodeURIComponent(user)}`, { headers: bearer(c.apiKey) });
      expect(requested.status, requested.text).to.equal(202);
      expect(Object.keys(requested.body).sort()).to.deep.equal(['request_id', 'requested_at', 'status', 'user_id']);
      expect(requested.body).to.include({ user_id: user, status: 'pending' });
      const requestId: string = requested.body.request_id;
      expect(requestId).to.match(/^[0-9a-f-]{36}$/);

      const first = await call('GET', `/api/b2c/memory/users/${encodeURIComponent(user)}/deletion`, { headers: bearer(c.apiKey) });
      expect(first.status, first.text).to.equal(200);
      expect(first.body).to.include({ request_id: requestId, user_id: user, nodes_found: held(before) });
      expect(first.body.requested_at).to.equal(requested.body.requested_at);

      // The service's own eraser was woken by the request.
      let record = first.body;
      for (let i = 0; i < 100 && record.status !== 'completed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        record = (await call('GET', `/api/b2c/memory/users/${encodeURIComponent(user)}/deletion`, { headers: bearer(c.apiKey) })).body;
      }
      expect(record).to.include({ request_id: requestId, status: 'completed', nodes_found: held(before), nodes_deleted: held(before), remaining: 0 });
      expect(record.edges_deleted).to.be.greaterThan(held(before));
      for (const field of ['requested_at', 'started_at', 'completed_at']) expect(Date.parse(record[field]), field).to.be.a('number').and.not.NaN;

      expect(await nodesByLabel(c.tenantId, user)).to.deep.equal({ AuditEvent: 2, DeletionRecord: 1 });
      const events = await auditEvents(c.tenantId, user);
      expect(events.map((e) => e.action)).to.deep.equal(['erase_requested', 'erase_completed']);
      expect(events[1]).to.include({ routeSet: 'b2c', requestedBy: `key:${c.keyId}`, nodes: record.nodes_deleted, edges: record.edges_deleted });
      expectNoWords(events);
      expectNoWords(await deletionRecords(c.tenantId, user));

      const byId = await call('GET', `/api/b2c/memory/users/${encodeURIComponent(user)}/deletion?request_id=${requestId}`, {
        headers: bearer(c.apiKey),
      });
      expect(byId.body).to.deep.equal(record);
      const otherId = await call('GET', `/api/b2c/memory/users/${encodeURIComponent(user)}/deletion?request_id=${randomUUID()}`, {
        headers: bearer(c.apiKey),
      });
      expect(otherId.status).to.equal(404);
      expect(otherId.body.code).to.equal('NOT_FOUND');
      const c2 = await newTenant('b2c', 'scale');
      expect((await call('GET', `/api/b2c/memory/users/${encodeURIComponent(user)}/deletion`, { headers: bearer(c2.apiKey) })).status).to.equal(404);

      const gone = await call('DELETE', `/api/b2c/memory/users/${encodeURIComponent(user)}`, { headers: bearer(c.apiKey) });
      expect(gone.status).to.equal(404);
      expect(gone.body).to.deep.equal({ error: `No memory is held for user ${user}.`, code: 'NOT_FOUND' });
      const none = await call('GET', `/api/b2c/memory/users/nobody-${randomUUID()}/deletion`, { headers: bearer(c.apiKey) });
      expect(none.status).to.equal(404);
      expect(none.body.code).to.equal('NOT_FOUND');
    });

    it('while an erase is open: ingest gets 409, retrieval an empty block, a second request the same id', async () => {
      const own = await ownService();
      try {
        const user = `erase-open-${randomUUID()}`;
        await b2cPerson(c, user, own.baseUrl);
        const retrieve = () =>
          call('POST', '/api/b2c/memory/retrieve', {
            headers: bearer(c.apiKey),
            baseUrl: own.baseUrl,
            body: { user_id: user, query: 'Where do I live?' },
          });
        expect((await retrieve()).body.context_block).to.include('Valencia');

        // The record is held by this service's eraser, which is not running: the erase stays open until drained.
        const requested = await call('DELETE', `/api/b2c/memory/users/${encodeURIComponent(user)}`, {
          headers: bearer(c.apiKey),
          baseUrl: own.baseUrl,
        });
        expect(requested.status).to.equal(202);
        const again = await call('DELETE', `/api/b2c/memory/users/${encodeURIComponent(user)}`, { headers: bearer(c.apiKey), baseUrl: own.baseUrl });
        expect(again.status).to.equal(202);
        expect(again.body.request_id).to.equal(requested.body.request_id);

        const turn = await call('POST', '/api/b2c/memory/turn', {
          headers: bearer(c.apiKey),
          baseUrl: own.baseUrl,
          body: { user_id: user, user_message: 'I live in Lisbon now.', assistant_response: 'Noted.' },
        });
        expect(turn.status).to.equal(409);
        expect(turn.body).to.deep.equal({ error: 'This person is being erased; try again when the erase has finished.', code: 'ERASE_IN_PROGRESS' });
        const history = await call('POST', '/api/b2c/memory/ingest', {
          headers: bearer(c.apiKey),
          baseUrl: own.baseUrl,
          body: { user_id: user, messages: [{ role: 'user', content: 'I live in Lisbon now.', timestamp: '2024-05-01T10:00:00Z' }] },
        });
        expect(history.status).to.equal(409);
        expect(history.body.code).to.equal('ERASE_IN_PROGRESS');
        expect((await retrieve()).body).to.deep.equal({ context_block: '' });

        expect(await own.services.erasure.drain({ requestId: requested.body.request_id })).to.equal(1);
        const record = (
          await call('GET', `/api/b2c/memory/users/${encodeURIComponent(user)}/deletion`, { headers: bearer(c.apiKey), baseUrl: own.baseUrl })
        ).body;
        expect(record).to.include({ status: 'completed', remaining: 0 });
        expect(record.nodes_deleted).to.equal(record.nodes_found);
        expect(await nodesByLabel(c.tenantId, user)).to.deep.equal({ AuditEvent: 2, DeletionRecord: 1 });
        expect((await retrieve()).body).to.deep.equal({ context_block: '' });
      } finally {
        await own.close();
      }
    });

    it('survives a crash: once the lease has run out a new eraser takes the erase over and finishes it', async () => {
      const own = await ownService();
      try {
        const env = await testEnv();
        // The process that accepts the request erases one node per batch, runs one batch, then "dies".
        const crashing = new ErasureService(env.graph, silent, Date.now, { batchSize: 1 });
        own.services.erasure = crashing;
        const user = `erase-crash-${randomUUID()}`;
        await b2cPerson(c, user, own.baseUrl);
        const before = await nodesByLabel(c.tenantId, user);
        const requested = await call('DELETE', `/api/b2c/memory/users/${encodeURIComponent(user)}`, {
          headers: bearer(c.apiKey),
          baseUrl: own.baseUrl,
        });
        expect(requested.status).to.equal(202);
        const requestId: string = requested.body.request_id;
        expect(await crashing.runOnce({ requestId })).to.equal('progress');
        const [mid] = await deletionRecords(c.tenantId, user);
        expect(mid).to.include({ id: requestId, status: 'running', nodesDeleted: 1, leaseHolder: crashing.id, nodesFound: held(before) });

        // While the lease holds, nobody else takes the erase.
        const tooEarly = new ErasureService(env.graph, silent, Date.now);
        expect(await tooEarly.runOnce({ requestId })).to.equal('idle');

        // A restarted process, its clock past the lease (60 s by default).
        const restarted = new ErasureService(env.graph, silent, () => Date.now() + 5 * 60_000, { batchSize: 4 });
        expect(await restarted.drain({ requestId })).to.equal(1);
        const [done] = await deletionRecords(c.tenantId, user);
        expect(done).to.include({ status: 'completed', remaining: 0, nodesFound: held(before), nodesDeleted: held(before) });
        expect(await nodesByLabel(c.tenantId, user)).to.deep.equal({ AuditEvent: 2, DeletionRecord: 1 });
        // The crashed eraser, were it to come back, finds nothing left to do.
        expect(await crashing.runOnce({ requestId })).to.equal('idle');
      } finally {
        await own.close();
      }
    });

    it("a message in a worker's hands when its person is erased does not bring memories back", async () => {
      const own = await ownService();
      try {
        const env = await testEnv();
        const user = `erase-race-${randomUUID()}`;
        const text = 'My sister Ottoline runs a bakery in Brisbane.';
        const turn = await call('POST', '/api/b2c/memory/turn', {
          headers: bearer(c.apiKey),
          baseUrl: own.baseUrl,
          body: { user_id: user, user_message: text, assistant_response: 'Lovely.' },
        });
        expect(turn.status).to.equal(202);
        const messageId: string = turn.body.message_ids[0];
        // A worker has read the message and planned its memories, and is about to write them.
        const plan = await own.services.processor.prepare(c.tenantId, user, text, 'user', new Date());
        expect(plan.facts.length).to.be.at.least(1);

        const requested = await call('DELETE', `/api/b2c/memory/users/${encodeURIComponent(user)}`, {
          headers: bearer(c.apiKey),
          baseUrl: own.baseUrl,
        });
        expect(requested.status).to.equal(202);
        expect(await own.services.erasure.drain({ requestId: requested.body.request_id })).to.equal(1);

        const claimed: ClaimedMessage = {
          id: messageId,
          tenantId: c.tenantId,
          userId: user,
          speaker: 'user',
          text,
          attempts: 1,
          source: 'b2c_turn',
          eventTime: new Date().toISOString(),
          speakerName: null,
        };
        const tenant = await env.services.tenants.getById(c.tenantId);
        const owner = { tenantId: c.tenantId, tier: tenant.tier, limits: tenant.limits };
        let thrown: unknown;
        await env.graph
          .writeTx(async (tx) => {
            await own.services.messages.fence(tx, [claimed], new LeaseTerms('late-worker', 120_000));
            await own.services.processor.write(tx, owner, user, messageId, plan);
          })
          .catch((err) => (thrown = err));
        expect(thrown).to.be.instanceOf(LeaseLostError);

        // And the real workers, which may have had the message too, leave nothing behind.
        await new Promise((r) => setTimeout(r, 1000));
        expect(await nodesByLabel(c.tenantId, user)).to.deep.equal({ AuditEvent: 2, DeletionRecord: 1 });
        const [record] = await deletionRecords(c.tenantId, user);
        expect(record).to.include({ status: 'completed', remaining: 0 });
      } finally {
        await own.close();
      }
    });

    it('the background eraser keeps going through a Neo4j outage: it logs (no content), backs off and stops cleanly', async () => {
      const env = await testEnv();
      const driver = createDriver({ uri: 'bolt://127.0.0.1:1', user: 'neo4j', maxPoolSize: 2, timeoutMs: 200 });
      const warnings: Array<Record<string, unknown>> = [];
      const log = createLogger('silent');
      log.warn = ((_message: string, meta: Record<string, unknown>) => (warnings.push(meta), log)) as Logger['warn'];
      const eraser = new ErasureService(new Graph(driver, env.config.NEO4J_DATABASE, env.graph.queries), log, Date.now, { maxBackoffMs: 400 });
      try {
        eraser.start();
        const failures = () => warnings.filter((w) => w.failures !== undefined);
        for (let i = 0; i < 100 && failures().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
        const stopped = Date.now();
        await eraser.stop();
        expect(Date.now() - stopped).to.be.below(3000);
        expect(failures().length).to.be.at.least(2);
        expect(failures()[1]).to.include({ failures: 2 });
        expect(failures()[0]).to.include({ error: 'GraphUnavailableError', failures: 1 });
        // Class and code only: a driver's message can quote stored values.
        for (const w of failures()) expect(Object.keys(w)).to.have.members(['error', 'failures', ...('code' in w ? ['code'] : [])]);
      } finally {
        await driver.close();
      }
    });

    it('a person erased and created again never gets the old memories from the retrieval cache', async () => {
      const user = `erase-cache-${randomUUID()}`;
      const say = async (said: string) => {
        const r = await call('POST', '/api/b2c/memory/turn', {
          headers: bearer(c.apiKey),
          body: { user_id: user, user_message: said, assistant_response: 'Nice.' },
        });
        expect(r.status, r.text).to.equal(202);
        await waitDone('/api/b2c/memory/messages', bearer(c.apiKey), r.body.message_ids);
      };
      const retrieve = async () =>
        (await call('POST', '/api/b2c/memory/retrieve', { headers: bearer(c.apiKey), body: { user_id: user, query: 'Tell me about my pet.' } })).body
          .context_block as string;

      await say('I adopted a parrot named Kiwi.');
      expect(await retrieve()).to.include('Kiwi');
      const requested = await call('DELETE', `/api/b2c/memory/users/${encodeURIComponent(user)}`, { headers: bearer(c.apiKey) });
      expect(requested.status).to.equal(202);
      let status = '';
      for (let i = 0; i < 100 && status !== 'completed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await call('GET', `/api/b2c/memory/users/${encodeURIComponent(user)}/deletion`, { headers: bearer(c.apiKey) })).body.status;
      }
      expect(status).to.equal('completed');

      // The same steps again: without a fresh version the new person would count up to the old cache key.
      await say('I adopted a hamster named Biscuit.');
      const block = await retrieve();
      expect(block).to.include('Biscuit');
      expect(block).to.not.include('Kiwi');
    });
  });
});
