// Routing and authentication by route definition: every route of the route table answers only to its exact
// spelling, and its guard runs before anything else. Other spellings of a path (letter case, trailing or doubled
// slashes, percent-encoded letters or slashes, dot segments) are no route at all: 404 whatever the credentials,
// with no handler, body parser or rate limit reached.
import { expect } from 'chai';
import { request } from 'node:http';
import { ROUTES, type RouteSpec } from '../../src/routes/table.js';
import { KEYED } from '../../src/routes/endpoint.js';
import { testEnv } from '../helpers/env.js';
import { admin, bearer, cleanupTenants, newTenant, v1 } from '../helpers/http.js';
import { errorMessage, randomIds, requestFor, routeName, queryString } from './reliabilityRoutes.js';

interface RawReply {
  status: number;
  text: string;
}

/** A request whose path goes on the wire exactly as given (fetch would resolve dot segments). */
function rawCall(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<RawReply> {
  const url = new URL(baseUrl);
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...headers, ...(data ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(data)) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Whether a path is the exact spelling of some route of the table (a parameter takes any one segment). */
function namesARoute(path: string): boolean {
  return ROUTES.some((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
}

const encodeLetter = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;

/** Spellings of a concrete path that name the same route to a lenient router, each with what it changes. */
function variantsOf(r: RouteSpec, path: string): Array<[string, string]> {
  const segments = path.split('/');
  const template = r.path.split('/');
  const out: Array<[string, string]> = [];
  const isStatic = (i: number) => i > 0 && !/^\{\w+\}$/.test(template[i] ?? '') && /[a-z]/i.test(segments[i] ?? '');
  const withSegment = (i: number, s: string) => segments.map((x, j) => (j === i ? s : x)).join('/');
  out.push(['upper case', segments.map((s, i) => (isStatic(i) ? s.toUpperCase() : s)).join('/')]);
  for (let i = 1; i < segments.length; i++) {
    if (!isStatic(i)) continue;
    const s = segments[i]!;
    const at = s.search(/[a-z]/i);
    const flipped = s[at] === s[at]!.toUpperCase() ? s[at]!.toLowerCase() : s[at]!.toUpperCase();
    out.push([`case of segment ${i}`, withSegment(i, s.slice(0, at) + flipped + s.slice(at + 1))]);
    out.push([`percent-encoded letter in segment ${i}`, withSegment(i, s.slice(0, at) + encodeLetter(s[at]!) + s.slice(at + 1))]);
    out.push([`lower-case percent-encoding in segment ${i}`, withSegment(i, s.slice(0, at) + encodeLetter(s[at]!).toLowerCase() + s.slice(at + 1))]);
  }
  out.push(['trailing slash', `${path}/`]);
  out.push(['leading doubled slash', `/${path}`]);
  out.push(['doubled slash inside', `${segments.slice(0, 2).join('/')}//${segments.slice(2).join('/')}`]);
  if (segments.length > 2) out.push(['encoded slash', `${segments.slice(0, 2).join('/')}%2F${segments.slice(2).join('/')}`]);
  out.push(['dot segment', `${segments.slice(0, 2).join('/')}/./${segments.slice(2).join('/')}`]);
  out.push(['parent segment', `${segments.slice(0, 2).join('/')}/x/../${segments.slice(2).join('/')}`]);
  // "/context/Items" is another route's exact spelling (a person named Items): not a variant.
  return out.filter(([, p]) => p !== path && !namesARoute(p));
}

describe('routing: one canonical spelling per route, its guard first', () => {
  let keys: { v1: string; b2c: string };
  before(async () => {
    keys = { v1: (await newTenant('v1', 'enterprise')).apiKey, b2c: (await newTenant('b2c', 'enterprise')).apiKey };
  });
  after(cleanupTenants);

  /** Every credential a caller could bring: none, each route set's key, the admin token. */
  const credentials = (): Array<[string, Record<string, string>]> => [
    ['no credentials', {}],
    ['a v1 key', v1(keys.v1)],
    ['a b2c key', bearer(keys.b2c)],
    ['the admin token', admin],
  ];

  it('every other spelling of every route is 404 with any credentials, and no handler runs', async () => {
    const { baseUrl } = await testEnv();
    let cases = 0;
    let spellings = 0;
    for (const r of ROUTES) {
      const req = requestFor(r, randomIds());
      const qs = queryString(req.query);
      const variants = variantsOf(r, req.path);
      spellings += variants.length;
      for (const [change, path] of variants)
        for (const [who, headers] of credentials()) {
          const got = await rawCall(baseUrl, req.method, path + qs, headers, req.body);
          const where = `${routeName(r)} spelled ${path} (${change}) with ${who}: ${got.status} ${got.text.slice(0, 200)}`;
          expect(got.status, where).to.equal(404);
          // The error handler's own answer: no handler set a body (a handler's 404 says something else).
          expect(errorMessage(path, JSON.parse(got.text)), where).to.match(/^No route for /);
          cases++;
        }
    }
    console.log(`      ${ROUTES.length} routes, ${spellings} other spellings, ${cases} requests`);
    expect(cases).to.be.greaterThan(ROUTES.length * 40);
  });

  it('the exact spelling of every guarded route refuses a request with no credentials or the wrong route set’s key', async () => {
    const { baseUrl } = await testEnv();
    for (const r of ROUTES) {
      if (r.security === 'public') continue;
      const req = requestFor(r, randomIds());
      const wrong: Array<[string, Record<string, string>]> = [['no credentials', {}]];
      if (r.security === 'v1Key') wrong.push(['a b2c key', v1(keys.b2c)], ['a b2c key as bearer', bearer(keys.b2c)]);
      if (r.security === 'b2cKey') wrong.push(['a v1 key', v1(keys.v1)], ['a v1 key as bearer', bearer(keys.v1)]);
      if (!KEYED.has(r.security)) wrong.push(['a v1 key', v1(keys.v1)], ['a b2c key', bearer(keys.b2c)]);
      for (const [who, headers] of wrong) {
        const got = await rawCall(baseUrl, req.method, req.path + queryString(req.query), headers, req.body);
        expect(got.status, `${routeName(r)} with ${who}: ${got.text.slice(0, 200)}`).to.equal(401);
      }
    }
  });

  it('a public route is declared so: each route of the table names its guard, and only documents, pages for people and health are public', () => {
    const publicRoutes = ROUTES.filter((r) => r.security === 'public')
      .map(routeName)
      .sort();
    expect(publicRoutes).to.deep.equal([
      'GET /',
      'GET /api/b2c/memory/openapi.json',
      'GET /api/v1/health',
      'GET /api/v1/health/ready',
      'GET /api/v1/openapi.json',
      'GET /docs',
      'GET /docs/assets/reference.js',
      'GET /docs/assets/swagger-ui-bundle.js',
      'GET /docs/assets/swagger-ui.css',
      'GET /docs/quickstart',
      'POST /api/v1/trial/signup',
    ]);
  });

  it('the reported spellings: POST /Admin/keys makes no key, /API/v1/stats and /MCP/http need a key', async () => {
    const { baseUrl } = await testEnv();
    const made = await rawCall(baseUrl, 'POST', '/Admin/keys', {}, { route_set: 'v1', tenant_id: '6f1c2b0e-3a4d-4e5f-8a9b-0c1d2e3f4a5b' });
    expect(made.status).to.equal(404);
    expect((await rawCall(baseUrl, 'GET', '/API/v1/stats', {})).status).to.equal(404);
    const mcp = await rawCall(baseUrl, 'POST', '/MCP/http', {}, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(mcp.status).to.equal(404);
    expect(mcp.text).to.not.include('svc_');
  });
});
