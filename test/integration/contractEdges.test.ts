// Inputs where the service once answered outside its OpenAPI document (found by fuzz.test.ts): one-line fields
// (user ids, topics) checked only after trimming.
import { expect } from 'chai';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

describe('contract edges: what the document refuses, the service refuses', () => {
  let v1Key = '';
  let b2cKey = '';
  before(async () => {
    v1Key = (await newTenant('v1', 'scale')).apiKey;
    b2cKey = (await newTenant('b2c', 'scale')).apiKey;
  });
  after(cleanupTenants);

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
