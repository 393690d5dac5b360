import { expect } from 'chai';
import { questionWords, searchWords } from '../../src/retrieval/questionTerms.js';
import { BROAD_ENTITY_FACTS, closeEnough, closeness, entitiesToExpand, finalScore, fusedScore, type Channel } from '../../src/retrieval/rank.js';
import { b2cBlock, confidenceOf, framingOf, itemLine, itemOf, queryLine, type RankedMemory } from '../../src/retrieval/render.js';
import { packWithin } from '../../src/retrieval/pack.js';
import { afterQuotes, compactQuote, quotesWithin, saysMore, speakerLabel } from '../../src/retrieval/quotes.js';
import { temporalFocus } from '../../src/retrieval/temporal.js';
import { diversifyBySource, dropNearDuplicates } from '../../src/retrieval/rank.js';
import { fingerprintWords as contentWords } from '../../src/text/words.js';

const mem = (over: Partial<RankedMemory>): RankedMemory => ({
  id: 'id',
  kind: 'facet',
  topic: 't',
  summary: 'The user likes tea.',
  date: '2025-01-01',
  salience: 0.6,
  pinned: false,
  standing: null,
  owner: null,
  related: [],
  contradicts: [],
  channels: ['fulltext', 'vector'],
  score: 1,
  framing: 'assert',
  ...over,
});

