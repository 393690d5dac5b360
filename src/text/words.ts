// Words of a text: the one tokenizer of the write path, retrieval, the embedder, the fingerprint and the tools.
// Words are runs of letters and digits, lower-cased. Its options are the differences that matter on purpose:
//   apostrophes 'keep'   the analysis keeps "don't", "I'm" and "Sam's" whole: negation, the first person and
//                        possession are what it reads;
//               'split'  split there like at any other mark ("don't" → "don", "t"): the fingerprint, the tools;
//               'drop'   joined ("don't" → "dont"), as people also type them: the hashing embedder;
//   fold        'case'        lower case only, word by word ("İ" stays in its word);
//               'compatible'  lower case, then Unicode compatibility forms folded ("ﬁ" → "fi"): the fingerprint;
//               'accents'     compatibility forms and accents folded ("café" → "cafe"), then lower case: the embedder.
// The fingerprint's and the embedder's forms are frozen (what they produce is stored; see ./stopWords.ts).
import { FILLER_WORDS, FINGERPRINT_STOP_WORDS, STOP_WORDS } from './stopWords.js';

export interface WordOptions {
  apostrophes?: 'keep' | 'split' | 'drop';
  fold?: 'case' | 'compatible' | 'accents';
  /** At most this many words (bounds the work for a very long text). */
  limit?: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
/** A word with its inner apostrophes and what follows them ("don't", "rock'n'roll"). */
const WORD_WITH_APOSTROPHES = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const APOSTROPHES = /['’‘`]/g;

export function words(text: string, o: WordOptions = {}): string[] {
  const fold = o.fold ?? 'case';
  let prepared = text;
  if (fold === 'compatible') prepared = text.toLowerCase().normalize('NFKC');
  else if (fold === 'accents')
    prepared = text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
  if (o.apostrophes === 'drop') prepared = prepared.replace(APOSTROPHES, '');
  let out: string[] = prepared.match(o.apostrophes === 'keep' ? WORD_WITH_APOSTROPHES : WORD) ?? [];
  if (o.limit !== undefined) out = out.slice(0, o.limit);
  if (fold === 'case') out = out.map((w) => w.toLowerCase());
  return o.apostrophes === 'keep' ? out.map((w) => w.replace(/’/g, "'")) : out;
}

/** The analysis's words: lower case, apostrophes kept and straightened; `[REDACTED:kind]` gives "redacted" and the kind. */
export function analysisWords(text: string): string[] {
  return words(text, { apostrophes: 'keep' });
}

/** The analysis's content words: neither stop words nor fillers, and nothing of a `[REDACTED:kind]` marker. */
export function contentWords(text: string): string[] {
  return analysisWords(text.replace(/\[REDACTED:[^\]]*\]/g, ' ')).filter((w) => !STOP_WORDS.has(w) && !FILLER_WORDS.has(w));
}

/** Frozen: the words a fact's fingerprint is made of (and its key words): no single letters, no stop words. */
export function fingerprintWords(text: string): string[] {
  return words(text, { apostrophes: 'split', fold: 'compatible' }).filter((w) => (w.length > 1 || /\d/.test(w)) && !FINGERPRINT_STOP_WORDS.has(w));
}
