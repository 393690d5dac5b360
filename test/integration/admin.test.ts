import { expect } from 'chai';
import { Metrics } from '../../src/http/metrics.js';
import { makeServices, startService, testConfig, testEnv } from '../helpers/env.js';
import { admin, bearer, call, cleanupTenants, trackTenant, v1 } from '../helpers/http.js';

describe('admin API', () => {
  after(cleanupTenants);

  it('is closed when ADMIN_TOKEN is not configured', async () => {
    const env = await testEnv();
    const { server, baseUrl } = await startService(makeServices(env.opened, testConfig({ ADMIN_TOKEN: '' }), new Metrics(false)));
    try {
      const r = await call('POST', '/admin/keys', { baseUrl, headers: admin, body: { route_set: 'v1', tenant_name: 'x' } });
      expect(r.status).to.equal(403);
      expect(r.body.error.message).to.match(/ADMIN_TOKEN/);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('refuses a missing or wrong admin token with 401', async () => {
    expect((await call('POST', '/admin/keys', { body: { route_set: 'v1', tenant_name: 'x' } })).status).to.equal(401);
    const wrong = await call('POST', '/admin/keys', { headers: bearer('wrong-token-wrong-token'), body: { route_set: 'v1', tenant_name: 'x' } });
    expect(wrong.status).to.equal(401);
    expect(wrong.body.error.code).to.equal('UNAUTHORIZED');
  });

  it('creates a tenant with a key for either route set (201), the key shown once', async () => {
    for (const routeSet of ['v1', 'b2c'] as const) {
      const r = await call('POST', '/admin/keys', {
        headers: { 'X-Admin-Token': admin.Authorization.slice(7) },
        body: { route_set: routeSet, tenant_name: 'App', tier: 'scale', label: 'prod' },
      });
      expect(r.status).to.equal(201);
      trackTenant(r.body.tenant_id);
      expect(r.body.api_key.startsWith(`mm_${routeSet}_`)).to.equal(true);
      expect(r.body.key_prefix).to.equal(r.body.api_key.slice(0, r.body.key_prefix.length));
      expect(r.body).to.include({ route_set: routeSet, tier: 'scale' });
      const shown = await call('GET', `/admin/tenants/${r.body.tenant_id}`, { headers: admin });
      expect(shown.status).to.equal(200);
      expect(shown.text).to.not.include(r.body.api_key);
      expect(shown.body.keys).to.have.length(1);
      expect(shown.body.keys[0]).to.include({ key_id: r.body.key_id, key_prefix: r.body.key_prefix, label: 'prod', revoked_at: null });
      expect(shown.body.limits.rate_limit_rpm).to.equal(300);
    }
  });

  it('adds a key to an existing tenant, refusing a key of the other route set', async () => {
    const t = await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'v1', tenant_name: 'Two keys' } });
    trackTenant(t.body.tenant_id);
    const second = await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'v1', tenant_id: t.body.tenant_id } });
    expect(second.status).to.equal(201);
    expect(second.body.tenant_id).to.equal(t.body.tenant_id);
    expect((await call('GET', '/api/v1/stats', { headers: v1(second.body.api_key) })).status).to.equal(200);
    const crossed = await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'b2c', tenant_id: t.body.tenant_id } });
    expect(crossed.status).to.equal(400);
    expect(crossed.body.error.message).to.match(/v1 route set/);
  });

  it('validates its input and answers 404 for unknown ids', async () => {
    const noTenant = await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'v1' } });
    expect(noTenant.status).to.equal(400);
    expect(noTenant.body.error.message).to.match(/tenant_name/);
    const badSet = await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'v3', tenant_name: 'x' } });
    expect(badSet.status).to.equal(400);
    expect(badSet.body.error.message).to.match(/route_set/);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('DELETE', `/admin/keys/${unknown}`, { headers: admin })).status).to.equal(404);
    expect((await call('GET', `/admin/tenants/${unknown}`, { headers: admin })).status).to.equal(404);
    expect((await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'v1', tenant_id: unknown } })).status).to.equal(404);
    const badId = await call('GET', '/admin/tenants/not-a-uuid', { headers: admin });
    expect(badId.status).to.equal(400);
    expect(badId.body.error.message).to.match(/tenant_id/);
    const badPatch = await call('PATCH', `/admin/tenants/${unknown}`, { headers: admin, body: { limits: { rate_limit_rpm: -1 } } });
    expect(badPatch.status).to.equal(400);
  });

  it('PATCH /admin/tenants changes tier and limits, and null removes an override', async () => {
    const t = await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'v1', tenant_name: 'Patch me', tier: 'trial' } });
    trackTenant(t.body.tenant_id);
    const up = await call('PATCH', `/admin/tenants/${t.body.tenant_id}`, {
      headers: admin,
      body: { tier: 'starter', trial_ends: null, limits: { max_users: 7 } },
    });
    expect(up.status).to.equal(200);
    expect(up.body).to.include({ tier: 'starter', trial_ends: null });
    expect(up.body.limits).to.include({ max_users: 7, rate_limit_rpm: 120 });
    const cleared = await call('PATCH', `/admin/tenants/${t.body.tenant_id}`, { headers: admin, body: { limits: { max_users: null } } });
    expect(cleared.body.limits.max_users).to.equal(1000);
    const stats = await call('GET', '/api/v1/stats', { headers: v1(t.body.api_key) });
    expect(stats.headers.get('x-trial-days-remaining')).to.equal(null);
    expect(stats.body.tier).to.equal('starter');
  });
});
