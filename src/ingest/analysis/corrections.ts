// A speaker putting right what they said a message or two before: "Sorry, it's Thursday not Tuesday" after "My
// dentist appointment is on Tuesday" says "My dentist appointment is on Thursday", which alone says nothing.
import { allMatches, escapeRegex } from '../../text/matches.js';
import { fingerprintWords } from '../../text/words.js';
import { splitSentences } from './sentences.js';
import type { EarlierTurn } from './types.js';

/** "just reread the email, …", "just checked, …": how the speaker found out, before what they put right. */
const CHECKED_AGAIN = String.raw`(?:(?:i\s+)?just\s+(?:re-?read|checked|double[- ]checked|looked|realised|realized|saw)\b[^,.!?]*?[,:;]\s*)?`;
/** A preposition the words put right open with, which the sentence put right already has before the words replaced. */
const SHARED_PREPOSITION = /^(in|at|on|to|from|for|by)\s+/i;

/**
 * "Sorry, it's actually Thursday not Tuesday", "I meant York, not Leeds", "Typo, it's Zoe": the words put right
 * (group 2) and, perhaps, those they replace (group 3); group 1 holds what opens the correction.
 */
const CORRECTION = new RegExp(
  String.raw`^((?:(?:sorry|oops|whoops|wait|no|ah|actually|correction|my bad|typo|sorry,? typo)[,!.:;\s-]+)*${CHECKED_AGAIN}(?:it'?s|it is|i meant|i mean|meant|that should be|should be|should have said|make that|that's)\s+(?:actually\s+)?)([^,.!?]+?)(?:,?\s+not\s+([^,.!?]+?))?[.!\s\p{Extended_Pictographic}]*$`,
  'iu',
);
/** What makes "it's Zoe" a correction and not an answer: an apology, "meant", "actually", or "not" what was said. */
const CORRECTING = /\b(?:sorry|oops|whoops|correction|my bad|typo|meant|mean|should|make that|actually)\b/i;
/** A capitalised word inside a sentence (not its first): the one name a name alone may replace. */
const NAME_INSIDE = /(?<=\s)\p{Lu}\p{Ll}+(?:['’]s)?\b/gu;

/** A sentence said before, put right: the sentence as now meant, the message that said it, the words replaced and theirs. */
export interface Correction {
  sentence: string;
  turn: EarlierTurn;
  wrong: string;
  right: string;
}

/**
 * The sentence of `ownEarlier` (the speaker's own messages before this one, nearest first) that `sentence` puts
 * right, with the correction made; null when `sentence` is no correction or nothing before says what it replaces.
 * Without the words replaced, only a name replaces a name, and only the one name of a sentence.
 */
export function correctionOf(sentence: string, ownEarlier: readonly EarlierTurn[]): Correction | null {
  const m = sentence.trim().replace(/’/g, "'").match(CORRECTION);
  if (!m) return null;
  const right = m[2]!.trim();
  const wrong = m[3]?.trim();
  if (!wrong && !CORRECTING.test(m[1]!)) return null;
  if (right.split(/\s+/).length > 4 || (wrong && wrong.split(/\s+/).length > 4)) return null;
  // "It's just not right", "it's so not fair": no word put right, no correction.
  if (!fingerprintWords(right).length || (wrong && !fingerprintWords(wrong).length)) return null;
  if (!wrong && !/^\p{Lu}\p{Ll}+$/u.test(right)) return null;
  for (const turn of ownEarlier)
    for (const said of splitSentences(turn.text)) {
      const at = wrong ? wordAt(said, wrong) : onlyNameAt(said);
      if (at && at.text.toLowerCase() !== right.toLowerCase()) {
        // "its in Rotterdam not Amsterdam" after "… the summit in Amsterdam": one "in".
        const lead = right.match(SHARED_PREPOSITION);
        const before = said.slice(0, at.index).toLowerCase().split(/\s+/);
        const words = lead && before[before.length - 2] === lead[1]!.toLowerCase() ? right.slice(lead[0].length) : right;
        return { sentence: said.slice(0, at.index) + words + said.slice(at.index + at.text.length), turn, wrong: at.text, right: words };
      }
    }
  return null;
}

function wordAt(said: string, words: string): { index: number; text: string } | null {
  const escaped = escapeRegex(words).replace(/\s+/g, '\\s+');
  const m = said.match(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu'));
  return m ? { index: m.index!, text: m[0] } : null;
}

function onlyNameAt(said: string): { index: number; text: string } | null {
  const names = allMatches(NAME_INSIDE, said);
  if (names.length !== 1) return null;
  const text = names[0]![0].replace(/['’]s$/, '');
  return { index: names[0]!.index!, text };
}
