import { expect } from 'chai';
import { DEFAULT_DECAY, salienceAt } from '../../src/salience/salience.js';

const DAY = 86_400_000;
const now = Date.parse('2026-01-31T00:00:00Z');
const base = { baseScore: 0.8, processingCount: 0, lastRelevantAt: now, spike: 0, spikeAt: null, decayModifier: 1 };

describe('salience', () => {
  it('equals the base score when fresh and decays towards the residual floor', () => {
    expect(salienceAt(base, DEFAULT_DECAY, now)).to.equal(0.8);
    const month = salienceAt({ ...base, lastRelevantAt: now - 30 * DAY }, DEFAULT_DECAY, now);
    const year = salienceAt({ ...base, lastRelevantAt: now - 365 * DAY }, DEFAULT_DECAY, now);
    expect(month).to.be.lessThan(0.8).and.greaterThan(year);
    expect(year).to.be.at.least(DEFAULT_DECAY.residualFloor * 0.8 - 0.001);
  });

  it('decays slower with processing history and with a lower decay modifier', () => {
    const old = { ...base, lastRelevantAt: now - 60 * DAY };
    expect(salienceAt({ ...old, processingCount: 10 }, DEFAULT_DECAY, now)).to.be.greaterThan(salienceAt(old, DEFAULT_DECAY, now));
    expect(salienceAt({ ...old, decayModifier: 0.5 }, DEFAULT_DECAY, now)).to.be.greaterThan(salienceAt(old, DEFAULT_DECAY, now));
  });

  it('adds a spike that fades, and stays within 0..1', () => {
    const old = { ...base, lastRelevantAt: now - 90 * DAY };
    const spiked = salienceAt({ ...old, spike: 0.3, spikeAt: now }, DEFAULT_DECAY, now);
    const faded = salienceAt({ ...old, spike: 0.3, spikeAt: now - 30 * DAY }, DEFAULT_DECAY, now);
    expect(spiked - salienceAt(old, DEFAULT_DECAY, now)).to.be.closeTo(0.3, 0.002);
    expect(faded).to.be.lessThan(spiked);
    expect(salienceAt({ ...base, baseScore: 1, spike: 1, spikeAt: now }, DEFAULT_DECAY, now)).to.equal(1);
    expect(salienceAt({ ...base, baseScore: Number.NaN }, DEFAULT_DECAY, now)).to.equal(0);
  });
});
