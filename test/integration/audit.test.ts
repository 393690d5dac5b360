// GET /admin/audit on the real Neo4j: one tenant's audit events, newest first, filtered and paged by a time
// cursor; admin authorisation; validation. And the analysts' saved queries over deletion records (cypher/browser).
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Graph } from '../../src/graph/graph.js';
import { QueryRegistry, type QueryName } from '../../src/graph/queries.js';
import { Metrics } from '../../src/http/metrics.js';
import { JobScheduler } from '../../src/jobs/scheduler.js';
import { createLogger } from '../../src/log.js';
import { projectRoot } from '../../src/version.js';
import { makeServices, startService, testConfig, testEnv } from '../helpers/env.js';
import { testWrite } from '../helpers/graphReads.js';
import { admin, bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

interface Seeded {
  id: string;
  at: string;
  userId: string;
  action: string;
}

const ACTIONS = ['node_deleted', 'user_erased', 'erase_requested', 'erase_completed'] as const;
const BASE = Date.parse('2026-03-01T12:00:00Z');

async function seedEvents(tenantId: string, users: string[], n: number, offsetMinutes = 0): Promise<Seeded[]> {
  const out: Seeded[] = [];
  for (let i = 0; i < n; i++) {
    const userId = users[i % users.length]!;
    const action = ACTIONS[i % ACTIONS.length]!;
    // Distinct times, one per minute, with a sub-millisecond part that the cursor has to keep.
    const at = new Date(BASE + (offsetMinutes + i) * 60_000).toISOString().replace('Z', '123Z');
    const [row] = await testWrite<{ id: string; at: string }>('auditSeedEvent', {
      tenantId,
      userId,
      routeSet: 'v1',
      action,
      nodeIds: action === 'node_deleted' ? [randomUUID()] : [],
      requestedBy: `key:${randomUUID()}`,
      at,
      nodes: i + 1,
      edges: 2 * i,
    });
    out.push({ id: row!.id, at: row!.at, userId, action });
  }
  return out;
}

/** Follows next_before / next_before_id to the last page. */
async function allPages(tenantId: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor = '';
  let pages = 0;
  for (;;) {
    const r = await audit(`tenant_id=${tenantId}&limit=${limit}${cursor}`);
    expect(r.status, r.text).to.equal(200);
    expect(r.body.count).to.be.at.most(limit);
    ids.push(...r.body.events.map((e: { event_id: string }) => e.event_id));
    pages++;
    if (r.body.next_before === null || pages > 20) {
      expect(r.body.next_before_id).to.equal(null);
      return { ids, pages };
    }
    const last = r.body.events[r.body.events.length - 1];
    expect(r.body).to.include({ next_before: last.at, next_before_id: last.event_id });
    cursor = `&before=${encodeURIComponent(r.body.next_before)}&before_id=${r.body.next_before_id}`;
  }
}

const audit = (query: string, headers: Record<string, string> = admin) => call('GET', `/admin/audit?${query}`, { headers });

describe('GET /admin/audit', () => {
  let a: { tenantId: string; apiKey: string };
  let b: { tenantId: string };
  let eventsA: Seeded[];
  const alice = `alice-${randomUUID()}`;
  const bob = `bob-${randomUUID()}`;

  before(async () => {
    a = await newTenant('v1');
    b = await newTenant('b2c');
    eventsA = await seedEvents(a.tenantId, [alice, bob], 12);
    // The other tenant's events are interleaved in time with the first's.
    await seedEvents(b.tenantId, [alice, bob], 6, 0);
  });
  after(cleanupTenants);

  const newestFirst = () => [...eventsA].sort((x, y) => (x.at < y.at ? 1 : -1));

  it("lists only the asked tenant's events, newest first, each with ids, counts, requester and time", async () => {
    const r = await audit(`tenant_id=${a.tenantId}`);
    expect(r.status, r.text).to.equal(200);
    expect(r.body.tenant_id).to.equal(a.tenantId);
    expect(r.body.count).to.equal(12);
    expect(r.body.next_before).to.equal(null);
    expect(r.body.events.map((e: { event_id: string }) => e.event_id)).to.deep.equal(newestFirst().map((e) => e.id));
    for (const e of r.body.events) {
      expect(Object.keys(e).sort()).to.deep.equal(['action', 'at', 'edges', 'event_id', 'node_ids', 'nodes', 'requested_by', 'route_set', 'user_id']);
      expect(e.route_set).to.equal('v1');
      expect(e.requested_by).to.match(/^key:/);
      expect(e.nodes).to.be.a('number');
      expect(e.node_ids).to.be.an('array');
      expect(e.at).to.match(/^2026-03-01T\d{2}:\d{2}:00\.000123Z$/);
    }
    const other = await audit(`tenant_id=${b.tenantId}`);
    expect(other.body.count).to.equal(6);
    expect(other.body.events.every((e: { event_id: string }) => !eventsA.some((x) => x.id === e.event_id))).to.equal(true);
  });

  it('filters by person and by action', async () => {
    const byUser = await audit(`tenant_id=${a.tenantId}&user_id=${encodeURIComponent(alice)}`);
    expect(byUser.status, byUser.text).to.equal(200);
    expect(byUser.body.events.map((e: { event_id: string }) => e.event_id)).to.deep.equal(
      newestFirst()
        .filter((e) => e.userId === alice)
        .map((e) => e.id),
    );
    const byAction = await audit(`tenant_id=${a.tenantId}&action=user_erased`);
    expect(byAction.body.events.map((e: { event_id: string }) => e.event_id)).to.deep.equal(
      newestFirst()
        .filter((e) => e.action === 'user_erased')
        .map((e) => e.id),
    );
    const both = await audit(`tenant_id=${a.tenantId}&action=node_deleted&user_id=${encodeURIComponent(bob)}`);
    expect(both.body.count).to.equal(0); // node_deleted events belong to alice (indexes 0, 4, 8)
  });

  it('pages with limit and the before cursor, without gaps or repeats', async () => {
    const seen = await allPages(a.tenantId, 5);
    expect(seen.pages).to.equal(3);
    expect(seen.ids).to.deep.equal(newestFirst().map((e) => e.id));
    // The time alone is a cursor too.
    const first = await audit(`tenant_id=${a.tenantId}&limit=5`);
    const second = await audit(`tenant_id=${a.tenantId}&limit=5&before=${encodeURIComponent(first.body.next_before)}`);
    expect(second.body.events.map((e: { event_id: string }) => e.event_id)).to.deep.equal(
      newestFirst()
        .slice(5, 10)
        .map((e) => e.id),
    );

    // A cursor in between two events, and one with an offset.
    const mid = new Date(BASE + 5 * 60_000 + 30_000).toISOString();
    const r = await audit(`tenant_id=${a.tenantId}&before=${encodeURIComponent(mid)}`);
    expect(r.body.events.map((e: { event_id: string }) => e.event_id)).to.deep.equal(
      newestFirst()
        .slice(6)
        .map((e) => e.id),
    );
    const offset = await audit(`tenant_id=${a.tenantId}&before=${encodeURIComponent('2026-03-01T13:05:30+01:00')}`);
    expect(offset.body.count).to.equal(6);
    // An exact limit: a full last page says so only when more follow.
    const all = await audit(`tenant_id=${a.tenantId}&limit=12`);
    expect(all.body.count).to.equal(12);
    expect(all.body.next_before).to.equal(null);
  });

  it('pages through events that share a time (written in one transaction) without losing any', async () => {
    const t = await newTenant('v1');
    const at = '2026-04-01T08:00:00.5Z';
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const [row] = await testWrite<{ id: string }>('auditSeedEvent', {
        tenantId: t.tenantId,
        userId: alice,
        routeSet: 'v1',
        action: 'node_deleted',
        nodeIds: [],
        requestedBy: 'admin',
        at,
        nodes: 1,
        edges: 0,
      });
      ids.push(row!.id);
    }
    const seen = await allPages(t.tenantId, 2);
    expect(seen.pages).to.equal(3);
    expect(seen.ids).to.have.length(5);
    expect([...seen.ids].sort()).to.deep.equal([...ids].sort());
    expect(seen.ids).to.deep.equal([...ids].sort().reverse()); // ties newest-first by id, descending
  });

  it('refuses a missing or wrong admin token (401), a key of the API (401), and answers 403 when the admin API is closed', async () => {
    expect((await call('GET', `/admin/audit?tenant_id=${a.tenantId}`)).status).to.equal(401);
    const wrong = await audit(`tenant_id=${a.tenantId}`, bearer('wrong-token-wrong-token'));
    expect(wrong.status).to.equal(401);
    expect(wrong.body.error.code).to.equal('UNAUTHORIZED');
    expect((await audit(`tenant_id=${a.tenantId}`, v1(a.apiKey))).status).to.equal(401);
    const env = await testEnv();
    const { server, baseUrl } = await startService(makeServices(env.opened, testConfig({ ADMIN_TOKEN: '' }), new Metrics(false)));
    try {
      const closed = await call('GET', `/admin/audit?tenant_id=${a.tenantId}`, { baseUrl, headers: admin });
      expect(closed.status).to.equal(403);
      expect(closed.body.error.code).to.equal('FORBIDDEN');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('answers 400 naming the parameter for bad input, 404 for an unknown tenant', async () => {
    const cases: Array<[string, RegExp]> = [
      ['', /tenant_id/],
      ['tenant_id=not-a-uuid', /tenant_id/],
      [`tenant_id=${a.tenantId}&limit=0`, /limit/],
      [`tenant_id=${a.tenantId}&limit=501`, /limit/],
      [`tenant_id=${a.tenantId}&limit=ten`, /limit/],
      [`tenant_id=${a.tenantId}&limit=5&limit=6`, /limit/],
      [`tenant_id=${a.tenantId}&action=node_created`, /action/],
      [`tenant_id=${a.tenantId}&before=yesterday`, /before/],
      [`tenant_id=${a.tenantId}&before_id=${randomUUID()}`, /before_id/],
      [`tenant_id=${a.tenantId}&before=2026-03-01T12:00:00Z&before_id=x`, /before_id/],
      [`tenant_id=${a.tenantId}&user_id=`, /user_id/],
      [`tenant_id=${a.tenantId}&sort=asc`, /sort|Unrecognized|unrecognized/],
    ];
    for (const [query, field] of cases) {
      const r = await audit(query);
      expect(r.status, `${query}: ${r.text}`).to.equal(400);
      expect(r.body.error.code).to.equal('INVALID_REQUEST');
      expect(r.body.error.message, query).to.match(field);
    }
    const max = await audit(`tenant_id=${a.tenantId}&limit=500`);
    expect(max.status).to.equal(200);
    const unknown = await audit(`tenant_id=${randomUUID()}`);
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error.code).to.equal('NOT_FOUND');
  });
});

describe('saved analyst queries over deletions (cypher/browser)', () => {
  let t: { tenantId: string };
  let browser: Graph;
  const carol = `carol-${randomUUID()}`;
  const dave = `dave-${randomUUID()}`;
  const run = (name: string, params: Record<string, unknown>) => browser.read<any>(name as QueryName, params);

  before(async () => {
    const env = await testEnv();
    browser = new Graph(env.opened.driver, env.config.NEO4J_DATABASE, await QueryRegistry.load(path.join(projectRoot, 'cypher', 'browser')));
    t = await newTenant('v1');
    await seedEvents(t.tenantId, [carol, dave], 8);
    for (const [userId, at] of [
      [carol, '2026-03-02T09:00:00Z'],
      [dave, '2026-03-03T09:00:00Z'],
    ] as const)
      await testWrite('auditSeedRecords', {
        tenantId: t.tenantId,
        userId,
        nodeId: randomUUID(),
        reason: 'asked by the person',
        requestedBy: 'key:k1',
        at,
      });
  });
  after(cleanupTenants);

  it('deletions: audit events and deletion records of a tenant, or of one person, newest first', async () => {
    const all = await run('deletions', { tenantId: t.tenantId, userId: null });
    expect(all).to.have.length(8 + 2);
    expect(all.map((r) => r.at)).to.deep.equal([...all.map((r) => r.at)].sort().reverse());
    expect(all[0]).to.include({ record: 'deletion record', userId: dave, status: 'completed', remaining: 0 });
    const one = await run('deletions', { tenantId: t.tenantId, userId: carol });
    expect(one).to.have.length(4 + 1);
    expect(one.every((r) => r.userId === carol)).to.equal(true);
  });

  it("ledger: a person's ledger records", async () => {
    const rows = await run('ledger', { tenantId: t.tenantId, userId: carol });
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ nodeType: 'facet', reason: 'asked by the person', requestedBy: 'key:k1' });
  });

  it('auditLog: events by day and action', async () => {
    const rows = await run('auditLog', { tenantId: t.tenantId });
    expect(rows.reduce((n, r) => n + r.events, 0)).to.equal(8);
    expect(rows.map((r) => r.action).sort()).to.deep.equal([...ACTIONS].sort());
    expect(rows.every((r) => r.day === '2026-03-01' && r.events === 2 && r.people === 1)).to.equal(true);
  });

  it('personDiagnostics: salience and domain distribution of a person', async () => {
    const user = `pd-${randomUUID()}`;
    const { tenantId, apiKey: key } = await newTenant('v1');
    for (const content of ['My sister Anna lives in Porto.', 'I run five kilometres every morning.'])
      expect((await call('POST', '/api/v1/ingest', { headers: v1(key), body: { user_id: user, content } })).status).to.equal(201);
    // Before the job has run the Browser query has no salience to show, and says so.
    const unmaterialised = (await run('personDiagnostics', { tenantId, userId: user })).find((r) => r.domain === '(all memory nodes)');
    expect(unmaterialised.notMaterialised).to.equal(unmaterialised.memories);
    expect(unmaterialised.meanSalience).to.equal(null);
    const env = await testEnv();
    const jobs = new JobScheduler(env.graph, createLogger('silent'), { tenants: [tenantId], tenantParams: (id) => env.services.profiles.get(id) });
    const report = await jobs.runAll(Date.now());
    expect(report.failures).to.deep.equal([]);
    const diag = (await call('GET', `/api/v1/diagnostics/${user}`, { headers: v1(key) })).body;
    const rows = await run('personDiagnostics', { tenantId, userId: user });
    const all = rows.find((r) => r.domain === '(all memory nodes)');
    expect(all.notMaterialised).to.equal(0);
    expect(all.memories).to.equal(diag.totals.nodes.total);
    expect(all.buckets).to.deep.equal(diag.salience_distribution.buckets.map((b: { count: number }) => b.count));
    expect(all.aboveThreshold).to.equal(diag.salience_distribution.above_threshold);
    expect(all.meanSalience).to.be.closeTo(diag.salience_distribution.mean, 0.002);
    const domains = rows.filter((r) => !r.domain.startsWith('('));
    expect(domains.reduce((n, r) => n + r.memories, 0)).to.equal(
      diag.domain_distribution.reduce((n: number, d: { memories: number }) => n + d.memories, 0),
    );
  });
});
