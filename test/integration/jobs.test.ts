// Salience over time on the real Neo4j: the scheduled jobs run with an injected clock (never a sleep) over
// memories made through the API. Materialised salience agrees with salienceAt(); dormancy, reactivation, pinning,
// interest stages, themes, compression and the lock between replicas.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { JobScheduler, type JobSchedulerOptions, type TenantJobParams } from '../../src/jobs/scheduler.js';
import { createLogger } from '../../src/log.js';
import { DEFAULT_DECAY, salienceAt, type DecayParams } from '../../src/salience/salience.js';
import { projectRoot } from '../../src/version.js';
import { testEnv } from '../helpers/env.js';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const DAY = 86_400_000;
const THRESHOLD = 0.25;

interface Mem {
  id: string;
  kind: string;
  topic: string | null;
  summary: string | null;
  domain: string | null;
  entityKind: string | null;
  baseScore: number;
  processingCount: number;
  lastRelevantAt: string;
  createdAt: string;
  spike: number;
  spikeAt: string | null;
  decayModifier: number;
  pinned: boolean;
  salience: number | null;
  salienceAt: string | null;
  state: string;
  stateChangedAt: string | null;
  stage: string | null;
  evidence: number | null;
  topicKey: string | null;
  summaryOf: number | null;
  summaryFor: string | null;
  compressedSummaries: string[] | null;
  dims: number | null;
  parentId: string | null;
  parentKind: string | null;
  messageIds: string[];
  relatesTo: string[];
}

const memories = (tenantId: string, userId: string) => testRead<Mem>('jobsMemories', { tenantId, userId });

const expected = (m: Mem, now: number, decay: DecayParams = DEFAULT_DECAY) =>
  salienceAt(
    {
      baseScore: m.baseScore,
      processingCount: m.processingCount,
      lastRelevantAt: m.lastRelevantAt,
      spike: m.spike ?? 0,
      spikeAt: m.spikeAt,
      decayModifier: m.decayModifier,
    },
    decay,
    now,
  );

async function scheduler(opts: JobSchedulerOptions = {}) {
  const { graph } = await testEnv();
  return new JobScheduler(graph, createLogger('silent'), opts);
}

async function ingest(key: string, userId: string, content: string): Promise<string> {
  const r = await call('POST', '/api/v1/ingest', { headers: v1(key), body: { user_id: userId, content } });
  expect(r.status, r.text).to.equal(201);
  return r.body.node_id;
}

/** A message through the background path, at a given event time; waits until the worker has processed it. */
async function say(key: string, userId: string, message: string, eventTime?: string): Promise<{ messageId: string; memoryIds: string[] }> {
  const r = await call('POST', '/api/v1/ingest/v2', { headers: v1(key), body: { user_id: userId, speaker: 'user', message, event_time: eventTime } });
  expect(r.status, r.text).to.equal(202);
  const done = await call('GET', `/api/v1/messages/${r.body.message_id}?wait=20`, { headers: v1(key) });
  expect(done.body.status, done.text).to.equal('done');
  return { messageId: r.body.message_id, memoryIds: done.body.memory_ids };
}

function expectAgreement(ms: Mem[], now: number, decay: DecayParams = DEFAULT_DECAY) {
  expect(ms.length).to.be.greaterThan(0);
  for (const m of ms) {
    expect(m.salience, `${m.kind} ${m.topic}`).to.be.a('number');
    expect(Math.abs(m.salience! - expected(m, now, decay)), `${m.kind} ${m.topic}`).to.be.at.most(0.001);
    expect(Date.parse(m.salienceAt!)).to.equal(now);
  }
}

