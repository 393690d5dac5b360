// The words a question is searched by (src/retrieval/lexical.ts analyses them as it analysed the texts): its
// content words and the names of the entities it names, less the person's own names.
import { contentWords } from '../ingest/fingerprint.js';

/**
 * Up to `max` distinct words, plus extra terms (entity names found by alias resolution), less the words of
 * `leaveOut` (the person's own names: in their memory they tell nothing apart, and they match every message that
 * addresses them, "Great news, John!").
 */
export function searchWords(text: string, extraTerms: string[] = [], leaveOut: string[] = [], max = 24): string[] {
  const left = new Set(leaveOut.flatMap((t) => contentWords(t)));
  return [...new Set([...contentWords(text), ...extraTerms.flatMap((t) => contentWords(t))])].filter((t) => t.length <= 40 && !left.has(t)).slice(0, max);
}

interface NamedEntity {
  kind: string;
  name: string;
  aliases: string[];
}

/**
 * A question's search words: its words, plus the names of the entities it names, less the person's own names.
 * The self entity's name is a placeholder ("self"), never a term: as one it found "self-care" and "self-esteem".
 */
export function questionWords(text: string, named: NamedEntity[], known: NamedEntity[]): string[] {
  const others = named.filter((k) => k.kind !== 'self').map((k) => k.name);
  return searchWords(text, others, known.find((k) => k.kind === 'self')?.aliases ?? []);
}
