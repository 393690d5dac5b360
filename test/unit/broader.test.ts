import { expect } from 'chai';
import { broaderTerms } from '../../src/lexical/broader.js';
import { wordNetNouns } from '../../src/lexical/wordnet.js';

describe('broader terms (WordNet hypernyms)', () => {
  it("reads a noun's senses and their hypernyms from the installed dictionary", () => {
    const wn = wordNetNouns();
    const [first] = wn.senses('taekwondo');
    expect(first).to.be.a('number');
    const s = wn.synset(first!);
    expect(s.lemmas.map((l) => l.toLowerCase())).to.include('taekwondo');
    expect(s.hypernyms.flatMap((h) => wn.synset(h).lemmas)).to.include('martial_art');
    expect(wn.senses('qzxv')).to.deep.equal([]);
    // The first and last lemmas of the index are found too (the bisection's ends).
    expect(wn.senses('zymurgy').length).to.be.greaterThan(0);
  });

  it('finds a place by its kind and an activity by its class', () => {
    expect(broaderTerms('Last spring Dana spent two weeks in Portugal.')).to.include.members(['european', 'country']);
    expect(broaderTerms('Dana flew to Lisbon for a conference.')).to.include('city');
    expect(broaderTerms('Dana is doing taekwondo twice a week.')).to.include.members(['martial', 'art']);
    expect(broaderTerms('Dana went swimming after work.')).to.include.members(['sport', 'activity']);
  });

  it('reads plurals as their singular and collocations as one noun', () => {
    expect(broaderTerms('Dana bought new boots.')).to.include('footwear');
    expect(broaderTerms('Dana watched a horror film with the kids.')).to.include('child');
    // "martial arts" as a collocation: broader than martial art, not the arts of "art".
    expect(broaderTerms('Dana teaches martial arts.')).to.include('self-defense');
  });

  it('takes no common-noun sense of a capitalised name, and no person sense of a name', () => {
    // "tom" is a male cat, "john" a toilet, "John" a saint: none of them is what a name in a summary means.
    const t = broaderTerms('Tom and John met Grace at the station.');
    expect(t).to.not.include.members(['cat', 'toilet', 'apostle', 'saint']);
    expect(t).to.not.include('feline');
  });

  it("leaves out the text's own words and the top of the hierarchy, and is bounded", () => {
    const t = broaderTerms('Dana visited a city in Portugal.');
    expect(t).to.not.include('city'); // said already
    expect(t).to.not.include.members(['entity', 'abstraction', 'object', 'thing']);
    const long = broaderTerms('Dana likes painting, swimming, hiking, cooking, reading, gardening, cycling, knitting, fishing, dancing and chess.');
    expect(long.length).to.be.at.most(60);
    expect(broaderTerms('')).to.deep.equal([]);
    expect(broaderTerms('!!! ??? 123')).to.deep.equal([]);
  });

  it('is deterministic and fast once the index is read', () => {
    const text = 'Dana went camping by a lake with her sister and took her guitar.';
    expect(broaderTerms(text)).to.deep.equal(broaderTerms(text));
    const started = performance.now();
    for (let i = 0; i < 200; i++) broaderTerms(`${text} ${i}`);
    expect(performance.now() - started).to.be.below(2000);
  });
});
