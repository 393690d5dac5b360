import { expect } from 'chai';
import { version } from '../../src/version.js';
import { admin, call } from '../helpers/http.js';

describe('health, readiness and metrics', () => {
  it('GET /api/v1/health answers status ok and the running version, without a key', async () => {
    const r = await call('GET', '/api/v1/health');
    expect(r.status).to.equal(200);
    expect(r.body).to.deep.equal({ status: 'ok', version });
    expect(r.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });

  it('GET /api/v1/health/ready reports Neo4j reachable', async () => {
    const r = await call('GET', '/api/v1/health/ready');
    expect(r.status).to.equal(200);
    expect(r.body.status).to.equal('ready');
    expect(r.body.neo4j.reachable).to.equal(true);
    expect(r.body.neo4j.latency_ms).to.be.a('number');
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const good = await call('GET', '/api/v1/health', { headers: { 'X-Request-Id': 'client-req-12345' } });
    expect(good.headers.get('x-request-id')).to.equal('client-req-12345');
    const bad = await call('GET', '/api/v1/health', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(bad.headers.get('x-request-id')).to.not.equal('bad id with spaces');
  });

  it('sends security headers on every response', async () => {
    const r = await call('GET', '/api/v1/health');
    expect(r.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(r.headers.get('x-frame-options')).to.equal('DENY');
    expect(r.headers.get('cache-control')).to.equal('no-store');
  });

  it('/metrics exposes request counts by route and Neo4j time by query name', async () => {
    await call('GET', '/api/v1/health/ready');
    const r = await call('GET', '/metrics', { headers: admin });
    expect(r.status).to.equal(200);
    expect(r.text).to.match(/http_requests_total\{route="\/api\/v1\/health\/ready",method="GET",status="200"\} \d+/);
    expect(r.text).to.match(/neo4j_query_duration_seconds_count\{query="ops\/ping"\} \d+/);
    expect(r.text).to.include('background_queue_depth');
  });
});
