// The words a question is searched by (src/retrieval/lexical.ts analyses them as it analysed the texts): its
// content words and the names of the entities it names, less the person's own names.
import { fingerprintWords } from '../text/words.js';

/**
 * Up to `max` distinct words, plus extra terms (entity names found by alias resolution), less the words of
 * `leaveOut` (the person's own names: in their memory they tell nothing apart, and they match every message that
 * addresses them, "Great news, John!").
 */
export function searchWords(text: string, extraTerms: string[] = [], leaveOut: string[] = [], max = 24): string[] {
  const left = new Set(leaveOut.flatMap((t) => fingerprintWords(t)));
  return [...new Set([...fingerprintWords(text), ...extraTerms.flatMap((t) => fingerprintWords(t))])]
    .filter((t) => t.length <= 40 && !left.has(t))
    .slice(0, max);
}

interface NamedEntity {
  kind: string;
  name: string;
  aliases: string[];
}

/**
 * A question's search words: its words, plus the names of the entities it names, less the person's own names and
 * the question's own words (QUESTION_WORDS). The self entity's name is a placeholder ("self"), never a term: as
 * one it found "self-care" and "self-esteem".
 */
export function questionWords(text: string, named: NamedEntity[], known: NamedEntity[]): string[] {
  const others = named.filter((k) => k.kind !== 'self').map((k) => k.name);
  const own = known.find((k) => k.kind === 'self')?.aliases ?? [];
  return searchWords(text, others, [...own, ...QUESTION_WORDS, ...THE_PERSON]);
}

/**
 * How memories name the person when no name is known, and every entity line names their relation to them ("Priya
 * (the user's friend)"): as a term, "user" ("What pet do the user and her partner have?") matched all of those.
 */
const THE_PERSON: readonly string[] = ['user'];

/**
 * The words that make a sentence a question, and its auxiliaries: as terms they match every memory saying "has",
 * "did" or "done" ("Which sports has Dana done?" ranked "Dana has done her taxes" above her sports). The English
 * analysis (src/retrieval/lexical.ts) drops only a few of them (is, are, was, will, be).
 */
export const QUESTION_WORDS: readonly string[] = (
  'what which who whom whose when where why how do does did done doing have has had having ' +
  'can could would should shall may might must am been being'
).split(' ');
