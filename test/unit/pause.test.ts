// The pause the ingest worker and the eraser wait on between turns.
import { expect } from 'chai';
import { WakeablePause } from '../../src/ops/pause.js';

describe('WakeablePause', () => {
  it('ends after its time, or at once when woken (new work, or stopping)', async () => {
    const pause = new WakeablePause();
    let started = performance.now();
    await pause.sleep(20);
    expect(performance.now() - started).to.be.at.least(15);

    started = performance.now();
    const long = pause.sleep(60_000);
    setTimeout(() => pause.wake(), 5);
    await long;
    expect(performance.now() - started).to.be.below(5_000);
    pause.wake(); // nothing to end: harmless
  });
});
