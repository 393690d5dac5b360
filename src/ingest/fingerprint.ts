// A fact's content fingerprint: the same subject and the same content words in any order and case are one
// fact restated ("I love hiking!" and "i love hiking"), so it reinforces the memory instead of adding one.
import { createHash } from 'node:crypto';
import { fingerprintWords } from '../text/words.js';

export function fingerprint(subjectId: string, text: string): string {
  const words = [...new Set(fingerprintWords(text))].sort();
  return createHash('sha1')
    .update(`${subjectId}|${words.join(' ')}`)
    .digest('hex')
    .slice(0, 20);
}

const NEGATION = /\b(not|never|no longer|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|wasn'?t|weren'?t|can'?t|cannot|won'?t|stopped|quit|gave up)\b/i;
const NEGATION_WORDS = new Set([
  'not',
  'never',
  'no',
  'longer',
  'don',
  'doesn',
  'didn',
  'isn',
  'aren',
  'wasn',
  'weren',
  'can',
  'cannot',
  'won',
  'stopped',
  'quit',
  'gave',
  'up',
  't',
]);

/** '-' when a statement is negated ("I don't eat meat"), else '+': one half of contradiction flagging. */
export function polarityOf(text: string): '+' | '-' {
  return NEGATION.test(text.replace(/[’]/g, "'")) ? '-' : '+';
}

/** Content words without negations, for comparing what two statements are about. */
export function keyWordsOf(text: string): string[] {
  return [...new Set(fingerprintWords(text.replace(/[’']/g, '')))].filter((w) => !NEGATION_WORDS.has(w)).slice(0, 40);
}
