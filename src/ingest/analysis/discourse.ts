// Whom "she" or "he" means in a message that names no one before it: the one person of that gender the
// conversation's last messages named. "Doreen wasn't in the house." … "Where was she?" … "Bill found her at the
// bus stop." is about Doreen, and the memory should say so; where the last messages leave it open, it keeps the
// pronoun.
import { allMatches } from '../../text/matches.js';
import { MONTHS, WEEKDAYS } from './dates.js';
import { ROLE_INFO } from './lexicon.js';
import type { Spec } from './mentions.js';
import { scanOf, splitSentences } from './sentences.js';
import type { KnownEntity } from './types.js';
import { genderOfRole, peopleIn, type Gender, type Referent } from './units.js';

export interface EarlierMessage {
  text: string;
  /** Said by the speaker of the message being read: their "my sister" is the same person. */
  sameSpeaker: boolean;
}

/** Someone or something a pronoun could mean: how to call them, their gender when known. */
export interface Mentioned {
  call: string | null;
  gender: Gender;
  /** Named as the listener's ("your daughter"): the reply's speaker calls them "my daughter". */
  yours?: boolean;
}

/** Words for someone that name no one in particular ("the consultant", "a young lad"), beyond the kinship and role words. */
const SOMEONE = new Set(
  'man woman lad guy lady bloke chap gentleman fellow consultant nurse carer vet landlady landlord driver officer stranger'.split(' '),
);

/** Capitalised words of the calendar, which name no one: "on Fridays", "in March", "at Christmas". */
const CALENDAR = new RegExp(String.raw`^(?:(?:${WEEKDAYS.join('|')})s?|${MONTHS.join('|')}|christmas|easter)(?:['’]s)?$`, 'i');
/** Before a name that names a kind of thing ("your Chet Baker playlist"). */
const MODIFIES = /\b(?:my|your|his|her|their|our|the|a|an)\s+$/i;

/**
 * Whom or what in a sentence (`text`, its mentions `specs`) a "she" or "he" might point at: people by name or role,
 * pets, and names of unknown kind, the participants left out; and, as someone no summary can call by name, each word
 * for someone no mention accounts for ("Bill's wife", "the consultant") and each capitalised word inside it that no
 * mention reads.
 */
export function candidatesIn(
  specs: Spec[],
  text: string,
  known: KnownEntity[],
  isParticipant: (call: string) => boolean,
  { toListener = false } = {},
): Mentioned[] {
  // A name after a determiner names a kind of thing ("your Chet Baker playlist", "the Hornby engine"), not someone here.
  const referring = specs.filter((s) => !(s.tag === 'name' && MODIFIES.test(text.slice(0, s.start))));
  const people = peopleIn(referring, known).filter((p) => !isParticipant(p.call));
  const kindOf = (s: Spec) =>
    s.tag === 'known' ? known.find((k) => k.id === s.knownId)?.kind : s.tag === 'pet' ? 'pet' : s.tag === 'name' ? s.kind : undefined;
  const others = referring.filter((s) => {
    const kind = kindOf(s);
    return kind !== undefined && kind !== 'person' && kind !== 'self' && kind !== 'place' && kind !== 'organization';
  });
  const roleWords = allMatches(/[\p{L}-]+/gu, text)
    .map((m) => ({ word: m[0].toLowerCase(), yours: toListener && YOUR_BEFORE.test(text.slice(0, m.index)) }))
    .filter(({ word }) => SOMEONE.has(word) || (ROLE_INFO.get(word)?.kind === 'person' && !ROLE_INFO.get(word)?.plural));
  // A role word that came with its person ("my wife Doreen") is that person.
  const unnamed = [...roleWords];
  for (const p of people) {
    const at = unnamed.findIndex((r) => r.word === p.role);
    if (p.role && at >= 0) unnamed.splice(at, 1);
  }
  // A capitalised word inside the sentence that no mention accounts for may be someone too ("How's Pudding?").
  const unread = allMatches(/(?<![\p{L}'’])\p{Lu}[\p{Ll}'’-]+/gu, text).filter(
    (m) =>
      text.slice(0, m.index).trim() !== '' &&
      !specs.some((s) => m.index! >= s.start && m.index! < s.end) &&
      !CALENDAR.test(m[0]) &&
      !/^I['’](?:m|ll|ve|d)$/.test(m[0]) &&
      !isParticipant(m[0].replace(/['’]s$/, '')),
  );
  return [
    ...people.map((p) => ({ call: p.call, gender: p.gender })),
    ...unread.map(() => ({ call: null, gender: null })),
    ...others.filter((s) => !isParticipant(s.name ?? '')).map(() => ({ call: null, gender: null })),
    ...unnamed.map(({ word, yours }) =>
      yours ? { call: `my ${word}`, gender: genderOfRole(word), yours } : { call: null, gender: genderOfRole(word) },
    ),
  ];
}
/** "your daughter", "your little brother": someone of the listener's. */
const YOUR_BEFORE = /\byour\s+(?:(?:little|baby|big|older|younger|eldest|oldest|youngest|new|step)\s+)?$/i;

/** Those of `candidates` a pronoun of `gender` could mean. */
const fitting = (candidates: Mentioned[], gender: 'f' | 'm') => candidates.filter((c) => c.gender === gender || c.gender === null);
/** The pronouns for someone of each gender. */
const PRONOUN_OF = { f: /\b(?:she|her|hers|she's|she'd|she'll)\b/i, m: /\b(?:he|him|his|he's|he'd|he'll)\b/i };

/**
 * The referent read from `earlier` (nearest first). The nearest message with someone the pronoun could mean decides:
 * it means the one it could mean there, when that one's gender is known and the summary can call them (by name, or
 * "my sister" when the speaker said it); otherwise the pronoun stays. `mentionsIn` reads a sentence's mentions.
 */
export function referentInConversation(
  earlier: EarlierMessage[],
  mentionsIn: (scan: string) => Spec[],
  known: KnownEntity[],
  isParticipant: (call: string) => boolean,
): Referent {
  // Each message is read when a pronoun first reaches back to it: the nearest usually decides.
  const candidates: Mentioned[][] = [];
  const candidatesFrom = (text: string, toListener = false) =>
    splitSentences(text).flatMap((s) => {
      const scan = scanOf(s);
      return candidatesIn(mentionsIn(scan), scan, known, isParticipant, { toListener });
    });
  const candidatesOf = (i: number) => (candidates[i] ??= candidatesFrom(earlier[i]!.text, !earlier[i]!.sameSpeaker));
  const found = new Map<'f' | 'm', string | null>();
  return (gender) => {
    if (found.has(gender)) return found.get(gender)!;
    let who: string | null = null;
    for (const [i, m] of earlier.entries()) {
      const fits = fitting(candidatesOf(i), gender);
      if (!fits.length) continue;
      // "Great that Gemma got him on board. Ask Brightwater whether he …": a message that speaks of him before naming
      // anyone he could be (not "How's Pudding? You said he …") means the one named before it.
      const first = m.text.search(PRONOUN_OF[gender]);
      if (first >= 0 && !fits.some((c) => c.gender === gender) && !fitting(candidatesFrom(m.text.slice(0, first)), gender).length) continue;
      const [one] = fits;
      // Another's "my sister" is not the speaker's; their "your sister" is.
      if (fits.length === 1 && one!.gender === gender && one!.call && (m.sameSpeaker || one!.yours || !one!.call.startsWith('my '))) who = one!.call;
      break;
    }
    found.set(gender, who);
    return who;
  };
}
