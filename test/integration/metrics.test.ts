// GET /metrics: closed to anyone without the metrics or admin token, and labelled only by the route table's
// patterns, so neither a flood of made-up paths nor a path's ids can add series or show up in it.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ADMIN_TOKEN, ownService } from '../helpers/env.js';
import { admin, call } from '../helpers/http.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

type Service = Awaited<ReturnType<typeof ownService>>;

/** The label sets of http_requests_total in a scrape. */
function requestSeries(text: string): string[] {
  return text.split('\n').filter((l) => l.startsWith('http_requests_total{'));
}

describe('/metrics: access and labels', () => {
  const services: Service[] = [];
  const service = async (overrides: Record<string, string | undefined>) => {
    const s = await ownService(overrides);
    services.push(s);
    return s;
  };
  after(async () => {
    for (const s of services) await s.close();
  });

  it('answers only to METRICS_TOKEN or the admin token, and is closed when neither is set', async () => {
    const { baseUrl } = await service({ METRICS_TOKEN });
    expect((await call('GET', '/metrics', { baseUrl })).status).to.equal(401);
    expect((await call('GET', '/metrics', { baseUrl, headers: { Authorization: 'Bearer not-the-metrics-token-at-all' } })).status).to.equal(401);
    for (const headers of [{ Authorization: `Bearer ${METRICS_TOKEN}` }, { 'X-Admin-Token': METRICS_TOKEN }, admin]) {
      const r = await call('GET', '/metrics', { baseUrl, headers });
      expect(r.status, JSON.stringify(headers)).to.equal(200);
      expect(r.text).to.include('http_requests_total');
    }
    const closed = await service({ METRICS_TOKEN: undefined, ADMIN_TOKEN: undefined });
    const r = await call('GET', '/metrics', { baseUrl: closed.baseUrl, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(r.status).to.equal(403);
    expect(r.body.error.message).to.match(/METRICS_TOKEN/);
  });

  it('a flood of unauthenticated made-up paths adds no series and names none of them', async () => {
    const { baseUrl } = await service({});
    const made: string[] = [];
    for (let i = 0; i < 200; i++) {
      const tag = `x${randomUUID().slice(0, 8)}`;
      made.push(tag);
      const path = [`/api/v1/${tag}`, `/api/b2c/memory/${tag}/nodes`, `/admin/${tag}`, `/mcp/${tag}`, `/${tag}`][i % 5]!;
      await call(i % 2 ? 'GET' : 'POST', path, { baseUrl, body: i % 2 ? undefined : { user_id: tag } });
    }
    const text = (await call('GET', '/metrics', { baseUrl, headers: admin })).text;
    const series = requestSeries(text);
    for (const tag of made) expect(text).to.not.include(tag);
    expect(series.filter((l) => !l.includes('route="unmatched"'))).to.have.length.below(3);
    expect(series.length).to.be.below(6);
  });

  it('a request refused before its handler is labelled by its route pattern, never by its ids', async () => {
    const { baseUrl } = await service({});
    const tenant = randomUUID();
    const raw = { data: '{"tier": ', contentType: 'application/json' };
    const unauthenticated = await call('PATCH', `/admin/tenants/${tenant}`, { baseUrl, raw });
    expect(unauthenticated.status, 'the guard answers before the body is parsed').to.equal(401);
    const malformed = await call('PATCH', `/admin/tenants/${tenant}`, { baseUrl, raw, headers: admin });
    expect(malformed.status).to.equal(400);
    const text = (await call('GET', '/metrics', { baseUrl, headers: admin })).text;
    expect(text).to.not.include(tenant);
    const admins = requestSeries(text).filter((l) => l.includes('method="PATCH"'));
    expect(admins.map((l) => /route="([^"]+)"/.exec(l)?.[1])).to.deep.equal(['/admin/tenants/:tenant_id', '/admin/tenants/:tenant_id']);
  });
});
