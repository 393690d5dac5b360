// Inputs where the service once answered outside its OpenAPI document (found by fuzz.test.ts): a bad query field
// hidden by the body of a DELETE control, and one-line fields (user ids, topics) checked only after trimming.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { admin, bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

describe('contract edges: what the document refuses, the service refuses', () => {
  let v1Key = '';
  let b2cKey = '';
  before(async () => {
    v1Key = (await newTenant('v1', 'scale')).apiKey;
    b2cKey = (await newTenant('b2c', 'scale')).apiKey;
  });
  after(cleanupTenants);

  it('a DELETE control refuses a bad query field even when the JSON body carries that field', async () => {
    const user = `edge-${randomUUID()}`;
    const stored = await call('POST', '/api/v1/ingest', { headers: v1(v1Key), body: { user_id: user, content: 'My sister Mia lives in Porto.' } });
    expect(stored.status, stored.text).to.equal(201);
    const node = stored.body.node_id;
    const bad = await call('DELETE', `/api/v1/memory/v2/nodes/${node}?reason=0`, {
      headers: v1(v1Key),
      body: { user_id: user, reason: 'incorrect' },
    });
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.error).to.match(/'reason'/);
    const badUser = await call('DELETE', `/api/b2c/memory/nodes/${randomUUID()}?user_id=${encodeURIComponent('a\u0000b')}`, {
      headers: bearer(b2cKey),
      body: { user_id: user },
    });
    expect(badUser.status, badUser.text).to.equal(400);
    expect(badUser.body.error).to.match(/'user_id'.*control characters/);
    const badTopic = await call('POST', `/api/b2c/memory/suppress?topic=${'x'.repeat(201)}`, {
      headers: bearer(b2cKey),
      body: { user_id: user, topic: 'work' },
    });
    expect(badTopic.status, badTopic.text).to.equal(400);
    // The body still wins where both are valid, and the memory is still there to delete.
    const ok = await call('DELETE', `/api/v1/memory/v2/nodes/${node}?reason=outdated`, {
      headers: v1(v1Key),
      body: { user_id: user, reason: 'incorrect' },
    });
    expect(ok.status, ok.text).to.equal(200);
    const ledger = await call('GET', `/api/v1/memory/v2/ledger?user_id=${user}`, { headers: v1(v1Key) });
    expect(ledger.text).to.contain('incorrect').and.not.contain('outdated');
  });

  it('a body every field of which is optional is still required: a missing one is refused, {} is accepted', async () => {
    const t = await newTenant('v1', 'starter');
    for (const raw of [undefined, '', '  ']) {
      const r = await call('PATCH', `/admin/tenants/${t.tenantId}`, {
        headers: admin,
        ...(raw === undefined ? {} : { raw: { data: raw, contentType: 'application/json' } }),
      });
      expect(r.status, `${JSON.stringify(raw)}: ${r.text}`).to.equal(400);
      expect(r.body.error.message).to.match(/body is required|body must be a JSON object/);
    }
    const profile = await call('PUT', '/api/v1/profile', { headers: v1(v1Key), raw: { data: '', contentType: 'application/json' } });
    expect(profile.status, profile.text).to.equal(400);
    const noop = await call('PATCH', `/admin/tenants/${t.tenantId}`, { headers: admin, body: {} });
    expect(noop.status, noop.text).to.equal(200);
  });

  it('an empty ?wait= is refused, not read as 0', async () => {
    const queued = await call('POST', '/api/v1/ingest/v2', {
      headers: v1(v1Key),
      body: { user_id: 'edge-wait', speaker: 'user', message: 'I like tea.' },
    });
    expect(queued.status, queued.text).to.equal(202);
    for (const wait of ['', ' ', '-1', '31', 'abc']) {
      const r = await call('GET', `/api/v1/messages/${queued.body.message_id}?wait=${encodeURIComponent(wait)}`, { headers: v1(v1Key) });
      expect(r.status, `wait=${JSON.stringify(wait)}: ${r.text}`).to.equal(400);
      expect(r.body.error.message).to.match(/'wait'/);
    }
    const ok = await call('GET', `/api/v1/messages/${queued.body.message_id}?wait=1.5`, { headers: v1(v1Key) });
    expect(ok.status, ok.text).to.equal(200);
  });

  it('one-line fields are checked as sent: a control character at either end is refused, spaces are trimmed, the length counts them', async () => {
    for (const user of ['edge\r\n', '\tedge', 'edge\u0085']) {
      const r = await call('POST', '/api/b2c/memory/suppress', { headers: bearer(b2cKey), body: { user_id: user, topic: 'work' } });
      expect(r.status, `${JSON.stringify(user)}: ${r.text}`).to.equal(400);
      expect(r.body.error).to.match(/'user_id'.*control characters/);
      const i = await call('POST', '/api/v1/ingest', { headers: v1(v1Key), body: { user_id: user, content: 'x' } });
      expect(i.status, `${JSON.stringify(user)}: ${i.text}`).to.equal(400);
    }
    const padded = await call('POST', '/api/b2c/memory/suppress', { headers: bearer(b2cKey), body: { user_id: '  edge-spaces ', topic: ' work ' } });
    expect(padded.status, padded.text).to.equal(201);
    expect(padded.body).to.include({ user_id: 'edge-spaces', topic: 'work' });
    const long = await call('POST', '/api/b2c/memory/suppress', { headers: bearer(b2cKey), body: { user_id: `${'u'.repeat(256)} `, topic: 'work' } });
    expect(long.status, long.text).to.equal(400);
    expect(long.body.error).to.match(/'user_id'.*at most 256/);
  });
});
