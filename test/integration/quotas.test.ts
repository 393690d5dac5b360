// Tier quotas where users and memories are created, under concurrency.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ensureEndUser, QuotaError, reserveMemories } from '../../src/tenants/quotas.js';
import { testEnv } from '../helpers/env.js';
import { cleanupTenants, newTenant, v1, call } from '../helpers/http.js';

describe('tier quotas', () => {
  after(cleanupTenants);

  async function principalOf(apiKey: string) {
    const env = await testEnv();
    return (await env.services.tenants.principalForKey(apiKey))!;
  }

  it('admits exactly max_users distinct end users under concurrent first sights', async () => {
    const env = await testEnv();
    const t = await newTenant('v1', 'trial'); // 25 users
    const who = await principalOf(t.apiKey);
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => ensureEndUser(env.graph, who, `user-${i}`)));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(25);
    expect(refused).to.have.length(15);
    for (const r of refused) {
      const reason = (r as PromiseRejectedResult).reason;
      expect(reason).to.be.instanceOf(QuotaError);
      expect(reason.status).to.equal(403);
      expect(reason.message).to.match(/limit of 25 end users/);
    }
    const stats = await call('GET', '/api/v1/stats', { headers: v1(t.apiKey) });
    expect(stats.body.users).to.deep.equal({ total: 25, limit: 25 });
    // A user that already exists is still served at the limit; a new one is not.
    const admitted = results.findIndex((r) => r.status === 'fulfilled');
    await ensureEndUser(env.graph, who, `user-${admitted}`);
    await ensureEndUser(env.graph, who, 'user-new').then(
      () => expect.fail('should refuse'),
      (err: Error) => expect(err).to.be.instanceOf(QuotaError),
    );
  });

  it('creates one end user when the same new user arrives concurrently', async () => {
    const env = await testEnv();
    const t = await newTenant('v1', 'starter');
    const who = await principalOf(t.apiKey);
    const userId = randomUUID();
    await Promise.all(Array.from({ length: 10 }, () => ensureEndUser(env.graph, who, userId)));
    const stats = await call('GET', '/api/v1/stats', { headers: v1(t.apiKey) });
    expect(stats.body.users.total).to.equal(1);
  });

  it('refuses memories past max_nodes_per_user inside the creating transaction', async () => {
    const env = await testEnv();
    const t = await newTenant('v1', 'trial');
    const who = { ...(await principalOf(t.apiKey)) };
    who.limits = { ...who.limits, maxNodesPerUser: 3 };
    await ensureEndUser(env.graph, who, 'u');
    await env.graph.writeTx((tx) => reserveMemories(tx, who, 'u', 3));
    await env.graph.writeTx((tx) => reserveMemories(tx, who, 'u', 4)).then(
      () => expect.fail('should refuse'),
      (err: Error) => {
        expect(err).to.be.instanceOf(QuotaError);
        expect(err.message).to.match(/allows 3 per user/);
      },
    );
  });
});
