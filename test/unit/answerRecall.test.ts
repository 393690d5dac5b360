// The LoCoMo harness's answer recall (scripts/locomo/answers.ts): which words of a gold answer a returned text holds.
import { expect } from 'chai';
import { answerRecall, answerTerms } from '../../scripts/locomo/answers.js';

describe('LoCoMo answer recall', () => {
  it('a date matches in any written form, and only the same date', () => {
    for (const text of ['went (2023-05-07)', 'on 7 May 2023', 'on May 7th, 2023', 'the 7th of May 2023'])
      expect(answerRecall('7 May 2023', text), text).to.equal(1);
    expect(answerRecall('7 May 2023', 'on 8 May 2023')).to.equal(0);
    expect(answerRecall('7 May 2023', 'in May 2023')).to.equal(0);
  });

  it('a month or a year is found in any date within it', () => {
    expect(answerRecall('June 2023', '[2023-06-09] Jon: hi')).to.equal(1);
    expect(answerRecall('2022', 'adopted (in May 2022)')).to.equal(1);
    expect(answerRecall('June 2023', '[2023-07-09] Jon: hi')).to.equal(0);
  });

  it('counts content words, stemmed, with stop words out and small numbers as digits', () => {
    expect(answerTerms('The trumpet and the cello')).to.deep.equal(['trumpet', 'cello']);
    expect(answerRecall('trumpet and cello', 'She plays the cellos.')).to.equal(0.5);
    expect(answerRecall('Swimming, knitting', 'Priya swims; knitting circle')).to.equal(1);
    expect(answerRecall('two kids', 'She has 2 kids')).to.equal(1);
  });

  it('an answer with no content word is left out (null), not scored', () => {
    expect(answerRecall('No', 'anything')).to.equal(null);
  });
});
