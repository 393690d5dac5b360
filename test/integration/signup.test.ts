import { expect } from 'chai';
import { call, cleanupTenants, trackTenant, uniqueEmail, v1 } from '../helpers/http.js';

const DAY = 86_400_000;

describe('POST /api/v1/trial/signup', () => {
  after(cleanupTenants);

  it('creates a trial tenant and returns the key once (201, spec 4.A)', async () => {
    const before = Date.now();
    const r = await call('POST', '/api/v1/trial/signup', { body: { company_name: 'Acme', email: uniqueEmail(), name: 'Ada' } });
    expect(r.status).to.equal(201);
    trackTenant(r.body.tenant_id);
    expect(r.body.status).to.equal('trial_active');
    expect(r.body.tenant_id).to.match(/^[0-9a-f-]{36}$/);
    expect(r.body.api_key).to.match(/^mm_v1_/);
    const ends = Date.parse(r.body.trial_ends);
    expect(ends - before).to.be.within(30 * DAY - 5000, 30 * DAY + 5000);
    expect(r.body.limits).to.deep.equal({ max_users: 25, max_nodes_per_user: 5000, rate_limit_rpm: 60, rate_limit_daily: 10000, features: 'all' });
    expect(r.body.quickstart).to.match(/^http.*\/docs\/quickstart$/);
    expect(r.body.base_url).to.match(/^http.*\/api\/v1$/);
    expect(r.headers.get('x-trial-days-remaining')).to.equal('30');

    const stats = await call('GET', '/api/v1/stats', { headers: v1(r.body.api_key) });
    expect(stats.status).to.equal(200);
    expect(stats.body.tier).to.equal('trial');
    expect(stats.headers.get('x-trial-days-remaining')).to.equal('30');
  });

  it('the quickstart link answers', async () => {
    const r = await call('GET', '/docs/quickstart');
    expect(r.status).to.equal(200);
    expect(r.text).to.include('/api/v1/context/items');
  });

  for (const missing of ['company_name', 'email', 'name']) {
    it(`answers 400 naming a missing ${missing}`, async () => {
      const body: Record<string, string> = { company_name: 'Acme', email: uniqueEmail(), name: 'Ada' };
      delete body[missing];
      const r = await call('POST', '/api/v1/trial/signup', { body });
      expect(r.status).to.equal(400);
      expect(r.body.error.code).to.equal('INVALID_REQUEST');
      expect(r.body.error.message).to.include(`'${missing}' is required`);
    });
  }

  it('answers 400 for a malformed email, an empty name and a non-object body', async () => {
    const bad = await call('POST', '/api/v1/trial/signup', { body: { company_name: 'Acme', email: 'not-an-email', name: 'Ada' } });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.message).to.include("'email'");
    const empty = await call('POST', '/api/v1/trial/signup', { body: { company_name: '  ', email: uniqueEmail(), name: 'Ada' } });
    expect(empty.status).to.equal(400);
    expect(empty.body.error.message).to.include("'company_name'");
    const arr = await call('POST', '/api/v1/trial/signup', { body: ['x'] });
    expect(arr.status).to.equal(400);
    expect(arr.body.error.message).to.match(/JSON object/);
  });

  it('answers 409 when the email is already registered, whatever its case', async () => {
    const email = uniqueEmail();
    const first = await call('POST', '/api/v1/trial/signup', { body: { company_name: 'A', email, name: 'A' } });
    expect(first.status).to.equal(201);
    trackTenant(first.body.tenant_id);
    const again = await call('POST', '/api/v1/trial/signup', { body: { company_name: 'B', email: email.toUpperCase(), name: 'B' } });
    expect(again.status).to.equal(409);
    expect(again.body).to.deep.equal({ error: { code: 'CONFLICT', message: 'This email is already registered.' } });
  });

  it('admits exactly one of many concurrent signups with one email', async () => {
    const email = uniqueEmail();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/v1/trial/signup', { body: { company_name: 'Race', email, name: 'R' } })),
    );
    const created = replies.filter((r) => r.status === 201);
    created.forEach((r) => trackTenant(r.body.tenant_id));
    expect(created).to.have.length(1);
    expect(replies.filter((r) => r.status === 409)).to.have.length(7);
  });
});
