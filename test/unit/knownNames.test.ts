// A question's names are found with an index compiled for the entities that may occur in it (mayBeNamedIn), not for
// all those a retrieval read: on generated texts and entities, both find exactly the same names at the same places.
import { expect } from 'chai';
import fc from 'fast-check';
import { knownIndex, knownSpecs, mayBeNamedIn } from '../../src/ingest/analysis/names.js';
import type { KnownEntity } from '../../src/ingest/analysis/types.js';

const NAMES = [
  'Vera',
  'Vera Ivanova',
  'Jo',
  'Ana',
  'Anna',
  'Ekström',
  'Zoë',
  'Σοφία',
  'Mel',
  'Melanie',
  "O'Brien",
  'Mary-Ann',
  'İlkay',
  'Sam',
  'Will',
  'Biscuit',
];
const WORDS = [
  'my',
  'with',
  'did',
  'go',
  'to',
  'said',
  'and',
  'journey',
  'samba',
  'anna',
  'VERA',
  "vera's",
  'ſam',
  'ekström',
  'ZOË',
  'σοφίας',
  'mel!',
  'mary-ann?',
  'o’brien',
  'will',
  'biscuit',
];

const entity: fc.Arbitrary<KnownEntity> = fc.record({
  id: fc.uuid(),
  name: fc.constantFrom(...NAMES),
  kind: fc.constantFrom('person', 'self', 'pet', 'place'),
  relation: fc.constant(null),
  aliases: fc.array(fc.constantFrom(...NAMES, 'mom', 'best friend'), { maxLength: 2 }),
  gravity: fc.double({ min: 0, max: 1, noNaN: true }),
}) as fc.Arbitrary<KnownEntity>;

const text = fc
  .array(
    fc.oneof(
      fc.constantFrom(...WORDS),
      fc.constantFrom(...NAMES),
      fc.constantFrom(...NAMES).map((n) => n.toUpperCase()),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((ws) => ws.join(' '));

describe('known names in a question', () => {
  it('are found with the index of the entities that may occur in it exactly as with the index of all of them', () => {
    fc.assert(
      fc.property(text, fc.array(entity, { maxLength: 8 }), (t, known) => {
        const all = knownSpecs(t, knownIndex(known));
        const some = knownSpecs(t, knownIndex(mayBeNamedIn(t, known)));
        expect(some.map((s) => [s.start, s.end, s.knownId])).to.deep.equal(all.map((s) => [s.start, s.end, s.knownId]));
      }),
      { seed: 20261127, numRuns: 2000 },
    );
  });

  it('leaves out the entities none of whose names occurs, keeping names outside ASCII', () => {
    const known = [
      { id: 'a', name: 'Vera', kind: 'person', relation: null, aliases: [], gravity: 0.5 },
      { id: 'b', name: 'Tom', kind: 'person', relation: null, aliases: ['Tommy'], gravity: 0.5 },
      { id: 'c', name: 'Zoë', kind: 'person', relation: null, aliases: [], gravity: 0.5 },
    ] as KnownEntity[];
    expect(mayBeNamedIn('What did VERA say?', known).map((k) => k.id)).to.deep.equal(['a', 'c']);
  });
});
