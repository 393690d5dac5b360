import { expect } from 'chai';
import { analyse, best, Bm25Field, queryTerms, termCounts } from '../../src/retrieval/lexical.js';
import { PersonTexts, type HeldMessage } from '../../src/retrieval/personTexts.js';
import type { MemoryRecord } from '../../src/retrieval/workingSet.js';

function record(id: string, summary: string, over: { topic?: string; sources?: string[]; archived?: boolean; kind?: string } = {}): MemoryRecord {
  return {
    memory: {
      id,
      topic: over.topic ?? null,
      summary,
      name: null,
      kind: over.kind ?? null,
      relation: null,
      baseScore: 0.5,
      processingCount: 0,
      lastRelevantAt: null,
      createdAt: '2026-01-01T00:00:00Z',
      spike: null,
      spikeAt: null,
      decayModifier: null,
      pinned: null,
      categories: [],
      domain: null,
      eventDate: null,
      gravity: null,
      aliases: null,
      stage: null,
      archived: over.archived ?? false,
    },
    nodeKind: over.kind ? 'Entity' : 'Facet',
    ownerId: null,
    relatedIds: [],
    contradicts: [],
    sourceIds: over.sources ?? [],
  };
}

const message = (id: string, text: string, minute: number): HeldMessage => ({ id, eventMs: Date.UTC(2026, 0, 1) + minute * 60_000, counts: termCounts(text) });

