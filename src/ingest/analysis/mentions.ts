// Entity mentions found in a sentence (specs), before they are resolved to entities: their shape, the regex
// pieces that match a name, the cleaning of a captured name, and the choice among overlapping specs.
import { STOP_WORDS } from '../../text/stopWords.js';
import { isHolidayName, MONTHS, WEEKDAYS } from './dates.js';
import { HONORIFICS, INTERJECTION, isCommonWord, lexTags, NOT_NAMES, PLACE_PREFIX } from './lexicon.js';
import type { EntityKind, Relation } from './types.js';

export type Tag =
  | 'employer'
  | 'school'
  | 'home'
  | 'hometown'
  | 'move'
  | 'travel'
  | 'pet'
  | 'thing'
  | 'role'
  | 'name'
  | 'known'
  | 'naming'
  | 'nickname';

export interface Spec {
  start: number;
  end: number;
  /** Lower wins when two specs overlap: patterns, then known names, then lexicon names, then guesses. */
  priority: number;
  tag: Tag;
  /** A proper name, when the text gives one. */
  name?: string;
  /** The role word ("wife") for kinship and role mentions; the thing word ("car") for things. */
  role?: string;
  ex?: boolean;
  /** Introduces someone new ("we adopted a puppy"): not resolved to a known entity. */
  fresh?: boolean;
  kind?: EntityKind;
  relation?: Relation | null;
  /** A place one works at or lives in no more, may move to, or applies to: no employer, home or school now. */
  notHeld?: boolean;
  /** An employer joined ("started a new job at Aldi"), which ends the one before; "I work at Aldi" may be one of two. */
  joined?: boolean;
  /** An employer the speaker left ("I quit my job at Tesco"): no longer theirs. */
  left?: boolean;
  knownId?: string;
  ambiguous?: boolean;
  /** One of several names given at once ("Their names are Mia and Leo"): each a member of the group named. */
  listed?: boolean;
}

export interface Accepted extends Spec {
  key: string;
}

/** A capitalised word (letters, digits, inner dots and apostrophes, & for "AT&T") and runs of up to four. */
export const CAP = String.raw`(?<![\p{L}\p{N}'’])\p{Lu}[\p{L}\p{M}\p{N}'’.&-]*`;
export const NAME = String.raw`${CAP}(?:\s+(?:(?:de|da|van|von|der|del|di|du|la|le|of)\s+)?${CAP}){0,3}`;
/** A name, or after explicit naming words ("named her biscuit") any single word. */
export const NAME_OR_WORD = String.raw`(?:${NAME}|[\p{L}][\p{L}'-]*)`;

const NAME_CONNECTORS = new Set(['de', 'da', 'van', 'von', 'der', 'del', 'di', 'du', 'la', 'le', 'of']);

/**
 * Cleans a captured name: only its run of capitalised words counts (patterns match case-insensitively, so
 * "Stripe next Monday" arrives whole), possessive and sentence punctuation off, words that are no name dropped at
 * the edges. `loose` accepts one lower-case word after explicit naming ("we named her biscuit").
 */
export function cleanName(
  raw: string | undefined,
  opts: { initialAllowed?: boolean; trimCommonLead?: boolean; loose?: boolean; keepPossessive?: boolean } = {},
): string | null {
  if (!raw) return null;
  // Inner dots stay ("St. Luke's"); a trailing one is sentence punctuation unless the word is an abbreviation.
  const all = raw
    .split(/\s+/)
    .map((w) => (/^(st|dr|mr|mrs|ms|jr|sr|prof|mt)\.$/i.test(w) ? w : w.replace(/[.,;:!?)]+$/, '')))
    .filter(Boolean);
  const notName = (w: string) => NOT_NAMES.has(w.toLowerCase()) || NOT_NAMES.has(w.toLowerCase().replace(/s$/, '')) || INTERJECTION.test(w);
  let words: string[] = [];
  if (all[0] && !/^\p{Lu}/u.test(all[0])) {
    if (!opts.loose) return null;
    words = [all[0]];
  } else {
    for (let i = 0; i < all.length; i++) {
      const w = all[i]!;
      if (/^\p{Lu}/u.test(w)) words.push(w);
      else if (NAME_CONNECTORS.has(w) && all[i + 1] && /^\p{Lu}/u.test(all[i + 1]!) && words.length) words.push(w);
      else break;
    }
  }
  // "Dry January", "Black Friday": an ordinary word before a month or a day names the time, not someone.
  const last = words[words.length - 1]?.toLowerCase();
  if (words.length === 2 && last && (MONTHS.includes(last) || WEEKDAYS.includes(last)) && isCommonWord(words[0]!)) return null;
  // "Hoi An", "Nguyen Van An": after a name's first word "An" is a syllable of it, never the article (not capitalised there).
  const notNameAfterFirst = (w: string) => w !== 'An' && notName(w);
  while (words.length && (words.length > 1 ? notNameAfterFirst : notName)(words[words.length - 1]!)) words.pop();
  const cut = words.findIndex((w, i) => i > 0 && notNameAfterFirst(w));
  if (cut > 0) words = words.slice(0, cut);
  // An honorific or a place's first word ("Lake", "Isle") opens the name it is part of, even at a sentence's start.
  const leadsName = (w: string) => HONORIFICS.test(w) || (words.length > 1 && PLACE_PREFIX.test(w));
  if (opts.initialAllowed === false && words.length && isCommonWord(words[0]!) && !leadsName(words[0]!)) {
    // "Took Max to the groomers": after an opening past form (the speaker's "I" left out) one capitalised word is a name
    // ("Watched Happy Feet" and "Started Couch To 5K" stay titles the lexicon cannot tell).
    const opensWithDeed = words.length === 2 && lexTags(words[0]!.toLowerCase()).includes('PastTense');
    words.shift();
    if (!opensWithDeed) while (words.length && isCommonWord(words[0]!) && !leadsName(words[0]!)) words.shift();
  }
  // "Yesterday Sarah, my wife": an ordinary word ahead of a name goes, a lone name stays ("Max, my dog").
  if (opts.trimCommonLead) while (words.length > 1 && isCommonWord(words[0]!) && !leadsName(words[0]!)) words.shift();
  const honorific = words.length > 1 && HONORIFICS.test(words[0]!);
  if (!words.length || (!honorific && (notName(words[0]!) || STOP_WORDS.has(words[0]!.toLowerCase())))) return null;
  if (words.length === 1 && HONORIFICS.test(words[0]!)) return null;
  // "Sarah's birthday" → Sarah; businesses keep theirs ("I work at McDonald's"), and so does a saint's church,
  // school or hospital ("St Mark's").
  if (!opts.keepPossessive && !(words.length > 1 && /^st\.?$/i.test(words[0]!)))
    words[words.length - 1] = words[words.length - 1]!.replace(/['’]s$/, '');
  const name = words.join(' ');
  if (!/\p{L}{2}/u.test(name) || isHolidayName(name)) return null;
  return /^\p{Ll}/u.test(name) ? name[0]!.toUpperCase() + name.slice(1) : name;
}

/** Keeps the best spec of each overlapping set: lowest priority value first, then earliest, then longest. */
export function selectSpecs(specs: Spec[]): Spec[] {
  const chosen: Spec[] = [];
  const sorted = [...specs].sort((a, b) => a.priority - b.priority || a.start - b.start || b.end - a.end);
  for (const s of sorted) if (!chosen.some((c) => s.start < c.end && c.start < s.end)) chosen.push(s);
  return chosen.sort((a, b) => a.start - b.start);
}
