// A speaker putting right what they said a message or two before: "Sorry, it's Thursday not Tuesday" after "My
// dentist appointment is on Tuesday" says "My dentist appointment is on Thursday", which alone says nothing.
import { allMatches, escapeRegex } from '../../text/matches.js';
import { fingerprintWords } from '../../text/words.js';
import { WEEKDAY } from './dates.js';
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
/** "Correction: Milan, not Rome": the words put right and those they replace, with no verb after the apology. */
const BARE_CORRECTION =
  /^((?:(?:correction|sorry|oops|whoops|my bad|typo)[,!.:;\s-]+)+(?:actually\s+)?)([^,.!?]+?),?\s+not\s+([^,.!?]+?)[.!\s\p{Extended_Pictographic}]*$/iu;
/** What makes "it's Zoe" a correction and not an answer: an apology, "meant", "actually", or "not" what was said. */
const CORRECTING = /\b(?:sorry|oops|whoops|correction|my bad|typo|meant|mean|should|make that|actually|wait)\b/i;
/**
 * What a word put right alone may replace, by its kind: the one day of the month, weekday, time or count of the
 * sentence ("No wait, it's the 14th", "Make that 8"). Otherwise only a name replaces a name.
 */
const KINDS: RegExp[] = [
  /\b\d{1,2}(?:st|nd|rd|th)\b/gi,
  new RegExp(String.raw`\b${WEEKDAY}\b`, 'gi'),
  /\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b/gi,
  /(?<![\d:.,£$€])\b\d+\b(?![:.,]\d|\s?(?:am|pm|st|nd|rd|th|%)\b)/gi,
];
/** Each kind as the whole of the words put right. */
const WHOLE_KINDS = KINDS.map((kind) => ({ kind, whole: new RegExp(`^(?:${kind.source})$`, 'i') }));
/** Words before a day, a time or a count that the sentence put right has its own of ("it's the 14th", "at 3pm"). */
const BEFORE_A_KIND = /^(?:the|on|at|on the)\s+/i;
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
 * Without the words replaced, a day, a time or a count replaces the one of its kind in a sentence, and a name the one name.
 */
export function correctionOf(sentence: string, ownEarlier: readonly EarlierTurn[]): Correction | null {
  const said = sentence.trim().replace(/’/g, "'");
  const m = said.match(CORRECTION) ?? said.match(BARE_CORRECTION);
  if (!m) return null;
  const wrong = m[3]?.trim();
  const kind = wrong ? undefined : WHOLE_KINDS.find((k) => k.whole.test(m[2]!.trim().replace(BEFORE_A_KIND, '')))?.kind;
  const right = kind ? m[2]!.trim().replace(BEFORE_A_KIND, '') : m[2]!.trim();
  if (!wrong && !CORRECTING.test(m[1]!)) return null;
  if (right.split(/\s+/).length > 4 || (wrong && wrong.split(/\s+/).length > 4)) return null;
  // "It's just not right", "it's so not fair": no word put right, no correction.
  if (!fingerprintWords(right).length || (wrong && !fingerprintWords(wrong).length)) return null;
  if (!wrong && !kind && !/^\p{Lu}\p{Ll}+$/u.test(right)) return null;
  for (const turn of ownEarlier)
    for (const said of splitSentences(turn.text)) {
      const at = wrong ? wordAt(said, wrong) : kind ? onlyOneAt(said, kind) : onlyNameAt(said);
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

function onlyOneAt(said: string, kind: RegExp): { index: number; text: string } | null {
  const found = allMatches(kind, said);
  return found.length === 1 ? { index: found[0]!.index!, text: found[0]![0] } : null;
}
