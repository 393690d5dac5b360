// A b2c erase against the requests that race it: a repeated DELETE while the erase completes, and every b2c route
// while the erase is open. A person being erased reads as erased (what an unknown person gets) and takes no change
// (409 ERASE_IN_PROGRESS); a repeated DELETE answers the open erase or, once it has ended, the unknown-person 404.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ErasureService } from '../../src/controls/erasure.js';
import type { Graph, GraphTx } from '../../src/graph/graph.js';
import { createLogger } from '../../src/log.js';
import { ownService, testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

type Tenant = { tenantId: string; apiKey: string; keyId: string };
const silent = createLogger('silent');
const B2C = '/api/b2c/memory';

function gate() {
  let open!: () => void;
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function nodesByLabel(tenantId: string, userId: string): Promise<Record<string, number>> {
  const rows = await testRead<{ label: string; count: number }>('personNodesByLabel', { tenantId, userId });
  return Object.fromEntries(rows.map((r) => [r.label, r.count]));
}

/** Erase requests waiting for the person's locks: transactions in erase/lockPerson that are blocked. */
const blockedErases = async () => (await testRead<{ blocked: number }>('blockedTransactions', { fragment: 'MATCH (still:EndUser' }))[0]!.blocked;

/**
 * The graph as `graph`, except that the transaction labelled `label` ('erase/finish', the b2c eraser's last one;
 * 'erase/now', the v1 erase) stops after its work, before it commits, until `commit` opens: the person's node is
 * deleted but not yet for anyone else. Only a transaction whose result `closes` accepts stops: a finish that found a
 * late write of the worker (it returns 'progress' and deletes nothing) holds none of the person's locks. The one
 * that stops may stay open for as long as the test holds it, beyond the service's usual time limit.
 */
function pausedBeforeCommit<R>(
  graph: Graph,
  label: string,
  reached: () => void,
  commit: Promise<void>,
  closes: (out: R) => boolean = () => true,
): Graph {
  return new Proxy(graph, {
    get(target, prop) {
      if (prop !== 'writeTx') return Reflect.get(target, prop, target);
      return <T>(work: (tx: GraphTx) => Promise<T>, opts: { label?: string; timeoutMs?: number } = {}) =>
        opts.label === label
          ? target.writeTx(
              async (tx: GraphTx) => {
                const out = await work(tx);
                if (!closes(out as unknown as R)) return out;
                reached();
                await commit;
                return out;
              },
              { ...opts, timeoutMs: 60_000 },
            )
          : target.writeTx(work, opts);
    },
  });
}

describe('a b2c erase against the requests racing it', function () {
  this.timeout(60_000);
  let a: Tenant;
  let c: Tenant;
  before(async () => {
    await testEnv();
    a = await newTenant('v1', 'scale');
    c = await newTenant('b2c', 'scale');
  });
  after(cleanupTenants);

  const erase = (user: string, baseUrl?: string) =>
    call('DELETE', `${B2C}/users/${encodeURIComponent(user)}`, { headers: bearer(c.apiKey), baseUrl });

  it('DELETE repeated while the erase completes answers 404 like an erased person, never 500', async () => {
    const own = await ownService();
    try {
      const env = await testEnv();
      for (let round = 0; round < 2; round++) {
        const reached = gate();
        const commit = gate();
        const eraser = new ErasureService(
          pausedBeforeCommit(env.graph, 'erase/finish', reached.open, commit.wait, (step) => step === 'completed'),
          silent,
        );
        own.services.erasure = eraser;
        const user = `erase-repeat-${round}-${randomUUID()}`;
        const turn = await call('POST', `${B2C}/turn`, {
          headers: bearer(c.apiKey),
          baseUrl: own.baseUrl,
          body: { user_id: user, user_message: 'I moved to Valencia last spring.', assistant_response: 'Lovely.' },
        });
        expect(turn.status, turn.text).to.equal(202);
        const requested = await erase(user, own.baseUrl);
        expect(requested.status, requested.text).to.equal(202);

        const finishing = eraser.drain({ requestId: requested.body.request_id });
        await reached.wait;
        // Repeats that read the person before the erase's last transaction commits, and wait for its locks.
        const repeats = Array.from({ length: 3 }, () => erase(user, own.baseUrl));
        await until('the repeated requests to wait for the erase', async () => (await blockedErases()) >= 3);
        commit.open();
        expect(await finishing).to.equal(1);
        const answers = await Promise.all(repeats);
        for (const r of answers) {
          expect(r.status, r.text).to.equal(404);
          expect(r.body).to.deep.equal({ error: `No memory is held for user ${user}.`, code: 'NOT_FOUND' });
        }
        expect(await nodesByLabel(c.tenantId, user)).to.deep.equal({ AuditEvent: 2, DeletionRecord: 1 });
        const record = (await call('GET', `${B2C}/users/${encodeURIComponent(user)}/deletion`, { headers: bearer(c.apiKey), baseUrl: own.baseUrl }))
          .body;
        expect(record).to.include({ request_id: requested.body.request_id, status: 'completed', remaining: 0 });
      }
    } finally {
      await own.close();
    }
  });

  it('v1: DELETE /users/{id} repeated while the first erase commits answers 404 and writes no second audit event', async () => {
    const own = await ownService();
    try {
      const env = await testEnv();
      const reached = gate();
      const commit = gate();
      own.services.erasure = new ErasureService(pausedBeforeCommit(env.graph, 'erase/now', reached.open, commit.wait), silent);
      const user = `erase-v1-repeat-${randomUUID()}`;
      const stored = await call('POST', '/api/v1/ingest', {
        headers: v1(a.apiKey),
        body: { user_id: user, content: 'I moved to Valencia last spring.' },
      });
      expect(stored.status, stored.text).to.equal(201);
      const path = `/api/v1/users/${encodeURIComponent(user)}`;
      const first = call('DELETE', path, { headers: v1(a.apiKey), baseUrl: own.baseUrl });
      await reached.wait;
      // The repeat goes to the shared service, whose erase is not paused.
      const repeat = call('DELETE', path, { headers: v1(a.apiKey) });
      await until('the repeated request to wait for the erase', async () => (await blockedErases()) >= 1);
      commit.open();
      expect((await first).status).to.equal(200);
      const again = await repeat;
      expect(again.status, again.text).to.equal(404);
      expect(again.body).to.deep.equal({ error: { code: 'NOT_FOUND', message: `No memory is held for user ${user}.` } });
      expect(await nodesByLabel(a.tenantId, user)).to.deep.equal({ AuditEvent: 1 });
    } finally {
      await own.close();
    }
  });

  it('while an erase is open every b2c read answers as for an unknown person and every change gets 409', async () => {
    const own = await ownService();
    try {
      const user = `erase-reads-${randomUUID()}`;
      const nobody = `nobody-${randomUUID()}`;
      const auth = { headers: bearer(c.apiKey), baseUrl: own.baseUrl };
      const said = { user_id: user, user_message: 'I moved to Valencia last spring with my sister Ottoline.', assistant_response: 'Lovely.' };
      const key = { 'Idempotency-Key': `erase-reads-${randomUUID()}` };
      const turn = await call('POST', `${B2C}/turn`, { ...auth, headers: { ...auth.headers, ...key }, body: said });
      expect(turn.status, turn.text).to.equal(202);
      const messageId: string = turn.body.message_ids[0];
      expect((await call('GET', `${B2C}/messages/${messageId}?wait=20`, auth)).body.status).to.equal('done');
      expect((await call('POST', `${B2C}/suppress`, { ...auth, body: { user_id: user, topic: 'work' } })).status).to.equal(201);

      const nodes = (who: string) => call('GET', `${B2C}/nodes?user_id=${encodeURIComponent(who)}`, auth);
      const suppressed = (who: string) => call('GET', `${B2C}/suppress?user_id=${encodeURIComponent(who)}`, auth);
      const exported = (who: string) => call('POST', `${B2C}/users/${encodeURIComponent(who)}/export`, auth);
      const retrieve = (who: string) => call('POST', `${B2C}/retrieve`, { ...auth, body: { user_id: who, query: 'Where do I live?' } });
      const message = (id: string) => call('GET', `${B2C}/messages/${id}`, auth);
      /** An answer as an unknown person gets it: the same status and body, but for the user id and the time. */
      const asUnknown = (r: { status: number; body: any }) => ({
        status: r.status,
        body: JSON.parse(JSON.stringify(r.body ?? null).replaceAll(nobody, user)),
      });
      const withoutTime = (r: { status: number; body: any }) => ({ status: r.status, body: { ...r.body, exported_at: undefined } });

      // Before the erase the person reads as known, so what follows can tell the difference.
      const held = (await nodes(user)).body;
      expect(held.total).to.be.at.least(1);
      const nodeId: string = held.nodes[0].node_id;
      expect((await suppressed(user)).body.count).to.equal(1);
      expect((await exported(user)).body.count).to.equal(held.total);
      expect((await retrieve(user)).body.context_block).to.include('Valencia');
      expect((await message(messageId)).status).to.equal(200);

      // The erase stays open: its record is held by this service's eraser, which is not running.
      const requested = await erase(user, own.baseUrl);
      expect(requested.status, requested.text).to.equal(202);
      const atOpen = await nodesByLabel(c.tenantId, user);

      const reads = async () => {
        const [n, s, e, r, m] = await Promise.all([nodes(user), suppressed(user), exported(user), retrieve(user), message(messageId)]);
        expect({ status: n.status, body: n.body }, 'GET /nodes').to.deep.equal(asUnknown(await nodes(nobody)));
        expect({ status: s.status, body: s.body }, 'GET /suppress').to.deep.equal(asUnknown(await suppressed(nobody)));
        expect(withoutTime(e), 'POST /users/{id}/export').to.deep.equal(withoutTime(asUnknown(await exported(nobody))));
        expect({ status: r.status, body: r.body }, 'POST /retrieve').to.deep.equal(asUnknown(await retrieve(nobody)));
        expect(m.status, 'GET /messages/{id}').to.equal(404);
        expect(m.body, 'GET /messages/{id}').to.deep.equal({ error: `No message with id ${messageId}.`, code: 'NOT_FOUND' });
      };
      await reads();

      const refused = async (what: string, r: Promise<{ status: number; body: any; text: string }>) => {
        const answer = await r;
        expect(answer.status, `${what}: ${answer.text}`).to.equal(409);
        expect(answer.body, what).to.deep.equal({
          error: 'This person is being erased; try again when the erase has finished.',
          code: 'ERASE_IN_PROGRESS',
        });
      };
      await refused('POST /pin', call('POST', `${B2C}/pin`, { ...auth, body: { user_id: user, node_id: nodeId } }));
      await refused('DELETE /pin', call('DELETE', `${B2C}/pin?user_id=${encodeURIComponent(user)}&node_id=${nodeId}`, auth));
      await refused('PATCH /nodes/{id}', call('PATCH', `${B2C}/nodes/${nodeId}`, { ...auth, body: { user_id: user, summary: 'I live in Lisbon.' } }));
      await refused('DELETE /nodes/{id}', call('DELETE', `${B2C}/nodes/${nodeId}?user_id=${encodeURIComponent(user)}`, auth));
      await refused('POST /suppress', call('POST', `${B2C}/suppress`, { ...auth, body: { user_id: user, topic: 'family' } }));
      await refused('DELETE /suppress', call('DELETE', `${B2C}/suppress?user_id=${encodeURIComponent(user)}&topic=work`, auth));
      await refused('POST /turn', call('POST', `${B2C}/turn`, { ...auth, body: { ...said, user_message: 'I live in Lisbon now.' } }));
      await refused(
        'POST /ingest',
        call('POST', `${B2C}/ingest`, {
          ...auth,
          body: { user_id: user, messages: [{ role: 'user', content: 'I live in Lisbon.', timestamp: '2024-05-01T10:00:00Z' }] },
        }),
      );
      // A retry of a turn stored before the erase: its messages are being erased, so it is not answered as stored.
      await refused('POST /turn (replayed key)', call('POST', `${B2C}/turn`, { ...auth, headers: { ...auth.headers, ...key }, body: said }));
      expect(await nodesByLabel(c.tenantId, user), 'a refused change wrote something').to.deep.equal(atOpen);

      // Part-way through the erase, and after it, the same.
      // Another eraser takes the erase over (its clock past the lease) and runs it in small batches.
      const restarted = new ErasureService((await testEnv()).graph, silent, () => Date.now() + 5 * 60_000, { batchSize: 2 });
      expect(await restarted.runOnce({ requestId: requested.body.request_id })).to.equal('progress');
      await reads();
      expect(await restarted.drain({ requestId: requested.body.request_id })).to.equal(1);
      await reads();
      expect(await nodesByLabel(c.tenantId, user)).to.deep.equal({ AuditEvent: 2, DeletionRecord: 1 });
    } finally {
      await own.close();
    }
  });
});
