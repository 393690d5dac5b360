// The background worker's promises: acknowledged messages survive a stop, a dead worker's claims are taken
// over, several workers process each message exactly once.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { IngestWorker } from '../../src/ingest/worker.js';
import { LeaseTerms } from '../../src/graph/leases.js';
import { MessageStore } from '../../src/ingest/messages.js';
import { createLogger } from '../../src/log.js';
import { testEnv } from '../helpers/env.js';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { admin, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

async function statusOf(key: string, id: string, wait = 0) {
  return (await call('GET', `/api/v1/messages/${id}?wait=${wait}`, { headers: v1(key) })).body;
}

function newWorker(env: Awaited<ReturnType<typeof testEnv>>, concurrency = 4, perUser = 4) {
  // Built like the service's own, sharing its processor: a second replica in the same database.
  const s = env.services;
  return new IngestWorker(env.graph, new MessageStore(env.graph), s.processor, s.tenants, createLogger('silent'), undefined, {
    concurrency,
    perUser,
    idlePollMs: 30,
    leaseSeconds: 120,
    maxAttempts: 5,
  });
}

describe('background worker', () => {
  let t: { tenantId: string; apiKey: string };
  before(async () => {
    t = await newTenant('v1', 'scale');
  });
  after(async () => {
    (await testEnv()).services.worker.start();
    await cleanupTenants();
  });

  it('messages acknowledged while no worker runs are processed after a restart', async () => {
    const env = await testEnv();
    await env.services.worker.stop();
    const user = `restart-${randomUUID()}`;
    const ids: string[] = [];
    for (const message of ['I moved to Valencia in March.', 'My partner Leo is a chef.', 'We are planning a trip to Japan.']) {
      const r = await call('POST', '/api/v1/ingest/v2', { headers: v1(t.apiKey), body: { user_id: user, speaker: 'user', message } });
      ids.push(r.body.message_id);
    }
    await new Promise((r) => setTimeout(r, 300));
    for (const id of ids) expect((await statusOf(t.apiKey, id)).status).to.equal('pending');
    env.services.worker.start();
    for (const id of ids) expect((await statusOf(t.apiKey, id, 20)).status).to.equal('done');
  });

  it("a dead worker's claim is taken over once its lease runs out, and processed once", async () => {
    const env = await testEnv();
    await env.services.worker.stop();
    const user = `lease-${randomUUID()}`;
    const r = await call('POST', '/api/v1/ingest/v2', {
      headers: v1(t.apiKey),
      body: { user_id: user, speaker: 'user', message: 'My brother Sam runs a bakery.' },
    });
    const id = r.body.message_id;
    // A worker that claims and then dies.
    const claimed = await new MessageStore(env.graph).claim(new LeaseTerms('dead-worker', 120_000), 1000, 100);
    expect(claimed.map((m) => m.id)).to.include(id);
    expect((await statusOf(t.apiKey, id)).status).to.equal('processing');
    await testWrite('ageClaim', { tenantId: t.tenantId, messageId: id });
    env.services.worker.start(); // reclaims on its first loop
    const done = await statusOf(t.apiKey, id, 20);
    expect(done.status).to.equal('done');
    const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: user });
    expect(facts.length, JSON.stringify(done)).to.be.at.least(1);
    expect(new Set(facts.map((f) => f.summary)).size).to.equal(facts.length);
  });

  it("a worker's own claim whose answer was lost is processed at its next turn, not once the lease runs out", async () => {
    const env = await testEnv();
    await env.services.worker.stop();
    const user = `lost-claim-${randomUUID()}`;
    const r = await call('POST', '/api/v1/ingest/v2', {
      headers: v1(t.apiKey),
      body: { user_id: user, speaker: 'user', message: 'My cousin Nora teaches piano in Galway.' },
    });
    const id = r.body.message_id;
    // The claim commits under the worker's name, but the worker never hears of it (Neo4j went away as it answered).
    const worker = newWorker(env);
    const claimed = await new MessageStore(env.graph).claim(new LeaseTerms(worker.id, 120_000), 1000, 100);
    expect(claimed.map((m) => m.id)).to.include(id);
    worker.start();
    try {
      const done = await statusOf(t.apiKey, id, 10);
      expect(done.status).to.equal('done');
      expect(done.attempts, 'the lost claim counts as no attempt of its own').to.equal(1);
    } finally {
      await worker.stop();
    }
    const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: user });
    expect(facts).to.have.length(1);
    expect(facts[0]!.sources).to.equal(1);
  });

  it('three workers racing over one queue process every message exactly once', async () => {
    const env = await testEnv();
    await env.services.worker.stop();
    const users = Array.from({ length: 6 }, () => `race-${randomUUID()}`);
    const ids: string[] = [];
    for (const user of users)
      for (let i = 0; i < 8; i++) {
        const r = await call('POST', '/api/v1/ingest/v2', {
          headers: v1(t.apiKey),
          body: { user_id: user, speaker: 'user', message: `On day ${i + 1} of my trip I visited museum number ${i + 1} in Vienna.` },
        });
        ids.push(r.body.message_id);
      }
    const workers = [newWorker(env), newWorker(env), newWorker(env)];
    workers.forEach((w) => w.start());
    try {
      for (const id of ids) expect((await statusOf(t.apiKey, id, 30)).status).to.equal('done');
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    for (const user of users) {
      const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: user });
      expect(facts).to.have.length(8);
      for (const f of facts) expect(f.sources).to.equal(1);
    }
  });

  it('a status of done comes with its memories readable at once (regression: reads racing the commit)', async () => {
    (await testEnv()).services.worker.start();
    const user = `settle-${randomUUID()}`;
    for (let i = 0; i < 12; i++) {
      const r = await call('POST', '/api/v1/ingest/v2', {
        headers: v1(t.apiKey),
        body: { user_id: user, speaker: 'user', message: `On trip ${i + 1} my cousin Ravi and I hiked trail number ${i + 1} near Zermatt.` },
      });
      const done = await statusOf(t.apiKey, r.body.message_id, 20);
      expect(done.status).to.equal('done');
      const facts = await testRead('factsOfMessage', { tenantId: t.tenantId, userId: user, messageId: r.body.message_id });
      expect(facts.length, `message ${i + 1}`).to.be.at.least(1);
      for (const f of facts) expect(done.memory_ids).to.include(f.id);
    }
  });

  // A person's claimed messages are processed in one transaction (src/ingest/worker.ts processTogether): the graph
  // must be the one processing them one after the other gives.
  const CONVERSATION = [
    'My sister Anna moved to Lisbon last spring.',
    'Anna works as an architect and she loves jazz.',
    'I have been learning to play the cello.',
    'My sister Anna moved to Lisbon last spring.',
    'Anna and I are planning a trip to Porto in June.',
    'I really enjoy hiking in the mountains.',
  ];

  async function graphAfter(env: Awaited<ReturnType<typeof testEnv>>, tenant: { tenantId: string; apiKey: string }, user: string, perUser: number) {
    const ids: string[] = [];
    for (const message of CONVERSATION) {
      const r = await call('POST', '/api/v1/ingest/v2', { headers: v1(tenant.apiKey), body: { user_id: user, speaker: 'user', message } });
      ids.push(r.body.message_id);
    }
    const worker = newWorker(env, 1, perUser);
    worker.start();
    try {
      const statuses = [];
      for (const id of ids) statuses.push(await statusOf(tenant.apiKey, id, 30));
      const facts = await testRead('userFacts', { tenantId: tenant.tenantId, userId: user });
      const [counts] = await testRead('userGraphCounts', { tenantId: tenant.tenantId, userId: user });
      return {
        statuses: statuses.map((s) => `${s.status}/${s.memory_ids?.length ?? 0}/${s.last_error ?? ''}`),
        facts: facts.map((f) => `${f.subject}: ${f.summary} (${f.sources} sources, related ${[...f.related].sort().join(',')})`).sort(),
        entities: [...(counts!.entityNames as string[])].sort(),
        counts: { ...counts, entityNames: undefined },
      };
    } finally {
      await worker.stop();
    }
  }

  it("a person's messages processed together give the graph processing them one by one gives", async () => {
    const env = await testEnv();
    await env.services.worker.stop();
    const together = await graphAfter(env, t, `together-${randomUUID()}`, 16);
    const alone = await graphAfter(env, t, `alone-${randomUUID()}`, 1);
    expect(together.statuses.every((s) => s.startsWith('done/'))).to.equal(true);
    expect(together).to.deep.equal(alone);
    // The restated message reinforced the first one's memory: two sources, one memory.
    expect(
      together.facts.filter((f) => f.includes('Lisbon') && f.includes('(2 sources')),
      JSON.stringify(together.facts),
    ).to.have.length(1);
    expect(together.entities.filter((n) => n === 'Anna')).to.have.length(1);
  });

  // Written together, one statement per kind runs over all the messages: what a message does to the memories of
  // earlier ones (dormant facts spiked, facts restated, contradictions flagged) must still come out as in sequence.
  const HISTORY = [
    'My sister Anna moved to Lisbon last spring.',
    'Anna works as an architect.',
    'My brother Tom lives in Berlin.',
    'Tom plays the guitar.',
  ];
  const LATER = [
    'I eat meat every day.',
    'Anna called me yesterday about her new flat.',
    'Anna works as an architect.',
    'Tom plays the guitar.',
    "I don't eat meat anymore.",
    'Tom visited me in Porto last weekend.',
  ];

  async function statesAfter(env: Awaited<ReturnType<typeof testEnv>>, tenant: { tenantId: string; apiKey: string }, user: string, perUser: number) {
    const send = async (messages: string[]) => {
      const ids: string[] = [];
      for (const message of messages)
        ids.push(
          (await call('POST', '/api/v1/ingest/v2', { headers: v1(tenant.apiKey), body: { user_id: user, speaker: 'user', message } })).body
            .message_id,
        );
      return ids;
    };
    const processAll = async (ids: string[], worker: IngestWorker) => {
      worker.start();
      try {
        for (const id of ids) expect((await statusOf(tenant.apiKey, id, 30)).status).to.equal('done');
      } finally {
        await worker.stop();
      }
    };
    await processAll(await send(HISTORY), newWorker(env, 1, 1));
    // A month later: the history is dormant.
    await testWrite('jobsAgeMemories', { tenantId: tenant.tenantId, userId: user, days: 30 });
    await processAll(await send(LATER), newWorker(env, 1, perUser));
    const states = await testRead('userFactStates', { tenantId: tenant.tenantId, userId: user });
    return states
      .map(
        (f) =>
          `${f.subject}: ${f.summary} (spike ${f.spike}, processed ${f.processingCount}, ${f.sources} sources, contradicts [${[...f.contradicts].sort().join('; ')}])`,
      )
      .sort();
  }

  it('processed together, later messages spike, restate and contradict earlier memories as in sequence', async () => {
    const env = await testEnv();
    await env.services.worker.stop();
    const flagging = await newTenant('v1', 'scale');
    const on = await call('PUT', '/api/v1/profile', {
      headers: v1(flagging.apiKey),
      body: { updates: { scoring: { contradiction_flagging: true } } },
    });
    expect(on.status, on.text).to.equal(200);
    const together = await statesAfter(env, flagging, `states-together-${randomUUID()}`, 16);
    const alone = await statesAfter(env, flagging, `states-alone-${randomUUID()}`, 1);
    expect(together).to.deep.equal(alone);
    const shown = JSON.stringify(together, null, 1);
    // What the comparison is about happened: dormant facts spiked, restated ones not, one contradiction.
    expect(
      together.filter((f) => f.includes('spike 0.25')),
      shown,
    ).to.have.length.at.least(2);
    expect(
      together.filter((f) => f.includes('guitar') && f.includes('2 sources') && f.includes('spike 0,')),
      shown,
    ).to.have.length(1);
    expect(
      together.filter((f) => /contradicts \[.+\]/.test(f)),
      shown,
    ).to.have.length(1);
  });

  it('a batch that cannot be written whole falls back to one message at a time (the node limit reached midway)', async () => {
    const env = await testEnv();
    await env.services.worker.stop();
    const small = await newTenant('v1', 'scale');
    const patched = await call('PATCH', `/admin/tenants/${small.tenantId}`, { headers: admin, body: { limits: { max_nodes_per_user: 12 } } });
    expect(patched.status).to.equal(200);
    const together = await graphAfter(env, small, `limit-together-${randomUUID()}`, 16);
    const alone = await graphAfter(env, small, `limit-alone-${randomUUID()}`, 1);
    // Some messages fit, the rest fail on the limit: exactly as one at a time.
    expect(together.statuses.some((s) => s.startsWith('done/'))).to.equal(true);
    expect(together.statuses.some((s) => s.startsWith('failed/'))).to.equal(true);
    expect(together).to.deep.equal(alone);
  });

  it("acknowledging a person's new message does not wait for their messages being written (the person's lock is taken last)", async () => {
    const env = await testEnv();
    env.services.worker.start();
    const user = `lock-last-${randomUUID()}`;
    const first = await call('POST', '/api/v1/ingest/v2', {
      headers: v1(t.apiKey),
      body: { user_id: user, speaker: 'user', message: 'My sister Ana lives in Porto.' },
    });
    expect((await statusOf(t.apiKey, first.body.message_id, 20)).status).to.equal('done');
    const tenant = await env.services.tenants.getById(t.tenantId);
    const owner = { tenantId: t.tenantId, tier: tenant.tier, limits: tenant.limits };
    const plan = await env.services.processor.prepare(t.tenantId, user, 'My sister Ana loves jazz.', 'user', new Date());
    let ackMs = -1;
    await env.graph.writeTx((tx) =>
      env.services.processor.writeTogether(tx, owner, user, [{ messageId: first.body.message_id, plan }], async () => {
        // The person has few relationships, so anything linking to them waits for a transaction holding their lock.
        const started = performance.now();
        const acked = env.services.messages
          .saveBulk(t.tenantId, user, 'ingest_v2', [{ speaker: 'user', text: 'Ana also paints.' }])
          .then(() => (ackMs = performance.now() - started));
        await Promise.race([acked, new Promise((r) => setTimeout(r, 3000))]);
      }),
    );
    expect(ackMs, 'acknowledged while the write was open').to.be.within(0, 3000);
  });
});
