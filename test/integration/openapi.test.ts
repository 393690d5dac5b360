// The OpenAPI 3.1 document (src/contract/): it lists exactly the routes the app registers, it is valid in
// structure (every operation answers something, every $ref resolves), its examples fit its schemas, it is served
// publicly under both route sets, and every answer of a real flow over both route sets, the admin API and the
// operations routes parses with the schema documented for its status.
import type Router from '@koa/router';
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { buildApp } from '../../src/app.js';
import { buildOpenApi } from '../../src/contract/openapi.js';
import * as R from '../helpers/responses.js';
import { ROUTES, routeSpec, type RouteSpec } from '../../src/routes/table.js';
import { version } from '../../src/version.js';
import { testEnv } from '../helpers/env.js';
import { admin, bearer, call, cleanupTenants, newTenant, trackTenant, uniqueEmail, v1, type Reply } from '../helpers/http.js';

type Json = Record<string, any>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every (method, path) the app's routers register, paths in OpenAPI form. Read from the app Koa really runs. */
async function registeredRoutes(): Promise<Set<string>> {
  const env = await testEnv();
  const app = buildApp(env.services);
  const routers = app.middleware.map((m) => (m as { router?: Router }).router).filter((r): r is Router => r !== undefined);
  expect(new Set(routers).size, 'the one router of the app').to.equal(1);
  const out = new Set<string>();
  for (const router of new Set(routers))
    for (const layer of router.stack as Array<{ methods: string[]; path: string | RegExp }>) {
      if (!layer.methods.length || typeof layer.path !== 'string') continue; // router.use() middleware
      for (const method of layer.methods) {
        if (method === 'HEAD') continue; // added by the router for every GET
        out.add(`${method.toLowerCase()} ${layer.path.replace(/:(\w+)/g, '{$1}')}`);
      }
    }
  return out;
}

/** The routes that take an Idempotency-Key header (src/ingest/idempotency.ts). */
const IDEMPOTENT_WRITES = [
  'post /api/v1/ingest',
  'post /api/v1/ingest/batch',
  'post /api/v1/ingest/v2',
  'post /api/b2c/memory/turn',
  'post /api/b2c/memory/ingest',
];
const isMcp = (route: string) => route.split(' ')[1]!.startsWith('/mcp');

function documentedRoutes(doc: Json): Set<string> {
  const out = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths as Json)) for (const m of METHODS) if (item[m]) out.add(`${m} ${path}`);
  return out;
}

/** Resolves a local JSON pointer (#/components/schemas/X). */
function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: any = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = node[key];
  }
  return node;
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const x of node) collectRefs(x, out);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else if (k !== 'example' && k !== 'examples') collectRefs(v, out);
    }
  return out;
}

// --- conformance: every answer of the flow is checked against the table ---
const covered = new Set<string>();

function schemaFor(spec: RouteSpec, status: number) {
  return spec.responses[String(status)] ?? (status >= 500 ? spec.responses.default : undefined);
}

/** Checks one answer against the contract: the documented status, and a body the documented schema parses. */
function conforms(method: string, path: string, r: Reply, expectStatus?: number): Reply {
  const spec = routeSpec(method, path);
  expect(spec, `${method} ${path} is documented`).to.not.equal(undefined);
  if (expectStatus !== undefined) expect(r.status, `${method} ${path}: ${r.text.slice(0, 300)}`).to.equal(expectStatus);
  const documented = schemaFor(spec!, r.status);
  expect(documented, `${method} ${path} documents status ${r.status} (${r.text.slice(0, 200)})`).to.not.equal(undefined);
  if (!documented!.schema) {
    expect(r.text, `${method} ${path} ${r.status} has no body`).to.equal('');
    expect(r.headers.get('content-type'), `${method} ${path} ${r.status} has no Content-Type`).to.equal(null);
    covered.add(`${method.toLowerCase()} ${path} ${r.status}`);
    return r;
  }
  const json = (documented!.contentType ?? 'application/json').startsWith('application/json');
  const parsed = (documented!.schema as z.ZodType).safeParse(json ? r.body : r.text);
  if (!parsed.success)
    expect.fail(
      `${method.toUpperCase()} ${path} ${r.status} does not match its documented schema:\n${JSON.stringify(parsed.error.issues, null, 1).slice(0, 1500)}\nbody: ${r.text.slice(0, 800)}`,
    );
  covered.add(`${method.toLowerCase()} ${path} ${r.status}`);
  return r;
}

