// b2c /turn and /ingest: the same write path under the b2c key's tenant, answered in the b2c format.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { testRead } from '../helpers/graphReads.js';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

describe('b2c ingestion', () => {
  let b2c: { tenantId: string; apiKey: string };
  before(async () => {
    b2c = await newTenant('b2c', 'scale');
  });
  after(cleanupTenants);

  it('POST /turn stores the user message and the reply; memories come from what the person said', async () => {
    const user = `turn-${randomUUID()}`;
    const r = await call('POST', '/api/b2c/memory/turn', {
      headers: bearer(b2c.apiKey),
      body: { user_id: user, user_message: 'My daughter Mia starts school in September.', assistant_response: 'That is exciting! Is she nervous?' },
    });
    expect(r.status, r.text).to.equal(202);
    expect(r.body.message_ids).to.have.length(2);
    expect(r.body.status).to.equal('pending');
    const [userMsg, reply] = await Promise.all(
      r.body.message_ids.map((id: string) => call('GET', `/api/b2c/memory/messages/${id}?wait=20`, { headers: bearer(b2c.apiKey) })),
    );
    expect(userMsg.body.status).to.equal('done');
    expect(userMsg.body.memory_ids.length).to.be.at.least(1);
    expect(reply.body.status).to.equal('done');
    expect(reply.body.memory_ids).to.deep.equal([]);
    const facts = await testRead('userFacts', { tenantId: b2c.tenantId, userId: user });
    expect(facts.some((f) => f.subject === 'Mia' && f.relation === 'child')).to.equal(true, JSON.stringify(facts));
  });

  it('POST /ingest loads timestamped history in order', async () => {
    const user = `hist-${randomUUID()}`;
    const r = await call('POST', '/api/b2c/memory/ingest', {
      headers: bearer(b2c.apiKey),
      body: {
        user_id: user,
        messages: [
          { role: 'user', content: 'I adopted a cat named Luna yesterday.', timestamp: '2024-03-10T09:00:00Z' },
          { role: 'assistant', content: 'Lovely! How is she settling in?', timestamp: '2024-03-10T09:00:05Z' },
          { role: 'user', content: 'Luna keeps knocking my plants over.', timestamp: '2024-03-12T18:30:00Z' },
        ],
      },
    });
    expect(r.status, r.text).to.equal(202);
    expect(r.body.count).to.equal(3);
    for (const id of r.body.message_ids)
      expect((await call('GET', `/api/b2c/memory/messages/${id}?wait=20`, { headers: bearer(b2c.apiKey) })).body.status).to.equal('done');
    const facts = await testRead('userFacts', { tenantId: b2c.tenantId, userId: user });
    const luna = facts.filter((f) => f.subject === 'Luna');
    expect(luna.length, JSON.stringify(facts)).to.be.at.least(1);
    expect(facts.map((f) => f.eventDate)).to.include('2024-03-09');
    const counts = await testRead('userGraphCounts', { tenantId: b2c.tenantId, userId: user });
    expect(counts[0].entityNames.filter((n: string) => n === 'Luna')).to.have.length(1);
  });

  it('answers bad input in the b2c format with short codes', async () => {
    const noUser = await call('POST', '/api/b2c/memory/turn', { headers: bearer(b2c.apiKey), body: { user_message: 'a', assistant_response: 'b' } });
    expect(noUser.status).to.equal(400);
    expect(noUser.body.code).to.equal('MISSING_USER_ID');
    expect(noUser.body.error).to.include("'user_id' is required");
    const noTime = await call('POST', '/api/b2c/memory/ingest', {
      headers: bearer(b2c.apiKey),
      body: { user_id: 'u', messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(noTime.status).to.equal(400);
    expect(noTime.body.error).to.include("'messages.0.timestamp' is required");
    const empty = await call('POST', '/api/b2c/memory/ingest', { headers: bearer(b2c.apiKey), body: { user_id: 'u', messages: [] } });
    expect(empty.status).to.equal(400);
    expect(empty.body.code).to.equal('INVALID_REQUEST');
  });

  it('v1 and b2c never reach each other: a b2c message is invisible to a v1 key', async () => {
    const r = await call('POST', '/api/b2c/memory/turn', {
      headers: bearer(b2c.apiKey),
      body: { user_id: 'x', user_message: 'I live in Kyoto.', assistant_response: 'Nice.' },
    });
    const v1Tenant = await newTenant('v1');
    expect((await call('GET', `/api/v1/messages/${r.body.message_ids[0]}`, { headers: v1(v1Tenant.apiKey) })).status).to.equal(404);
    expect(
      (
        await call('POST', '/api/b2c/memory/turn', {
          headers: v1(v1Tenant.apiKey),
          body: { user_id: 'x', user_message: 'a', assistant_response: 'b' },
        })
      ).status,
    ).to.equal(401);
  });
});