describe('retrieval parts', () => {
  it('moves a memory that repeats only messages already drawn on after those that bring a new one, dropping none', () => {
    const m = (id: string, sources: string[]) => ({ id, sources });
    const sorted = [
      m('fact-a', ['msg1']),
      m('interest-a', ['msg1']),
      m('fact-b', ['msg2']),
      m('entity', []),
      m('fact-ab', ['msg1', 'msg2']),
      m('fact-c', ['msg3', 'msg1']),
    ];
    const out = diversifyBySource(sorted).map((x) => x.id);
    // interest-a and fact-ab say again what fact-a and fact-b came from; fact-c brings msg3; an entity has no sources.
    expect(out).to.deep.equal(['fact-a', 'fact-b', 'entity', 'fact-c', 'interest-a', 'fact-ab']);
    expect(diversifyBySource([])).to.deep.equal([]);
  });

  it('ranks a memory of a message already drawn on that says more by half its score, and moves one that says nothing new to the end', () => {
    const m = (id: string, score: number, sources: string[], text: string) => ({ id, score, sources, words: new Set(contentWords(text)) });
    const sorted = [
      m('gig-went-well', 0.9, ['msg1'], 'Asked how the gig went, Tomasz answered: it went really well, the pub was packed'),
      m('opened-with', 0.8, ['msg1'], 'Tomasz opened with Goodbye Pork Pie Hat and Maggie played a piano intro'),
      m('other-a', 0.5, ['msg2'], 'Tomasz practises every night'),
      m('same-again', 0.45, ['msg1'], 'the gig went really well'),
      m('other-b', 0.3, ['msg3'], 'Tomasz sold the walnut sideboard'),
    ];
    // 0.8 counts 0.4: after other-a (0.5), before other-b (0.3); same-again says nothing the gig line did not.
    expect(diversifyBySource(sorted).map((x) => x.id)).to.deep.equal(['gig-went-well', 'other-a', 'opened-with', 'other-b', 'same-again']);
  });

  it('moves a memory whose message a line above quotes after the others', () => {
    const said = { speaker: 'Tomasz', text: 'It went really well! We opened with Goodbye Pork Pie Hat.' };
    const rows = [
      { ...mem({ id: 'quoted', said }), sources: ['msg1'] },
      { ...mem({ id: 'sibling' }), sources: ['msg1'] },
      { ...mem({ id: 'other' }), sources: ['msg2'] },
    ];
    const messageOf = new Map([['quoted', { id: 'msg1', text: said.text, speaker: 'user' as const, speakerName: 'Tomasz', saidAt: null }]]);
    expect(afterQuotes(rows, messageOf).map((x) => x.id)).to.deep.equal(['quoted', 'other', 'sibling']);
  });

  it('moves an entity that a memory ranked above it is about or names after the memories that bring something new', () => {
    const fact = (id: string, sources: string[], names: string[]) => ({ id, sources, names });
    const entity = (id: string, name: string) => ({ id, sources: [] as string[], entityName: name, names: [] as string[] });
    const sorted = [
      entity('sara-first', 'Sara'),
      fact('about-tom', ['msg1'], ['Tom']),
      entity('tom', 'tom'),
      fact('names-ann', ['msg2'], ['Ann']),
      entity('ann', 'Ann'),
      entity('bob', 'Bob'),
    ];
    // Sara comes before anything about her, so it stays; Tom and Ann were named above them (case aside); Bob was not.
    expect(diversifyBySource(sorted).map((x) => x.id)).to.deep.equal(['sara-first', 'about-tom', 'names-ann', 'bob', 'tom', 'ann']);
  });

  it("search words leave out the person's own names, and keep the names of others", () => {
    const terms = searchWords("What did John Smith tell Maria about John's sister?", ['Maria'], ['John Smith']);
    expect(terms).to.include.members(['maria', 'sister']);
    expect(terms).to.not.include.members(['john', 'smith']);
    expect(searchWords('John?', [], ['John'])).to.deep.equal([]);
    expect(searchWords('the a of')).to.deep.equal([]);
  });

  it('a question naming the person searches neither their name nor the self placeholder', () => {
    const self = { kind: 'self', name: 'self', aliases: ['Caroline'] };
    const melanie = { kind: 'person', name: 'Melanie', aliases: [] };
    const terms = questionWords('What did Caroline tell Melanie about her sister?', [self, melanie], [self, melanie]);
    expect(terms).to.include.members(['melanie', 'sister', 'tell']);
    expect(terms).to.not.include.members(['caroline', 'self']);
    // "the user" is how memories name a person without a name, and every entity line says "the user's …".
    const asked = questionWords('What sort of pet do the user and her partner have?', [], []);
    expect(asked).to.include.members(['pet', 'partner']);
    expect(asked).to.not.include('user');
  });

  it('a question searches neither its question words nor its auxiliaries', () => {
    const terms = questionWords('What martial arts has Dana done, and which ones did she like?', [], []);
    expect(terms).to.include.members(['martial', 'arts', 'dana', 'ones']);
    expect(terms).to.not.include.members(['what', 'has', 'done', 'which', 'did']);
    // A question of nothing but such words searches nothing (recency and the vectors answer it).
    expect(questionWords('What have you done?', [], [])).to.deep.equal([]);
  });

  it('expands only small named entities: never the person themself, never someone discussed at length', () => {
    const named = [
      { id: 'self', kind: 'self', facets: 3 },
      { id: 'tom', kind: 'person', facets: 5 },
      { id: 'melanie', kind: 'person', facets: BROAD_ENTITY_FACTS + 1 },
      { id: 'acme', kind: 'organization', facets: BROAD_ENTITY_FACTS },
    ];
    expect(entitiesToExpand(named)).to.deep.equal(['tom', 'acme']);
    const base = { salience: 0.5, gravity: 0.5, hasEventDate: false };
    expect(finalScore(1, { ...base, aboutNamed: true }, false)).to.be.greaterThan(finalScore(1, base, false));
  });

  it('a fact the person said is over ranks below the same match that is not', () => {
    const base = { salience: 0.6, gravity: 0.5, hasEventDate: false };
    expect(finalScore(1, { ...base, former: true }, false)).to.be.lessThan(finalScore(1, base, false));
  });

  it('what the question matched comes before identity lines, even matched tenth by its words alone', () => {
    const matched = fusedScore(new Map<Channel, number>([['fulltext', 9]]));
    const identity = fusedScore(new Map<Channel, number>([['identity', 0]]));
    const weigh = (rrf: number, salience: number) => finalScore(rrf, { salience, gravity: 0.5, hasEventDate: false }, false);
    expect(weigh(matched, 0.4)).to.be.greaterThan(weigh(identity, 0.95));
  });

  it('a question naming someone puts their memories before better-matching ones about anyone else', () => {
    // About the named person, fifth in both lexical channels; about someone else, first in both and more salient.
    const theirs = fusedScore(
      new Map<Channel, number>([
        ['fulltext', 4],
        ['said', 4],
      ]),
    );
    const others = fusedScore(
      new Map<Channel, number>([
        ['fulltext', 0],
        ['said', 0],
      ]),
    );
    const weigh = (rrf: number, salience: number, aboutNamed: boolean) =>
      finalScore(rrf, { salience, gravity: 0.5, hasEventDate: false, aboutNamed }, false);
    expect(weigh(theirs, 0.5, true)).to.be.greaterThan(weigh(others, 0.6, false));
  });

  it('the vector channel votes by closeness of meaning: a clear semantic winner outranks a salient identity line', () => {
    // The answer to a paraphrased question: first by cosine (0.78), in no other channel, low salience.
    const answer = fusedScore(new Map<Channel, number>([['vector', 0]]), closeness(0.78, 0.78));
    // An identity line: fourth by cosine (0.62), first of the identity channel, high salience.
    const identity = fusedScore(
      new Map<Channel, number>([
        ['vector', 3],
        ['identity', 0],
      ]),
      closeness(0.62, 0.78),
    );
    const weigh = (rrf: number, salience: number) => finalScore(rrf, { salience, gravity: 0.5, hasEventDate: false }, false);
    expect(weigh(answer, 0.35)).to.be.greaterThan(weigh(identity, 0.95));
    // Near ties are left to the other channels and salience: a cosine 0.01 lower keeps most of its vote.
    expect(closeness(0.77, 0.78)).to.be.within(0.9, 0.91);
    // A question with several answers gives each a vote, not only the nearest: 0.08 lower keeps almost half.
    expect(closeness(0.7, 0.78)).to.be.within(0.44, 0.46);
    // Without a closeness (keyword mode), the vector rank votes as any channel.
    expect(fusedScore(new Map<Channel, number>([['vector', 0]]))).to.be.closeTo(fusedScore(new Map<Channel, number>([['fulltext', 0]])) * 0.9, 1e-12);
    expect(closeEnough(closeness(0.7, 0.78))).to.equal(false);
    expect(closeEnough(closeness(0.76, 0.78))).to.equal(true);
  });

  it('framing: standing facts assert, weakly matched ones are hedged, faint ones are hooks', () => {
    expect(framingOf(mem({ standing: 'constraint', salience: 0.3, channels: [] }), false)).to.equal('assert');
    // One the person said is over no longer stands.
    expect(framingOf(mem({ standing: 'former', salience: 0.25, channels: [] }), false)).to.equal('hook');
    expect(framingOf(mem({ salience: 0.6, channels: ['fulltext', 'vector'] }), false)).to.equal('assert');
    expect(framingOf(mem({ salience: 0.4, channels: ['fulltext'] }), false)).to.equal('hedged');
    expect(framingOf(mem({ salience: 0.2, channels: ['recent'] }), false)).to.equal('hook');
    expect(framingOf(mem({ salience: 0.4, channels: ['recent'] }), true)).to.equal('assert');
  });

  it('confidence follows how much of the answer matched the question', () => {
    expect(confidenceOf([])).to.equal('NONE');
    expect(confidenceOf([mem({ channels: ['recent'] })])).to.equal('LOW');
    expect(confidenceOf([mem({ channels: ['fulltext'] })])).to.equal('MEDIUM');
    expect(confidenceOf([mem({}), mem({}), mem({})])).to.equal('HIGH');
  });

  it('b2c states sure items plainly and words the rest as something to check', () => {
    const block = b2cBlock([mem({ summary: 'Leo is allergic to dairy.' }), mem({ summary: 'Leo may like trains.', framing: 'hedged' })]);
    expect(block).to.match(/^What you know about the user:\n- Leo is allergic to dairy\./);
    expect(block).to.match(/check or ask before relying on it:\n- Check: Leo may like trains\./);
  });

  it('v1 items carry exactly the four spec fields', () => {
    expect(itemOf(mem({}))).to.deep.equal({ node_id: 'id', about: 't', sentence: 'The user likes tea.', date: '2025-01-01' });
    // A closing "(on <the item's date>)" is said once, by the date; another date, or a week or month, stays.
    expect(itemOf(mem({ summary: 'Ann went to a support group (on 2025-01-01).' })).sentence).to.equal('Ann went to a support group.');
    expect(itemOf(mem({ summary: 'Ann went to a support group (on 2024-12-31).' })).sentence).to.equal(
      'Ann went to a support group (on 2024-12-31).',
    );
    expect(itemOf(mem({ summary: 'Ann went camping (week of 2025-01-01).' })).sentence).to.equal('Ann went camping (week of 2025-01-01).');
    expect(itemLine(mem({ summary: 'Ann went to a support group (on 2025-01-01).' }))).to.equal('t: Ann went to a support group. (2025-01-01)');
  });

  it('temporal questions resolve a date range around what they name', () => {
    const now = new Date('2024-06-15T12:00:00Z');
    expect(temporalFocus('When did we move?', now)).to.deep.equal({ asksWhen: true, range: null });
    const lastMonth = temporalFocus('what did I do last month', now);
    expect(lastMonth.range!.from <= '2024-05-01' && lastMonth.range!.to >= '2024-05-31').to.equal(true);
    expect(temporalFocus('I like tea', now).asksWhen).to.equal(false);
    const lastSummer = temporalFocus('what did we do last summer?', now);
    expect(lastSummer.range!.from <= '2023-06-01' && lastSummer.range!.to >= '2023-08-31' && lastSummer.range!.to < '2023-10-01').to.equal(true);
  });

  it('near-duplicates keep the better-ranked one', () => {
    const kept = dropNearDuplicates([{ text: 'user loves hiking Alps' }, { text: 'User loves hiking in the Alps!' }, { text: 'user bakes bread' }]);
    expect(kept.map((k) => k.text)).to.deep.equal(['user loves hiking Alps', 'user bakes bread']);
  });

  it("near-duplicates: words worked out before are the text's words, and are what is compared", () => {
    const texts = ['user loves hiking Alps', 'User loves hiking in the Alps!', 'user bakes bread'];
    const given = texts.map((text) => ({ text, words: new Set(contentWords(text)) }));
    expect(dropNearDuplicates(given).map((k) => k.text)).to.deep.equal(dropNearDuplicates(texts.map((text) => ({ text }))).map((k) => k.text));
    // Told the second's words are the third's: the second is kept, and the third is its duplicate.
    given[1]!.words = new Set(contentWords(texts[2]!));
    expect(dropNearDuplicates(given).map((k) => k.text)).to.deep.equal(texts.slice(0, 2));
  });

  it('near-duplicates: the same answer as comparing every pair (the indexed version compares only texts sharing words)', () => {
    // The definition: keep an item unless its content words overlap a kept item's by Jaccard >= 0.8.
    const pairwise = (items: Array<{ text: string }>) => {
      const kept: Array<{ text: string; words: Set<string> }> = [];
      for (const item of items) {
        const words = new Set(contentWords(item.text));
        const dup = kept.some((k) => {
          const inter = [...words].filter((w) => k.words.has(w)).length;
          const union = new Set([...words, ...k.words]).size;
          return union > 0 && inter / union >= 0.8;
        });
        if (!dup) kept.push({ text: item.text, words });
      }
      return kept.map((k) => k.text);
    };
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const vocabulary = ['hiking', 'alps', 'sarah', 'peanuts', 'allergic', 'berlin', 'marathon', 'cello', 'tuesday', 'dog', 'storms', 'bread'];
    for (let round = 0; round < 50; round++) {
      const items = Array.from({ length: 60 }, () => ({
        text: ['user', ...Array.from({ length: 1 + Math.floor(next() * 5) }, () => vocabulary[Math.floor(next() * vocabulary.length)])].join(' '),
      }));
      items.push({ text: '' }, { text: 'the a' });
      expect(dropNearDuplicates(items).map((k) => k.text)).to.deep.equal(pairwise(items));
    }
  });
});