describe('salience jobs (scheduled Cypher)', function () {
  this.timeout(60_000);
  let t: { tenantId: string; apiKey: string };
  let other: { tenantId: string; apiKey: string };
  const t0 = Date.now();

  before(async () => {
    t = await newTenant('v1', 'scale');
    other = await newTenant('v1', 'scale');
  });
  after(cleanupTenants);

  describe('materialiseSalience: decay, dormancy, reactivation', () => {
    let ids: string[];
    before(async () => {
      ids = [];
      for (const c of ['I had a small coffee today.', 'I watered the plants.', 'My sister Mia lives in Lisbon.'])
        ids.push(await ingest(t.apiKey, 'ana', c));
    });

    it('stores the same S as salienceAt() for every memory, falling with simulated time, and memories go dormant', async () => {
      const jobs = await scheduler({ tenants: [t.tenantId] });
      const soon = t0 + 3_600_000;
      const r1 = await jobs.runAll(soon);
      expect(r1).to.include({ ran: true, tenants: 1 });
      expect(r1.failures).to.deep.equal([]);
      const first = await memories(t.tenantId, 'ana');
      expect(r1.jobs.materialiseSalience.scanned).to.equal(first.length);
      expectAgreement(first, soon);
      for (const id of ids) expect(first.find((m) => m.id === id)!.state).to.equal('active');

      const later = t0 + 120 * DAY;
      const r2 = await jobs.runAll(later);
      const second = await memories(t.tenantId, 'ana');
      expectAgreement(second, later);
      for (const id of ids) {
        const [a, b] = [first, second].map((ms) => ms.find((m) => m.id === id)!);
        expect(b!.salience!).to.be.lessThan(a!.salience!);
        // 120 days at the default rate: every fact below the threshold, not pinned → dormant, with the time of the change.
        expect(b!.salience!).to.be.lessThan(THRESHOLD);
        expect(b!.state).to.equal('dormant');
        expect(Date.parse(b!.stateChangedAt!)).to.equal(later);
      }
      expect(r2.jobs.materialiseSalience.wentDormant).to.be.at.least(ids.length);

      // Running again at the same instant changes nothing (no state changes, same values).
      const r3 = await jobs.runAll(later);
      expect(r3.jobs.materialiseSalience).to.deep.include({ wentDormant: 0, reactivated: 0 });
      expectAgreement(await memories(t.tenantId, 'ana'), later);
    });

    it('a spike brings a dormant memory back to active (reactivation); it decays again afterwards', async () => {
      const jobs = await scheduler({ tenants: [t.tenantId] });
      const at = t0 + 120 * DAY;
      await jobs.runAll(at);
      // A life event at the simulated time (what the write path does for one).
      await testWrite('jobsSetMemory', { tenantId: t.tenantId, id: ids[0], pinned: null, spike: 0.3, spikeAt: new Date(at).toISOString() });
      const r = await jobs.runAll(at + 3_600_000);
      expect(r.jobs.materialiseSalience.reactivated).to.equal(1);
      let m = (await memories(t.tenantId, 'ana')).find((x) => x.id === ids[0])!;
      expect(m.state).to.equal('active');
      expect(m.salience).to.be.at.least(THRESHOLD);
      expect(Math.abs(m.salience! - expected(m, at + 3_600_000))).to.be.at.most(0.001);

      await jobs.runAll(at + 30 * DAY);
      m = (await memories(t.tenantId, 'ana')).find((x) => x.id === ids[0])!;
      expect(m.state, 'the spike has faded').to.equal('dormant');
    });

    it('a pinned memory stays active below the threshold', async () => {
      const jobs = await scheduler({ tenants: [t.tenantId] });
      await testWrite('jobsSetMemory', { tenantId: t.tenantId, id: ids[1], pinned: true, spike: null, spikeAt: null });
      const at = t0 + 200 * DAY;
      await jobs.runAll(at);
      const m = (await memories(t.tenantId, 'ana')).find((x) => x.id === ids[1])!;
      expect(m.salience).to.be.lessThan(THRESHOLD);
      expect(m.state).to.equal('active');
    });

    it('POST /process on a dormant memory reactivates it at the next run', async () => {
      const jobs = await scheduler({ tenants: [t.tenantId] });
      const id = await ingest(t.apiKey, 'ben', 'I bought a new bike for my commute.');
      await testWrite('jobsAgeMemories', { tenantId: t.tenantId, userId: 'ben', days: 90 });
      await jobs.runAll(Date.now());
      expect((await memories(t.tenantId, 'ben')).find((m) => m.id === id)!.state).to.equal('dormant');

      const p = await call('POST', `/api/v1/process/${id}`, { headers: v1(t.apiKey), body: { user_id: 'ben' } });
      expect(p.status, p.text).to.equal(200);
      const now = Date.now();
      const r = await jobs.runAll(now);
      expect(r.jobs.materialiseSalience.reactivated).to.be.at.least(1);
      const m = (await memories(t.tenantId, 'ben')).find((x) => x.id === id)!;
      expect(m.state).to.equal('active');
      expect(Math.abs(m.salience! - expected(m, now))).to.be.at.most(0.001);
    });

    it("uses each tenant's own decay parameters and threshold", async () => {
      const own: TenantJobParams = { decay: { baseRate: 0.2, processingBoost: 0.3, residualFloor: 0.1, spikeTauDays: 3 }, injectionThreshold: 0.4 };
      const asked: string[] = [];
      const jobs = await scheduler({ tenants: [t.tenantId], tenantParams: async (id) => (asked.push(id), own) });
      const at = t0 + 5 * DAY;
      await jobs.runAll(at);
      expect(asked).to.deep.equal([t.tenantId]);
      const ms = await memories(t.tenantId, 'ana');
      expectAgreement(ms, at, own.decay);
      for (const m of ms) expect(m.state).to.equal(m.pinned || m.salience! >= 0.4 ? 'active' : 'dormant');
    });
  });

  describe('interestStages', () => {
    it('evidence sets the stage; time without new evidence lowers it; a new mention restores it', async () => {
      for (const m of [
        'I love hiking.',
        'I really love hiking in the mountains.',
        'Hiking is my favourite thing, I love hiking so much.',
        'I enjoy hiking with friends.',
      ])
        await say(t.apiKey, 'ivy', m);
      for (const m of ['I like chess.', 'I really like chess, I play it every week.']) await say(t.apiKey, 'ivy', m);
      const stages = async () => {
        const ms = (await memories(t.tenantId, 'ivy')).filter((m) => m.kind === 'Interest');
        return Object.fromEntries(ms.map((m) => [m.topic, { stage: m.stage, evidence: m.evidence }]));
      };
      const start = await stages();
      expect(start.hiking).to.deep.equal({ stage: 'persistent', evidence: 4 });
      expect(start.chess).to.deep.equal({ stage: 'tentative', evidence: 2 });

      const jobs = await scheduler({ tenants: [t.tenantId] });
      const now = Date.now();
      expect((await jobs.runAll(now + 30 * DAY)).jobs.interestStages.changed).to.equal(0);
      const r61 = await jobs.runAll(now + 61 * DAY);
      expect(r61.jobs.interestStages).to.deep.include({ changed: 1, demoted: 1 });
      expect((await stages()).chess!.stage, 'tentative, 60 days stale').to.equal('ephemeral');
      expect((await stages()).hiking!.stage).to.equal('persistent');
      await jobs.runAll(now + 91 * DAY);
      expect((await stages()).hiking!.stage, 'persistent, 90 days stale').to.equal('tentative');
      await jobs.runAll(now + 151 * DAY);
      expect((await stages()).hiking!.stage, 'and 60 more').to.equal('ephemeral');
      // The stage is a function of evidence and time: at an earlier instant the same data is persistent again.
      const back = await jobs.runAll(now + DAY);
      expect(back.jobs.interestStages.promoted).to.equal(2);
      expect(await stages()).to.deep.include({ hiking: { stage: 'persistent', evidence: 4 }, chess: { stage: 'tentative', evidence: 2 } });

      // Stale again, then the person mentions it: new evidence, persistent, and the job keeps it so.
      await jobs.runAll(now + 151 * DAY);
      await say(t.apiKey, 'ivy', 'I still love hiking.');
      expect((await stages()).hiking).to.deep.equal({ stage: 'persistent', evidence: 5 });
      await jobs.runAll(Date.now() + 3_600_000);
      expect((await stages()).hiking!.stage).to.equal('persistent');
    });
    it('archives an ephemeral interest unmentioned for 180 days: marked in the v1 list, gone from b2c-style lists and retrieval; a mention restores it', async () => {
      await say(t.apiKey, 'ora', 'I like origami.');
      await say(t.apiKey, 'ora', 'I love gardening.');
      await say(t.apiKey, 'ora', 'Gardening is my favourite thing, I love gardening.');
      const jobs = await scheduler({ tenants: [t.tenantId] });
      const now = Date.now();
      const items = async () =>
        (await call('GET', '/api/v1/memory/v2/items?user_id=ora&limit=200', { headers: v1(t.apiKey) })).body.items as Array<{
          node_id: string;
          type: string;
          about: string;
          archived: boolean;
        }>;
      const interest = async (topic: string) => (await items()).find((i) => i.type === 'interest' && i.about === topic)!;
      expect((await jobs.runAll(now + 179 * DAY)).jobs.interestStages.archived).to.equal(0);
      const r = await jobs.runAll(now + 181 * DAY);
      expect(r.jobs.interestStages).to.deep.include({ archived: 1 });
      expect((await interest('origami')).archived, 'one mention, 181 days').to.equal(true);
      expect((await interest('gardening')).archived, 'tentative by evidence: not ephemeral until later').to.equal(false);
      const asked = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: 'ora', message: 'origami' } });
      expect(asked.body.items.map((i: { node_id: string }) => i.node_id)).to.not.include((await interest('origami')).node_id);
      // Pure function of the stored fields: at an earlier instant it is not archived.
      expect((await jobs.runAll(now + DAY)).jobs.interestStages.restored).to.equal(1);
      await jobs.runAll(now + 181 * DAY);
      await say(t.apiKey, 'ora', 'I still like origami.');
      expect((await interest('origami')).archived, 'a new mention restores it').to.equal(false);
    });
  });

  describe('inferThemes', () => {
    it('a word recurring in a domain over days becomes a theme under the self entity, with provenance', async () => {
      const sleep = [
        ['I could not sleep last night because of the noise.', '2026-02-01T22:00:00Z'],
        ['My sleep has been terrible this week.', '2026-02-03T09:00:00Z'],
        ['I started a new sleep routine.', '2026-02-05T09:00:00Z'],
      ] as const;
      const sources: string[] = [];
      for (const [m, at] of sleep) sources.push((await say(t.apiKey, 'cleo', m, at)).messageId);
      // The same word three times on one day is not a pattern over time.
      for (const c of ['I play guitar every evening.', 'My guitar needs new strings.', 'I practised guitar for an hour.'])
        await ingest(t.apiKey, 'cleo', c);

      const jobs = await scheduler({ tenants: [t.tenantId] });
      const now = Date.now();
      const r = await jobs.runAll(now);
      expect(r.jobs.inferThemes.created).to.be.at.least(1);
      const ms = await memories(t.tenantId, 'cleo');
      const themes = ms.filter((m) => m.kind === 'Theme');
      expect(themes.map((x) => x.topicKey))
        .to.include('sleep')
        .and.not.include('guitar');
      const theme = themes.find((x) => x.topicKey === 'sleep')!;
      const self = ms.find((m) => m.kind === 'Entity' && m.entityKind === 'self')!;
      expect(theme).to.deep.include({
        domain: 'health',
        topic: 'sleep',
        evidence: 3,
        summary: 'Recurring in health: sleep (3 mentions)',
        parentId: self.id,
      });
      expect(theme).to.deep.include({ processingCount: 0, spike: 0, decayModifier: 1, pinned: false });
      expect(theme.id).to.match(/^[0-9a-f-]{36}$/);
      expect(theme.baseScore).to.be.within(0.4, 0.8);
      expect([...theme.messageIds].sort()).to.deep.equal([...sources].sort());
      expect(theme.salience, 'materialised at the next run').to.equal(null);

      // Idempotent: the next run finds the same theme, creates none, and materialises its salience.
      const again = await jobs.runAll(now + 60_000);
      expect(again.jobs.inferThemes).to.deep.include({ created: 0, grown: 0 });
      const after = (await memories(t.tenantId, 'cleo')).filter((m) => m.kind === 'Theme');
      expect(after.map((x) => x.id)).to.deep.equal(themes.map((x) => x.id));
      expect(after.find((x) => x.topicKey === 'sleep')!.state).to.equal('active');

      // More evidence grows it, with the new message as one more source.
      const more = await say(t.apiKey, 'cleo', 'I only got four hours of sleep again.', '2026-02-09T08:00:00Z');
      expect(more.memoryIds).to.have.length(1);
      const grown = await jobs.runAll(now + 120_000);
      expect(grown.jobs.inferThemes).to.deep.include({ created: 0, grown: 1 });
      const th = (await memories(t.tenantId, 'cleo')).find((x) => x.topicKey === 'sleep' && x.kind === 'Theme')!;
      expect(th).to.deep.include({ id: theme.id, evidence: 4, summary: 'Recurring in health: sleep (4 mentions)' });
      expect(th.messageIds).to.include(more.messageId).and.have.length(4);
    });
  });

  describe('compressLifecycle', () => {
    const low = ['I had a small coffee today.', 'I watered the plants.', 'I went to the shop.', 'I had coffee with Tom at the office.'];
    let dan: Record<string, string>;

    before(async () => {
      dan = {};
      for (const c of [...low, 'I am severely allergic to peanuts.', 'I bought new socks.']) dan[c] = await ingest(t.apiKey, 'dan', c);
      await testWrite('jobsSetMemory', { tenantId: t.tenantId, id: dan['I bought new socks.'], pinned: true, spike: null, spikeAt: null });
      // Another person of the tenant with too few old facts, and a person of another tenant with the same old facts.
      for (const c of low.slice(0, 2)) await ingest(t.apiKey, 'eve', c);
      for (const c of low) await ingest(other.apiKey, 'dan', c);
      for (const [tenantId, userId] of [
        [t.tenantId, 'dan'],
        [t.tenantId, 'eve'],
        [other.tenantId, 'dan'],
      ])
        await testWrite('jobsAgeMemories', { tenantId, userId, days: 400 });
    });

    it('folds ≥ 3 very old low-salience facts of one entity into one summary that keeps their provenance', async () => {
      const before = await memories(t.tenantId, 'dan');
      const now = Date.now();
      // Which facts qualify, computed from the stored fields with the TypeScript formula.
      const qualifying = before.filter((m) => m.kind === 'Facet' && !m.pinned && expected(m, now) < THRESHOLD * 0.5);
      expect(qualifying.length).to.be.at.least(3);
      expect(qualifying.map((m) => m.id)).to.not.include(dan['I am severely allergic to peanuts.']);
      const otherBefore = await memories(other.tenantId, 'dan');
      const eveBefore = await memories(t.tenantId, 'eve');

      const jobs = await scheduler({ tenants: [t.tenantId] });
      const r = await jobs.runAll(now);
      expect(r.failures).to.deep.equal([]);
      expect(r.jobs.compressLifecycle).to.deep.include({ summaries: 1, compressed: qualifying.length });

      const after = await memories(t.tenantId, 'dan');
      const ids = new Set(after.map((m) => m.id));
      for (const q of qualifying) expect(ids.has(q.id), `original ${q.topic} removed`).to.equal(false);
      for (const q of qualifying) expect((await call('GET', `/api/v1/nodes/${q.id}`, { headers: v1(t.apiKey) })).status).to.equal(404);
      expect(ids.has(dan['I am severely allergic to peanuts.']!), 'a fact with higher salience stays').to.equal(true);
      expect(ids.has(dan['I bought new socks.']!), 'a pinned fact stays').to.equal(true);

      const summaries = after.filter((m) => m.summaryFor);
      expect(summaries).to.have.length(1);
      const s = summaries[0]!;
      const self = after.find((m) => m.kind === 'Entity' && m.entityKind === 'self')!;
      expect(s).to.deep.include({ kind: 'Facet', summaryFor: self.id, parentId: self.id, summaryOf: qualifying.length });
      expect(s.baseScore).to.equal(Math.max(...qualifying.map((q) => q.baseScore)));
      expect([...s.messageIds].sort()).to.deep.equal([...new Set(qualifying.flatMap((q) => q.messageIds))].sort());
      expect([...s.relatesTo].sort()).to.deep.equal([...new Set(qualifying.flatMap((q) => q.relatesTo))].sort());
      expect(s.relatesTo.length, 'coffee with Tom').to.be.at.least(1);
      expect([...s.compressedSummaries!].sort()).to.deep.equal(qualifying.map((q) => q.summary).sort());
      for (const q of qualifying.slice(0, 5)) expect(s.summary).to.include(q.summary!);
      expect(s.dims, 'the mean of their vectors').to.equal(384);
      const node = await call('GET', `/api/v1/nodes/${s.id}`, { headers: v1(t.apiKey) });
      expect(node.status).to.equal(200);
      expect(node.body.node_type).to.equal('facet');

      // Another person with too few, and another tenant's identical facts, are untouched.
      expect((await memories(t.tenantId, 'eve')).map((m) => m.id)).to.deep.equal(eveBefore.map((m) => m.id));
      const otherAfter = await memories(other.tenantId, 'dan');
      expect(otherAfter.map((m) => m.id)).to.deep.equal(otherBefore.map((m) => m.id));
      expect(
        otherAfter.every((m) => m.salience === null),
        'no job ran for the other tenant',
      ).to.equal(true);

      // Nothing more to compress: the summary is not compressed again; it is an ordinary dormant memory.
      const again = await jobs.runAll(now + 60_000);
      expect(again.jobs.compressLifecycle).to.deep.include({ summaries: 0, compressed: 0 });
      const s2 = (await memories(t.tenantId, 'dan')).find((m) => m.id === s.id)!;
      expect(s2.state).to.equal('dormant');
      expect(Math.abs(s2.salience! - expected(s2, now + 60_000))).to.be.at.most(0.001);
    });
  });

  describe('the lock and the schedule', () => {
    it('of two concurrent runs (two replicas), one runs and the other skips', async () => {
      const a = await scheduler({ tenants: [t.tenantId] });
      const b = await scheduler({ tenants: [t.tenantId] });
      await a.runAll();
      await b.runAll();
      const reports = await Promise.all([a.runAll(), b.runAll()]);
      expect(reports.filter((r) => r.ran)).to.have.length(1);
      const skipped = reports.find((r) => !r.ran)!;
      expect(skipped).to.include({ skipped: 'locked', tenants: 0 });
      expect(skipped.jobs.materialiseSalience.scanned).to.equal(0);
      // Released afterwards: the next run goes ahead.
      expect((await a.runAll()).ran).to.equal(true);
    });

    it('a live holder makes a run skip; a stale one is taken over', async () => {
      const name = `test-lock-${t.tenantId}`;
      const jobs = await scheduler({ tenants: [t.tenantId], lockName: name, lockLeaseMinutes: 30 });
      try {
        await testWrite('jobsLock', { name, ageMinutes: 1 });
        expect(await jobs.runAll()).to.include({ ran: false, skipped: 'locked' });
        await testWrite('jobsLock', { name, ageMinutes: 31 });
        expect((await jobs.runAll()).ran).to.equal(true);
        expect(await testRead('jobsLockRead', { name }), 'released after the run').to.deep.equal([]);
      } finally {
        await testWrite('jobsLockDelete', { name });
      }
    });

    it('start() schedules runs with croner; stop() ends the schedule', async () => {
      const jobs = await scheduler({ tenants: [t.tenantId] });
      expect(jobs.nextRun()).to.equal(null);
      jobs.start();
      const next = jobs.nextRun()!.getTime();
      expect(next - Date.now(), 'every 15 minutes by default').to.be.within(0, 15 * 60_000);
      expect(new Date(next).getUTCMinutes() % 15).to.equal(0);
      await jobs.stop();
      expect(jobs.nextRun()).to.equal(null);
      expect(() => new JobScheduler(null as never, createLogger('silent'), { schedule: 'not a pattern' })).to.throw();
    });

    it('npm run jobs -- run runs every job once and prints the report', async () => {
      const cli = path.join(projectRoot, 'dist', 'src', 'cli', 'jobs.js');
      const at = new Date(t0 + DAY).toISOString();
      const { stdout } = await promisify(execFile)(process.execPath, [cli, 'run', '--now', at, '--tenant', t.tenantId]);
      const report = JSON.parse(stdout);
      expect(report).to.include({ ran: true, now: at, tenants: 1 });
      expect(report.jobs.materialiseSalience.scanned).to.be.greaterThan(0);
      const bad = await promisify(execFile)(process.execPath, [cli, 'run', '--now', 'yesterday']).then(
        () => expect.fail('should fail'),
        (e: { code: number; stderr: string }) => e,
      );
      expect(bad.code).to.equal(2);
      expect(bad.stderr).to.match(/--now/);
    });
  });
});
