// Isolation campaign (issue 8): object-level authorisation on EVERY route of the route table (v1, /memory/v2,
// b2c, admin, MCP over SSE and HTTP), and rate and trial limits under concurrent requests.
//
// For every keyed route, tenant A's own ids (its person, a memory, a message, an erase request, an open MCP
// session) are sent with: tenant B's key (same route set), A's key of the other route set, no key, A's revoked
// key, an expired trial's key and a suspended tenant's key. Each answer is compared byte for byte (request ids,
// new ids and timestamps aside) with the answer to the same request naming random ids, so an answer can never
// tell whether an id exists elsewhere; no answer may carry anything of A's; and A's data, read back with Cypher
// (labels, every property, every relationship, hashed), is unchanged afterwards. Admin routes: no token, wrong
// tokens, a key as token, and the right token on a service started without ADMIN_TOKEN. Public routes: nothing of
// A's in what anyone may read. Routes are enumerated from the route table, so a new route is covered at once, and
// a route whose request cannot be built from it fails here.
import { expect } from 'chai';
import { createHash, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { generateKey } from '../../src/tenants/keys.js';
import { KEYED } from '../../src/routes/endpoint.js';
import { makeServices, startService, testConfig, testEnv, ADMIN_TOKEN } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { admin, bearer, call, cleanupTenants, newTenant, trackTenant, uniqueEmail, v1, type Reply } from '../helpers/http.js';
import {
  ROUTES,
  STACK_TRACE,
  errorMessage,
  normalised,
  randomIds,
  requestFor,
  routeName,
  send,
  surfaceOf,
  type BuiltRequest,
  type Ids,
  type RouteSpec,
  type Surface,
} from './reliabilityRoutes.js';

type Tenant = { tenantId: string; apiKey: string; keyId: string };
type RouteSet = 'v1' | 'b2c';

const MARKER = 'Quetzalcoatlus';
/** Text sent where a route searches (message, query, current_input): it names A's memories, so a leak would show. */
const SEARCH_TEXT = `Tell me about ${MARKER} and the peanuts`;
const SEARCH_FIELDS = new Set(['query', 'current_input']);

const keyHeaders = (set: RouteSet, key: string) => (set === 'b2c' ? bearer(key) : v1(key));

/** Every node of a tenant (and its Tenant node and keys) with labels, properties and outgoing links, hashed. */
async function snapshot(tenantId: string): Promise<{ nodes: number; byLabel: Record<string, number>; hash: string }> {
  const rows = await testRead<{ labels: string[]; props: Array<[string, unknown]>; out: string[] }>('relTenantSnapshot', { tenantId });
  const lines = rows.map((r) => JSON.stringify([r.labels.sort(), r.props.sort((a, b) => a[0].localeCompare(b[0])), r.out.sort()])).sort();
  const byLabel: Record<string, number> = {};
  for (const r of rows) for (const l of r.labels) byLabel[l] = (byLabel[l] ?? 0) + 1;
  return { nodes: rows.length, byLabel, hash: createHash('sha256').update(lines.join('\n')).digest('hex') };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An SSE stream opened with a key: its session id, and a way to close it. */
async function openSse(apiKey: string): Promise<{ sessionId: string; close(): void }> {
  const { baseUrl } = await testEnv();
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/mcp/sse`, { headers: { 'X-API-Key': apiKey, Accept: 'text/event-stream' }, signal: abort.signal });
  expect(res.status).to.equal(200);
  const reader = res.body!.getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the SSE stream ended before its endpoint event');
    buffered += new TextDecoder().decode(value);
    const m = /event: endpoint\ndata: \S*sessionId=([\w-]+)/.exec(buffered);
    if (m) return { sessionId: m[1]!, close: () => abort.abort() };
  }
}

describe('isolation: object-level authorisation on every route of the route table', function () {
  this.timeout(180_000);

  // Tenant A: a v1 tenant and a b2c tenant, each with a person, memories, a message, a suppression and more.
  let a1: Tenant;
  let a2: Tenant;
  const ids: Record<RouteSet, Ids> = { v1: randomIds(), b2c: randomIds() };
  const revoked: Record<RouteSet, string> = { v1: '', b2c: '' };
  const expired: Record<RouteSet, string> = { v1: '', b2c: '' };
  const suspended: Record<RouteSet, string> = { v1: '', b2c: '' };
  /** Strings that must never appear in an answer given to anyone but A. */
  const secrets = new Set<string>([MARKER]);
  let sse: { sessionId: string; close(): void } | undefined;
  let before1: Awaited<ReturnType<typeof snapshot>>;
  let before2: Awaited<ReturnType<typeof snapshot>>;
  let closedAdmin: { server: Server; baseUrl: string } | undefined;
  let sibling: { apiKey: string; keyId: string };

  const coverage: Array<{ route: string; surface: Surface; cases: number }> = [];
  const answersSeen: Reply[] = [];

  async function freshTenant(set: RouteSet): Promise<Tenant> {
    return newTenant(set, 'scale');
  }

  async function keyFor(set: RouteSet, tenantId: string): Promise<{ apiKey: string; keyId: string }> {
    const r = await call('POST', '/admin/keys', { headers: admin, body: { route_set: set, tenant_id: tenantId, label: 'second' } });
    expect(r.status, r.text).to.equal(201);
    return { apiKey: r.body.api_key, keyId: r.body.key_id };
  }

  async function patchTenant(tenantId: string, body: unknown) {
    const r = await call('PATCH', `/admin/tenants/${tenantId}`, { headers: admin, body });
    expect(r.status, r.text).to.equal(200);
  }

  before(async () => {
    const env = await testEnv();
    a1 = await newTenant('v1', 'scale');
    a2 = await newTenant('b2c', 'scale');
    for (const t of [a1, a2]) secrets.add(t.tenantId).add(t.keyId).add(t.apiKey);

    // --- A's v1 person ---
    const u1 = ids.v1.user;
    const facts = [
      `My wife Sarah is severely allergic to peanuts and loves the ${MARKER} exhibit.`,
      `I work at Acme Robotics; my manager Priya collects ${MARKER} fossils.`,
      'Our dog Biscuit is scared of thunderstorms.',
    ];
    const nodeIds: string[] = [];
    for (const content of facts) {
      const r = await call('POST', '/api/v1/ingest', { headers: v1(a1.apiKey), body: { user_id: u1, content } });
      expect(r.status, r.text).to.equal(201);
      nodeIds.push(r.body.node_id);
    }
    ids.v1.node = nodeIds[0]!;
    const msg = await call('POST', '/api/v1/ingest/v2', {
      headers: v1(a1.apiKey),
      body: { user_id: u1, speaker: 'user', message: `I visited the ${MARKER} museum in Lisbon.` },
    });
    expect(msg.status, msg.text).to.equal(202);
    ids.v1.message = msg.body.message_id;
    expect((await call('GET', `/api/v1/messages/${ids.v1.message}?wait=20`, { headers: v1(a1.apiKey) })).body.status).to.equal('done');
    expect((await call('POST', '/api/v1/memory/v2/suppress', { headers: v1(a1.apiKey), body: { user_id: u1, topic: 'Peanuts' } })).status).to.equal(
      201,
    );
    expect((await call('POST', '/api/v1/memory/v2/pin', { headers: v1(a1.apiKey), body: { user_id: u1, node_id: nodeIds[0] } })).status).to.equal(
      200,
    );
    const fix = await call('PATCH', `/api/v1/memory/v2/nodes/${nodeIds[1]}`, {
      headers: v1(a1.apiKey),
      body: { user_id: u1, sentence: `I work at Acme Robotics with ${MARKER} fans.` },
    });
    expect(fix.status, fix.text).to.equal(200);
    const del = await call('DELETE', `/api/v1/memory/v2/nodes/${nodeIds[2]}`, { headers: v1(a1.apiKey), body: { user_id: u1, reason: 'incorrect' } });
    expect(del.status, del.text).to.equal(200);
    // A second person of A, erased (an audit event of A's).
    const gone = `gone-${randomUUID()}`;
    expect(
      (await call('POST', '/api/v1/ingest', { headers: v1(a1.apiKey), body: { user_id: gone, content: `${MARKER} are my favourite dinosaurs.` } }))
        .status,
    ).to.equal(201);
    expect((await call('DELETE', `/api/v1/users/${gone}`, { headers: v1(a1.apiKey) })).status).to.equal(200);

    // --- A's b2c person ---
    const u2 = ids.b2c.user;
    const ing = await call('POST', '/api/b2c/memory/ingest', {
      headers: bearer(a2.apiKey),
      body: {
        user_id: u2,
        messages: [
          { role: 'user', content: `My brother Tom keeps a ${MARKER} skeleton in Glasgow.`, timestamp: '2026-01-02T10:00:00Z' },
          { role: 'user', content: 'I work at Globex as a nurse.', timestamp: '2026-01-03T10:00:00Z' },
        ],
      },
    });
    expect(ing.status, ing.text).to.equal(202);
    ids.b2c.message = ing.body.message_ids[0];
    for (const id of ing.body.message_ids)
      expect((await call('GET', `/api/b2c/memory/messages/${id}?wait=20`, { headers: bearer(a2.apiKey) })).body.status).to.equal('done');
    const nodes = await call('GET', `/api/b2c/memory/nodes?user_id=${u2}&limit=200`, { headers: bearer(a2.apiKey) });
    const fact = nodes.body.nodes.find((n: { type: string; summary: string }) => n.type === 'facet' && n.summary.includes(MARKER));
    expect(fact, nodes.text).to.not.equal(undefined);
    ids.b2c.node = fact.node_id;
    expect((await call('POST', '/api/b2c/memory/suppress', { headers: bearer(a2.apiKey), body: { user_id: u2, topic: 'work' } })).status).to.equal(
      201,
    );
    // An erase of another b2c person of A: its request id, completed before the matrix.
    const gone2 = `gone-${randomUUID()}`;
    const turn = await call('POST', '/api/b2c/memory/turn', {
      headers: bearer(a2.apiKey),
      body: { user_id: gone2, user_message: `${MARKER} again.`, assistant_response: 'Noted.' },
    });
    for (const id of turn.body.message_ids) await call('GET', `/api/b2c/memory/messages/${id}?wait=20`, { headers: bearer(a2.apiKey) });
    const erase = await call('DELETE', `/api/b2c/memory/users/${gone2}`, { headers: bearer(a2.apiKey) });
    expect(erase.status, erase.text).to.equal(202);
    ids.b2c.request = erase.body.request_id;
    await waitFor('the b2c erase', async () => {
      const d = await call('GET', `/api/b2c/memory/users/${gone2}/deletion`, { headers: bearer(a2.apiKey) });
      return d.body.status === 'completed' ? true : undefined;
    });
    // The deletion route names the erased person: A's ids for b2c carry that person for ?request_id to mean anything.

    // --- keys that must not work ---
    for (const [set, t] of [
      ['v1', a1],
      ['b2c', a2],
    ] as const) {
      const second = await keyFor(set, t.tenantId);
      expect((await call('DELETE', `/admin/keys/${second.keyId}`, { headers: admin })).status).to.equal(200);
      revoked[set] = second.apiKey;
      secrets.add(second.keyId).add(second.apiKey);
      const trial = await newTenant(set, 'trial');
      await patchTenant(trial.tenantId, { trial_ends: new Date(Date.now() - 86_400_000).toISOString() });
      expired[set] = trial.apiKey;
      const off = await newTenant(set, 'scale');
      await patchTenant(off.tenantId, { status: 'suspended' });
      suspended[set] = off.apiKey;
    }

    // --- A's MCP session (SSE), open during the whole matrix ---
    sse = await openSse(a1.apiKey);
    for (const set of ['v1', 'b2c'] as const) {
      ids[set].session = sse.sessionId;
      ids[set].tenant = set === 'v1' ? a1.tenantId : a2.tenantId;
      ids[set].key = set === 'v1' ? a1.keyId : a2.keyId;
    }
    // Everything of A's an answer must not show.
    const items = await call('GET', `/api/v1/memory/v2/export?user_id=${u1}`, { headers: v1(a1.apiKey) });
    for (const i of items.body.items) secrets.add(i.node_id);
    for (const n of nodes.body.nodes) secrets.add(n.node_id);
    for (const set of ['v1', 'b2c'] as const) for (const k of ['node', 'message', 'request', 'session'] as const) secrets.add(ids[set][k]);
    secrets.delete(ids.v1.request); // A's v1 ids carry no erase request: that id is random

    // Another key of A, for the SSE session test (made now: A's snapshot includes its keys).
    sibling = await keyFor('v1', a1.tenantId);
    secrets.add(sibling.keyId).add(sibling.apiKey);

    // A service without ADMIN_TOKEN, for the admin routes.
    closedAdmin = await startService(makeServices(env.opened, testConfig({ ADMIN_TOKEN: undefined })));

    before1 = await snapshot(a1.tenantId);
    before2 = await snapshot(a2.tenantId);
  });

  after(async () => {
    sse?.close();
    if (closedAdmin) await new Promise((r) => closedAdmin!.server.close(r));
    const total = coverage.reduce((n, c) => n + c.cases, 0);
    const bySurface = new Map<string, { routes: number; cases: number }>();
    for (const c of coverage) {
      const s = bySurface.get(c.surface) ?? { routes: 0, cases: 0 };
      bySurface.set(c.surface, { routes: s.routes + 1, cases: s.cases + c.cases });
    }
    console.log(`      isolation matrix: ${coverage.length} routes × cases = ${total} cases`);
    for (const [surface, s] of bySurface)
      console.log(`        ${surface.padEnd(7)} ${String(s.routes).padStart(3)} routes ${String(s.cases).padStart(4)} cases`);
    await cleanupTenants();
  });

  /**
   * Checks shared by every answer the matrix gets: no 5xx, no stack trace, and nothing of A's beyond what the
   * request itself named (an id the caller sent may be quoted back in a 404 sentence; that teaches nothing).
   */
  function checkAnswer(r: Reply, what: string, sent: Ids) {
    answersSeen.push(r);
    expect(r.status, `${what}: ${r.text}`).to.be.lessThan(500);
    expect(r.text, `${what}: stack trace`).to.not.match(STACK_TRACE);
    const echoed = new Set(Object.values(sent));
    const text = r.text.split(SEARCH_TEXT).join('');
    for (const s of secrets) if (!echoed.has(s)) expect(text.includes(s), `${what}: the answer carries A's ${s}: ${r.text}`).to.equal(false);
  }

  /** Requests of one route naming `ids`: one per MCP tool for POST /mcp/http, else the route's example. */
  async function requestsFor(r: RouteSpec, routeIds: Ids): Promise<Array<{ label: string; req: BuiltRequest }>> {
    const base = requestFor(r, routeIds);
    const searching = (b: unknown): unknown => {
      if (Array.isArray(b)) return b.map(searching);
      if (b && typeof b === 'object')
        return Object.fromEntries(
          Object.entries(b).map(([k, v]) => [
            k,
            SEARCH_FIELDS.has(k) || (k === 'message' && r.operationId === 'contextItems') ? SEARCH_TEXT : searching(v),
          ]),
        );
      return b;
    };
    base.body = searching(base.body);
    if (r.operationId !== 'mcpHttp') return [{ label: 'example', req: base }];
    return (await mcpToolCalls(routeIds)).map(({ label, params }) => ({
      label,
      req: { ...base, body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params } },
    }));
  }

  let toolList:
    | Array<{
        name: string;
        inputSchema: { properties?: Record<string, { type?: string; default?: unknown; minimum?: number }>; required?: string[] };
      }>
    | undefined;

  /** A tools/call per MCP tool, arguments built from its input schema (a new tool is covered at once). */
  async function mcpToolCalls(routeIds: Ids): Promise<Array<{ label: string; params: unknown }>> {
    if (!toolList) {
      const t = await freshTenant('v1');
      const r = await call('POST', '/mcp/http', { headers: v1(t.apiKey), body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
      expect(r.status, r.text).to.equal(200);
      toolList = r.body.result.tools;
      expect(toolList!.length).to.be.greaterThan(0);
    }
    const out: Array<{ label: string; params: unknown }> = [];
    for (const tool of toolList!) {
      const props = tool.inputSchema.properties ?? {};
      const args: Record<string, unknown> = {};
      for (const [name, p] of Object.entries(props)) {
        if (name === 'user_id') args[name] = routeIds.user;
        else if (name === 'node_id') args[name] = routeIds.node;
        else if (name === 'confirm') args[name] = true;
        else if (name === 'wait_seconds') args[name] = 0;
        else if (p.type === 'string' && (tool.inputSchema.required ?? []).includes(name)) args[name] = SEARCH_TEXT;
        else if ((tool.inputSchema.required ?? []).includes(name))
          throw new Error(`MCP tool ${tool.name}: no value known for its required argument ${name}`);
      }
      out.push({ label: `tools/call ${tool.name}`, params: { name: tool.name, arguments: args } });
      // A tool with an optional node id also acts on the whole person without it (svc_delete: the erase).
      if ('node_id' in args && !(tool.inputSchema.required ?? []).includes('node_id')) {
        const { node_id: _n, ...rest } = args;
        out.push({ label: `tools/call ${tool.name} without node_id`, params: { name: tool.name, arguments: rest } });
      }
    }
    return out;
  }

  async function keyedRoute(r: RouteSpec): Promise<number> {
    const set: RouteSet = r.security === 'b2cKey' ? 'b2c' : 'v1';
    const mine = ids[set];
    const other = randomIds();
    const aKeyOtherSet = set === 'v1' ? a2.apiKey : a1.apiKey;
    let cases = 0;
    const asA = await requestsFor(r, mine);
    const asRandom = await requestsFor(r, other);
    for (const [i, { label, req }] of asA.entries()) {
      const reference = asRandom[i]!.req;
      const what = `${routeName(r)} (${label})`;

      // 1. Tenant B's key with A's ids, against a second fresh tenant with random ids: the same answer.
      if (r.operationId === 'mcpSse') {
        // No id to send: B's own stream names only B's session, and nothing of A's.
        const b = await freshTenant(set);
        const s = await openSse(b.apiKey);
        s.close();
        expect(s.sessionId).to.not.equal(mine.session);
      } else {
        const [b, b2] = [await freshTenant(set), await freshTenant(set)];
        const got = await send(req, keyHeaders(set, b.apiKey));
        const ref = await send(reference, keyHeaders(set, b2.apiKey));
        checkAnswer(got, `${what} with B's key`, mine);
        expect(got.status, `${what} with B's key: ${got.text}`).to.not.equal(400);
        if (got.status >= 400) expect([401, 403, 404], `${what} with B's key: ${got.text}`).to.include(got.status);
        // svc_context counts the tokens of its text, which quotes the user id: o200k splits two UUIDs differently.
        const tokensAside = (t: string) => (r.operationId === 'mcpHttp' ? t.replace(/"tokens":\d+/g, '"tokens":<n>') : t);
        expect(tokensAside(normalised(got, mine)), `${what}: B's key with A's ids vs random ids`).to.equal(tokensAside(normalised(ref, other)));
      }
      cases++;

      // 2-6. Keys that must not work, each answered exactly as for random ids (and as an unknown key).
      const unknown = keyHeaders(set, generateKey(set).key);
      const negative: Array<[string, Record<string, string>, number, Record<string, string>]> = [
        ['no key', {}, 401, {}],
        [`A's ${set === 'v1' ? 'b2c' : 'v1'} key`, keyHeaders(set, aKeyOtherSet), 401, unknown],
        ["A's revoked key", keyHeaders(set, revoked[set]), 401, unknown],
        ['an expired trial key', keyHeaders(set, expired[set]), 403, keyHeaders(set, expired[set])],
        ['a suspended tenant key', keyHeaders(set, suspended[set]), 403, keyHeaders(set, suspended[set])],
      ];
      for (const [who, headers, status, refHeaders] of negative) {
        const got = await send(req, headers);
        const ref = await send(reference, refHeaders);
        checkAnswer(got, `${what} with ${who}`, mine);
        expect(got.status, `${what} with ${who}: ${got.text}`).to.equal(status);
        expect(normalised(got, mine), `${what} with ${who}`).to.equal(normalised(ref, other));
        if (status === 403)
          expect(errorMessage(r.path, got.body), `${what} with ${who}`).to.match(who.includes('trial') ? /trial ended/ : /suspended/);
        cases++;
      }
    }
    return cases;
  }

  async function adminRoute(r: RouteSpec): Promise<number> {
    const mine = ids.v1;
    const other = randomIds();
    const req = requestFor(r, mine);
    const reference = requestFor(r, other);
    const cases: Array<[string, Record<string, string>, number, string | undefined]> = [
      ['no token', {}, 401, undefined],
      ['a wrong bearer token', { Authorization: `Bearer ${ADMIN_TOKEN}x` }, 401, undefined],
      ['a wrong X-Admin-Token', { 'X-Admin-Token': ADMIN_TOKEN.slice(0, -1) }, 401, undefined],
      ["A's API key as the token", { Authorization: `Bearer ${a1.apiKey}` }, 401, undefined],
      ['the right token, ADMIN_TOKEN unset', { Authorization: `Bearer ${ADMIN_TOKEN}` }, 403, closedAdmin!.baseUrl],
      ['no token, ADMIN_TOKEN unset', {}, 403, closedAdmin!.baseUrl],
    ];
    for (const [who, headers, status, baseUrl] of cases) {
      const got = await send(req, headers, baseUrl);
      const ref = await send(reference, headers, baseUrl);
      checkAnswer(got, `${routeName(r)} with ${who}`, mine);
      expect(got.status, `${routeName(r)} with ${who}: ${got.text}`).to.equal(status);
      expect(normalised(got, mine)).to.equal(normalised(ref, other));
      if (status === 403) expect(errorMessage(r.path, got.body)).to.match(/ADMIN_TOKEN/);
    }
    return cases.length;
  }

  async function publicRoute(r: RouteSpec): Promise<number> {
    let req = requestFor(r, randomIds());
    if (r.operationId === 'signup') req = { ...req, body: { company_name: 'Isolation Co', email: uniqueEmail(), name: 'Ada' } };
    const got = await send(req);
    if (r.operationId === 'signup' && got.status === 201) trackTenant(got.body.tenant_id);
    checkAnswer(got, `${routeName(r)} (public)`, randomIds());
    expect(got.status, got.text).to.be.within(200, 299);
    return 1;
  }

  for (const r of ROUTES) {
    it(`${routeName(r)} [${surfaceOf(r)}]`, async () => {
      const cases = r.security === 'public' ? await publicRoute(r) : KEYED.has(r.security) ? await keyedRoute(r) : await adminRoute(r);
      coverage.push({ route: routeName(r), surface: surfaceOf(r), cases });
    });
  }

  it("B's SSE key cannot post to A's MCP session, another key of A gets 403 (documented), A's own key works", async () => {
    const b = await freshTenant('v1');
    const msg = { jsonrpc: '2.0', id: 7, method: 'tools/list' };
    const foreign = await call('POST', `/mcp/messages?sessionId=${sse!.sessionId}`, { headers: v1(b.apiKey), body: msg });
    const unknown = await call('POST', `/mcp/messages?sessionId=${randomUUID()}`, { headers: v1(b.apiKey), body: msg });
    expect(foreign.status).to.equal(404);
    expect(foreign.body).to.deep.equal(unknown.body);
    const same = await call('POST', `/mcp/messages?sessionId=${sse!.sessionId}`, { headers: v1(sibling.apiKey), body: msg });
    expect(same.status).to.equal(403);
    const own = await call('POST', `/mcp/messages?sessionId=${sse!.sessionId}`, { headers: v1(a1.apiKey), body: msg });
    expect(own.status).to.equal(202);
  });

  it('every route of the route table was covered, and A is exactly as it was (nodes, properties, links)', async () => {
    expect(coverage.map((c) => c.route).sort()).to.deep.equal(ROUTES.map(routeName).sort());
    const after1 = await snapshot(a1.tenantId);
    const after2 = await snapshot(a2.tenantId);
    expect(after1, 'tenant A (v1)').to.deep.equal(before1);
    expect(after2, 'tenant A (b2c)').to.deep.equal(before2);
    expect(before1.byLabel.Memory ?? 0).to.be.greaterThan(3);
    expect(before2.byLabel.Memory ?? 0).to.be.greaterThan(3);
    console.log(
      `      tenant A unchanged: v1 ${before1.nodes} nodes ${JSON.stringify(before1.byLabel)}; b2c ${before2.nodes} nodes ${JSON.stringify(before2.byLabel)}`,
    );
    console.log(`      answers checked for A's ids, keys and words: ${answersSeen.length}`);
  });
});

describe('rate and trial limits under concurrent requests', function () {
  this.timeout(60_000);
  after(cleanupTenants);

  async function limited(set: 'v1' | 'b2c', limits: Record<string, number>) {
    const t = await newTenant(set, 'scale');
    const r = await call('PATCH', `/admin/tenants/${t.tenantId}`, { headers: admin, body: { limits } });
    expect(r.status, r.text).to.equal(200);
    return t;
  }

  async function burst(n: number, one: () => Promise<Reply>) {
    const replies = await Promise.all(Array.from({ length: n }, one));
    for (const r of replies) expect(r.status, r.text).to.be.oneOf([200, 202, 429]);
    const admitted = replies.filter((r) => r.status !== 429);
    const refused = replies.filter((r) => r.status === 429);
    for (const r of refused) {
      expect(Number(r.headers.get('retry-after'))).to.be.within(1, 86_400);
      expect(r.headers.get('x-ratelimit-remaining')).to.equal('0');
    }
    return { admitted, refused, remaining: admitted.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b) };
  }

  const cases: Array<[string, 'v1' | 'b2c', (key: string) => Promise<Reply>]> = [
    ['v1 GET /profile/presets', 'v1', (key) => call('GET', '/api/v1/profile/presets', { headers: v1(key) })],
    ['v1 POST /context/items', 'v1', (key) => call('POST', '/api/v1/context/items', { headers: v1(key), body: { user_id: 'u', message: 'hello' } })],
    ['b2c GET /suppress', 'b2c', (key) => call('GET', '/api/b2c/memory/suppress?user_id=u', { headers: bearer(key) })],
    [
      'MCP POST /mcp/http tools/list',
      'v1',
      (key) => call('POST', '/mcp/http', { headers: v1(key), body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }),
    ],
  ];

  for (const [label, set, one] of cases) {
    it(`rate_limit_rpm 10: exactly 10 of 50 concurrent requests are admitted (${label})`, async () => {
      const t = await limited(set, { rate_limit_rpm: 10 });
      const { admitted, refused, remaining } = await burst(50, () => one(t.apiKey));
      expect(admitted).to.have.length(10);
      expect(refused).to.have.length(40);
      expect(remaining).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    });
  }

  it('rate_limit_daily 7: exactly 7 of 50 concurrent requests are admitted, with the day as the window', async () => {
    const t = await limited('v1', { rate_limit_rpm: 1000, rate_limit_daily: 7 });
    const { admitted, refused } = await burst(50, () => call('GET', '/api/v1/profile/presets', { headers: v1(t.apiKey) }));
    expect(admitted).to.have.length(7);
    expect(refused).to.have.length(43);
    const reset = Number(refused[0]!.headers.get('x-ratelimit-reset')) * 1000;
    expect(new Date(reset).toISOString().slice(11)).to.equal('00:00:00.000Z'); // the next UTC midnight
  });

  it('two keys of one tenant each get their own minute window (per key, spec 8.1)', async () => {
    const t = await limited('v1', { rate_limit_rpm: 5 });
    const second = await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'v1', tenant_id: t.tenantId } });
    const [x, y] = await Promise.all([
      burst(20, () => call('GET', '/api/v1/profile/presets', { headers: v1(t.apiKey) })),
      burst(20, () => call('GET', '/api/v1/profile/presets', { headers: v1(second.body.api_key) })),
    ]);
    expect([x.admitted.length, y.admitted.length]).to.deep.equal([5, 5]);
  });

  it('an expired trial gets 403 on every keyed route of the route table (v1, b2c, MCP), with no work done', async () => {
    const trials = { v1: await newTenant('v1', 'trial'), b2c: await newTenant('b2c', 'trial') };
    const ended = new Date(Date.now() - 60_000).toISOString();
    for (const t of Object.values(trials))
      expect((await call('PATCH', `/admin/tenants/${t.tenantId}`, { headers: admin, body: { trial_ends: ended } })).status).to.equal(200);
    let n = 0;
    for (const r of ROUTES) {
      if (r.security !== 'v1Key' && r.security !== 'b2cKey') continue;
      const set = r.security === 'b2cKey' ? 'b2c' : 'v1';
      const got = await send(requestFor(r, randomIds()), keyHeaders(set, trials[set].apiKey));
      expect(got.status, `${routeName(r)}: ${got.text}`).to.equal(403);
      expect(errorMessage(r.path, got.body), routeName(r)).to.include(`The trial ended on ${ended.slice(0, 10)}`);
      expect(got.headers.get('x-trial-days-remaining'), routeName(r)).to.equal('0');
      n++;
    }
    for (const t of Object.values(trials)) expect((await snapshot(t.tenantId)).byLabel.Memory ?? 0).to.equal(0);
    console.log(`      expired trial: ${n} keyed routes answered 403`);
  });
});