describe('lexical search', () => {
  it("analyses words as Lucene's English analyser: possessives, case, stop words and stems", () => {
    expect(analyse("Maria's sister is RESEARCHING adoption agencies, and she doesn't stop")).to.deep.equal([
      'maria',
      'sister',
      'research',
      'adopt',
      'agenc',
      'she',
      "doesn't",
      'stop',
    ]);
    expect(analyse('It paid 1,000 dollars in 3.5 hours')).to.deep.equal(['paid', '1,000', 'dollar', '3.5', 'hour']);
    expect(termCounts('the and of')).to.equal(null);
    expect(queryTerms(['painting', 'paintings', 'the'])).to.deep.equal(['paint']);
  });

  it('ranks rarer terms higher and shorter texts higher for the same match (BM25)', () => {
    const docs = [
      'I went hiking with my dog in the hills',
      'My dog loves the beach',
      'The dog barked at the dog next door all night long while we tried to sleep',
      'We adopted a cat',
    ].map(termCounts);
    const field = new Bm25Field(docs);
    const scores = new Float64Array(docs.length);
    field.addScores(queryTerms(['dog', 'hiking']), scores);
    // "hiking" is rare, so the one text that has it comes first; then the shorter of the texts with "dog" alone.
    expect(best(scores, 10)).to.deep.equal([0, 1, 2]);
    // A text that matches nothing is not returned at all.
    expect(scores[3]).to.equal(0);
  });

  it('scores the same from its postings (built at the second query) as from its first scan', () => {
    const texts = ['We hiked up the hill with the dog', 'The dog sleeps', 'Hiking boots for hiking trips', null, 'A cat and a dog and another dog'];
    const field = new Bm25Field(texts.map((t) => termCounts(t)));
    const queries = [['dog', 'hike'], ['cat'], ['boot', 'trip', 'dog'], ['nothing']];
    const first = queries.map(() => new Float64Array(texts.length));
    field.addScores(queryTerms(queries[0]!), first[0]!, 0.5);
    const scanned = [...first[0]!];
    for (const [i, q] of queries.entries()) field.addScores(queryTerms(q), (first[i] = new Float64Array(texts.length)), 0.5);
    // The first call scanned; every later one (the same first query again among them) read postings.
    expect([...first[0]!]).to.deep.equal(scanned);
    const fresh = (q: string[]) => {
      const f = new Bm25Field(texts.map((t) => termCounts(t)));
      const out = new Float64Array(texts.length);
      f.addScores(queryTerms(q), out, 0.5);
      return [...out];
    };
    for (const [i, q] of queries.entries()) expect([...first[i]!], q.join(' ')).to.deep.equal(fresh(q));
    expect(best(first[2]!, 10)[0]).to.equal(2);
  });

  it('finds memories by topic or summary, leaving out archived ones and the self entity', () => {
    const texts = new PersonTexts(
      [
        record('f1', 'The user is allergic to peanuts.', { topic: 'food allergy' }),
        record('f2', 'Old note about peanuts.', { archived: true }),
        record('self', 'peanuts', { kind: 'self' }),
        record('f3', 'Training for a marathon in spring.', { topic: 'running' }),
      ],
      [],
    );
    expect(texts.memories(queryTerms(['peanut']), 10)).to.deep.equal(['f1']);
    expect(texts.memories(queryTerms(['allergies']), 10)).to.deep.equal(['f1']);
    expect(texts.memories(queryTerms(['ran', 'runs']), 10)).to.deep.equal(['f3']);
    expect(texts.memories([], 10)).to.deep.equal([]);
  });

  it('finds what was said, each message with the memories derived from it', () => {
    const texts = new PersonTexts(
      [record('m1', 'Adopted a grey cat named Pixel.', { sources: ['s2'] }), record('m2', 'Owns a cat.', { sources: ['s2'] }), record('m3', 'gone', { sources: ['s1'], archived: true })],
      [message('s1', 'How are your kids after the car accident?', 0), message('s2', 'We adopted a grey cat from the shelter', 1), message('s3', 'The weather is nice', 2)],
    );
    expect(texts.said(queryTerms(['accident']), 10)).to.deep.equal([{ messageId: 's1', ids: [] }]);
    expect(texts.said(queryTerms(['shelter', 'adoption']), 10)).to.deep.equal([{ messageId: 's2', ids: ['m1', 'm2'] }]);
  });

  it('the context of a match is the nearest message before and after it, within the window and never at the same instant', () => {
    const texts = new PersonTexts(
      [
        record('before', 'b', { sources: ['m0'] }),
        record('same', 's', { sources: ['m1b'] }),
        record('after', 'a', { sources: ['m2'] }),
        record('later', 'l', { sources: ['m3'] }),
        record('far', 'f', { sources: ['m4'] }),
      ],
      // Given out of time order: the timeline is the messages' own.
      [message('m3', 'x', 40), message('m1', 'question', 10), message('m1b', 'same instant', 10), message('m0', 'x', 5), message('m2', 'x', 30), message('m4', 'x', 200)],
    );
    expect(texts.context(['m1'], 60 * 60_000, 10)).to.have.members(['after', 'before']);
    // A window of 10 minutes reaches the message 5 minutes before, not the one 20 after.
    expect(texts.context(['m1'], 10 * 60_000, 10)).to.deep.equal(['before']);
    // A message 160 minutes after its neighbour is another conversation; unknown ids are ignored.
    expect(texts.context(['m4', 'unknown'], 60 * 60_000, 10)).to.deep.equal([]);
    // Memories of the better-ranked match come first, each once, and the limit holds.
    expect(texts.context(['m3', 'm1'], 60 * 60_000, 10)).to.deep.equal(['after', 'before']);
    expect(texts.context(['m3', 'm1'], 60 * 60_000, 1)).to.deep.equal(['after']);
  });

  it('the next version built from what changed answers exactly as one built afresh (memories, said, context)', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const words = ['peanut', 'hiking', 'alps', 'cello', 'berlin', 'marathon', 'dog', 'storm', 'bread', 'sister', 'paint', 'garden'];
    const sentence = () => Array.from({ length: 2 + Math.floor(rand() * 5) }, () => pick(words)).join(' ');
    const queries = [['peanut'], ['hiking', 'alps'], ['cello', 'berlin', 'dog'], ['garden', 'paint', 'sister', 'storm']];
    let time = 0;
    const messages = new Map<string, HeldMessage>();
    const say = () => {
      const id = `s${messages.size}`;
      messages.set(id, message(id, sentence(), (time += 1 + Math.floor(rand() * 3))));
      return id;
    };
    let records = new Map<string, MemoryRecord>();
    for (let i = 0; i < 40; i++) {
      const id = `m${i}`;
      records.set(id, record(id, sentence(), { topic: pick(words), sources: [i % 3 === 2 ? `s${messages.size - 1}` : say()] }));
    }
    let texts = new PersonTexts(records.values(), messages.values());
    let next = 40;
    for (let version = 0; version < 30; version++) {
      // Ask some versions more than once: the later ones then carry postings over instead of scanning.
      for (let k = 0; k < 1 + (version % 3); k++) texts.memories(queryTerms(pick(queries)), 10);
      texts.context([...messages.keys()].slice(0, 3), 60 * 60_000, 10);
      const earlier = records;
      records = new Map(records);
      const changed: string[] = [];
      for (let c = 0; c < 1 + Math.floor(rand() * 4); c++) {
        const roll = rand();
        const id = roll < 0.35 ? `m${next++}` : pick([...records.keys()]);
        const was = records.get(id);
        // Several memories come from one message: some take a message said already.
        const said = () => (rand() < 0.5 ? say() : pick([...messages.keys()]));
        const sources = roll < 0.35 ? [said()] : rand() < 0.5 ? [...new Set([...(was?.sourceIds ?? []), said()])] : (was?.sourceIds ?? []);
        if (roll < 0.1 && was) records.delete(id);
        else records.set(id, record(id, rand() < 0.7 ? sentence() : (was?.memory.summary ?? ''), { topic: pick(words), sources, archived: roll > 0.9, kind: roll > 0.97 ? 'self' : undefined }));
        changed.push(id);
      }
      // A message said earlier than the last one held, now and then: the timeline is sorted again.
      if (version % 7 === 3) messages.set(`late${version}`, message(`late${version}`, sentence(), 0));
      texts = texts.next(records, earlier, changed, [...messages.values()]);
      const fresh = new PersonTexts(records.values(), messages.values());
      for (const q of queries) {
        const terms = queryTerms(q);
        expect(texts.memories(terms, 50), `version ${version}: memories ${q}`).to.deep.equal(fresh.memories(terms, 50));
        expect(texts.said(terms, 50), `version ${version}: said ${q}`).to.deep.equal(fresh.said(terms, 50));
      }
      const hits = [...messages.keys()].filter((_, i) => i % 5 === 0);
      expect(texts.context(hits, 60 * 60_000, 50), `version ${version}: context`).to.deep.equal(fresh.context(hits, 60 * 60_000, 50));
      expect(texts.context(hits, 60 * 60_000, 50, 2), `version ${version}: context, two on each side`).to.deep.equal(fresh.context(hits, 60 * 60_000, 50, 2));
    }
  });

  it('reaches further messages on each side when asked, nearest first, within the window', () => {
    // A statement, a follow-up question that yielded nothing, the reply: the reply is two messages after the match.
    const texts = new PersonTexts(
      [
        record('earlier2', 'e2', { sources: ['m0'] }),
        record('earlier', 'e', { sources: ['m1'] }),
        record('picnic', 'p', { sources: ['m2'] }),
        record('reply', 'r', { sources: ['m4'] }),
        record('third', 't', { sources: ['m5'] }),
        record('far', 'f', { sources: ['m6'] }),
      ],
      [message('m0', 'x', 0), message('m1', 'x', 1), message('m2', 'picnic', 2), message('m3', 'what games?', 3), message('m4', 'charades', 4), message('m5', 'x', 5), message('m6', 'x', 200)],
    );
    // One on each side: the question after the match has no memories, so only the one before comes back.
    expect(texts.context(['m2'], 60 * 60_000, 10)).to.deep.equal(['earlier']);
    // Two on each side: the nearest pair first, then the next.
    expect(texts.context(['m2'], 60 * 60_000, 10, 2)).to.deep.equal(['earlier', 'reply', 'earlier2']);
    expect(texts.context(['m2'], 60 * 60_000, 10, 3)).to.deep.equal(['earlier', 'reply', 'earlier2', 'third']);
    // The window still bounds every step (the message 195 minutes later is another conversation), and a message
    // without memories counts as a step.
    expect(texts.context(['m5'], 60 * 60_000, 10, 3)).to.deep.equal(['reply', 'picnic']);
  });
});
