// Error formats (spec 7), body limits, unknown routes, and Neo4j unreachable as 503.
import { expect } from 'chai';
import { Metrics } from '../../src/http/metrics.js';
import { createLogger } from '../../src/log.js';
import { openGraph } from '../../src/runtime.js';
import { freePort } from '../../src/graph/localNeo4j.js';
import { createDriver } from '../../src/graph/driver.js';
import { Graph } from '../../src/graph/graph.js';
import { makeServices, startService, testConfig, testEnv } from '../helpers/env.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

describe('errors and limits', () => {
  let key: string;
  before(async () => {
    key = (await newTenant('v1')).apiKey;
  });
  after(cleanupTenants);

  it('unknown route: 404 NOT_FOUND in the v1 format', async () => {
    const r = await call('GET', '/api/v1/nope', { headers: v1(key) });
    expect(r.status).to.equal(404);
    expect(r.body).to.deep.equal({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/v1/nope.' } });
  });

  it('a method the service does not use: 501 NOT_IMPLEMENTED in the route set’s format, not plain text', async () => {
    const r = await call('PROPFIND', '/api/v1/stats', { headers: v1(key) });
    expect(r.status).to.equal(501);
    expect(r.body.error.code).to.equal('NOT_IMPLEMENTED');
    const b2c = await call('PROPFIND', '/api/b2c/memory/nodes');
    expect(b2c.status).to.equal(501);
    expect(b2c.body.code).to.equal('NOT_IMPLEMENTED');
  });

  it('person-control routes answer with an error sentence alone (spec 7.2)', async () => {
    const r = await call('GET', '/api/v1/memory/v2/nope', { headers: v1(key) });
    expect(r.status).to.equal(404);
    expect(r.body).to.deep.equal({ error: 'No route for GET /api/v1/memory/v2/nope.' });
    const noKey = await call('GET', '/api/v1/memory/v2/items');
    expect(noKey.status).to.equal(401);
    expect(noKey.body.error).to.be.a('string');
  });

  it('wrong method on a known route: 405 with Allow', async () => {
    const r = await call('DELETE', '/api/v1/health');
    expect(r.status).to.equal(405);
    expect(r.body.error.code).to.equal('METHOD_NOT_ALLOWED');
    expect(r.headers.get('allow')).to.include('GET');
  });

  it('invalid JSON: 400 naming the problem, no stack trace', async () => {
    const r = await call('POST', '/api/v1/trial/signup', { raw: { data: '{"email": ', contentType: 'application/json' } });
    expect(r.status).to.equal(400);
    expect(r.body).to.deep.equal({ error: { code: 'INVALID_REQUEST', message: 'Request body is not valid JSON.' } });
    expect(r.text).to.not.match(/at .*\.js:\d+/);
  });

  it('a body that is not JSON: 415', async () => {
    const r = await call('POST', '/api/v1/trial/signup', { raw: { data: 'company_name=a', contentType: 'application/x-www-form-urlencoded' } });
    expect(r.status).to.equal(415);
    expect(r.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
  });

  it('a body over the size limit: 413', async () => {
    const { config } = await testEnv();
    const big = JSON.stringify({ company_name: 'x'.repeat(config.BODY_LIMIT_BYTES), email: 'a@b.c', name: 'n' });
    const r = await call('POST', '/api/v1/trial/signup', { raw: { data: big, contentType: 'application/json' } });
    expect(r.status).to.equal(413);
    expect(r.body.error.code).to.equal('PAYLOAD_TOO_LARGE');
  });

  it('Neo4j unreachable: 503 with a clear message, fast, and readiness says so', async () => {
    const env = await testEnv();
    const deadPort = await freePort();
    const config = testConfig({ NEO4J_URI: `bolt://127.0.0.1:${deadPort}`, NEO4J_TIMEOUT_MS: '1000' });
    const driver = createDriver({ uri: config.NEO4J_URI!, user: 'neo4j', maxPoolSize: 5, timeoutMs: 1000 });
    const graph = new Graph(driver, config.NEO4J_DATABASE, env.graph.queries);
    const services = makeServices({ ...env.opened, graph, driver }, config, new Metrics(false));
    const { server, baseUrl } = await startService(services);
    try {
      const started = Date.now();
      const r = await call('GET', '/api/v1/stats', { baseUrl, headers: v1(key) });
      expect(r.status).to.equal(503);
      expect(r.body).to.deep.equal({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The memory store is unreachable right now; try again shortly.' },
      });
      expect(r.headers.get('retry-after')).to.equal('5');
      expect(Date.now() - started).to.be.lessThan(5000);
      const ready = await call('GET', '/api/v1/health/ready', { baseUrl });
      expect(ready.status).to.equal(503);
      expect(ready.body.neo4j.reachable).to.equal(false);
      const live = await call('GET', '/api/v1/health', { baseUrl });
      expect(live.status).to.equal(200);
    } finally {
      await new Promise((r) => server.close(r));
      await driver.close();
    }
  });

  it('start-up refuses an unreachable Neo4j with a clear error', async () => {
    const deadPort = await freePort();
    const config = testConfig({ NEO4J_URI: `bolt://127.0.0.1:${deadPort}`, NEO4J_TIMEOUT_MS: '1000' });
    await openGraph(config, createLogger('silent'), { startLocal: false }).then(
      () => expect.fail('should not open'),
      (err: Error) => expect(err.message).to.match(/connect|ECONNREFUSED|unavailable/i),
    );
  });
});
