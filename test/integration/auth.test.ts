// The authentication matrix of spec section 5.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { generateKey } from '../../src/tenants/keys.js';
import { admin, bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const V1_ROUTE = '/api/v1/stats';
// Any b2c route behind the key check will do: the node list of a person.
const B2C_ROUTE = '/api/b2c/memory/nodes?user_id=u';

describe('authentication', () => {
  let v1Key: string;
  let b2cKey: string;
  before(async () => {
    v1Key = (await newTenant('v1')).apiKey;
    b2cKey = (await newTenant('b2c')).apiKey;
  });
  after(cleanupTenants);

  describe('v1 set (X-API-Key)', () => {
    it('no key: 401 UNAUTHORIZED', async () => {
      const r = await call('GET', V1_ROUTE);
      expect(r.status).to.equal(401);
      expect(r.body.error.code).to.equal('UNAUTHORIZED');
      expect(r.body.error.message).to.match(/X-API-Key/);
    });

    it('malformed key: 401 UNAUTHORIZED', async () => {
      const r = await call('GET', V1_ROUTE, { headers: v1('not-a-key') });
      expect(r.status).to.equal(401);
      expect(r.body.error).to.deep.equal({ code: 'UNAUTHORIZED', message: 'The API key is malformed.' });
    });

    it('unknown well-formed key: 401 UNAUTHORIZED', async () => {
      const r = await call('GET', V1_ROUTE, { headers: v1(generateKey('v1').key) });
      expect(r.status).to.equal(401);
      expect(r.body.error).to.deep.equal({ code: 'UNAUTHORIZED', message: 'The API key is not recognised.' });
    });

    it('a b2c key is refused exactly like an unknown key', async () => {
      const unknown = await call('GET', V1_ROUTE, { headers: v1(generateKey('v1').key) });
      const r = await call('GET', V1_ROUTE, { headers: v1(b2cKey) });
      expect(r.status).to.equal(401);
      expect(r.body).to.deep.equal(unknown.body);
    });

    it('the key in Authorization: Bearer is not accepted on v1 (spec 5.1)', async () => {
      const r = await call('GET', V1_ROUTE, { headers: bearer(v1Key) });
      expect(r.status).to.equal(401);
    });

    it('a valid key passes', async () => {
      const r = await call('GET', V1_ROUTE, { headers: v1(v1Key) });
      expect(r.status).to.equal(200);
      expect(r.headers.get('x-trial-days-remaining')).to.equal(null); // not a trial tenant
    });
  });

  describe('b2c set (Bearer or X-API-Key)', () => {
    it('no key: 401 with a sentence and no code', async () => {
      const r = await call('POST', '/api/b2c/memory/retrieve', { body: { user_id: 'u', query: 'q' } });
      expect(r.status).to.equal(401);
      expect(Object.keys(r.body)).to.deep.equal(['error']);
      expect(r.body.error)
        .to.be.a('string')
        .and.match(/Bearer/);
    });

    it('unknown key and v1 key: the same 401 sentence without a code', async () => {
      const unknown = await call('GET', B2C_ROUTE, { headers: bearer(generateKey('b2c').key) });
      const crossed = await call('GET', B2C_ROUTE, { headers: bearer(v1Key) });
      const crossedHeader = await call('GET', B2C_ROUTE, { headers: v1(v1Key) });
      for (const r of [unknown, crossed, crossedHeader]) {
        expect(r.status).to.equal(401);
        expect(r.body).to.deep.equal({ error: 'The API key is not recognised.' });
      }
    });

    it('a b2c key passes in either header', async () => {
      for (const headers of [bearer(b2cKey), v1(b2cKey), { Authorization: `bearer ${b2cKey}` }]) {
        const r = await call('GET', B2C_ROUTE, { headers });
        expect(r.status, JSON.stringify(headers)).to.not.be.oneOf([401, 403]);
        expect(r.headers.get('x-ratelimit-limit')).to.not.equal(null);
      }
    });

    it('answers unknown routes in the b2c format', async () => {
      const r = await call('GET', '/api/b2c/memory/no-such-route', { headers: bearer(b2cKey) });
      expect(r.status).to.equal(404);
      expect(r.body.code).to.equal('NOT_FOUND');
      expect(r.body.error).to.be.a('string');
    });
  });

  describe('revocation and standing', () => {
    it('a revoked key is refused at once', async () => {
      const t = await newTenant('v1');
      expect((await call('GET', V1_ROUTE, { headers: v1(t.apiKey) })).status).to.equal(200);
      const revoke = await call('DELETE', `/admin/keys/${t.keyId}`, { headers: admin });
      expect(revoke.status).to.equal(200);
      expect(revoke.body.status).to.equal('revoked');
      const r = await call('GET', V1_ROUTE, { headers: v1(t.apiKey) });
      expect(r.status).to.equal(401);
    });

    it('an expired trial: 403 FORBIDDEN naming the end date, still with the trial header', async () => {
      const t = await newTenant('v1', 'trial');
      const ended = new Date(Date.now() - 86_400_000).toISOString();
      const patch = await call('PATCH', `/admin/tenants/${t.tenantId}`, { headers: admin, body: { trial_ends: ended } });
      expect(patch.status).to.equal(200);
      const r = await call('GET', V1_ROUTE, { headers: v1(t.apiKey) });
      expect(r.status).to.equal(403);
      expect(r.body.error.code).to.equal('FORBIDDEN');
      expect(r.body.error.message).to.include(ended.slice(0, 10));
      expect(r.headers.get('x-trial-days-remaining')).to.equal('0');
    });

    it('a trial tenant gets X-Trial-Days-Remaining on every response, errors included', async () => {
      const t = await newTenant('v1', 'trial');
      const ok = await call('GET', V1_ROUTE, { headers: v1(t.apiKey) });
      expect(ok.headers.get('x-trial-days-remaining')).to.equal('30');
      const missing = await call('GET', `/api/v1/nodes/${randomUUID()}`, { headers: v1(t.apiKey) });
      expect(missing.status).to.equal(404);
      expect(missing.headers.get('x-trial-days-remaining')).to.equal('30');
    });

    it('a suspended tenant: 403 FORBIDDEN', async () => {
      const t = await newTenant('v1');
      await call('PATCH', `/admin/tenants/${t.tenantId}`, { headers: admin, body: { status: 'suspended' } });
      const r = await call('GET', V1_ROUTE, { headers: v1(t.apiKey) });
      expect(r.status).to.equal(403);
      expect(r.body.error.message).to.match(/suspended/);
    });
  });
});
