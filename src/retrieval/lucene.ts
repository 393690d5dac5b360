// A Lucene query built from a question's words: each term escaped, optional (OR), stop words dropped. The user's
// text never reaches the full-text engine as query syntax.
import { contentWords } from '../ingest/fingerprint.js';

const SPECIAL = /[+\-&|!(){}[\]^"~*?:\\/]/g;

export function escapeLucene(term: string): string {
  return term.replace(SPECIAL, (c) => `\\${c}`);
}

/**
 * Up to `max` distinct terms, plus extra terms (entity names found by alias resolution), less the words of
 * `leaveOut` (the person's own names: in their memory they tell nothing apart, and they match every message that
 * addresses them, "Great news, John!"). Empty when nothing is left.
 */
export function luceneQuery(text: string, extraTerms: string[] = [], leaveOut: string[] = [], max = 24): string {
  const left = new Set(leaveOut.flatMap((t) => contentWords(t)));
  const terms = [...new Set([...contentWords(text), ...extraTerms.flatMap((t) => contentWords(t))])]
    .filter((t) => t.length <= 40 && !left.has(t))
    .slice(0, max);
  // Lucene's reserved words would be operators even when escaped character by character.
  return terms.map((t) => (/^(and|or|not|to)$/i.test(t) ? `"${t}"` : escapeLucene(t))).join(' OR ');
}

interface NamedEntity {
  kind: string;
  name: string;
  aliases: string[];
}

/**
 * The Lucene terms of a question: its words, plus the names of the entities it names, less the person's own names.
 * The self entity's name is a placeholder ("self"), never a term: as one it found "self-care" and "self-esteem".
 */
export function questionQuery(text: string, named: NamedEntity[], known: NamedEntity[]): string {
  const others = named.filter((k) => k.kind !== 'self').map((k) => k.name);
  const own = known.find((k) => k.kind === 'self')?.aliases ?? [];
  return luceneQuery(text, others, [...own, ...QUESTION_WORDS]);
}

/**
 * The words that make a sentence a question, and its auxiliaries: as terms they match every memory saying "has",
 * "did" or "done" ("Which sports has Dana done?" ranked "Dana has done her taxes" above her sports). Lucene's
 * English analyser drops only a few of them (is, are, was, will, be).
 */
export const QUESTION_WORDS: readonly string[] = (
  'what which who whom whose when where why how do does did done doing have has had having ' +
  'can could would should shall may might must am been being'
).split(' ');

/** A field whose matches count `weight` times as much as a plain field's (a Lucene boost). */
export interface WeightedField {
  name: string;
  weight: number;
}

/** A phrase inside quotes: only the quote and the backslash need escaping there. */
const phrase = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * Restricts a term query to some fields and to one person. The owner-scoped indexes (V0005) hold tenantId and
 * userId as fields, so Lucene ranks only this person's documents. A user id with nothing the analyser keeps
 * (no letter or digit) cannot be matched as a phrase; the tenant alone scopes it then, and the query's own
 * WHERE clause still checks the exact owner.
 */
export function ownedQuery(terms: string, fields: Array<string | WeightedField>, owner: { tenantId: string; userId: string }): string {
  if (!terms) return '';
  const match = fields.map((f) => (typeof f === 'string' ? `${f}:(${terms})` : `${f.name}:(${terms})^${f.weight}`)).join(' OR ');
  const user = /[\p{L}\p{N}]/u.test(owner.userId) ? ` AND userId:${phrase(owner.userId)}` : '';
  return `(${match}) AND tenantId:${phrase(owner.tenantId)}${user}`;
}