/** Calls a route by its documented path, filling {params}, and checks the answer. */
async function hit(
  method: string,
  path: string,
  o: {
    params?: Record<string, string>;
    query?: Record<string, string | number>;
    body?: unknown;
    headers?: Record<string, string>;
    status?: number;
  } = {},
): Promise<Reply> {
  let url = path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(o.params?.[k] ?? ''));
  if (o.query) url += `?${new URLSearchParams(Object.entries(o.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
  const r = await call(method.toUpperCase(), url, { body: o.body, headers: o.headers });
  return conforms(method, path, r, o.status);
}

async function waitDone(path: string, headers: Record<string, string>, messageId: string): Promise<Reply> {
  for (let i = 0; i < 10; i++) {
    const r = await hit('get', path, { params: { message_id: messageId }, query: { wait: 20 }, headers, status: 200 });
    if (r.body.status === 'done' || r.body.status === 'failed') return r;
  }
  throw new Error(`message ${messageId} was not processed`);
}

describe('OpenAPI document (src/contract)', () => {
  const doc: Json = buildOpenApi({ serverUrl: 'http://127.0.0.1:8080' });
  after(cleanupTenants);

  describe('routes', () => {
    it('documents every route the app registers (same method and path), and nothing else (/mcp checked apart)', async () => {
      const registered = await registeredRoutes();
      const documented = documentedRoutes(doc);
      const reg = [...registered].filter((r) => !isMcp(r)).sort();
      const docd = [...documented].filter((r) => !isMcp(r)).sort();
      expect(
        reg.filter((r) => !documented.has(r)),
        'registered but not documented',
      ).to.deep.equal([]);
      expect(
        docd.filter((r) => !registered.has(r)),
        'documented but not registered',
      ).to.deep.equal([]);
      expect(ROUTES.length, 'one table entry per operation').to.equal(documented.size);
      console.log(
        `      routes: ${reg.length} registered outside /mcp, ${docd.length} documented; ${[...registered].filter(isMcp).length} /mcp registered`,
      );
    });

    it('documents the /mcp routes exactly when the app registers them', async function () {
      const registered = [...(await registeredRoutes())].filter(isMcp).sort();
      const documented = [...documentedRoutes(doc)].filter(isMcp).sort();
      if (!registered.length) {
        // The MCP router is built separately; until app.ts mounts it there is nothing to compare.
        this.skip();
      }
      expect(documented).to.deep.equal(registered);
    });
  });

  describe('structure', () => {
    it('is OpenAPI 3.1.0 with info, servers, tags and security schemes', () => {
      expect(doc.openapi).to.equal('3.1.0');
      expect(doc.info).to.include({ title: 'Memory middleware', version });
      expect(doc.servers).to.deep.equal([{ url: 'http://127.0.0.1:8080', description: 'This service' }]);
      expect(Object.keys(doc.components.securitySchemes).sort()).to.deep.equal([
        'adminBearer',
        'adminToken',
        'b2cBearer',
        'b2cKey',
        'metricsBearer',
        'v1Key',
      ]);
      expect(doc.components.securitySchemes.v1Key).to.include({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
      expect(doc.components.securitySchemes.b2cBearer).to.include({ type: 'http', scheme: 'bearer' });
      expect(doc.components.securitySchemes.adminToken).to.include({ type: 'apiKey', in: 'header', name: 'X-Admin-Token' });
    });

    it('gives every operation an id, a tag, a security requirement and responses; path parameters match the template', () => {
      const ids = new Set<string>();
      const tags = new Set((doc.tags as Array<{ name: string }>).map((t) => t.name));
      for (const [path, item] of Object.entries(doc.paths as Json)) {
        expect(path, 'paths start with /').to.match(/^\//);
        for (const m of METHODS) {
          const op = item[m];
          if (!op) continue;
          const where = `${m} ${path}`;
          expect(op.operationId, where).to.be.a('string');
          expect(ids.has(op.operationId), `${where}: unique operationId`).to.equal(false);
          ids.add(op.operationId);
          expect(op.tags, where).to.have.length(1);
          expect(tags.has(op.tags[0]), `${where}: tag declared`).to.equal(true);
          expect(op.security, where).to.be.an('array');
          for (const req of op.security) for (const name of Object.keys(req)) expect(doc.components.securitySchemes, where).to.have.property(name);
          expect(Object.keys(op.responses), where).to.not.be.empty;
          expect(
            Object.keys(op.responses).some((s) => /^2\d\d$/.test(s)),
            `${where}: a success response`,
          ).to.equal(true);
          for (const [status, resp] of Object.entries(op.responses as Json)) {
            expect(status, where).to.match(/^([1-5]\d\d|default)$/);
            expect(resp.description, `${where} ${status}`).to.be.a('string').and.not.equal('');
            // One media type, or none where the table says the answer has no body (an MCP notification's 202).
            const table = routeSpec(m, path)!.responses[status]!;
            if (table.schema) expect(Object.keys(resp.content), `${where} ${status}`).to.have.length(1);
            else expect(resp.content, `${where} ${status}`).to.equal(undefined);
          }
          const templ = [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
          const params = (op.parameters ?? []) as Array<{ name: string; in: string; required: boolean; schema: unknown }>;
          expect(
            params
              .filter((p) => p.in === 'path')
              .map((p) => p.name)
              .sort(),
            `${where}: path parameters`,
          ).to.deep.equal(templ);
          for (const p of params) {
            expect(['path', 'query', 'header'], where).to.include(p.in);
            // The one header parameter: the routes that store what a client sends take an idempotency key.
            if (p.in === 'header') {
              expect(p.name, where).to.equal('Idempotency-Key');
              expect(IDEMPOTENT_WRITES, where).to.include(where);
            }
            expect(p.schema, `${where} ${p.name}`).to.be.an('object');
            if (p.in === 'path') expect(p.required, `${where} ${p.name}`).to.equal(true);
          }
          if (op.requestBody) expect(op.requestBody.content['application/json'].schema, where).to.be.an('object');
          if (m === 'get') expect(op.requestBody, `${where}: GET has no body`).to.equal(undefined);
        }
      }
    });

    it('documents the Idempotency-Key header on every route that takes one', () => {
      for (const where of IDEMPOTENT_WRITES) {
        const [m, path] = where.split(' ') as [string, string];
        const params = (doc.paths[path][m].parameters ?? []) as Array<{ name: string; in: string; required: boolean }>;
        expect(
          params.filter((p) => p.in === 'header').map((p) => [p.name, p.required]),
          where,
        ).to.deep.equal([['Idempotency-Key', false]]);
      }
    });

    it('resolves every $ref, and every component is referenced', () => {
      const refs = collectRefs(doc);
      expect(refs.length).to.be.greaterThan(100);
      const broken = [...new Set(refs)].filter((ref) => resolvePointer(doc, ref) === undefined);
      expect(broken, 'unresolved $refs').to.deep.equal([]);
      const used = new Set(refs);
      const unused = Object.keys(doc.components.schemas).filter((id) => !used.has(`#/components/schemas/${id}`));
      expect(unused, 'components nobody refers to').to.deep.equal([]);
    });

    it('keeps zod-only constructs out: no $schema or $id inside, no empty schema where the table has a type', () => {
      const text = JSON.stringify(doc);
      expect(text).to.not.include('"$schema"');
      expect(text).to.not.include('"$id"');
      // Request bodies come from the route schemas: a body that became {} would mean zod could not represent it.
      for (const r of ROUTES.filter((x) => x.request.body)) {
        const body = doc.paths[r.path][r.method].requestBody.content['application/json'].schema;
        expect(body.type, `${r.method} ${r.path}`).to.equal('object');
        expect(Object.keys(body.properties ?? {}), `${r.method} ${r.path}`).to.not.be.empty;
      }
    });

    it('has examples that fit the schemas: request bodies and queries parse with the route schemas, responses with the documented ones', () => {
      for (const r of ROUTES) {
        const where = `${r.method} ${r.path}`;
        const ex = r.example;
        if (r.request.body && ex.request?.body !== undefined) {
          const p = r.request.body.safeParse(ex.request.body);
          expect(p.success, `${where} request example: ${p.error?.message}`).to.equal(true);
        }
        if (r.request.query && ex.request?.query !== undefined) {
          const p = r.request.query.safeParse(ex.request.query);
          expect(p.success, `${where} query example: ${p.error?.message}`).to.equal(true);
        }
        if (r.request.params && ex.request?.params !== undefined) {
          const p = r.request.params.safeParse(ex.request.params);
          expect(p.success, `${where} params example: ${p.error?.message}`).to.equal(true);
        }
        const resp = r.responses[String(ex.response.status)];
        expect(resp, `${where}: example status is documented`).to.not.equal(undefined);
        if (!resp!.schema) {
          expect(ex.response.body, `${where}: an answer without a body has no example body`).to.equal(undefined);
          continue;
        }
        const p = resp!.schema.safeParse(ex.response.body);
        expect(p.success, `${where} response example: ${p.error?.message}`).to.equal(true);
      }
    });
  });

  describe('served', () => {
    it('GET /api/v1/openapi.json and GET /api/b2c/memory/openapi.json answer the same document without a key', async () => {
      const env = await testEnv();
      const a = await hit('get', '/api/v1/openapi.json', { status: 200 });
      const b = await hit('get', '/api/b2c/memory/openapi.json', { status: 200 });
      expect(a.body).to.deep.equal(b.body);
      expect(a.body.openapi).to.equal('3.1.0');
      expect(a.body.servers[0].url).to.equal(env.config.publicUrl);
      expect(a.body).to.deep.equal(JSON.parse(JSON.stringify(buildOpenApi({ serverUrl: env.config.publicUrl }))));
      expect(a.headers.get('content-type')).to.match(/application\/json/);
    });
  });

  describe('answers conform to the document', function () {
    this.timeout(180_000);

    it('v1: signup, ingest, the write path, retrieval, profile, controls, exports, diagnostics, erase and errors', async () => {
      // --- account ---
      const email = uniqueEmail();
      const signup = await hit('post', '/api/v1/trial/signup', { body: { company_name: 'Contract Co', email, name: 'Ada' }, status: 201 });
      trackTenant(signup.body.tenant_id);
      const H = v1(signup.body.api_key);
      await hit('post', '/api/v1/trial/signup', { body: { company_name: 'Contract Co', email, name: 'Ada' }, status: 409 });
      await hit('post', '/api/v1/trial/signup', { body: { email: uniqueEmail() }, status: 400 });
      await hit('get', '/api/v1/health', { status: 200 });
      await hit('get', '/api/v1/health/ready', { status: 200 });

      const user = `contract-${randomUUID()}`;
      const gone1 = `contract-gone1-${randomUUID()}`;
      const gone2 = `contract-gone2-${randomUUID()}`;

      // --- putting information in ---
      const facts = [
        'My wife Sarah is severely allergic to peanuts.',
        'I work at Acme Robotics as a data engineer.',
        'Our dog Biscuit is scared of thunderstorms.',
      ];
      const ids: string[] = [];
      for (const content of facts)
        ids.push((await hit('post', '/api/v1/ingest', { headers: H, body: { user_id: user, content }, status: 201 })).body.node_id);
      await hit('post', '/api/v1/ingest', {
        headers: H,
        body: { user_id: user, content: 'I collect stamps.', node_type: 'hobby', metadata: { source: 'app' } },
        status: 201,
      });
      await hit('post', '/api/v1/ingest', { headers: H, body: { user_id: user }, status: 400 });
      await hit('post', '/api/v1/ingest', { body: { user_id: user, content: 'x' }, status: 401 });
      for (const who of [gone1, gone2])
        await hit('post', '/api/v1/ingest', { headers: H, body: { user_id: who, content: 'I live in Lisbon with my cat Tom.' }, status: 201 });
      const batch = await hit('post', '/api/v1/ingest/batch', {
        headers: H,
        body: { items: [{ user_id: user, content: 'I play the cello on Tuesdays.' }, { user_id: user }] },
        status: 200,
      });
      expect(batch.body).to.include({ succeeded: 1, failed: 1 });
      await hit('post', '/api/v1/ingest/batch', { headers: H, body: { items: [] }, status: 400 });
      await hit('post', '/api/v1/score', { headers: H, body: { content: 'I never eat shellfish.', include_signals: true }, status: 200 });
      await hit('post', '/api/v1/score', { headers: H, body: { content: 'Nice weather today.' }, status: 200 });

      const accepted = await hit('post', '/api/v1/ingest/v2', {
        headers: H,
        body: { user_id: user, speaker: 'user', message: 'My sister Maria moved to Berlin last week.' },
        status: 202,
      });
      await waitDone('/api/v1/messages/{message_id}', H, accepted.body.message_id);
      await hit('get', '/api/v1/messages/{message_id}', { headers: H, params: { message_id: randomUUID() }, status: 404 });
      await hit('post', '/api/v1/ingest/v2', { headers: H, body: { user_id: user, speaker: 'robot', message: 'hi' }, status: 400 });

      await hit('post', '/api/v1/process/{node_id}', { headers: H, params: { node_id: ids[0]! }, body: { user_id: user }, status: 200 });
      await hit('post', '/api/v1/process/{node_id}', { headers: H, params: { node_id: randomUUID() }, body: { user_id: user }, status: 404 });
      await hit('get', '/api/v1/nodes/{node_id}', { headers: H, params: { node_id: ids[0]! }, status: 200 });
      await hit('get', '/api/v1/nodes/{node_id}', { headers: H, params: { node_id: 'not-an-id' }, status: 404 });

      // --- getting context out ---
      const items = await hit('post', '/api/v1/context/items', {
        headers: H,
        body: { user_id: user, message: 'What should I cook for my wife tonight?' },
        status: 200,
      });
      expect(items.body.count).to.be.greaterThan(0);
      await hit('post', '/api/v1/context/items', { headers: H, body: { user_id: user }, status: 400 });
      const q = await hit('post', '/api/v1/query', {
        headers: H,
        body: { user_id: user, current_input: 'Tell me about Sarah and Biscuit' },
        status: 200,
      });
      expect(q.body.node_count).to.be.greaterThan(0);
      const view = await hit('get', '/api/v1/context/{user_id}', { headers: H, params: { user_id: user }, status: 200 });
      R.ContextView.parse(view.body);
      const exported = await hit('get', '/api/v1/context/{user_id}', {
        headers: H,
        params: { user_id: user },
        query: { format: 'export' },
        status: 200,
      });
      R.ContextExport.parse(exported.body);
      await hit('get', '/api/v1/context/{user_id}', { headers: H, params: { user_id: user }, query: { format: 'pdf' }, status: 400 });

      // --- profile ---
      await hit('get', '/api/v1/profile', { headers: H, status: 200 });
      await hit('put', '/api/v1/profile', { headers: H, body: { preset: 'reflective' }, status: 200 });
      const clamped = await hit('put', '/api/v1/profile', {
        headers: H,
        body: { updates: { injection_template: { injection_threshold: 0.05 } } },
        status: 200,
      });
      expect(clamped.body.clamped).to.have.length(1);
      await hit('put', '/api/v1/profile', { headers: H, body: { preset: 'nope' }, status: 400 });
      await hit('put', '/api/v1/profile', { headers: H, body: { preset: 'default' }, status: 200 });
      await hit('get', '/api/v1/profile/presets', { headers: H, status: 200 });

      // --- person controls ---
      const list = await hit('get', '/api/v1/memory/v2/items', { headers: H, query: { user_id: user, limit: 200 }, status: 200 });
      expect(list.body.items.some((i: { type: string }) => i.type === 'interest' || i.type === 'facet')).to.equal(true);
      await hit('get', '/api/v1/memory/v2/items', { headers: H, query: { user_id: user, limit: 0 }, status: 400 });
      await hit('get', '/api/v1/memory/v2/items', { query: { user_id: user }, status: 401 });
      await hit('post', '/api/v1/memory/v2/suppress', { headers: H, body: { user_id: user, topic: 'thunderstorms' }, status: 201 });
      await hit('post', '/api/v1/memory/v2/suppress', { headers: H, body: { user_id: user, topic: 'Thunderstorms' }, status: 200 });
      await hit('get', '/api/v1/memory/v2/suppress', { headers: H, query: { user_id: user }, status: 200 });
      await hit('post', '/api/v1/memory/v2/suppress', { headers: H, body: { user_id: user, topic: 'stamps' }, status: 201 });
      await hit('delete', '/api/v1/memory/v2/suppress', { headers: H, query: { user_id: user, topic: 'stamps' }, status: 200 });
      await hit('delete', '/api/v1/memory/v2/suppress', { headers: H, body: { user_id: user, topic: 'stamps' }, status: 404 });
      await hit('post', '/api/v1/memory/v2/pin', { headers: H, body: { user_id: user, node_id: ids[1]! }, status: 200 });
      await hit('delete', '/api/v1/memory/v2/pin', { headers: H, body: { user_id: user, node_id: ids[1]! }, status: 200 });
      await hit('post', '/api/v1/memory/v2/pin', { headers: H, body: { user_id: user, node_id: randomUUID() }, status: 404 });
      await hit('patch', '/api/v1/memory/v2/nodes/{node_id}', {
        headers: H,
        params: { node_id: ids[0]! },
        body: { user_id: user, sentence: 'Sarah is mildly allergic to peanuts.' },
        status: 200,
      });
      await hit('patch', '/api/v1/memory/v2/nodes/{node_id}', { headers: H, params: { node_id: ids[0]! }, body: { user_id: user }, status: 400 });
      await hit('delete', '/api/v1/memory/v2/nodes/{node_id}', {
        headers: H,
        params: { node_id: ids[0]! },
        body: { user_id: user, reason: 'incorrect' },
        status: 200,
      });
      await hit('delete', '/api/v1/memory/v2/nodes/{node_id}', { headers: H, params: { node_id: ids[0]! }, query: { user_id: user }, status: 404 });
      const ledger = await hit('get', '/api/v1/memory/v2/ledger', { headers: H, query: { user_id: user }, status: 200 });
      expect(ledger.body.count).to.equal(1);
      const exp = await hit('get', '/api/v1/memory/v2/export', { headers: H, query: { user_id: user }, status: 200 });
      expect(exp.body.replaced_wordings_of_deleted_items).to.have.length(1);
      await hit('get', '/api/v1/export/{user_id}', { headers: H, params: { user_id: user }, status: 200 });
      await hit('get', '/api/v1/memory/v2/export', { headers: H, status: 400 });

      // --- usage and diagnostics ---
      await hit('get', '/api/v1/stats', { headers: H, status: 200 });
      await hit('get', '/api/v1/diagnostics/{user_id}', { headers: H, params: { user_id: user }, status: 200 });
      await hit('get', '/api/v1/diagnostics/{user_id}', { headers: H, params: { user_id: `nobody-${randomUUID()}` }, status: 404 });

      // --- erase ---
      await hit('delete', '/api/v1/users/{user_id}', { headers: H, params: { user_id: gone1 }, status: 200 });
      await hit('delete', '/api/v1/users/{user_id}', { headers: H, params: { user_id: gone1 }, status: 404 });
      await hit('delete', '/api/v1/memory/v2/users/{user_id}', { headers: H, params: { user_id: gone2 }, status: 200 });
      await hit('delete', '/api/v1/memory/v2/users/{user_id}', { headers: H, params: { user_id: gone2 }, status: 404 });
    });

    it('v1 and b2c: 429 with Retry-After in the route set format', async () => {
      const t = await newTenant('v1');
      const b = await newTenant('b2c');
      for (const x of [t, b]) await call('PATCH', `/admin/tenants/${x.tenantId}`, { headers: admin, body: { limits: { rate_limit_rpm: 1 } } });
      await hit('get', '/api/v1/stats', { headers: v1(t.apiKey), status: 200 });
      const limited = await hit('get', '/api/v1/stats', { headers: v1(t.apiKey), status: 429 });
      expect(Number(limited.headers.get('retry-after'))).to.be.greaterThan(0);
      await hit('get', '/api/v1/memory/v2/items', { headers: v1(t.apiKey), query: { user_id: 'u' }, status: 429 });
      await hit('get', '/api/b2c/memory/suppress', { headers: bearer(b.apiKey), query: { user_id: 'u' }, status: 200 });
      await hit('get', '/api/b2c/memory/suppress', { headers: bearer(b.apiKey), query: { user_id: 'u' }, status: 429 });
    });

    it('b2c: turn, ingest, retrieve, nodes, controls, export, erase and its deletion record, errors', async () => {
      const t = await newTenant('b2c', 'scale');
      const H = bearer(t.apiKey);
      const user = `contract-b2c-${randomUUID()}`;
      const turn = await hit('post', '/api/b2c/memory/turn', {
        headers: H,
        body: { user_id: user, user_message: 'My wife Sarah is allergic to peanuts and we live in Valencia.', assistant_response: 'Noted.' },
        status: 202,
      });
      const past = await hit('post', '/api/b2c/memory/ingest', {
        headers: H,
        body: { user_id: user, messages: [{ role: 'user', content: 'I play the cello in an orchestra.', timestamp: '2026-05-01T09:00:00Z' }] },
        status: 202,
      });
      for (const id of [...turn.body.message_ids, ...past.body.message_ids]) await waitDone('/api/b2c/memory/messages/{message_id}', H, id);
      await hit('get', '/api/b2c/memory/messages/{message_id}', { headers: H, params: { message_id: randomUUID() }, status: 404 });
      const block = await hit('post', '/api/b2c/memory/retrieve', {
        headers: H,
        body: { user_id: user, query: 'What should I cook for my wife?' },
        status: 200,
      });
      expect(block.body.context_block).to.match(/peanuts/);
      const missing = await hit('post', '/api/b2c/memory/retrieve', { headers: H, body: { query: 'x' }, status: 400 });
      expect(missing.body.code).to.equal('MISSING_USER_ID');
      const noKey = await hit('post', '/api/b2c/memory/retrieve', { body: { user_id: user, query: 'x' }, status: 401 });
      expect(noKey.body).to.have.keys(['error']);

      const nodes = await hit('get', '/api/b2c/memory/nodes', { headers: H, query: { user_id: user, limit: 200 }, status: 200 });
      const fact = nodes.body.nodes.find((n: { type: string; summary: string }) => n.type === 'facet' && /peanuts/.test(n.summary));
      const other = nodes.body.nodes.find((n: { type: string; summary: string }) => n.type === 'facet' && /cello/.test(n.summary));
      expect(fact && other, 'facts extracted').to.be.ok;
      await hit('post', '/api/b2c/memory/suppress', { headers: H, body: { user_id: user, topic: 'Valencia' }, status: 201 });
      await hit('get', '/api/b2c/memory/suppress', { headers: H, query: { user_id: user }, status: 200 });
      await hit('delete', '/api/b2c/memory/suppress', { headers: H, query: { user_id: user, topic: 'valencia' }, status: 200 });
      await hit('delete', '/api/b2c/memory/suppress', { headers: H, query: { user_id: user, topic: 'valencia' }, status: 404 });
      await hit('post', '/api/b2c/memory/pin', { headers: H, body: { user_id: user, node_id: fact.node_id }, status: 200 });
      await hit('delete', '/api/b2c/memory/pin', { headers: H, query: { user_id: user, node_id: fact.node_id }, status: 200 });
      await hit('patch', '/api/b2c/memory/nodes/{node_id}', {
        headers: H,
        params: { node_id: fact.node_id },
        body: { user_id: user, summary: 'Sarah is mildly allergic to peanuts.' },
        status: 200,
      });
      await hit('patch', '/api/b2c/memory/nodes/{node_id}', {
        headers: H,
        params: { node_id: randomUUID() },
        body: { user_id: user, summary: 'x' },
        status: 404,
      });
      await hit('delete', '/api/b2c/memory/nodes/{node_id}', {
        headers: H,
        params: { node_id: other.node_id },
        body: { user_id: user },
        status: 200,
      });
      await hit('post', '/api/b2c/memory/users/{user_id}/export', { headers: H, params: { user_id: user }, status: 200 });

      const erase = await hit('delete', '/api/b2c/memory/users/{user_id}', { headers: H, params: { user_id: user }, status: 202 });
      let record: Reply | undefined;
      for (let i = 0; i < 100; i++) {
        record = await hit('get', '/api/b2c/memory/users/{user_id}/deletion', { headers: H, params: { user_id: user }, status: 200 });
        if (record.body.status === 'completed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(record!.body).to.include({ status: 'completed', request_id: erase.body.request_id, remaining: 0 });
      await hit('get', '/api/b2c/memory/users/{user_id}/deletion', {
        headers: H,
        params: { user_id: user },
        query: { request_id: randomUUID() },
        status: 404,
      });
      await hit('delete', '/api/b2c/memory/users/{user_id}', { headers: H, params: { user_id: `nobody-${randomUUID()}` }, status: 404 });
    });

    it('admin, operations and MCP', async () => {
      const created = await hit('post', '/admin/keys', {
        headers: admin,
        body: { route_set: 'v1', tenant_name: 'contract admin', tier: 'scale' },
        status: 201,
      });
      trackTenant(created.body.tenant_id);
      const tenantId = created.body.tenant_id;
      const second = await hit('post', '/admin/keys', {
        headers: admin,
        body: { route_set: 'v1', tenant_id: tenantId, label: 'second' },
        status: 201,
      });
      await hit('post', '/admin/keys', { headers: admin, body: { route_set: 'v1' }, status: 400 });
      await hit('get', '/admin/tenants/{tenant_id}', { headers: admin, params: { tenant_id: tenantId }, status: 200 });
      await hit('get', '/admin/tenants/{tenant_id}', { headers: admin, params: { tenant_id: randomUUID() }, status: 404 });
      await hit('get', '/admin/tenants/{tenant_id}', { params: { tenant_id: tenantId }, status: 401 });
      await hit('patch', '/admin/tenants/{tenant_id}', {
        headers: admin,
        params: { tenant_id: tenantId },
        body: { limits: { rate_limit_rpm: 600 } },
        status: 200,
      });
      await hit('delete', '/admin/keys/{key_id}', { headers: admin, params: { key_id: second.body.key_id }, status: 200 });

      const H = v1(created.body.api_key);
      const user = `contract-admin-${randomUUID()}`;
      const stored = await hit('post', '/api/v1/ingest', {
        headers: H,
        body: { user_id: user, content: 'My brother Leo lives in Oslo.' },
        status: 201,
      });
      await hit('delete', '/api/v1/memory/v2/nodes/{node_id}', {
        headers: H,
        params: { node_id: stored.body.node_id },
        body: { user_id: user },
        status: 200,
      });
      const audit = await hit('get', '/admin/audit', { headers: admin, query: { tenant_id: tenantId }, status: 200 });
      expect(audit.body.count).to.equal(1);
      await hit('get', '/admin/audit', { headers: admin, query: { tenant_id: tenantId, limit: 0 }, status: 400 });

      await hit('get', '/metrics', { headers: admin, status: 200 });
      for (const page of [
        '/',
        '/docs',
        '/docs/quickstart',
        '/docs/assets/swagger-ui.css',
        '/docs/assets/swagger-ui-bundle.js',
        '/docs/assets/reference.js',
      ])
        await hit('get', page, { status: 200 });

      if (routeSpec('post', '/mcp/http') && (await registeredRoutes()).has('post /mcp/http')) {
        const listed = await hit('post', '/mcp/http', { headers: H, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, status: 200 });
        expect(listed.body.result.tools.map((x: { name: string }) => x.name)).to.include('svc_query');
        await hit('post', '/mcp/http', { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, status: 401 });
      }
    });

    it('covered every documented operation with a success answer of the real service', async function () {
      if (!covered.size) this.skip(); // the flows above did not run (e.g. a single test chosen with --grep)
      // Long-lived SSE sessions are exercised by the MCP tests; /mcp routes the app does not mount cannot answer.
      const registered = await registeredRoutes();
      const notRun = (r: RouteSpec) =>
        ['get /mcp/sse', 'post /mcp/messages'].includes(`${r.method} ${r.path}`) || !registered.has(`${r.method} ${r.path}`);
      const runnable = ROUTES.filter((r) => !notRun(r));
      const missing = runnable.filter((r) => ![...covered].some((c) => c.startsWith(`${r.method} ${r.path} 2`))).map((r) => `${r.method} ${r.path}`);
      console.log(
        `      conformance: ${runnable.length - missing.length}/${runnable.length} runnable operations (of ${ROUTES.length} documented) answered with success; ` +
          `${covered.size} (operation, status) pairs checked`,
      );
      expect(missing).to.deep.equal([]);
    });
  });
});
