// Full-text searches for Neo4j's Lucene indexes (memory_search_en, message_text_en). The only syntax in them is
// ours: every value (the owner's ids, the question's words) goes in escaped, as a term or a quoted phrase, so
// nothing a person or an app writes can become a Lucene operator.
import type { Owner } from '../memory/person.js';
import { allMatches } from '../text/matches.js';
import { LUCENE_ENGLISH_STOP_WORDS } from '../text/stopWords.js';

/** Lucene's classic query syntax characters, and the boolean words (lower-cased values never spell them). */
const SPECIAL = /[+\-&|!(){}[\]^"~*?:\\/]/g;

/** A value as Lucene reads data: its syntax characters escaped. */
export function escapeTerm(value: string): string {
  return value.replace(SPECIAL, (c) => `\\${c}`);
}

/** A value as one quoted phrase of a field: what the index analysed it into, in order. */
const phrase = (field: string, value: string) => `${field}:"${escapeTerm(value)}"`;

/** The person's documents only (the query re-checks the owner exactly: a phrase matches analysed tokens). */
const ownerClauses = (o: Owner) => `+${phrase('tenantId', o.tenantId)} +${phrase('userId', o.userId)}`;

/** Words a search can use: lower-cased letters and digits, no English stop word (it would match nothing). */
export function searchableWords(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    const word = w.normalize('NFKC').toLowerCase();
    if (/^[\p{L}\p{N}]+$/u.test(word) && !LUCENE_ENGLISH_STOP_WORDS.has(word)) out.add(word);
  }
  return [...out];
}

/** How much a match on a memory's broader words counts beside a match on its own words. */
const BROADER_BOOST = 0.5;

/**
 * Memories of the person whose topic, summary or broader words (these counting half) hold any of the words; null
 * when no word is searchable.
 */
export function memoryTextSearch(owner: Owner, words: readonly string[]): string | null {
  const terms = searchableWords(words).map(escapeTerm).join(' ');
  if (!terms) return null;
  return `${ownerClauses(owner)} +(topic:(${terms}) summary:(${terms}) broader:(${terms})^${BROADER_BOOST})`;
}

/**
 * How much a name the question uses counts in the search of messages beside its other words. In what people say a
 * name is mostly how they address the one they talk to ("Thanks, Mel!"), and the index's statistics are taken over
 * everyone's messages, among which a person's name is rare: at full weight it outweighed the question's other words.
 */
export const NAME_IN_MESSAGES_BOOST = 0.5;

/**
 * Messages of the person that hold any of the words, those among `names` (the names of the people the question
 * names) counting NAME_IN_MESSAGES_BOOST; null when no word is searchable.
 */
export function messageTextSearch(owner: Owner, words: readonly string[], names: readonly string[] = []): string | null {
  const isName = new Set(searchableWords(names));
  const terms = searchableWords(words)
    .map((w) => (isName.has(w) ? `${escapeTerm(w)}^${NAME_IN_MESSAGES_BOOST}` : escapeTerm(w)))
    .join(' ');
  if (!terms) return null;
  return `${ownerClauses(owner)} +text:(${terms})`;
}

/** Beyond this many words a question's entities are read by comparing each of them (two fields a term, and Lucene allows 1,024 clauses). */
const NAME_SEARCH_TERMS = 400;
/** Letters and digits joined by "'", "." or "_" make one word for the index ("o'brien"): words of up to this many such parts are searched. */
const NAME_PARTS = 6;

/** Runs of letters and digits as names are bounded in text (src/ingest/analysis/names.ts), and with their marks as the index reads them. */
const RUNS = [/[\p{L}\p{N}]+/gu, /[\p{L}\p{N}\p{M}]+/gu];

/**
 * The person's entities whose name or aliases hold a word of `question` (lower-cased), as the index read them; null
 * when the question has no word or too many. A name the question holds is bounded by characters other than letters
 * and digits, so each of its words is a run of letters and digits, or of those joined by "'", "." or "_", within one
 * of the question's space-separated words: every such run is a term ("o'brien's" gives o, brien, s, o'brien, brien's
 * and o'brien's). The query then checks the names exactly.
 */
export function entityNameSearch(owner: Owner, question: string): string | null {
  const terms = new Set<string>();
  for (const chunk of question.toLowerCase().split(/\s+/))
    for (const run of RUNS) {
      const parts = allMatches(run, chunk);
      for (let i = 0; i < parts.length; i++)
        for (let j = i; j < Math.min(parts.length, i + NAME_PARTS); j++)
          terms.add(chunk.slice(parts[i]!.index, parts[j]!.index + parts[j]![0].length));
    }
  if (!terms.size || terms.size > NAME_SEARCH_TERMS) return null;
  const words = [...terms].map(escapeTerm).join(' ');
  return `${ownerClauses(owner)} +(name:(${words}) aliasText:(${words}))`;
}
