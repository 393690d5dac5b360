// Rate limits per key and tier (spec 8.1) and their counting under concurrency and restarts.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { UsageMeter } from '../../src/tenants/usage.js';
import { testEnv } from '../helpers/env.js';
import { admin, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const ROUTE = '/api/v1/stats';

describe('rate limits', () => {
  after(cleanupTenants);

  it('every response carries X-RateLimit-*; the 61st trial request in a minute gets 429 with Retry-After', async () => {
    const t = await newTenant('v1', 'trial');
    const nowSec = Math.floor(Date.now() / 1000);
    let last = 60;
    const resets = new Set<string | null>();
    for (let i = 0; i < 60; i++) {
      const r = await call('GET', ROUTE, { headers: v1(t.apiKey) });
      expect(r.status, `request ${i + 1}`).to.equal(200);
      expect(r.headers.get('x-ratelimit-limit')).to.equal('60');
      const remaining = Number(r.headers.get('x-ratelimit-remaining'));
      expect(remaining).to.equal(last - 1);
      last = remaining;
      resets.add(r.headers.get('x-ratelimit-reset'));
    }
    // One window, resetting about a minute after the first request.
    expect(resets.size).to.equal(1);
    expect(Number([...resets][0])).to.be.within(nowSec + 55, nowSec + 65);
    const refused = await call('GET', ROUTE, { headers: v1(t.apiKey) });
    expect(refused.status).to.equal(429);
    expect(refused.body.error.code).to.equal('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
    expect(refused.headers.get('x-ratelimit-remaining')).to.equal('0');
    expect(refused.headers.get('x-trial-days-remaining')).to.equal('30');
  });

  it('admits exactly the limit under a concurrent burst', async () => {
    const t = await newTenant('v1', 'starter'); // 120 per minute
    // A node that does not exist: 404 once admitted, and cheap.
    const replies = await Promise.all(Array.from({ length: 150 }, () => call('GET', `/api/v1/nodes/${randomUUID()}`, { headers: v1(t.apiKey) })));
    expect(replies.filter((r) => r.status === 404)).to.have.length(120);
    expect(replies.filter((r) => r.status === 429)).to.have.length(30);
  });

  it('limits are per key: a second key of the same tenant has its own window', async () => {
    const t = await newTenant('v1', 'trial');
    const second = await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'v1', tenant_id: t.tenantId } });
    expect(second.status).to.equal(201);
    await Promise.all(Array.from({ length: 60 }, () => call('GET', ROUTE, { headers: v1(t.apiKey) })));
    expect((await call('GET', ROUTE, { headers: v1(t.apiKey) })).status).to.equal(429);
    expect((await call('GET', ROUTE, { headers: v1(second.body.api_key) })).status).to.equal(200);
  });

  it('enforces the daily limit with a Retry-After until the next UTC day', async () => {
    const t = await newTenant('v1', 'enterprise');
    const patch = await call('PATCH', `/admin/tenants/${t.tenantId}`, { headers: admin, body: { limits: { rate_limit_daily: 5 } } });
    expect(patch.status).to.equal(200);
    expect(patch.body.limits.rate_limit_daily).to.equal(5);
    for (let i = 0; i < 5; i++) expect((await call('GET', ROUTE, { headers: v1(t.apiKey) })).status).to.equal(200);
    const refused = await call('GET', ROUTE, { headers: v1(t.apiKey) });
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('x-ratelimit-limit')).to.equal('5');
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).to.be.within(1, 86_400);
    expect(Math.abs(Date.now() / 1000 + wait - midnight.getTime() / 1000)).to.be.lessThan(3);
  });

  it('daily counts survive a restart and show in GET /stats', async () => {
    const env = await testEnv();
    const t = await newTenant('v1', 'starter');
    for (let i = 0; i < 7; i++) await call('GET', ROUTE, { headers: v1(t.apiKey) });
    await env.services.usage.flush();
    // A new process's meter reads today's count back before counting on.
    const restarted = new UsageMeter(env.graph);
    const d = await restarted.take(t.keyId, t.tenantId, 1000, 9);
    expect(d.allowed).to.equal(true);
    expect(d.remaining).to.equal(1); // 9 per day, 7 used before the restart, this is the 8th
    const stats = await call('GET', ROUTE, { headers: v1(t.apiKey) });
    expect(stats.body.api_calls.today).to.equal(8); // the 7 before plus this one, counted on entry
    expect(stats.body.api_calls.this_month).to.be.at.least(8);
    expect(stats.body.api_calls.rpm_limit).to.equal(120);
    expect(stats.body.api_calls.daily_limit).to.equal(50_000);
  });
});
