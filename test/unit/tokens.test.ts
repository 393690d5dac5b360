// Blocks are counted line by line (src/retrieval/tokens.ts): on generated multi-line texts, with the spaces, slashes,
// punctuation and letters around the breaks that decide where o200k's pieces end, the sum is the whole text's count.
import { expect } from 'chai';
import fc from 'fast-check';
import { countTokens as wholeCount } from 'gpt-tokenizer';
import { countTokens } from '../../src/retrieval/tokens.js';

const PARTS = [
  '- ',
  'Probably: ',
  'Sarah',
  ' loves',
  ' hiking',
  '.',
  '!',
  '"',
  ')',
  '/',
  '//',
  ' ',
  '  ',
  '\t',
  '\n',
  '\n\n',
  '\r\n',
  ' \n',
  '\n ',
  '12',
  '2023-05-07',
  'é',
  '東京',
  "'s",
  '…',
  ':',
  '-',
  'x/y',
];
const text = fc.array(fc.constantFrom(...PARTS), { maxLength: 40 }).map((ps) => ps.join(''));

describe('token counts', () => {
  it('count a text line by line exactly as o200k counts it whole', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(countTokens(t), JSON.stringify(t)).to.equal(wholeCount(t));
      }),
      { seed: 20261127, numRuns: 5000 },
    );
  });

  it('count a context block of many lines as a whole', () => {
    const block = [
      'What you know about this person:',
      ...Array.from({ length: 50 }, (_, i) => `- Probably: fact ${i} about /r/${i}.`),
      'Connections:',
      '- Sarah: a; b',
    ].join('\n');
    expect(countTokens(block)).to.equal(wholeCount(block));
  });
});
