// GET /api/v1/diagnostics/{user_id} on the real Neo4j: every field's type and value checked against the graph,
// retrieval counters, salience at read time with the tenant's profile, isolation, no memory text.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { DEFAULT_DECAY, salienceOfStored } from '../../src/salience/salience.js';
import { salienceSummary } from '../../src/stats/diagnostics.js';
import { createLogger } from '../../src/log.js';
import { InjectionRecorder } from '../../src/retrieval/injections.js';
import { testEnv } from '../helpers/env.js';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { admin, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const FACTS = [
  'My wife Sarah is severely allergic to peanuts.',
  'I work at Acme Robotics as a data engineer.',
  'Sarah loves hiking in the Alps.',
  'Our dog Biscuit is scared of thunderstorms.',
  'I visited Lisbon with my brother Tom in May 2023.',
  'I play the cello in a community orchestra on Tuesdays.',
];
/** Words of the facts above that must never appear in a diagnostics answer. */
const SECRET_WORDS = ['Sarah', 'peanuts', 'Acme', 'Alps', 'Biscuit', 'thunderstorms', 'Lisbon', 'Tom', 'cello', 'orchestra'];

const diagnostics = (key: string, user: string) => call('GET', `/api/v1/diagnostics/${encodeURIComponent(user)}`, { headers: v1(key) });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) {
      if (!ok(v)) expect.fail(`timed out waiting for ${what}`);
      return v;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('GET /api/v1/diagnostics/{user_id}', () => {
  let t: { tenantId: string; apiKey: string };
  const nodeIds: string[] = [];
  const user = `diag-${randomUUID()}`;

  before(async () => {
    t = await newTenant('v1', 'scale');
    for (const content of FACTS) {
      const r = await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } });
      expect(r.status, r.text).to.equal(201);
      nodeIds.push(r.body.node_id);
    }
  });
  after(cleanupTenants);

  it('answers every section with its fields and types, retrieval counters at zero before any context build', async () => {
    const r = await diagnostics(t.apiKey, user);
    expect(r.status, r.text).to.equal(200);
    const b = r.body;
    expect(Object.keys(b).sort()).to.deep.equal(
      ['domain_distribution', 'entity_counts', 'generated_at', 'retrieval_statistics', 'salience_distribution', 'totals', 'user_id'].sort(),
    );
    expect(b.user_id).to.equal(user);
    expect(b.generated_at).to.match(ISO);
    expect(Math.abs(Date.parse(b.generated_at) - Date.now())).to.be.below(60_000);

    expect(Object.keys(b.totals).sort()).to.deep.equal(['archived', 'messages', 'nodes', 'pinned', 'relationships', 'suppressed_topics']);
    expect(Object.keys(b.totals.nodes).sort()).to.deep.equal(['domains', 'entities', 'facets', 'interests', 'themes', 'total']);
    for (const v of Object.values(b.totals.nodes)) expect(v).to.be.a('number').and.at.least(0);
    expect(b.totals.nodes.facets).to.be.at.least(FACTS.length);
    expect(b.totals.nodes.total).to.equal(
      b.totals.nodes.domains + b.totals.nodes.entities + b.totals.nodes.facets + b.totals.nodes.themes + b.totals.nodes.interests,
    );
    expect(Object.keys(b.totals.messages).sort()).to.deep.equal(['done', 'failed', 'pending', 'processing', 'total']);
    expect(b.totals.messages.total).to.equal(
      b.totals.messages.pending + b.totals.messages.processing + b.totals.messages.done + b.totals.messages.failed,
    );
    expect(b.totals.messages.failed).to.equal(0);
    expect(b.totals).to.include({ suppressed_topics: 0, pinned: 0, archived: 0 });
    expect(b.totals.relationships).to.be.a('number').and.greaterThan(0);

    expect(b.domain_distribution).to.be.an('array').that.is.not.empty;
    for (const d of b.domain_distribution) {
      expect(Object.keys(d).sort()).to.deep.equal(['domain', 'entities', 'memories', 'share']);
      expect(d.domain === null || typeof d.domain === 'string').to.equal(true);
      expect(d.share).to.be.within(0, 1);
    }

    const sd = b.salience_distribution;
    expect(Object.keys(sd).sort()).to.deep.equal(
      ['above_threshold', 'active', 'buckets', 'dormant', 'mean', 'median', 'memories', 'pinned_below_threshold', 'threshold'].sort(),
    );
    expect(sd.buckets).to.have.length(10);
    sd.buckets.forEach((bucket: { from: number; to: number; count: number }, i: number) => {
      expect(bucket.from).to.equal(i / 10);
      expect(bucket.to).to.equal((i + 1) / 10);
      expect(bucket.count).to.be.a('number').and.at.least(0);
    });
    expect(sd.mean).to.be.within(0, 1);
    expect(sd.median).to.be.within(0, 1);
    expect(sd.threshold).to.equal(0.25); // the default profile
    expect(sd.active + sd.dormant).to.equal(sd.memories);

    expect(Object.keys(b.entity_counts).sort()).to.deep.equal(['by_kind', 'high_gravity', 'high_gravity_at', 'total']);
    expect(b.entity_counts.by_kind.self).to.equal(1);
    expect(b.entity_counts.by_kind.person).to.be.at.least(2); // Sarah, Tom

    const rs = b.retrieval_statistics;
    expect(rs).to.deep.equal({
      retrievals: 0,
      last_retrieved_at: null,
      last_injected: 0,
      processing_events: rs.processing_events,
      memories_ever_processed: rs.memories_ever_processed,
      last_accessed_at: rs.last_accessed_at,
    });
  });

  it('counts what the graph holds: nodes, relationships, messages, entities by kind and gravity, domains', async () => {
    const [truth] = await testRead('diagnosticsTruth', { tenantId: t.tenantId, userId: user });
    const b = (await diagnostics(t.apiKey, user)).body;
    expect(b.totals.nodes.facets).to.equal(truth.facets);
    expect(b.totals.nodes.entities).to.equal(truth.entities);
    expect(b.totals.nodes.domains).to.equal(truth.domains);
    expect(b.totals.nodes.total).to.equal(truth.memories);
    expect(b.totals.relationships).to.equal(truth.relationships);
    expect(b.totals.messages.total).to.equal(truth.messages);
    expect(b.entity_counts.total).to.equal(truth.entities);
    expect(b.entity_counts.high_gravity).to.equal(truth.highGravity);
    const kinds: Record<string, number> = {};
    for (const k of truth.kinds as string[]) kinds[k] = (kinds[k] ?? 0) + 1;
    expect(b.entity_counts.by_kind).to.deep.equal(kinds);
    expect(Object.values(b.entity_counts.by_kind as Record<string, number>).reduce((a, n) => a + n, 0)).to.equal(truth.entities);

    // Facts, themes and interests, each counted once, spread over the domains; sorted by memories, most first.
    const dist = b.domain_distribution as Array<{ domain: string | null; entities: number; memories: number; share: number }>;
    expect(dist.reduce((n, d) => n + d.memories, 0)).to.equal(b.totals.nodes.facets + b.totals.nodes.themes + b.totals.nodes.interests);
    expect(dist.map((d) => d.memories)).to.deep.equal([...dist.map((d) => d.memories)].sort((x, y) => y - x));
    expect(dist.reduce((n, d) => n + d.share, 0)).to.be.closeTo(1, 0.01);
    expect(new Set(dist.map((d) => d.domain)).size, 'one row per domain').to.equal(dist.length);
    expect(dist.filter((d) => d.entities > 0).length).to.be.at.most(b.totals.nodes.domains);
    // Every entity sits in at least one domain, some in several.
    expect(dist.reduce((n, d) => n + d.entities, 0)).to.be.at.least(b.totals.nodes.entities);

    // Processing history: the sum and the count of memories processed at least once.
    const processed = (truth.processingCounts as number[]).filter((n) => n > 0);
    expect(b.retrieval_statistics.processing_events).to.equal(processed.reduce((a, n) => a + n, 0));
    expect(b.retrieval_statistics.memories_ever_processed).to.equal(processed.length);
  });

  it('computes the salience distribution at read time from stored fields, with the tenant profile', async () => {
    const fields = await testRead('jobsMemories', { tenantId: t.tenantId, userId: user });
    const b = (await diagnostics(t.apiKey, user)).body;
    const sd = b.salience_distribution;
    const now = Date.parse(b.generated_at);
    const expected = salienceSummary(
      fields.map((m) => salienceOfStored(m, DEFAULT_DECAY, now)),
      0.25,
    );
    expect(sd.memories).to.equal(fields.length).and.equal(b.totals.nodes.total);
    expect(sd.buckets.reduce((n: number, x: { count: number }) => n + x.count, 0)).to.equal(b.totals.nodes.total);
    expect(sd.buckets).to.deep.equal(expected.buckets);
    expect(sd).to.include({ mean: expected.mean, median: expected.median, above_threshold: expected.above_threshold });
    // No job has run: nothing was materialised, yet every memory has a salience.
    expect(fields.every((m) => m.salience === null)).to.equal(true);

    // The tenant's own threshold decides above_threshold (and only that).
    const put = await call('PUT', '/api/v1/profile', {
      headers: v1(t.apiKey),
      body: { updates: { injection_template: { injection_threshold: 0.95 } } },
    });
    expect(put.status, put.text).to.equal(200);
    const high = (await diagnostics(t.apiKey, user)).body.salience_distribution;
    expect(high.threshold).to.equal(0.95);
    const values = fields.map((m) => salienceOfStored(m, DEFAULT_DECAY, now));
    expect(high.above_threshold).to.equal(values.filter((v) => v >= 0.95).length);
    expect(high.above_threshold).to.be.below(sd.above_threshold);
    expect(high.buckets).to.deep.equal(sd.buckets); // the threshold does not change salience
    const reset = await call('PUT', '/api/v1/profile', { headers: v1(t.apiKey), body: { preset: 'default' } });
    expect(reset.status).to.equal(200);
  });

  it('counts pinned, archived, suppressed topics and processing events', async () => {
    await testWrite('jobsSetMemory', { id: nodeIds[0], tenantId: t.tenantId, pinned: true, spike: null, spikeAt: null });
    await testWrite('diagnosticsArchive', { id: nodeIds[1], tenantId: t.tenantId });
    await testWrite('addSuppression', { tenantId: t.tenantId, userId: user, topic: 'politics' });
    const before = (await diagnostics(t.apiKey, user)).body.retrieval_statistics;
    expect(before.last_accessed_at).to.equal(null);
    for (let i = 0; i < 2; i++) {
      const p = await call('POST', `/api/v1/process/${nodeIds[2]}`, { headers: v1(t.apiKey), body: { user_id: user } });
      expect(p.status, p.text).to.equal(200);
    }
    const b = (await diagnostics(t.apiKey, user)).body;
    expect(b.totals).to.include({ pinned: 1, archived: 1, suppressed_topics: 1 });
    expect(b.retrieval_statistics.processing_events).to.equal(before.processing_events + 2);
    const [truth] = await testRead('diagnosticsTruth', { tenantId: t.tenantId, userId: user });
    expect(b.retrieval_statistics.memories_ever_processed)
      .to.equal((truth.processingCounts as number[]).filter((n) => n > 0).length)
      .and.be.at.least(1);
    expect(b.retrieval_statistics.last_accessed_at).to.match(ISO);
    expect(Math.abs(Date.parse(b.retrieval_statistics.last_accessed_at) - Date.now())).to.be.below(60_000);
  });

  it('counts context builds: retrievals, when, and how many memories the last one injected', async () => {
    const before = (await diagnostics(t.apiKey, user)).body.retrieval_statistics.retrievals;
    let last = 0;
    const builds = ['What should I cook for my wife tonight?', 'tell me about my dog'];
    for (const [i, message] of builds.entries()) {
      const r = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: user, message, max_tokens: 60 + i * 200 } });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.count).to.be.greaterThan(0);
      last = r.body.count;
      // Recording the injection does not hold up the answer: wait until it landed before the next build.
      await until(
        'the injection record',
        async () => (await diagnostics(t.apiKey, user)).body.retrieval_statistics.retrievals,
        (n) => n === before + i + 1,
      );
    }
    const rs = (await diagnostics(t.apiKey, user)).body.retrieval_statistics;
    expect(rs.retrievals).to.equal(before + 2);
    expect(rs.last_injected).to.equal(last);
    expect(rs.last_retrieved_at).to.match(ISO);
    expect(Math.abs(Date.parse(rs.last_retrieved_at) - Date.now())).to.be.below(60_000);
    const [truth] = await testRead('diagnosticsTruth', { tenantId: t.tenantId, userId: user });
    expect(truth.retrievals).to.equal(rs.retrievals);
  });

  it('counts every one of many context builds for one person at once (regression: concurrent records failed on the lock)', async () => {
    const before = (await diagnostics(t.apiKey, user)).body.retrieval_statistics.retrievals;
    const questions = Array.from({ length: 12 }, (_, i) => `What do you know about my dog and the cello, take ${i}?`);
    const answers = await Promise.all(
      questions.map((message) => call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: user, message } })),
    );
    for (const r of answers) expect(r.status, r.text).to.equal(200);
    const counted = await until(
      'the injection records',
      async () => (await diagnostics(t.apiKey, user)).body.retrieval_statistics.retrievals,
      (n) => n >= before + questions.length,
    );
    expect(counted).to.equal(before + questions.length);
    const rs = (await diagnostics(t.apiKey, user)).body.retrieval_statistics;
    expect(answers.map((r) => r.body.count)).to.include(rs.last_injected);
  });

  it('records the builds of one moment in one write: each build counts, the last injection stands, each person apart', async () => {
    const other = `diag-other-${randomUUID()}`;
    const seeded = await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: other, content: FACTS[0] } });
    expect(seeded.status, seeded.text).to.equal(201);
    const { graph } = await testEnv();
    let writes = 0;
    const counting = Object.create(graph) as typeof graph;
    counting.writeOnce = (...args: Parameters<typeof graph.writeOnce>) => {
      writes++;
      return graph.writeOnce(...args);
    };
    const recorder = new InjectionRecorder(counting, createLogger('silent'), 60_000);
    const truth = async (userId: string) => (await testRead('diagnosticsTruth', { tenantId: t.tenantId, userId }))[0];
    const before = { user: (await truth(user)).retrievals ?? 0, other: (await truth(other)).retrievals ?? 0 };
    recorder.record({ tenantId: t.tenantId, userId: user }, [nodeIds[0]!, nodeIds[1]!]);
    recorder.record({ tenantId: t.tenantId, userId: other }, [seeded.body.node_id]);
    recorder.record({ tenantId: t.tenantId, userId: user }, [nodeIds[2]!]);
    // Within the moment nothing is written yet; shutdown (settled) writes what waits at once.
    expect(writes).to.equal(0);
    expect((await truth(user)).retrievals ?? 0).to.equal(before.user);
    await recorder.settled();
    expect(writes).to.equal(1);
    const [mine, theirs] = [await truth(user), await truth(other)];
    expect(mine.retrievals).to.equal(before.user + 2);
    expect(mine.retrievalsType).to.equal('INTEGER NOT NULL');
    expect(theirs.retrievals).to.equal(before.other + 1);
    expect((await diagnostics(t.apiKey, user)).body.retrieval_statistics.last_injected).to.equal(1);
    expect((await diagnostics(t.apiKey, other)).body.retrieval_statistics.last_injected).to.equal(1);
  });

  it('holds no memory text: counts, domain names and entity kinds only', async () => {
    const r = await diagnostics(t.apiKey, user);
    for (const word of SECRET_WORDS) expect(r.text.toLowerCase(), word).to.not.include(word.toLowerCase());
    for (const id of nodeIds) expect(r.text).to.not.include(id);
  });

  it('answers 404 NOT_FOUND alike for an unknown user and for another tenant’s user', async () => {
    const unknown = await diagnostics(t.apiKey, `nobody-${randomUUID()}`);
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error.code).to.equal('NOT_FOUND');
    const other = await newTenant('v1');
    const crossed = await diagnostics(other.apiKey, user);
    expect(crossed.status).to.equal(404);
    expect(crossed.body.error.code).to.equal('NOT_FOUND');
    expect(crossed.body.error.message).to.equal(`No user ${user} in this tenant.`);
    expect(unknown.body.error.message.replace(/nobody-\S+ /, '')).to.equal(crossed.body.error.message.replace(`${user} `, ''));
  });

  it('refuses a missing key (401), a bad user id (400) and an expired trial (403)', async () => {
    expect((await call('GET', `/api/v1/diagnostics/${user}`)).status).to.equal(401);
    const long = await diagnostics(t.apiKey, 'x'.repeat(257));
    expect(long.status).to.equal(400);
    expect(long.body.error.code).to.equal('INVALID_REQUEST');
    expect(long.body.error.message).to.match(/user_id/);
    const trial = await newTenant('v1', 'trial');
    const ended = new Date(Date.now() - 86_400_000).toISOString();
    expect((await call('PATCH', `/admin/tenants/${trial.tenantId}`, { headers: admin, body: { trial_ends: ended } })).status).to.equal(200);
    const expired = await diagnostics(trial.apiKey, user);
    expect(expired.status).to.equal(403);
    expect(expired.body.error.code).to.equal('FORBIDDEN');
  });
});

describe('salience summary (diagnostics buckets)', () => {
  it('puts values in buckets of width 0.1 with exact edges, 1.0 in the last; mean, median, above threshold', () => {
    const s = salienceSummary([0, 0.099, 0.1, 0.3, 0.7, 0.999, 1], 0.3);
    expect(s.buckets.map((b) => b.count)).to.deep.equal([2, 1, 0, 1, 0, 0, 0, 1, 0, 2]);
    expect(s).to.include({ memories: 7, median: 0.3, above_threshold: 4, threshold: 0.3 });
    expect(s.mean).to.equal(Math.round(((0 + 0.099 + 0.1 + 0.3 + 0.7 + 0.999 + 1) / 7) * 1000) / 1000);
    expect(salienceSummary([0.2, 0.4], 0.25).median).to.equal(0.3);
  });

  it('has null mean and median and empty buckets for nobody', () => {
    const s = salienceSummary([], 0.25);
    expect(s).to.include({ memories: 0, mean: null, median: null, above_threshold: 0 });
    expect(s.buckets.every((b) => b.count === 0)).to.equal(true);
  });
});
