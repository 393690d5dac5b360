import { expect } from 'chai';
import fc from 'fast-check';
import { detectCrisis, type CrisisCategory } from '../../src/safety/crisis.js';

const RUNS = 1000;

// Flagged at both sensitivities: explicit wording.
const STANDARD: [string, CrisisCategory[]][] = [
  ['I want to kill myself', ['suicide']],
  ["I'm going to end my life tonight", ['suicide']],
  ['I have been thinking about suicide a lot', ['suicide']],
  ['I feel suicidal', ['suicide']],
  ['honestly I just want to die', ['suicide']],
  ['I wanna die', ['suicide']],
  ['I wish I was dead', ['suicide']],
  ['I am better off dead', ['suicide']],
  ['I might take my own life', ['suicide']],
  ['my friend said she wants to kill herself', ['suicide']],
  ["I can't stop thinking about killing myself", ['suicide']],
  ['I don’t want to live anymore', ['suicide']],
  ["I've been cutting myself again", ['self_harm']],
  ['I want to hurt myself', ['self_harm']],
  ['I cut myself on my arm again', ['self_harm']],
  ['I hurt myself when I am sad', ['self_harm']],
  ['I keep harming myself when I feel like this', ['self_harm']],
  ['I started self-harming in college', ['self_harm']],
  ['he hits me when he drinks', ['abuse']],
  ['my husband beat me last night', ['abuse']],
  ['my stepdad still hits me', ['abuse']],
  ['I am being abused at home', ['abuse']],
  ['I was sexually assaulted last year', ['abuse']],
  ['he threatened to kill me', ['abuse']],
  ['call 911, my dad is not breathing', ['medical_emergency']],
  ['I think I am having a heart attack', ['medical_emergency']],
  ['I think she had a stroke', ['medical_emergency']],
  ["he's unconscious on the floor", ['medical_emergency']],
  ['she stopped breathing', ['medical_emergency']],
  ['my roommate overdosed', ['medical_emergency']],
  ['he took too many pills', ['medical_emergency']],
  ['my son is having a seizure', ['medical_emergency']],
  ['I want to kill myself because he hits me', ['suicide', 'abuse']],
];

// Flagged only at 'high' (the healthcare preset): softer wording.
const HIGH_ONLY: [string, CrisisCategory[]][] = [
  ["I don't see the point anymore", ['suicide']],
  ["I can't go on like this", ['suicide']],
  ['everyone would be better off without me', ['suicide']],
  ['nobody would miss me', ['suicide']],
  ["I'm so tired of living", ['suicide']],
  ["I hope I don't wake up tomorrow", ['suicide']],
  ['I keep punishing myself', ['self_harm']],
  ['he hurts me', ['abuse']],
  ['my boyfriend pushed me', ['abuse']],
  ["I'm scared to go home", ['abuse']],
  ['I have chest pain', ['medical_emergency']],
  ["I can't breathe", ['medical_emergency']],
  ['worried about an overdose', ['medical_emergency']],
  ['she passed out at work', ['medical_emergency']],
  ['his speech is slurred, slurred speech since noon', ['medical_emergency']],
];

// Flagged at neither: figures of speech, negations, accidents, other meanings.
const NEVER: string[] = [
  'this traffic is killing me',
  "I'd kill for a coffee",
  'we watched the suicide squad movie',
  'that was political suicide',
  'the coach made us run suicide sprints',
  "I don't want to die",
  "I'm not going to kill myself, don't worry",
  'I would never hurt myself',
  "I'm not suicidal",
  'I cut myself shaving',
  'I hurt myself at the gym',
  'I burned myself on the stove',
  'I cut myself on a piece of glass',
  'I hurt myself when I fell',
  "I'm killing myself at the gym this month",
  'he hits me up every weekend',
  'she beat me at chess',
  'my brother beat me to it',
  'he never hits me',
  'you nearly gave me a heart attack',
  'I almost had a heart attack when I saw the bill',
  'what a stroke of luck',
  'unconscious bias training',
  'the app is unresponsive',
  "I'm dying to see that film",
  "I'd rather die than wear that",
  "I'm choking up a bit",
  'I ran 10 kms today',
  "I don't see the point of this meeting",
  "I can't go on a trip this year",
  "I don't want to live in New York",
  'it hurts me to see that',
  'my mom pushed me to do better',
  'we had a lovely dinner',
];

