import { expect } from 'chai';
import fc from 'fast-check';
import { entityNameSearch, escapeTerm, memoryTextSearch, messageTextSearch, searchableWords } from '../../src/retrieval/lucene.js';

/** Lucene classic syntax characters: in a built search each must be escaped, or be ours. */
const SPECIAL = '+-&|!(){}[]^"~*?:\\/';

/** The text with every escaped character removed: what Lucene's parser would read as syntax. */
const unescaped = (s: string) => s.replace(/\\./g, '');

describe('full-text searches (src/retrieval/lucene.ts)', () => {
  const owner = { tenantId: 't-1', userId: 'ana' };

  it('escapes every syntax character of a value, and nothing else', () => {
    expect(escapeTerm('a+b-c:d*e?f"g\\h/i(j)k[l]m{n}o^p~q!r&s|t')).to.equal(
      'a\\+b\\-c\\:d\\*e\\?f\\"g\\\\h\\/i\\(j\\)k\\[l\\]m\\{n\\}o\\^p\\~q\\!r\\&s\\|t',
    );
    expect(escapeTerm('plain words 42')).to.equal('plain words 42');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = unescaped(escapeTerm(s));
        for (const c of SPECIAL) expect(out.includes(c), `${JSON.stringify(s)} leaves ${c}`).to.equal(false);
      }),
      { seed: 20261126, numRuns: 500 },
    );
  });

  it('searches only lower-cased words of letters and digits, no English stop word, each once', () => {
    expect(searchableWords(['Tomatoes', 'AND', 'the', 'OR', 'NOT', 'balcony', 'balcony', 'user:*', '*', 'café', '42'])).to.deep.equal([
      'tomatoes',
      'balcony',
      'café',
      '42',
    ]);
    expect(memoryTextSearch(owner, ['the', 'and', '*:*'])).to.equal(null);
    expect(messageTextSearch(owner, [])).to.equal(null);
  });

  it("puts the owner's ids in as quoted phrases and the words as terms of the fields searched", () => {
    expect(memoryTextSearch(owner, ['Tomatoes', 'balcony'])).to.equal(
      '+tenantId:"t\\-1" +userId:"ana" +(topic:(tomatoes balcony) summary:(tomatoes balcony) broader:(tomatoes balcony)^0.5)',
    );
    expect(messageTextSearch(owner, ['cello'])).to.equal('+tenantId:"t\\-1" +userId:"ana" +text:(cello)');
  });

  it('counts the names of the people a question names at half weight in the search of messages, and only there', () => {
    expect(messageTextSearch(owner, ['Mel', 'pottery', 'bowls'], ['mel'])).to.equal('+tenantId:"t\\-1" +userId:"ana" +text:(mel^0.5 pottery bowls)');
    expect(messageTextSearch(owner, ['pottery'], ['mel'])).to.equal('+tenantId:"t\\-1" +userId:"ana" +text:(pottery)');
    expect(messageTextSearch(owner, ['mel'], ['mel'])).to.equal('+tenantId:"t\\-1" +userId:"ana" +text:(mel^0.5)');
    expect(memoryTextSearch(owner, ['mel'])).to.equal('+tenantId:"t\\-1" +userId:"ana" +(topic:(mel) summary:(mel) broader:(mel)^0.5)');
  });

  it('whatever the words and names of a search of messages, the only syntax left is ours', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.array(fc.string()), (words, names) => {
        const search = messageTextSearch(owner, [...words, ...names], names);
        if (search === null) return;
        const skeleton = unescaped(search)
          .replace(/"[^"]*"/g, '""')
          .replace(/\btext:\(([\p{L}\p{N} ]|\^0\.5)*\)/gu, 'text:()');
        expect(skeleton).to.equal('+tenantId:"" +userId:"" +text:()');
      }),
      { seed: 20261126, numRuns: 500 },
    );
  });

  it('whatever the ids and words, the only syntax left is ours', () => {
    const ours = (search: string) => unescaped(search).replace(/"[^"]*"/g, '""');
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.array(fc.string()), (tenantId, userId, words) => {
        const search = memoryTextSearch({ tenantId, userId }, words);
        if (search === null) return;
        // Outside the quoted owner phrases: the fixed skeleton and plain words only.
        const skeleton = ours(search).replace(/\b(topic|summary|broader):\(([\p{L}\p{N} ]*)\)/gu, '$1:()');
        expect(skeleton).to.equal('+tenantId:"" +userId:"" +(topic:() summary:() broader:()^0.5)');
      }),
      { seed: 20261126, numRuns: 500 },
    );
  });

  it("looks entities up by every run of letters and digits a question's words hold, joined as a name's word may be", () => {
    const terms = (q: string) => /\+\(name:\((.*)\) aliasText:/.exec(entityNameSearch(owner, q)!)![1]!.split(' ');
    expect(terms("did o'brien's niece call?")).to.have.members(['did', 'o', 'brien', 's', "o'brien", "brien's", "o'brien's", 'niece', 'call']);
    expect(terms('(dev) mary-ann')).to.have.members(['dev', 'mary', 'ann', 'mary\\-ann']);
    expect(entityNameSearch(owner, '? !! --')).to.equal(null);
    expect(entityNameSearch(owner, 'word '.repeat(10) + Array.from({ length: 500 }, (_, i) => `w${i}`).join(' '))).to.equal(null);
    expect(entityNameSearch(owner, 'where is vera')).to.equal('+tenantId:"t\\-1" +userId:"ana" +(name:(where is vera) aliasText:(where is vera))');
  });

  it('whatever the question, an entity search leaves no syntax but ours', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string({ unit: 'binary' }), (tenantId, userId, question) => {
        const search = entityNameSearch({ tenantId, userId }, question.toLowerCase());
        if (search === null) return;
        const skeleton = unescaped(search)
          .replace(/"[^"]*"/g, '""')
          .replace(/\b(name|aliasText):\(([^+\-&|!(){}[\]^"~*?:\\/]*)\)/g, '$1:()');
        expect(skeleton).to.equal('+tenantId:"" +userId:"" +(name:() aliasText:())');
      }),
      { seed: 20261127, numRuns: 1000 },
    );
  });
});
