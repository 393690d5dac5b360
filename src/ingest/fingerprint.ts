// A fact's content fingerprint: the same subject and the same content words in any order and case are one
// fact restated ("I love hiking!" and "i love hiking"), so it reinforces the memory instead of adding one.
import { createHash } from 'node:crypto';

const STOP = new Set(
  'a an the and or but so of to in on at for with by from as is am are was were be been being it its this that these those i me my mine we us our you your he him his she her they them their there here just really very too also quite pretty lol haha ok okay oh um uh like'.split(
    ' ',
  ),
);

export function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => (w.length > 1 || /\d/.test(w)) && !STOP.has(w));
}

export function fingerprint(subjectId: string, text: string): string {
  const words = [...new Set(contentWords(text))].sort();
  return createHash('sha1').update(subjectId + '|' + words.join(' ')).digest('hex').slice(0, 20);
}

const NEGATION = /\b(not|never|no longer|don'?t|doesn'?t|didn'?t|isn'?t|aren'?t|wasn'?t|weren'?t|can'?t|cannot|won'?t|stopped|quit|gave up)\b/i;
const NEGATION_WORDS = new Set(['not', 'never', 'no', 'longer', 'don', 'doesn', 'didn', 'isn', 'aren', 'wasn', 'weren', 'can', 'cannot', 'won', 'stopped', 'quit', 'gave', 'up', 't']);

/** '-' when a statement is negated ("I don't eat meat"), else '+': one half of contradiction flagging. */
export function polarityOf(text: string): '+' | '-' {
  return NEGATION.test(text.replace(/[’]/g, "'")) ? '-' : '+';
}

/** Content words without negations, for comparing what two statements are about. */
export function keyWordsOf(text: string): string[] {
  return [...new Set(contentWords(text.replace(/[’']/g, '')))].filter((w) => !NEGATION_WORDS.has(w)).slice(0, 40);
}