describe('crisis detection', () => {
  describe('standard sensitivity flags explicit wording', () => {
    for (const [text, categories] of STANDARD) {
      it(`${JSON.stringify(text)} → ${categories.join(', ')}`, () => {
        expect(detectCrisis(text)).to.deep.equal({ crisisDetected: true, categories });
        expect(detectCrisis(text, 'high').categories).to.include.members(categories);
      });
    }
  });

  describe("'high' sensitivity also flags softer wording", () => {
    for (const [text, categories] of HIGH_ONLY) {
      it(`${JSON.stringify(text)} → ${categories.join(', ')} (high only)`, () => {
        expect(detectCrisis(text, 'standard')).to.deep.equal({ crisisDetected: false, categories: [] });
        expect(detectCrisis(text, 'high')).to.deep.equal({ crisisDetected: true, categories });
      });
    }
  });

  describe('figures of speech, negations and accidents flag at neither sensitivity', () => {
    for (const text of NEVER) {
      it(JSON.stringify(text), () => {
        expect(detectCrisis(text, 'standard').crisisDetected).to.equal(false);
        expect(detectCrisis(text, 'high').crisisDetected).to.equal(false);
      });
    }
  });

  it('defaults to standard and handles empty or odd input', () => {
    expect(detectCrisis("I can't go on")).to.deep.equal({ crisisDetected: false, categories: [] });
    expect(detectCrisis('')).to.deep.equal({ crisisDetected: false, categories: [] });
    expect(detectCrisis(undefined as unknown as string)).to.deep.equal({ crisisDetected: false, categories: [] });
  });

  it('finds a phrase anywhere in a long text, quickly', () => {
    const text = `${'we had a lovely dinner and talked about work. '.repeat(2000)}I want to end my life.`;
    const started = performance.now();
    const result = detectCrisis(text, 'high');
    const ms = performance.now() - started;
    console.log(`      ${text.length} characters in ${ms.toFixed(1)} ms`);
    expect(result.categories).to.deep.equal(['suicide']);
    expect(ms).to.be.below(2000); // generous for loaded machines
  });

  const phrase = fc.constantFrom(...STANDARD.map(([t]) => t), ...HIGH_ONLY.map(([t]) => t), ...NEVER);
  const filler = fc.constantFrom(
    'today',
    'and',
    'honestly',
    'we',
    'talked',
    'about',
    'work',
    'my',
    'sister',
    'the',
    'weather',
    'was',
    'nice',
    '.',
    ',',
  );
  const message = fc.array(fc.oneof(phrase, filler), { maxLength: 12 }).map((parts) => parts.join(' '));

  it(`'high' flags everything 'standard' flags, embedded in other text (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(message, (text) => {
        const standard = detectCrisis(text, 'standard');
        const high = detectCrisis(text, 'high');
        expect(high.categories, text).to.include.members(standard.categories);
        expect(standard.crisisDetected).to.equal(standard.categories.length > 0);
      }),
      { numRuns: RUNS },
    );
  });

  it(`an explicit phrase is still found with other sentences around it (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(
        fc.array(filler, { maxLength: 10 }),
        fc.constantFrom(...STANDARD),
        fc.array(filler, { maxLength: 10 }),
        (before, [text, categories], after) => {
          const result = detectCrisis(`${before.join(' ')}. ${text}. ${after.join(' ')}`);
          expect(result.categories).to.include.members(categories);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`never throws on random Unicode up to 10,000 characters (${RUNS / 5} cases per unit kind)`, () => {
    for (const unit of ['binary', 'grapheme', 'binary-ascii'] as const) {
      fc.assert(
        fc.property(
          fc.string({ unit, maxLength: 10_000, size: 'max' }),
          fc.constantFrom('standard', 'high') as fc.Arbitrary<'standard' | 'high'>,
          (text, sensitivity) => {
            const result = detectCrisis(text, sensitivity);
            expect(result.crisisDetected).to.equal(result.categories.length > 0);
          },
        ),
        { numRuns: RUNS / 5 },
      );
    }
  });
});
