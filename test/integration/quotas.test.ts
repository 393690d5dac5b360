// Tier quotas where users and memories are created, under concurrency.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { admittingTenants, ensureEndUser, QuotaError } from '../../src/tenants/quotas.js';
import { testRead } from '../helpers/graphReads.js';
import { testEnv } from '../helpers/env.js';
import { admin, cleanupTenants, newTenant, v1, call } from '../helpers/http.js';

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
    // Regression: each tenant ever seen kept its grouping object for the life of the process.
    expect(admittingTenants(env.graph)).to.not.include(t.tenantId);
  });

  it('refuses memories past max_nodes_per_user inside the creating transaction, which then leaves nothing', async () => {
    const t = await newTenant('v1', 'scale');
    const patched = await call('PATCH', `/admin/tenants/${t.tenantId}`, { headers: admin, body: { limits: { max_nodes_per_user: 8 } } });
    expect(patched.status).to.equal(200);
    const user = `limit-${randomUUID()}`;
    const facts = [
      'My sister Ana lives in Porto.',
      'I play the cello on Tuesdays.',
      'My dog Rex hates thunderstorms.',
      'I work at Acme as a welder.',
      'My brother Tom loves chess.',
    ];
    let refused: { status: number; body: any } | undefined;
    let before = 0;
    for (const content of facts) {
      before = (await testRead('userGraphCounts', { tenantId: t.tenantId, userId: user }))[0]?.memories ?? 0;
      const r = await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } });
      if (r.status !== 201) {
        refused = r;
        break;
      }
    }
    expect(refused, 'the limit is reached within five facts').to.not.equal(undefined);
    expect(refused!.status).to.equal(403);
    expect(refused!.body.error.message).to.match(/allows 8 per user/);
    const [after] = await testRead('userGraphCounts', { tenantId: t.tenantId, userId: user });
    expect(after!.memories, 'the refused write left nothing behind').to.equal(before);
    expect(after!.memories).to.be.at.most(8);
  });
});
