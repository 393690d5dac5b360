// Security checks of issue 8: the security headers on every route of the route table and on every kind of error,
// no stack trace or internal detail in any error body (an internal failure included), secrets compared in
// constant time (admin tokens through crypto.timingSafeEqual, API keys only ever looked up by their SHA-256), and
// the admin API closed on every route when ADMIN_TOKEN is unset.
import { expect } from 'chai';
import crypto, { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { DOCS_CSP } from '../../src/routes/docs.js';
import { Graph } from '../../src/graph/graph.js';
import { generateKey, hashKey, secretsEqual } from '../../src/tenants/keys.js';
import { projectRoot } from '../../src/version.js';
import { ADMIN_TOKEN, makeServices, startService, testConfig, testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { admin, bearer, call, cleanupTenants, newTenant, v1, type Reply } from '../helpers/http.js';
import { ROUTES, STACK_TRACE, errorMessage, randomIds, requestFor, routeName, send } from './reliabilityRoutes.js';

/** The headers src/http/requestContext.ts sets on every response, read from its source so a new one is checked too. */
function securityHeaders(): Record<string, string> {
  const src = readFileSync(path.join(projectRoot, 'src', 'http', 'requestContext.ts'), 'utf8');
  const block = /const SECURITY_HEADERS[^{]*\{([\s\S]*?)\n\};/.exec(src);
  if (!block) throw new Error('SECURITY_HEADERS not found in src/http/requestContext.ts');
  const out: Record<string, string> = {};
  for (const m of block[1]!.matchAll(/'([\w-]+)':\s*(?:'([^']*)'|"([^"]*)")/g)) out[m[1]!] = m[2] ?? m[3]!;
  expect(Object.keys(out).length).to.be.greaterThan(3);
  return out;
}

function expectHeaders(r: { status: number; headers: Headers }, what: string, opts: { sse?: boolean; cacheable?: boolean; page?: boolean } = {}) {
  for (const [name, value] of Object.entries(securityHeaders())) {
    // The HTML pages may run scripts and styles from this origin (src/routes/docs.ts), nothing else.
    if (opts.page && name === 'Content-Security-Policy' && r.status === 200) expect(r.headers.get(name), `${what}: ${name}`).to.equal(DOCS_CSP);
    // An SSE stream is written by the MCP SDK, whose own Cache-Control (no-cache) wins: still never stored.
    else if (opts.sse && name === 'Cache-Control') expect(r.headers.get(name), `${what}: ${name}`).to.match(/no-(cache|store)/);
    // The OpenAPI document and the pages' files are public and the same for everyone: they may be cached.
    else if (opts.cacheable && name === 'Cache-Control' && r.status === 200)
      expect(r.headers.get(name), `${what}: ${name}`).to.match(/^public, max-age=\d+$/);
    else expect(r.headers.get(name), `${what}: ${name}`).to.equal(value);
  }
  expect(r.headers.get('x-request-id'), `${what}: X-Request-Id`).to.match(/^[\w.-]{8,64}$/);
  expect(r.headers.get('x-powered-by'), `${what}: X-Powered-By`).to.equal(null);
}

describe('security headers on every route and every kind of answer', function () {
  this.timeout(120_000);
  let keys: Record<'v1' | 'b2c', string>;
  before(async () => {
    keys = { v1: (await newTenant('v1', 'scale')).apiKey, b2c: (await newTenant('b2c', 'scale')).apiKey };
  });

  async function sse(key: string | undefined): Promise<Reply> {
    const { baseUrl } = await testEnv();
    const abort = new AbortController();
    const res = await fetch(`${baseUrl}/mcp/sse`, { headers: key ? { 'X-API-Key': key } : {}, signal: abort.signal });
    abort.abort();
    return { status: res.status, headers: res.headers, body: undefined, text: '' };
  }

  it(`every route of the route table (${ROUTES.length}), with its key and without one`, async () => {
    let n = 0;
    for (const r of ROUTES) {
      const set = r.security === 'b2cKey' ? 'b2c' : 'v1';
      const headers = r.security === 'adminToken' ? admin : r.security === 'public' ? {} : set === 'b2c' ? bearer(keys.b2c) : v1(keys.v1);
      const isSse = r.operationId === 'mcpSse';
      const withKey = isSse ? await sse(keys.v1) : await send(requestFor(r, randomIds()), headers);
      expect(withKey.status, `${routeName(r)}: ${withKey.text.slice(0, 200)}`).to.be.lessThan(500);
      const cacheable = r.security === 'public' && (r.path.endsWith('/openapi.json') || r.path.startsWith('/docs/assets/'));
      const page = r.tag === 'Documentation' && !cacheable;
      expectHeaders(withKey, `${routeName(r)} (${withKey.status})`, { sse: isSse, cacheable, page });
      const without = isSse ? await sse(undefined) : await send(requestFor(r, randomIds()));
      expectHeaders(without, `${routeName(r)} without a key (${without.status})`, { cacheable, page });
      n += 2;
    }
    console.log(`      security headers: ${n} answers over ${ROUTES.length} routes`);
  });

  it('every kind of error: 400, 401, 403, 404, 405, 413, 415, 429', async () => {
    const { config } = await testEnv();
    const limited = await newTenant('v1', 'scale');
    await call('PATCH', `/admin/tenants/${limited.tenantId}`, { headers: admin, body: { limits: { rate_limit_rpm: 1 } } });
    await call('GET', '/api/v1/stats', { headers: v1(limited.apiKey) });
    const errors: Array<[number, Promise<Reply>]> = [
      [400, call('POST', '/api/v1/ingest', { headers: v1(keys.v1), raw: { data: '{"user_id":', contentType: 'application/json' } })],
      [401, call('GET', '/api/b2c/memory/nodes?user_id=u', { headers: bearer('mm_b2c_nope') })],
      [403, call('GET', '/admin/audit', { headers: admin, baseUrl: (await closedAdmin()).baseUrl })],
      [404, call('GET', '/api/v1/memory/v2/nowhere', { headers: v1(keys.v1) })],
      [405, call('DELETE', '/api/v1/health')],
      [
        413,
        call('POST', '/api/v1/score', {
          headers: v1(keys.v1),
          raw: { data: `{"content":"${'a'.repeat(config.BODY_LIMIT_BYTES)}"}`, contentType: 'application/json' },
        }),
      ],
      [
        415,
        call('POST', '/api/b2c/memory/turn', { headers: bearer(keys.b2c), raw: { data: 'a=1', contentType: 'application/x-www-form-urlencoded' } }),
      ],
      [429, call('GET', '/api/v1/stats', { headers: v1(limited.apiKey) })],
    ];
    for (const [status, pending] of errors) {
      const r = await pending;
      expect(r.status, r.text).to.equal(status);
      expectHeaders(r, `${status}`);
      expect(r.text).to.not.match(STACK_TRACE);
    }
  });

  let closed: { server: Server; baseUrl: string } | undefined;
  async function closedAdmin() {
    closed ??= await startService(makeServices((await testEnv()).opened, testConfig({ ADMIN_TOKEN: undefined })));
    return closed;
  }
  after(async () => {
    if (closed) await new Promise((r) => closed!.server.close(r));
    await cleanupTenants();
  });

  it('the admin API is closed on every admin route of the route table when ADMIN_TOKEN is unset (403), token or not', async () => {
    const { baseUrl } = await closedAdmin();
    const adminRoutes = ROUTES.filter((r) => r.security === 'adminToken');
    expect(adminRoutes.length).to.be.greaterThan(3);
    for (const r of adminRoutes)
      for (const headers of [{}, admin, { 'X-Admin-Token': ADMIN_TOKEN }] as Array<Record<string, string>>) {
        const got = await send(requestFor(r, randomIds()), headers, baseUrl);
        expect(got.status, `${routeName(r)}: ${got.text}`).to.equal(403);
        expect(errorMessage(r.path, got.body)).to.equal('The admin API is disabled: set ADMIN_TOKEN to enable it.');
      }
    // And a token too short to be one is refused at start-up, naming the setting.
    expect(() => loadConfig({ ...process.env, ADMIN_TOKEN: 'short' })).to.throw(/ADMIN_TOKEN/);
  });
});

describe('no stack trace and no internal detail in any error, an internal failure included', function () {
  this.timeout(60_000);
  let broken: { server: Server; baseUrl: string };
  const secret = `tenant-${randomUUID()}`;

  before(async () => {
    const env = await testEnv();
    // A store that fails with a message quoting another tenant's id, as a driver error quoting stored values would.
    class BrokenGraph extends Graph {
      override read(): Promise<never> {
        return Promise.reject(new Error(`boom: stored value of ${secret} at Graph.read (/work/main/src/graph/graph.ts:43:12)`));
      }
      override write(): Promise<never> {
        return this.read();
      }
      override readTx(): Promise<never> {
        return this.read();
      }
      override writeTx(): Promise<never> {
        return this.read();
      }
    }
    const graph = new BrokenGraph(env.opened.driver, env.config.NEO4J_DATABASE, env.graph.queries);
    broken = await startService(makeServices({ ...env.opened, graph }, env.config));
  });
  after(async () => {
    await new Promise((r) => broken.server.close(r));
  });

  it('every keyed, admin and public route of the route table answers a generic 500 (or its documented 503), in its own format', async () => {
    let n = 0;
    for (const r of ROUTES) {
      if (r.operationId === 'mcpSse') continue; // authentication fails first, as for every MCP route below
      const headers =
        r.security === 'adminToken'
          ? admin
          : r.security === 'b2cKey'
            ? bearer(generateKey('b2c').key)
            : r.security === 'v1Key'
              ? v1(generateKey('v1').key)
              : {};
      const got = await send(requestFor(r, randomIds()), headers, broken.baseUrl);
      expect(got.text, routeName(r)).to.not.include(secret);
      expect(got.text, routeName(r)).to.not.include('boom');
      expect(got.text, routeName(r)).to.not.match(STACK_TRACE);
      if (got.status >= 500) {
        n++;
        if (r.operationId === 'ready') expect(got.status).to.equal(503);
        else {
          expect(got.status, `${routeName(r)}: ${got.text}`).to.equal(500);
          expect(errorMessage(r.path, got.body)).to.equal(
            'Internal error; the request was not completed. Quote the X-Request-Id header when reporting it.',
          );
        }
      }
    }
    expect(n, 'routes that reached the broken store').to.be.greaterThan(40);
  });

  it('error answers of the isolation matrix carry no other tenant ids (checked there); here: an unknown key never echoes a tenant', async () => {
    const t = await newTenant('v1', 'scale');
    try {
      const r = await call('GET', '/api/v1/stats', { headers: v1(t.apiKey.slice(0, -1) + (t.apiKey.endsWith('a') ? 'b' : 'a')) });
      expect(r.status).to.equal(401);
      expect(r.text).to.not.include(t.tenantId);
      expect(r.text).to.not.include(t.keyId);
    } finally {
      await cleanupTenants();
    }
  });
});

describe('secrets compared in constant time', () => {
  /** Counts calls of crypto.timingSafeEqual made anywhere in this process (the service runs in it). */
  function spyTimingSafeEqual(): { calls: Array<[number, number]>; restore(): void } {
    const original = crypto.timingSafeEqual;
    const calls: Array<[number, number]> = [];
    crypto.timingSafeEqual = ((a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      calls.push([a.byteLength, b.byteLength]);
      return original(a, b);
    }) as typeof crypto.timingSafeEqual;
    syncBuiltinESMExports(); // named ESM imports of node:crypto now see the spy
    return {
      calls,
      restore() {
        crypto.timingSafeEqual = original;
        syncBuiltinESMExports();
      },
    };
  }

  it('secretsEqual goes through crypto.timingSafeEqual on equal-length digests, whatever the inputs', () => {
    const spy = spyTimingSafeEqual();
    try {
      expect(secretsEqual(ADMIN_TOKEN, ADMIN_TOKEN)).to.equal(true);
      expect(secretsEqual(ADMIN_TOKEN, `${ADMIN_TOKEN}x`)).to.equal(false);
      expect(secretsEqual('', ADMIN_TOKEN)).to.equal(false);
      expect(secretsEqual('x'.repeat(10_000), 'y')).to.equal(false);
    } finally {
      spy.restore();
    }
    expect(spy.calls).to.deep.equal([
      [32, 32],
      [32, 32],
      [32, 32],
      [32, 32],
    ]);
  });

  it('the admin token check of every request is that comparison (a right and a wrong token each make one call)', async () => {
    const spy = spyTimingSafeEqual();
    try {
      const wrong = await call('GET', `/admin/tenants/${randomUUID()}`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}X` } });
      expect(wrong.status).to.equal(401);
      const right = await call('GET', `/admin/tenants/${randomUUID()}`, { headers: { 'X-Admin-Token': ADMIN_TOKEN } });
      expect(right.status).to.equal(404);
    } finally {
      spy.restore();
    }
    expect(spy.calls.filter(([a, b]) => a === 32 && b === 32).length).to.equal(2);
  });

  it('API keys are never compared as strings: stored only as a SHA-256 digest and a short prefix, and looked up by that digest', async () => {
    const t = await newTenant('v1', 'scale');
    try {
      const [row] = await testRead<{ props: Record<string, unknown> }>('relApiKeyProps', { tenantId: t.tenantId });
      const props = row!.props;
      expect(props.hash).to.equal(hashKey(t.apiKey));
      expect(props.hash).to.equal(createHash('sha256').update(t.apiKey).digest('hex'));
      const secretPart = t.apiKey.slice('mm_v1_'.length);
      for (const [k, v] of Object.entries(props)) expect(String(v), k).to.not.include(secretPart.slice(0, 16));
      expect(String(props.prefix).length).to.be.lessThan(16);
      // The lookup is one equality seek on the digest: an attacker's guess reaches the store only as its SHA-256,
      // so how long the lookup takes says nothing about how much of a real key the guess matched.
      const lookup = readFileSync(path.join(projectRoot, 'cypher', 'queries', 'tenants', 'getKeyByHash.cypher'), 'utf8');
      expect(lookup).to.match(/\{hash: \$hash\}/);
      const auth = readFileSync(path.join(projectRoot, 'src', 'tenants', 'tenants.ts'), 'utf8');
      expect(auth).to.match(/principalForKey\(apiKey: string\)[\s\S]{0,80}const hash = hashKey\(apiKey\)/);
      // And both work end to end.
      expect((await call('GET', '/api/v1/stats', { headers: v1(t.apiKey) })).status).to.equal(200);
    } finally {
      await cleanupTenants();
    }
  });
});
