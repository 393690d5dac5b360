// v1 profiles on the real Neo4j: GET/PUT /profile, GET /profile/presets, floors, validation, isolation.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { DEFAULT_DECAY } from '../../src/salience/salience.js';
import { PRESET_NAMES, PRESETS, ProfileService } from '../../src/tenants/profiles.js';
import { testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const DEFAULT_BODY = {
  preset: 'default',
  decay_profile: {
    base_rate: DEFAULT_DECAY.baseRate,
    processing_boost: DEFAULT_DECAY.processingBoost,
    residual_floor: DEFAULT_DECAY.residualFloor,
    spike_tau_days: DEFAULT_DECAY.spikeTauDays,
  },
  injection_template: { max_tokens: 6000, injection_threshold: 0.25, framing: 'balanced' },
  scoring: { emotion_weight: 1, contradiction_flagging: false },
  safety: { crisis_sensitivity: 'standard' },
};

const getProfile = (key: string) => call('GET', '/api/v1/profile', { headers: v1(key) });
const putProfile = (key: string, body: unknown) => call('PUT', '/api/v1/profile', { headers: v1(key), body });

async function invalid(key: string, body: unknown): Promise<string> {
  const r = await putProfile(key, body);
  expect(r.status, r.text).to.equal(400);
  expect(r.body.error.code).to.equal('INVALID_REQUEST');
  return r.body.error.message;
}

describe('v1 profiles', () => {
  after(cleanupTenants);

  describe('GET /profile', () => {
    it('a new tenant has the default profile, and reading it writes nothing', async () => {
      const t = await newTenant();
      const r = await getProfile(t.apiKey);
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.deep.equal({ ...DEFAULT_BODY, updated_at: null });
      const [stored] = await testRead('tenantProfile', { tenantId: t.tenantId });
      expect(stored).to.include({ profiles: 0, byTenantId: 0 });
    });

    it('needs a key (401), and a b2c key does not reach it (401 like an unknown key)', async () => {
      const b2c = await newTenant('b2c');
      for (const [method, path] of [
        ['GET', '/api/v1/profile'],
        ['PUT', '/api/v1/profile'],
        ['GET', '/api/v1/profile/presets'],
      ] as const) {
        const none = await call(method, path, { body: method === 'PUT' ? { preset: 'legal' } : undefined });
        expect(none.status, `${method} ${path}`).to.equal(401);
        expect(none.body.error.code).to.equal('UNAUTHORIZED');
        for (const headers of [v1(b2c.apiKey), bearer(b2c.apiKey)]) {
          const r = await call(method, path, { headers, body: method === 'PUT' ? { preset: 'legal' } : undefined });
          expect(r.status, `${method} ${path} with a b2c key`).to.equal(401);
        }
      }
      const [stored] = await testRead('tenantProfile', { tenantId: b2c.tenantId });
      expect(stored.profiles).to.equal(0);
    });
  });

  describe('GET /profile/presets', () => {
    it('lists the 16 presets with descriptions and parameters, the default and the floors', async () => {
      const t = await newTenant();
      const r = await call('GET', '/api/v1/profile/presets', { headers: v1(t.apiKey) });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.presets.map((p: { name: string }) => p.name)).to.deep.equal([...PRESET_NAMES]);
      for (const p of r.body.presets) {
        expect(p.description).to.be.a('string').and.not.be.empty;
        expect(p.decay_profile).to.have.all.keys('base_rate', 'processing_boost', 'residual_floor', 'spike_tau_days');
        expect(p.injection_template).to.have.all.keys('max_tokens', 'injection_threshold', 'framing');
        expect(p.safety.crisis_sensitivity).to.be.oneOf(['standard', 'high']);
      }
      const { preset: _, ...defaults } = DEFAULT_BODY;
      expect(r.body.default).to.deep.include(defaults);
      expect(r.body.floors).to.deep.equal({
        'decay_profile.base_rate': { value: 0.001, prevents: r.body.floors['decay_profile.base_rate'].prevents },
        'decay_profile.processing_boost': { value: 0.1, prevents: r.body.floors['decay_profile.processing_boost'].prevents },
        'decay_profile.residual_floor': { value: 0.05, prevents: r.body.floors['decay_profile.residual_floor'].prevents },
        'injection_template.injection_threshold': { value: 0.1, prevents: r.body.floors['injection_template.injection_threshold'].prevents },
      });
    });
  });

  describe('PUT /profile with a preset', () => {
    it('each of the 16 presets applies and reads back', async () => {
      const t = await newTenant();
      const listed = (await call('GET', '/api/v1/profile/presets', { headers: v1(t.apiKey) })).body.presets as Array<Record<string, unknown>>;
      for (const name of PRESET_NAMES) {
        const put = await putProfile(t.apiKey, { preset: name });
        expect(put.status, put.text).to.equal(200);
        expect(put.body.preset).to.equal(name);
        expect(put.body.clamped).to.deep.equal([]);
        const got = await getProfile(t.apiKey);
        expect(got.status).to.equal(200);
        const { name: _n, description: _d, ...params } = listed.find((p) => p.name === name)!;
        expect(got.body).to.deep.include({ preset: name, ...params });
        expect(got.body.decay_profile.base_rate).to.equal(PRESETS[name].profile.decay.baseRate);
        expect(got.body.updated_at).to.be.a('string');
      }
      const [stored] = await testRead('tenantProfile', { tenantId: t.tenantId });
      expect(stored).to.deep.include({ profiles: 1, byTenantId: 1, presets: ['travel'], maxTokensTypes: ['INTEGER NOT NULL'] });
    });

    it("shows each preset's intent in its values", async () => {
      const t = await newTenant();
      const apply = async (preset: string) => (await putProfile(t.apiKey, { preset })).body;
      const d = DEFAULT_BODY;
      const healthcare = await apply('healthcare');
      expect(healthcare.decay_profile.residual_floor).to.be.greaterThan(d.decay_profile.residual_floor);
      expect(healthcare.decay_profile.base_rate).to.be.lessThan(d.decay_profile.base_rate);
      expect(healthcare.safety.crisis_sensitivity).to.equal('high');
      const cs = await apply('customer_service');
      expect(cs.injection_template.max_tokens).to.be.lessThan(d.injection_template.max_tokens);
      expect(cs.decay_profile.base_rate).to.be.greaterThan(d.decay_profile.base_rate);
      const reflective = await apply('reflective');
      expect(reflective.injection_template.max_tokens).to.be.greaterThan(d.injection_template.max_tokens);
      expect(reflective.decay_profile.base_rate).to.be.lessThan(d.decay_profile.base_rate);
      expect((await apply('education')).decay_profile.processing_boost).to.be.greaterThan(d.decay_profile.processing_boost);
      expect((await apply('sales')).injection_template.framing).to.equal('assertive');
      const legal = await apply('legal');
      expect(legal.scoring.emotion_weight).to.be.lessThan(d.scoring.emotion_weight);
      expect(legal.injection_template.injection_threshold).to.be.lessThan(d.injection_template.injection_threshold).and.at.least(0.1);
    });

    it("'default' returns to the defaults", async () => {
      const t = await newTenant();
      await putProfile(t.apiKey, { preset: 'healthcare' });
      const r = await putProfile(t.apiKey, { preset: 'default' });
      expect(r.status).to.equal(200);
      const { updated_at: _, clamped, ...body } = r.body;
      expect(body).to.deep.equal(DEFAULT_BODY);
      expect(clamped).to.deep.equal([]);
    });

    it('an unknown preset is a 400 that lists the valid names', async () => {
      const t = await newTenant();
      const msg = await invalid(t.apiKey, { preset: 'astrology' });
      expect(msg).to.match(/'preset'/);
      for (const name of PRESET_NAMES) expect(msg).to.include(name);
      await invalid(t.apiKey, { preset: 'custom' });
      await invalid(t.apiKey, { preset: '' });
    });
  });

  describe('PUT /profile with updates', () => {
    it('changes only the parameters sent; the preset becomes custom', async () => {
      const t = await newTenant();
      await putProfile(t.apiKey, { preset: 'legal' });
      const legal = (await getProfile(t.apiKey)).body;
      const r = await putProfile(t.apiKey, { updates: { decay_profile: { base_rate: 0.02 }, injection_template: { max_tokens: 3000 } } });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.clamped).to.deep.equal([]);
      const got = (await getProfile(t.apiKey)).body;
      expect(got.preset).to.equal('custom');
      expect(got.decay_profile).to.deep.equal({ ...legal.decay_profile, base_rate: 0.02 });
      expect(got.injection_template).to.deep.equal({ ...legal.injection_template, max_tokens: 3000 });
      expect(got.scoring).to.deep.equal(legal.scoring);
      expect(got.safety).to.deep.equal(legal.safety);
      const { clamped: _, ...putBody } = r.body;
      expect(putBody).to.deep.equal(got);
    });

    it('updates a tenant still on the default over the defaults, including our own parameters', async () => {
      const t = await newTenant();
      const r = await putProfile(t.apiKey, {
        updates: { scoring: { emotion_weight: 0.3, contradiction_flagging: true }, safety: { crisis_sensitivity: 'high' } },
      });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.deep.include({
        ...DEFAULT_BODY,
        preset: 'custom',
        scoring: { emotion_weight: 0.3, contradiction_flagging: true },
        safety: { crisis_sensitivity: 'high' },
      });
    });

    it('clamps each value below a floor up to it and reports every clamp', async () => {
      const t = await newTenant();
      const r = await putProfile(t.apiKey, {
        updates: {
          decay_profile: { base_rate: 0, processing_boost: 0.01, residual_floor: 0 },
          injection_template: { injection_threshold: 0.05, max_tokens: 100 },
        },
      });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.clamped).to.deep.equal([
        { field: 'decay_profile.base_rate', requested: 0, applied: 0.001 },
        { field: 'decay_profile.processing_boost', requested: 0.01, applied: 0.1 },
        { field: 'decay_profile.residual_floor', requested: 0, applied: 0.05 },
        { field: 'injection_template.injection_threshold', requested: 0.05, applied: 0.1 },
      ]);
      const got = (await getProfile(t.apiKey)).body;
      expect(got.decay_profile).to.include({ base_rate: 0.001, processing_boost: 0.1, residual_floor: 0.05 });
      expect(got.injection_template).to.include({ injection_threshold: 0.1, max_tokens: 100 });
    });

    it('reports only the clamped values; one at its floor is not clamped', async () => {
      const t = await newTenant();
      const r = await putProfile(t.apiKey, {
        updates: { injection_template: { injection_threshold: 0.1 }, decay_profile: { residual_floor: 0.01 } },
      });
      expect(r.status).to.equal(200);
      expect(r.body.clamped).to.deep.equal([{ field: 'decay_profile.residual_floor', requested: 0.01, applied: 0.05 }]);
    });

    it('400 for both or neither of preset and updates, and for empty updates', async () => {
      const t = await newTenant();
      expect(await invalid(t.apiKey, {})).to.match(/exactly one of 'preset' and 'updates'/);
      expect(await invalid(t.apiKey, { preset: 'legal', updates: { injection_template: { max_tokens: 1000 } } })).to.match(/exactly one/);
      expect(await invalid(t.apiKey, { updates: {} })).to.match(/'updates': must change at least one parameter/);
      const raw = await call('PUT', '/api/v1/profile', { headers: v1(t.apiKey), raw: { data: '[]', contentType: 'application/json' } });
      expect(raw.status).to.equal(400);
    });

    it('400 naming the field for out-of-range values, wrong types and unknown keys; nothing changes', async () => {
      const t = await newTenant();
      const cases: Array<[unknown, RegExp]> = [
        [{ decay_profile: { base_rate: -0.5 } }, /'updates\.decay_profile\.base_rate': must be a number from 0 to 1/],
        [{ decay_profile: { base_rate: 1.5 } }, /'updates\.decay_profile\.base_rate'/],
        [{ decay_profile: { processing_boost: -1 } }, /'updates\.decay_profile\.processing_boost'/],
        [{ decay_profile: { residual_floor: 2 } }, /'updates\.decay_profile\.residual_floor'/],
        [{ injection_template: { injection_threshold: 1.1 } }, /'updates\.injection_template\.injection_threshold'/],
        [{ injection_template: { max_tokens: 99 } }, /'updates\.injection_template\.max_tokens': must be an integer from 100 to 32000/],
        [{ injection_template: { max_tokens: 40000 } }, /'updates\.injection_template\.max_tokens'/],
        [{ injection_template: { max_tokens: 5000.5 } }, /'updates\.injection_template\.max_tokens'/],
        [{ decay_profile: { base_rate: 'NaN' } }, /'updates\.decay_profile\.base_rate'/],
        [{ decay_profile: { base_rate: null } }, /'updates\.decay_profile\.base_rate'/],
        [{ injection_template: { max_tokens: '6000' } }, /'updates\.injection_template\.max_tokens'/],
        [{ scoring: { contradiction_flagging: 1 } }, /'updates\.scoring\.contradiction_flagging'/],
        [{ decay_profile: { base_rate: 0.02, half_life: 3 } }, /'updates\.decay_profile': unknown field 'half_life'/],
        [{ injection_template: { max_tokens: 3000 }, colour: {} }, /'updates': unknown field 'colour'/],
      ];
      for (const [updates, message] of cases) expect(await invalid(t.apiKey, { updates }), JSON.stringify(updates)).to.match(message);
      expect(await invalid(t.apiKey, { preset: 'legal', extra: true })).to.match(/'body': unknown field 'extra'/);
      // 1e999 parses as Infinity: out of range.
      const inf = await call('PUT', '/api/v1/profile', {
        headers: v1(t.apiKey),
        raw: { data: '{"updates":{"injection_template":{"injection_threshold":1e999}}}', contentType: 'application/json' },
      });
      expect(inf.status).to.equal(400);
      expect(inf.body.error.message).to.match(/injection_threshold/);
      const got = (await getProfile(t.apiKey)).body;
      expect(got).to.deep.equal({ ...DEFAULT_BODY, updated_at: null });
    });
  });

  describe('isolation and the service', () => {
    it("one tenant's profile never affects another's", async () => {
      const a = await newTenant();
      const b = await newTenant();
      await putProfile(a.apiKey, { preset: 'healthcare' });
      await putProfile(a.apiKey, { updates: { injection_template: { max_tokens: 1234 } } });
      expect((await getProfile(b.apiKey)).body).to.deep.equal({ ...DEFAULT_BODY, updated_at: null });
      await putProfile(b.apiKey, { preset: 'gaming' });
      const gotA = (await getProfile(a.apiKey)).body;
      expect(gotA.preset).to.equal('custom');
      expect(gotA.injection_template.max_tokens).to.equal(1234);
      expect(gotA.safety.crisis_sensitivity).to.equal('high');
      expect((await getProfile(b.apiKey)).body.preset).to.equal('gaming');
    });

    it('caches per tenant: its own updates show at once, another process sees them within the TTL', async () => {
      const t = await newTenant();
      const { graph } = await testEnv();
      const here = new ProfileService(graph, 60_000);
      const elsewhere = new ProfileService(graph, 50);
      expect((await elsewhere.get(t.tenantId)).preset).to.equal('default');
      await here.applyPreset(t.tenantId, 'legal');
      expect((await here.get(t.tenantId)).preset).to.equal('legal');
      await new Promise((r) => setTimeout(r, 80));
      expect((await elsewhere.get(t.tenantId)).preset).to.equal('legal');
      const stale = new ProfileService(graph, 60_000);
      await stale.get(t.tenantId);
      await here.update(t.tenantId, { maxTokens: 4321 });
      expect((await here.get(t.tenantId)).maxTokens).to.equal(4321);
      expect((await stale.get(t.tenantId)).maxTokens, 'cached for its TTL').to.equal(PRESETS.legal.profile.maxTokens);
    });

    it('concurrent updates of different parameters both land, and there is one profile node', async () => {
      const t = await newTenant();
      const { graph } = await testEnv();
      const svc = new ProfileService(graph, 0);
      await Promise.all([
        svc.update(t.tenantId, { maxTokens: 2500 }),
        svc.update(t.tenantId, { baseRate: 0.05 }),
        svc.update(t.tenantId, { framing: 'assertive' }),
        svc.update(t.tenantId, { emotionWeight: 0.2 }),
      ]);
      const p = await svc.get(t.tenantId);
      expect(p).to.deep.include({ preset: 'custom', maxTokens: 2500, framing: 'assertive', emotionWeight: 0.2 });
      expect(p.decay.baseRate).to.equal(0.05);
      const [stored] = await testRead('tenantProfile', { tenantId: t.tenantId });
      expect(stored).to.include({ profiles: 1, byTenantId: 1 });
    });

    it('refuses to write a profile for a tenant that does not exist', async () => {
      const { graph } = await testEnv();
      const svc = new ProfileService(graph);
      const missing = randomUUID();
      try {
        await svc.applyPreset(missing, 'legal');
        expect.fail('should have thrown');
      } catch (err) {
        expect((err as { status?: number }).status).to.equal(404);
      }
      expect((await svc.get(missing)).preset).to.equal('default');
    });
  });
});
