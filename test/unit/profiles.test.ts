// Profiles without a database: the presets honour their intents and the floors, clamping, and request validation.
import { expect } from 'chai';
import fc from 'fast-check';
import { validationError } from '../../src/http/errors.js';
import { PutProfileRequest, toChanges } from '../../src/routes/v1/profile.js';
import { DEFAULT_DECAY, salienceAt, type DecayParams } from '../../src/salience/salience.js';
import { applyFloors, DEFAULT_PROFILE, FLOORS, PRESET_NAMES, PRESETS, RANGES, type Profile } from '../../src/tenants/profiles.js';

const DAY = 86_400_000;
const p = (name: (typeof PRESET_NAMES)[number]): Profile => PRESETS[name].profile;

/** Salience of a fresh 0.8 memory after `days` without relevance, under a profile's decay. */
const decayedAfter = (decay: DecayParams, days: number) =>
  salienceAt({ baseScore: 0.8, processingCount: 0, lastRelevantAt: 0, spike: 0, spikeAt: null, decayModifier: 1 }, decay, days * DAY);

function invalid(body: unknown): string {
  const r = PutProfileRequest.safeParse(body);
  expect(r.success, JSON.stringify(body)).to.equal(false);
  return validationError(r.error!, 'body', body).message;
}

describe('profiles', () => {
  describe('the default profile and the presets', () => {
    it('the default carries the spec defaults and DEFAULT_DECAY', () => {
      expect(DEFAULT_PROFILE).to.include({ preset: 'default', maxTokens: 6000, injectionThreshold: 0.25, crisisSensitivity: 'standard' });
      expect(DEFAULT_PROFILE.decay).to.deep.equal(DEFAULT_DECAY);
    });

    it('there are the 16 presets of spec 4.A, each named after itself with a one-sentence description', () => {
      expect(PRESET_NAMES).to.have.length(16);
      expect(Object.keys(PRESETS).sort()).to.deep.equal([...PRESET_NAMES].sort());
      for (const name of PRESET_NAMES) {
        expect(PRESETS[name].profile.preset).to.equal(name);
        expect(PRESETS[name].description, name).to.match(/^[A-Z][^.]*[^.]\.$/);
      }
    });

    it('every preset lies within the valid ranges and at or above every floor', () => {
      for (const name of PRESET_NAMES) {
        const flat = { ...p(name).decay, ...p(name) } as unknown as Record<string, number>;
        for (const [key, { min, max }] of Object.entries(RANGES)) expect(flat[key], `${name}.${key}`).to.be.within(min, max);
        for (const [key, floor] of Object.entries(FLOORS)) expect(flat[key], `${name}.${key}`).to.be.at.least(floor.value);
        expect(Number.isInteger(p(name).maxTokens)).to.equal(true);
        expect(applyFloors({ ...p(name).decay, injectionThreshold: p(name).injectionThreshold }).clamped, name).to.deep.equal([]);
      }
    });

    it('reflective: slower decay and a larger budget than the default', () => {
      expect(p('reflective').decay.baseRate).to.be.lessThan(DEFAULT_DECAY.baseRate);
      expect(p('reflective').maxTokens).to.be.greaterThan(DEFAULT_PROFILE.maxTokens);
      expect(decayedAfter(p('reflective').decay, 60)).to.be.greaterThan(decayedAfter(DEFAULT_DECAY, 60));
    });

    it('customer_service: faster decay, recency bias and a focused budget', () => {
      expect(p('customer_service').decay.baseRate).to.be.greaterThan(DEFAULT_DECAY.baseRate);
      expect(p('customer_service').maxTokens).to.be.lessThan(DEFAULT_PROFILE.maxTokens);
      expect(decayedAfter(p('customer_service').decay, 14)).to.be.lessThan(decayedAfter(DEFAULT_DECAY, 14));
    });

    it('education: processing history weighs more, so a worked-through memory outlasts a merely opened one by more', () => {
      const edu = p('education').decay;
      expect(edu.processingBoost).to.be.greaterThan(DEFAULT_DECAY.processingBoost);
      const worked = (d: DecayParams) =>
        salienceAt({ baseScore: 0.8, processingCount: 5, lastRelevantAt: 0, spike: 0, spikeAt: null, decayModifier: 1 }, d, 30 * DAY);
      expect(worked(edu) - decayedAfter(edu, 30)).to.be.greaterThan(worked(DEFAULT_DECAY) - decayedAfter(DEFAULT_DECAY, 30));
    });

    it('healthcare: higher residual floor, slower decay, crisis checks at high sensitivity', () => {
      const h = p('healthcare');
      expect(h.decay.residualFloor).to.be.greaterThan(DEFAULT_DECAY.residualFloor);
      expect(h.decay.baseRate).to.be.lessThan(DEFAULT_DECAY.baseRate);
      expect(h.crisisSensitivity).to.equal('high');
      expect(decayedAfter(h.decay, 365)).to.be.greaterThan(decayedAfter(DEFAULT_DECAY, 365));
    });

    it('sales: assertive framing and factual recall (contradictions flagged)', () => {
      expect(p('sales').framing).to.equal('assertive');
      expect(p('sales').contradictionFlagging).to.equal(true);
    });

    it('legal: minimal emotional weight, persistent facts, a low threshold that is still above the floor', () => {
      const l = p('legal');
      expect(l.emotionWeight).to.be.at.most(0.2);
      expect(l.decay.baseRate).to.be.lessThan(DEFAULT_DECAY.baseRate);
      expect(l.decay.residualFloor).to.be.greaterThan(DEFAULT_DECAY.residualFloor);
      expect(l.injectionThreshold).to.be.lessThan(DEFAULT_PROFILE.injectionThreshold).and.at.least(FLOORS.injectionThreshold.value);
      for (const name of PRESET_NAMES) if (name !== 'legal') expect(l.injectionThreshold, name).to.be.at.most(p(name).injectionThreshold);
    });
  });

  describe('governance floors', () => {
    it('are the spec threshold floor 0.10 and our floors for the decay parameters', () => {
      expect(FLOORS.injectionThreshold).to.include({ value: 0.1, field: 'injection_template.injection_threshold' });
      expect(FLOORS.baseRate).to.include({ value: 0.001, field: 'decay_profile.base_rate' });
      expect(FLOORS.processingBoost).to.include({ value: 0.1, field: 'decay_profile.processing_boost' });
      expect(FLOORS.residualFloor).to.include({ value: 0.05, field: 'decay_profile.residual_floor' });
    });

    it('clamp each value below its floor up to it and report it', () => {
      const requested = { baseRate: 0, processingBoost: 0.05, residualFloor: 0.01, injectionThreshold: 0.05, maxTokens: 100, emotionWeight: 0 };
      const { changes, clamped } = applyFloors(requested);
      expect(changes).to.deep.equal({
        baseRate: 0.001,
        processingBoost: 0.1,
        residualFloor: 0.05,
        injectionThreshold: 0.1,
        maxTokens: 100,
        emotionWeight: 0,
      });
      expect(clamped).to.deep.equal([
        { field: 'decay_profile.base_rate', requested: 0, applied: 0.001 },
        { field: 'decay_profile.processing_boost', requested: 0.05, applied: 0.1 },
        { field: 'decay_profile.residual_floor', requested: 0.01, applied: 0.05 },
        { field: 'injection_template.injection_threshold', requested: 0.05, applied: 0.1 },
      ]);
      expect(requested.baseRate, 'the input is not changed').to.equal(0);
    });

    it('leave values at or above a floor, and absent values, alone', () => {
      expect(applyFloors({ injectionThreshold: 0.1, residualFloor: 0.05 })).to.deep.equal({
        changes: { injectionThreshold: 0.1, residualFloor: 0.05 },
        clamped: [],
      });
      expect(applyFloors({})).to.deep.equal({ changes: {}, clamped: [] });
    });

    it('hold for any value in range: the result is max(value, floor), and clamped lists exactly the raised ones', () => {
      const unit = fc.double({ min: 0, max: 1, noNaN: true });
      fc.assert(
        fc.property(unit, unit, unit, fc.double({ min: 0, max: 5, noNaN: true }), (baseRate, residualFloor, injectionThreshold, processingBoost) => {
          const req = { baseRate, residualFloor, injectionThreshold, processingBoost };
          const { changes, clamped } = applyFloors(req);
          for (const [key, floor] of Object.entries(FLOORS) as Array<[keyof typeof req, { value: number }]>) {
            expect(changes[key]).to.equal(Math.max(req[key], floor.value));
          }
          expect(clamped.length).to.equal(Object.entries(FLOORS).filter(([k, f]) => req[k as keyof typeof req] < f.value).length);
        }),
      );
    });
  });

  describe('PUT /profile request validation', () => {
    it('accepts a preset name, or updates of any subset (mapped to flat parameters)', () => {
      expect(PutProfileRequest.parse({ preset: 'legal' })).to.deep.equal({ preset: 'legal' });
      expect(PutProfileRequest.parse({ preset: 'default' })).to.deep.equal({ preset: 'default' });
      const u = PutProfileRequest.parse({ updates: { decay_profile: { base_rate: 0.02 }, injection_template: { max_tokens: 3000 } } });
      expect(toChanges(u.updates!)).to.deep.equal({ baseRate: 0.02, maxTokens: 3000 });
      const all = PutProfileRequest.parse({
        updates: {
          decay_profile: { base_rate: 0.5, processing_boost: 2, residual_floor: 0.3, spike_tau_days: 10 },
          injection_template: { max_tokens: 32000, injection_threshold: 0.05, framing: 'assertive' },
          scoring: { emotion_weight: 0, contradiction_flagging: true },
          safety: { crisis_sensitivity: 'high' },
        },
      });
      expect(Object.keys(toChanges(all.updates!))).to.have.length(10);
    });

    it('an unknown preset is refused, listing the valid names', () => {
      const msg = invalid({ preset: 'astrology' });
      expect(msg).to.match(/'preset'/);
      for (const name of PRESET_NAMES) expect(msg).to.include(name);
      expect(invalid({ preset: 'custom' })).to.match(/unknown preset/);
      expect(invalid({ preset: 7 })).to.match(/'preset'/);
    });

    it('exactly one of preset and updates', () => {
      expect(invalid({})).to.match(/exactly one of 'preset' and 'updates'/);
      expect(invalid({ preset: 'legal', updates: { injection_template: { max_tokens: 1000 } } })).to.match(/exactly one/);
      expect(invalid({ updates: {} })).to.match(/'updates': must change at least one parameter/);
      expect(invalid({ updates: { decay_profile: {} } })).to.match(/at least one parameter/);
    });

    it('values outside the valid range are refused naming the field', () => {
      const cases: Array<[unknown, string]> = [
        [{ decay_profile: { base_rate: -0.1 } }, 'updates.decay_profile.base_rate'],
        [{ decay_profile: { base_rate: 1.5 } }, 'updates.decay_profile.base_rate'],
        [{ decay_profile: { processing_boost: -1 } }, 'updates.decay_profile.processing_boost'],
        [{ decay_profile: { processing_boost: 6 } }, 'updates.decay_profile.processing_boost'],
        [{ decay_profile: { residual_floor: 1.01 } }, 'updates.decay_profile.residual_floor'],
        [{ decay_profile: { spike_tau_days: 0 } }, 'updates.decay_profile.spike_tau_days'],
        [{ injection_template: { injection_threshold: 2 } }, 'updates.injection_template.injection_threshold'],
        [{ injection_template: { injection_threshold: -0.01 } }, 'updates.injection_template.injection_threshold'],
        [{ injection_template: { max_tokens: 99 } }, 'updates.injection_template.max_tokens'],
        [{ injection_template: { max_tokens: 32001 } }, 'updates.injection_template.max_tokens'],
        [{ injection_template: { max_tokens: 1000.5 } }, 'updates.injection_template.max_tokens'],
        [{ injection_template: { max_tokens: Number.NaN } }, 'updates.injection_template.max_tokens'],
        [{ injection_template: { max_tokens: Number.POSITIVE_INFINITY } }, 'updates.injection_template.max_tokens'],
        [{ scoring: { emotion_weight: 1.2 } }, 'updates.scoring.emotion_weight'],
      ];
      for (const [updates, field] of cases) expect(invalid({ updates }), field).to.include(`'${field}'`);
    });

    it('wrong types are refused naming the field', () => {
      const cases: Array<[unknown, string]> = [
        [{ decay_profile: { base_rate: '0.1' } }, 'updates.decay_profile.base_rate'],
        [{ decay_profile: { base_rate: 'NaN' } }, 'updates.decay_profile.base_rate'],
        [{ decay_profile: { base_rate: null } }, 'updates.decay_profile.base_rate'],
        [{ injection_template: { max_tokens: [6000] } }, 'updates.injection_template.max_tokens'],
        [{ injection_template: { framing: 'shouty' } }, 'updates.injection_template.framing'],
        [{ scoring: { contradiction_flagging: 'yes' } }, 'updates.scoring.contradiction_flagging'],
        [{ safety: { crisis_sensitivity: 'off' } }, 'updates.safety.crisis_sensitivity'],
        [{ decay_profile: 0.1 }, 'updates.decay_profile'],
      ];
      for (const [updates, field] of cases) expect(invalid({ updates }), field).to.include(`'${field}'`);
      expect(invalid({ updates: 'everything' })).to.include("'updates': must be an object");
    });

    it('unknown keys are refused by name, at every level', () => {
      expect(invalid({ preset: 'legal', colour: 'blue' })).to.include("'body': unknown field 'colour'");
      expect(invalid({ updates: { decay: { base_rate: 0.1 } } })).to.include("'updates': unknown field 'decay'");
      expect(invalid({ updates: { decay_profile: { base_rat: 0.1 } } })).to.include("'updates.decay_profile': unknown field 'base_rat'");
      expect(invalid({ updates: { injection_template: { max_tokens: 100, tokens: 1 } } })).to.include("unknown field 'tokens'");
    });
  });
});
