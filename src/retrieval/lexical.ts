// Lexical search over one person's texts, in process: BM25 as Lucene scores it (k1 1.2, b 0.75, Lucene's idf),
// over words analysed as Lucene's English analyser does (possessive 's dropped, lower case, its English stop words,
// Porter stems: a question about "research" finds "researching"). It replaced the Neo4j full-text indexes at read
// time, which were most of a retrieval's time (two index queries and a neighbour query, about 11 ms of 14 in Neo4j
// at 5,000 memories: bench/RESULTS.md). The statistics are the person's own (Lucene's were the whole index's, every
// tenant's), so one person's words never weigh on another's ranking.
import { stemmer } from 'stemmer';

/** Lucene's EnglishAnalyzer.ENGLISH_STOP_WORDS_SET. */
const STOP = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(' '),
);
/** Words, with inner apostrophes ("don't") and digit groups ("3.5", "1,000") kept whole, as Lucene's tokenizer does. */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+|(?<=\p{N})[.,]\p{N}+)*/gu;
const POSSESSIVE = /['’]s$/;

/** Stems of words seen, bounded: the vocabulary of everyone held is large but repeats. */
const stems = new Map<string, string>();
const MAX_STEMS = 100_000;

function stemOf(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = stemmer(word);
    if (stems.size >= MAX_STEMS) stems.clear();
    stems.set(word, s);
  }
  return s;
}

/** The terms a text is searched by, in order, repeats kept. */
export function analyse(text: string): string[] {
  const out: string[] = [];
  for (const [raw] of text.normalize('NFKC').matchAll(WORD)) {
    const word = raw.replace(POSSESSIVE, '').toLowerCase();
    if (word && !STOP.has(word)) out.push(stemOf(word));
  }
  return out;
}

/** A text as BM25 reads it: how often each term occurs, and how many terms it has. */
export interface TermCounts {
  readonly tf: ReadonlyMap<string, number>;
  readonly length: number;
}

/** Null when nothing searchable is left (no text, or only stop words): such a text is not in the field. */
export function termCounts(text: string | null | undefined): TermCounts | null {
  if (!text) return null;
  const terms = analyse(text);
  if (terms.length === 0) return null;
  const tf = new Map<string, number>();
  for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  return { tf, length: terms.length };
}

/** The distinct terms of a question's words (each analysed as the texts were). */
export function queryTerms(words: string[]): string[] {
  return [...new Set(words.flatMap((w) => analyse(w)))];
}

const K1 = 1.2;
const B = 0.75;

/**
 * One field of many documents (null where a document has none), with its statistics. Its first query scans the
 * documents; a second builds postings (term → documents), which later queries read. A person's field lives for one
 * memory version: right after a write it is often asked once, and building postings then would cost more than the
 * scan; a person asked about repeatedly gets the index. The next version's field (`next`) keeps the positions and
 * reads the earlier postings, scanning only the documents changed since, so a conversation, which asks once per
 * version, does not scan every document at every turn.
 */
export class Bm25Field {
  private readonly docCount: number;
  private readonly avgLength: number;
  private queries = 0;
  /** Term → [document position, term frequency, …]. */
  private postings?: Map<string, number[]>;
  /** An earlier version's postings, and the positions changed or added since (theirs are not in them). */
  private inherited?: { postings: Map<string, number[]>; changed: ReadonlySet<number> };

  constructor(private readonly docs: ReadonlyArray<TermCounts | null>) {
    let count = 0;
    let total = 0;
    for (const d of docs) {
      if (!d) continue;
      count++;
      total += d.length;
    }
    this.docCount = count;
    this.avgLength = count ? total / count : 1;
  }

  /** The field with some documents replaced (null: gone) and some appended; the others keep their positions. */
  next(replaced: ReadonlyMap<number, TermCounts | null>, appended: ReadonlyArray<TermCounts | null>): Bm25Field {
    const docs = [...this.docs, ...appended];
    for (const [i, d] of replaced) docs[i] = d;
    const field = new Bm25Field(docs);
    field.queries = this.queries;
    const postings = this.postings ?? this.inherited?.postings;
    if (postings) {
      const changed = new Set(this.postings ? [] : this.inherited!.changed);
      for (const i of replaced.keys()) changed.add(i);
      for (let i = this.docs.length; i < docs.length; i++) changed.add(i);
      // Past an eighth of the documents, a scan (and at the next query, new postings) costs less than the patching.
      if (changed.size <= docs.length / 8) field.inherited = { postings, changed };
    }
    return field;
  }

  /**
   * Adds each document's BM25 score for the terms into `scores` (by document position), as a disjunction does:
   * the matching terms' scores summed, times `weight` (a field that counts less than the others: a Lucene boost).
   */
  addScores(terms: readonly string[], scores: Float64Array, weight = 1): void {
    if (this.docCount === 0 || terms.length === 0) return;
    for (const found of this.matches(terms)) {
      const df = found.length / 2;
      if (df === 0) continue;
      const termWeight = weight * Math.log(1 + (this.docCount - df + 0.5) / (df + 0.5));
      for (let h = 0; h < found.length; h += 2) {
        const i = found[h]!;
        const f = found[h + 1]!;
        const norm = K1 * (1 - B + (B * this.docs[i]!.length) / this.avgLength);
        scores[i]! += (termWeight * f) / (f + norm);
      }
    }
  }

  /** Each term's matches, [position, frequency, …]. */
  private matches(terms: readonly string[]): number[][] {
    ++this.queries;
    if (!this.postings && this.inherited) {
      const { postings, changed } = this.inherited;
      const hits = this.scan(terms, changed);
      terms.forEach((t, k) => {
        const list = postings.get(t) ?? [];
        for (let h = 0; h < list.length; h += 2) if (!changed.has(list[h]!)) hits[k]!.push(list[h]!, list[h + 1]!);
      });
      return hits;
    }
    if (this.postings || this.queries > 1) return terms.map((t) => this.postingsOf().get(t) ?? []);
    return this.scan(terms);
  }

  /** Each term's matches among the documents at `positions` (all of them by default), from one pass. */
  private scan(terms: readonly string[], positions?: Iterable<number>): number[][] {
    const hits: number[][] = terms.map(() => []);
    const visit = (i: number) => {
      const d = this.docs[i];
      if (!d) return;
      for (let t = 0; t < terms.length; t++) {
        const f = d.tf.get(terms[t]!);
        if (f) hits[t]!.push(i, f);
      }
    };
    if (positions) for (const i of positions) visit(i);
    else for (let i = 0; i < this.docs.length; i++) visit(i);
    return hits;
  }

  private postingsOf(): Map<string, number[]> {
    if (!this.postings) {
      const postings = new Map<string, number[]>();
      for (let i = 0; i < this.docs.length; i++) {
        const d = this.docs[i];
        if (!d) continue;
        for (const [term, f] of d.tf) {
          const list = postings.get(term);
          if (list) list.push(i, f);
          else postings.set(term, [i, f]);
        }
      }
      this.postings = postings;
      this.inherited = undefined;
    }
    return this.postings;
  }
}

/** Positions of the best `limit` positive scores, best first; ties keep position order. */
export function best(scores: Float64Array, limit: number): number[] {
  const matched: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i]! > 0) matched.push(i);
  matched.sort((a, b) => scores[b]! - scores[a]! || a - b);
  return matched.slice(0, limit);
}
