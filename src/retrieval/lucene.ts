// A Lucene query built from a question's words: each term escaped, optional (OR), stop words dropped. The user's
// text never reaches the full-text engine as query syntax.
import { contentWords } from '../ingest/fingerprint.js';

const SPECIAL = /[+\-&|!(){}[\]^"~*?:\\/]/g;

export function escapeLucene(term: string): string {
  return term.replace(SPECIAL, (c) => `\\${c}`);
}

/** Up to `max` distinct terms, plus extra terms (entity names found by alias resolution). Empty when nothing is left. */
export function luceneQuery(text: string, extraTerms: string[] = [], max = 24): string {
  const terms = [...new Set([...contentWords(text), ...extraTerms.flatMap((t) => contentWords(t))])]
    .filter((t) => t.length <= 40)
    .slice(0, max);
  // Lucene's reserved words would be operators even when escaped character by character.
  return terms.map((t) => (/^(and|or|not|to)$/i.test(t) ? `"${t}"` : escapeLucene(t))).join(' OR ');
}
