// The acknowledgement of /ingest/v2 and b2c turns against the person's locks (issue 7): it must not wait for the
// worker, which holds the person's node locked while it writes their memories, and it must stay ordered against an
// erase that is starting: an acknowledged message either landed before the erase (and is erased with the person) or
// is refused with 409 ERASE_IN_PROGRESS. No message is ever left behind without its person, and a message that is
// processed is linked to its person, (:EndUser)-[:SAID]->(:Message).
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { query } from '../../src/graph/queries.js';
import { ownService, testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

type Tenant = { tenantId: string; apiKey: string; keyId: string };
type Links = { person: boolean; messages: Array<{ id: string; status: string; said: boolean }> };

const links = async (tenantId: string, userId: string): Promise<Links> => (await testRead<Links>('personMessageLinks', { tenantId, userId }))[0]!;

/** Every node with this tenant and user id, per label. */
async function nodesByLabel(tenantId: string, userId: string): Promise<Record<string, number>> {
  const rows = await testRead<{ label: string; count: number }>('personNodesByLabel', { tenantId, userId });
  return Object.fromEntries(rows.map((r) => [r.label, r.count]));
}

/** A gate a test opens by hand: `wait` resolves once `open()` is called. */
function gate() {
  let open!: () => void;
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

/** Whether `p` is still unsettled after `ms`. */
async function pendingAfter(p: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void p.then(
    () => (settled = true),
    () => (settled = true),
  );
  await sleep(ms);
  return !settled;
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('acknowledgements against the person locks (issue 7)', function () {
  this.timeout(60_000);
  let a: Tenant;
  let c: Tenant;
  before(async () => {
    await testEnv();
    a = await newTenant('v1', 'enterprise');
    c = await newTenant('b2c', 'enterprise');
  });
  after(cleanupTenants);

  const ack = (user: string, message: string, baseUrl?: string) =>
    call('POST', '/api/v1/ingest/v2', { headers: v1(a.apiKey), baseUrl, body: { user_id: user, speaker: 'user', message } });
  const turn = (user: string, said: string, baseUrl?: string) =>
    call('POST', '/api/b2c/memory/turn', {
      headers: bearer(c.apiKey),
      baseUrl,
      body: { user_id: user, user_message: said, assistant_response: 'Noted.' },
    });

  it("does not wait for the person's lock that a worker's write holds, and the processed message is SAID by its person", async () => {
    const env = await testEnv();
    const user = `ack-lock-${randomUUID()}`;
    const first = await ack(user, 'I moved to Valencia last spring.');
    expect(first.status, first.text).to.equal(202);

    // A worker's storing transaction: the person's write lock (tenants/lockEndUserCountMemories) held until commit.
    const held = gate();
    const released = gate();
    const worker = env.graph.writeTx(async (tx) => {
      await tx.run(query('tenants/lockEndUserCountMemories'), { tenantId: a.tenantId, userId: user });
      held.open();
      await Promise.race([released.wait, sleep(4000)]);
    });
    await held.wait;
    const started = Date.now();
    const second = await ack(user, 'My sister Ottoline plays the saxophone.');
    const ms = Date.now() - started;
    released.open();
    await worker;
    expect(second.status, second.text).to.equal(202);
    expect(ms, 'acknowledgement waited for the worker').to.be.below(1500);

    for (const id of [first.body.message_id, second.body.message_id]) {
      const done = await call('GET', `/api/v1/messages/${id}?wait=20`, { headers: v1(a.apiKey) });
      expect(done.body.status, done.text).to.equal('done');
    }
    const after = await links(a.tenantId, user);
    expect(after.person).to.equal(true);
    expect(after.messages).to.have.length(2);
    for (const m of after.messages) expect(m, 'a processed message is linked to its person').to.include({ status: 'done', said: true });
  });

  it('an acknowledgement racing the start of an erase waits for it and is refused with 409; nothing is left', async () => {
    const own = await ownService();
    try {
      const env = await testEnv();
      const user = `ack-erase-start-${randomUUID()}`;
      expect((await turn(user, 'I live in Valencia.', own.baseUrl)).status).to.equal(202);

      // The erase's opening transaction, paused between its first statement (the person's locks) and the marker.
      const locked = gate();
      const proceed = gate();
      const requestId = randomUUID();
      const opening = env.graph.writeTx(async (tx) => {
        const [person] = await tx.run<{ erasing: string | null }>(query('erase/lockPerson'), { tenantId: c.tenantId, userId: user });
        expect(person?.erasing ?? null).to.equal(null);
        locked.open();
        await proceed.wait;
        const now = new Date();
        await tx.run(query('erase/openDeletion'), {
          tenantId: c.tenantId,
          userId: user,
          requestId,
          routeSet: 'b2c',
          requestedBy: 'test',
          nodesFound: 0,
          now: now.toISOString(),
          holder: own.services.erasure.id,
          expiresAt: new Date(now.getTime() + 60_000).toISOString(),
        });
      });
      await locked.wait;
      const racing = turn(user, 'My brother lives in Brisbane.', own.baseUrl);
      expect(await pendingAfter(racing, 400), 'the acknowledgement did not wait for the erase that is starting').to.equal(true);
      proceed.open();
      await opening;
      const refused = await racing;
      expect(refused.status, refused.text).to.equal(409);
      expect(refused.body.code).to.equal('ERASE_IN_PROGRESS');

      expect(await own.services.erasure.drain({ requestId })).to.equal(1);
      expect(await links(c.tenantId, user)).to.deep.equal({ person: false, messages: [] });
    } finally {
      await own.close();
    }
  });

  it('an erase starting while an acknowledgement is in flight waits for it and erases its message', async () => {
    const own = await ownService();
    try {
      const env = await testEnv();
      const user = `ack-in-flight-${randomUUID()}`;
      expect((await turn(user, 'I live in Valencia.', own.baseUrl)).status).to.equal(202);

      // An acknowledgement's transaction, paused after it stored its message.
      const stored = gate();
      const commit = gate();
      const acknowledging = env.graph.writeTx(async (tx) => {
        const [m] = await own.services.messages.saveBulk(c.tenantId, user, 'b2c_turn', [{ speaker: 'user', text: 'My brother lives in Brisbane.' }], {
          tx,
        });
        stored.open();
        await commit.wait;
        return m!.id;
      });
      await stored.wait;
      const erase = call('DELETE', `/api/b2c/memory/users/${encodeURIComponent(user)}`, { headers: bearer(c.apiKey), baseUrl: own.baseUrl });
      expect(await pendingAfter(erase, 400), 'the erase did not wait for the acknowledgement in flight').to.equal(true);
      commit.open();
      const messageId = await acknowledging;
      const requested = await erase;
      expect(requested.status, requested.text).to.equal(202);
      expect(await own.services.erasure.drain({ requestId: requested.body.request_id })).to.equal(1);
      const after = await links(c.tenantId, user);
      expect(after.messages.map((m) => m.id)).to.not.include(messageId);
      expect(after).to.deep.equal({ person: false, messages: [] });
    } finally {
      await own.close();
    }
  });

  it('b2c: many concurrent acknowledgements while an erase starts: each is erased or refused, no message is left', async () => {
    const own = await ownService();
    try {
      for (let round = 0; round < 3; round++) {
        const user = `ack-storm-${round}-${randomUUID()}`;
        expect((await turn(user, 'I live in Valencia.', own.baseUrl)).status).to.equal(202);
        let stop = false;
        const statuses: number[] = [];
        // 8 clients acknowledging turns of the same person as fast as they can, on the shared service (whose worker
        // processes them meanwhile) and on this one (whose eraser is the erase's).
        const clients = Array.from({ length: 8 }, async (_, i) => {
          for (let n = 0; !stop; n++) {
            const r = await turn(user, `Note ${i}-${n}: I went running in Brisbane today.`, i % 2 ? own.baseUrl : undefined);
            statuses.push(r.status);
          }
        });
        await until('acknowledgements before the erase', async () => statuses.filter((s) => s === 202).length >= 4 + 4 * round);
        const requested = await call('DELETE', `/api/b2c/memory/users/${encodeURIComponent(user)}`, {
          headers: bearer(c.apiKey),
          baseUrl: own.baseUrl,
        });
        expect(requested.status, requested.text).to.equal(202);
        const refusedBefore = statuses.filter((s) => s === 409).length;
        await until('acknowledgements refused after the erase opened', async () => statuses.filter((s) => s === 409).length >= refusedBefore + 16);
        stop = true;
        await Promise.all(clients);
        expect(
          statuses.filter((s) => s !== 202 && s !== 409),
          `statuses: ${statuses.join(',')}`,
        ).to.deep.equal([]);
        expect(await own.services.erasure.drain({ requestId: requested.body.request_id })).to.equal(1);
        expect(await links(c.tenantId, user)).to.deep.equal({ person: false, messages: [] });
        expect(await nodesByLabel(c.tenantId, user)).to.deep.equal({ AuditEvent: 2, DeletionRecord: 1 });
        const record = (
          await call('GET', `/api/b2c/memory/users/${encodeURIComponent(user)}/deletion`, { headers: bearer(c.apiKey), baseUrl: own.baseUrl })
        ).body;
        expect(record).to.include({ status: 'completed', remaining: 0 });
      }
    } finally {
      await own.close();
    }
  });

  it('v1: many concurrent acknowledgements while the person is erased at once: no message is left without its person', async () => {
    for (let round = 0; round < 3; round++) {
      // A tenant of its own each round: the storms of three rounds together can pass a tier's requests per minute.
      const storm = await newTenant('v1', 'enterprise');
      const ackStorm = (user: string, message: string) =>
        call('POST', '/api/v1/ingest/v2', { headers: v1(storm.apiKey), body: { user_id: user, speaker: 'user', message } });
      const user = `ack-storm-v1-${round}-${randomUUID()}`;
      expect((await ackStorm(user, 'I live in Valencia.')).status).to.equal(202);
      let stop = false;
      const acked: string[] = [];
      const statuses: number[] = [];
      const clients = Array.from({ length: 8 }, async (_, i) => {
        for (let n = 0; !stop; n++) {
          const r = await ackStorm(user, `Note ${i}-${n}: I went running in Brisbane today.`);
          statuses.push(r.status);
          if (r.status === 202) acked.push(r.body.message_id);
        }
      });
      await until('acknowledgements before the erase', async () => acked.length >= 4 + 4 * round);
      const erased = await call('DELETE', `/api/v1/users/${encodeURIComponent(user)}`, { headers: v1(storm.apiKey) });
      expect(erased.status, erased.text).to.equal(200);
      await sleep(200);
      stop = true;
      await Promise.all(clients);
      expect(
        statuses.filter((s) => s !== 202),
        `statuses: ${statuses.join(',')}`,
      ).to.deep.equal([]);
      // Acknowledgements after the erase made the person anew; every message that remains is theirs, and is processed.
      await until('the remaining messages processed', async () => (await links(storm.tenantId, user)).messages.every((m) => m.status === 'done'));
      const after = await links(storm.tenantId, user);
      if (after.messages.length > 0) expect(after.person, 'messages left without their person').to.equal(true);
      for (const m of after.messages) expect(m).to.include({ status: 'done', said: true });
      expect(after.messages.length).to.be.below(acked.length);
    }
  });
});
