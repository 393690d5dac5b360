// Crisis detection follows the tenant profile: the healthcare preset flags softer wording too.
import { expect } from 'chai';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const SOFT = "Honestly I can't go on like this anymore.";

describe('crisis sensitivity by profile', () => {
  after(cleanupTenants);

  it('the default profile flags explicit wording only; the healthcare preset flags softer wording', async () => {
    const plain = await newTenant('v1', 'scale');
    const clinic = await newTenant('v1', 'scale');
    const preset = await call('PUT', '/api/v1/profile', { headers: v1(clinic.apiKey), body: { preset: 'healthcare' } });
    expect(preset.status, preset.text).to.equal(200);

    const a = await call('POST', '/api/v1/ingest', { headers: v1(plain.apiKey), body: { user_id: 'p', content: SOFT } });
    const b = await call('POST', '/api/v1/ingest', { headers: v1(clinic.apiKey), body: { user_id: 'p', content: SOFT } });
    expect(a.body.safety.crisis_detected).to.equal(false);
    expect(b.body.safety.crisis_detected).to.equal(true);

    const v2 = await call('POST', '/api/v1/ingest/v2', { headers: v1(clinic.apiKey), body: { user_id: 'p', speaker: 'user', message: SOFT } });
    expect(v2.body.safety.crisis_detected).to.equal(true);
    const explicit = await call('POST', '/api/v1/ingest/v2', {
      headers: v1(plain.apiKey),
      body: { user_id: 'p', speaker: 'user', message: 'I want to end my life.' },
    });
    expect(explicit.body.safety).to.deep.include({ crisis_detected: true });
    expect(explicit.body.safety.categories).to.include('suicide');
  });
});
