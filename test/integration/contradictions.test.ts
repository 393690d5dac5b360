// Contradiction flagging exists, is off by default, and shows only in /query when a profile turns it on.
import { expect } from 'chai';
import { testRead } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

async function tell(key: string, user: string, ...facts: string[]) {
  for (const content of facts)
    expect((await call('POST', '/api/v1/ingest', { headers: v1(key), body: { user_id: user, content } })).status).to.equal(201);
}

describe('contradiction flagging', () => {
  after(cleanupTenants);

  it('is off by default: nothing recorded, no field in /query', async () => {
    const t = await newTenant('v1', 'scale');
    await tell(t.apiKey, 'u', 'I eat meat every day.', "I don't eat meat anymore.");
    expect(await testRead('contradictions', { tenantId: t.tenantId, userId: 'u' })).to.deep.equal([]);
    const q = await call('POST', '/api/v1/query', { headers: v1(t.apiKey), body: { user_id: 'u', current_input: 'do I eat meat?' } });
    expect(q.body).to.not.have.property('contradictions');
  });

  it('when the profile turns it on, opposite statements about one thing are linked and reported by /query', async () => {
    const t = await newTenant('v1', 'scale');
    const on = await call('PUT', '/api/v1/profile', { headers: v1(t.apiKey), body: { updates: { scoring: { contradiction_flagging: true } } } });
    expect(on.status, on.text).to.equal(200);
    await tell(t.apiKey, 'u', 'I eat meat every day.', 'I love jazz.', "I don't eat meat anymore.");
    const pairs = await testRead('contradictions', { tenantId: t.tenantId, userId: 'u' });
    expect(pairs).to.have.length(1);
    expect(pairs[0].newer).to.match(/n.t eat meat/);
    expect(pairs[0].older).to.match(/eats? meat every day/);
    const q = await call('POST', '/api/v1/query', { headers: v1(t.apiKey), body: { user_id: 'u', current_input: 'do I eat meat?' } });
    expect(q.body.contradictions.length).to.be.at.least(1);
    const ids = q.body.nodes.map((n: { node_id: string }) => n.node_id);
    for (const c of q.body.contradictions) expect(ids).to.include(c.node_id);
  });
});