describe('memories with the words they came from', () => {
  const said = { speaker: 'Caroline', text: 'Margherita, obviously! Fresh basil and buffalo mozzarella.' };

  it('quotes a message only when it says two words or more that the memory does not', () => {
    const memory = { topic: 'favourite pizza', summary: 'The user likes margherita pizza.' };
    expect(saysMore(said.text, memory)).to.equal(true);
    expect(saysMore('I really like margherita pizza.', memory)).to.equal(false);
    // Word forms count as the same word.
    expect(saysMore('I carry an EpiPen.', { topic: 'EpiPen', summary: 'The user carries an EpiPen.' })).to.equal(false);
  });

  it('leaves thanks, support, wishes and feelings about the listener out of a quote, as extraction does', () => {
    expect(
      compactQuote('Thanks for always being on my side! We finally moved to the farm near Ghent. Wishing you the best with the exams!'),
    ).to.equal('We finally moved to the farm near Ghent.');
    expect(compactQuote("I'm so proud of you for finishing the course. My sister starts hers in May.")).to.equal('My sister starts hers in May.');
  });

  it('names who said it: the person by name, else the user; the assistant; someone else', () => {
    expect(speakerLabel('user', 'Caroline')).to.equal('Caroline');
    expect(speakerLabel('user', null)).to.equal('The user');
    expect(speakerLabel('assistant', 'Bot')).to.equal('The assistant');
    expect(speakerLabel('other', null)).to.equal('Someone else');
  });

  it('every renderer states the quote in place of the summary, dated', () => {
    const m = mem({ said, framing: 'hedged' });
    expect(itemOf(m).sentence).to.equal('Caroline said: "Margherita, obviously! Fresh basil and buffalo mozzarella."');
    expect(queryLine(m)).to.equal('- Probably: Caroline said: "Margherita, obviously! Fresh basil and buffalo mozzarella." (2025-01-01)');
    expect(b2cBlock([m])).to.include('- Check: Caroline said: "Margherita');
  });

  it('packs quotes for the best-ranked memories only, one per hundred tokens of budget beyond the first thousand', () => {
    const ranking = Array.from({ length: 60 }, (_, i) => mem({ id: `m${i}`, said }));
    // A small budget holds a line for as many memories as it can: no quotes.
    const small = packWithin(ranking, 500, itemLine, '');
    expect(quotesWithin(500)).to.equal(0);
    expect(small.memories.some((m) => m.said)).to.equal(false);
    expect(small.tokens).to.be.at.most(500);
    const medium = packWithin(ranking, 1500, itemLine, '');
    expect(medium.memories.filter((m) => m.said))
      .to.have.length(quotesWithin(1500))
      .and.to.have.length(5);
    expect(medium.memories.slice(0, 5).every((m) => m.said)).to.equal(true);
    expect(medium.memories.slice(5).some((m) => m.said)).to.equal(false);
    expect(medium.tokens).to.be.at.most(1500);
    // The ranking itself keeps its quotes for a larger budget.
    expect(ranking.every((m) => m.said)).to.equal(true);
    expect(packWithin(ranking, 6000, itemLine, '').memories.filter((m) => m.said)).to.have.length(50);
  });

  it("a quote keeps the sentences that state something, in the speaker's words", () => {
    expect(compactQuote("Thanks, Priya! That's so sweet of you. I finally ran the Lisbon half marathon in two hours. How was your week?")).to.equal(
      'I finally ran the Lisbon half marathon in two hours.',
    );
    // What the speaker showed stays with what they said about it.
    expect(compactQuote("That's amazing! Here is the quilt I made for my niece. [shares a photo: a patchwork quilt with red squares]")).to.equal(
      'Here is the quilt I made for my niece. [shares a photo: a patchwork quilt with red squares]',
    );
    // Nothing but courtesy: the message as it was, rather than nothing.
    expect(compactQuote('Thanks so much, Priya!')).to.equal('Thanks so much, Priya!');
  });
});
