// Salience has one definition, salienceAt() (src/salience/salience.ts); its Cypher forms are the scheduled job that
// materialises it (cypher/jobs/materialiseSalience.cypher) and retrieval's read of its candidates
// (cypher/queries/retrieval/candidateDetails.cypher), which leaves out what is below the threshold. On generated
// memories, partial nodes included, and generated decay parameters, both give exactly what the TypeScript computes
// at the same instant.
import { expect } from 'chai';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { query } from '../../src/graph/queries.js';
import { DEFAULT_JOB_SETTINGS, JOBS } from '../../src/jobs/jobs.js';
import { openJobGraph } from '../../src/jobs/registry.js';
import { salienceOfStored, type DecayParams } from '../../src/salience/salience.js';
import { testEnv } from '../helpers/env.js';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { cleanupTenants, newTenant } from '../helpers/http.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-01T12:00:00.000Z');

interface Row {
  id: string;
  baseScore: number | null;
  processingCount: number | null;
  spike: number | null;
  decayModifier: number | null;
  createdAt: string;
  lastRelevantAt: string | null;
  spikeAt: string | null;
}

/** A time from two years before NOW to a week after (a clock skewed ahead must not raise salience). */
const time = fc.integer({ min: NOW - 730 * DAY, max: NOW + 7 * DAY }).map((t) => new Date(t).toISOString());
const orNull = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null, freq: 6 });

const memory: fc.Arbitrary<Row> = fc.record({
  id: fc.constant('').map(() => randomUUID()),
  baseScore: orNull(fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: -0.5, max: 1.5, noNaN: true }))),
  processingCount: orNull(fc.integer({ min: -2, max: 500 })),
  spike: orNull(fc.oneof(fc.constant(0), fc.double({ min: -0.2, max: 1, noNaN: true }))),
  decayModifier: orNull(fc.oneof(fc.constant(0), fc.double({ min: 0.05, max: 4, noNaN: true }))),
  createdAt: time,
  lastRelevantAt: orNull(time),
  spikeAt: orNull(time),
});

const decay: fc.Arbitrary<DecayParams> = fc.record({
  baseRate: fc.double({ min: 0.001, max: 0.5, noNaN: true }),
  processingBoost: fc.double({ min: 0, max: 5, noNaN: true }),
  residualFloor: fc.double({ min: 0, max: 1, noNaN: true }),
  spikeTauDays: fc.double({ min: 1, max: 90, noNaN: true }),
});

describe('salience: the scheduled Cypher equals salienceAt()', function () {
  this.timeout(120_000);
  let tenantId: string;
  before(async () => {
    tenantId = (await newTenant('v1')).tenantId;
  });
  after(cleanupTenants);

  it('on generated memories and decay parameters, materialiseSalience stores what salienceOfStored() computes', async () => {
    const graph = await openJobGraph((await testEnv()).graph);
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(memory, { minLength: 10, maxLength: 60 }), decay, async (rows, params) => {
        await testWrite('salienceClear', { tenantId });
        await testWrite('salienceSeed', { tenantId, userId: 'gen', rows });
        await JOBS.materialiseSalience({
          graph,
          tenantId,
          now: new Date(NOW).toISOString(),
          params: { decay: params, injectionThreshold: 0.25 },
          settings: DEFAULT_JOB_SETTINGS,
        });
        const stored = new Map((await testRead<{ id: string; salience: number }>('salienceRead', { tenantId })).map((r) => [r.id, r.salience]));
        for (const r of rows) {
          const expected = salienceOfStored(r, params, NOW);
          expect(stored.get(r.id), JSON.stringify({ row: r, params })).to.equal(expected);
          compared++;
        }
      }),
      { seed: 20260601, numRuns: 30 },
    );
    expect(compared).to.be.at.least(300);
  });

  it("on the same memories, retrieval's read of its candidates computes what salienceOfStored() does, and keeps only those at or above the threshold", async () => {
    const { graph } = await testEnv();
    let compared = 0;
    let left = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(memory, { minLength: 10, maxLength: 60 }),
        decay,
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (rows, params, threshold) => {
          await testWrite('salienceClear', { tenantId });
          await testWrite('salienceSeed', { tenantId, userId: 'gen', rows });
          const read = await graph.read<{ memory: { id: string }; salience: number }>(query('retrieval/candidateDetails'), {
            tenantId,
            userId: 'gen',
            ids: rows.map((r) => r.id),
            now: NOW,
            threshold,
            ...params,
            quotes: false,
          });
          const salienceOf = new Map(read.map((r) => [r.memory.id, r.salience]));
          for (const r of rows) {
            const expected = salienceOfStored(r, params, NOW);
            if (expected >= threshold) expect(salienceOf.get(r.id), JSON.stringify({ row: r, params })).to.equal(expected);
            else {
              expect(salienceOf.has(r.id), JSON.stringify({ row: r, params, threshold })).to.equal(false);
              left++;
            }
            compared++;
          }
        },
      ),
      { seed: 20260602, numRuns: 30 },
    );
    expect(compared).to.be.at.least(300);
    expect(left, 'some generated memories fall below the threshold').to.be.greaterThan(20);
  });
});
