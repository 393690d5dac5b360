// Chat as people type it to an assistant ("disaster. kestrel have pulled out, mark's hurt his back and he cant
// take on any jobs till spring") written out as the rest of the analysis reads text: apostrophes back in
// contractions, "I" for "i", and when most sentences open in lower case, capitals back at sentence starts and on
// names (those the conversation already wrote with one, the days, months and feasts, the first names and places the
// tagger knows in context, a word no dictionary has beside a role). Sentence splitting, names and dates all lean on
// capitals; an all lower-case message left no memory at all. Only the analysis reads the restored text: the stored
// message keeps the words as typed.
import { allMatches } from '../../text/matches.js';
import { capitalised, isCommonWord, ROLE_INFO, taggedTerms } from './lexicon.js';
import { MONTHS, WEEKDAYS } from './dates.js';
import { EMOJI_RUN } from './sentences.js';

/** Contractions typed without their apostrophe; only spellings that are no word of their own ("its", "were", "well" are). */
const APOSTROPHE_DROPPED = new Map(
  Object.entries({
    cant: "can't",
    dont: "don't",
    doesnt: "doesn't",
    didnt: "didn't",
    isnt: "isn't",
    wasnt: "wasn't",
    arent: "aren't",
    werent: "weren't",
    couldnt: "couldn't",
    wouldnt: "wouldn't",
    shouldnt: "shouldn't",
    havent: "haven't",
    hasnt: "hasn't",
    hadnt: "hadn't",
    wont: "won't",
    aint: "ain't",
    im: "I'm",
    ive: "I've",
    hes: "he's",
    shes: "she's",
    theyre: "they're",
    youre: "you're",
    thats: "that's",
    whats: "what's",
    theres: "there's",
    theyve: "they've",
    weve: "we've",
    youve: "you've",
    theyll: "they'll",
    youll: "you'll",
    itll: "it'll",
    wouldve: "would've",
    couldve: "could've",
    shouldve: "should've",
  }),
);
const DROPPED_WORD = new RegExp(String.raw`\b(${[...APOSTROPHE_DROPPED.keys()].join('|')})\b(?!['’])`, 'gi');
/** "i", "i'm", "i've": not "i.e.". */
const LOWER_I = /\bi(?=['’]|\b)(?!\.\p{L})/gu;

/** Days, months ("may" and "march" are verbs too) and feasts: names whatever the case they are typed in. */
const CALENDAR_WORDS = [...WEEKDAYS, ...MONTHS.filter((m) => m !== 'may' && m !== 'march'), 'christmas', 'easter'];
/** Where a sentence starts: the text's start, after . ! ? … and a space (not an abbreviation's), after a line break. */
const SENTENCE_START = /(^|(?<!\b(?:i\.e|e\.g|a\.m|p\.m|etc|vs|approx|incl|cf|mr|mrs|ms|dr|st))[.!?…]+["')\]]*\s+|\n\s*)(\p{L})/gu;
/** An emoji and a blank before a word that opens a clause ("start 😭 mark's hurt"): a sentence starts there too. */
const AFTER_EMOJI = new RegExp(String.raw`(${EMOJI_RUN}[ \t]+)(\p{Ll}[\p{L}'’]*)`, 'gu');
const OPENS_CLAUSE =
  /^(?:i|i'm|i've|i'd|i'll|we|we're|we've|he|he's|she|she's|they|they're|it's|my|our|his|her|their|that's|there's|just|also|still|so|but|and)$/i;
/** After a word, what makes it a clause's subject: "mum's having", "venue is", "nell was" ("edinburgh is ON 🎉 mum's having …"). */
const SUBJECT_OF_A_VERB =
  /^(?:['’]s\s+(?:\p{L}+ing|been|got|gone|done|not|still|just|finally)\b|\s+(?:is|are|was|were|has|had|will|can|can't|won't|isn't|wasn't|said|says)\b)/iu;
const DETERMINER = /^(?:a|an|the|my|your|his|her|our|their|this|that|some|any|no)$/i;

/** A person's role word (mum, dad, sister …) run into an "s" that says "is" or "has": a verb form or word of state follows. */
const ROLE_IS = new RegExp(
  String.raw`\b(${[...ROLE_INFO]
    .filter(([w, r]) => !r.plural && !w.includes(' ') && !ROLE_INFO.has(`${w}s`))
    .map(([w]) => w)
    .join('|')})s(?=\s+(?:\p{L}+(?:ing|ed|en)|been|got|gone|done|had|left|not|still|just|back|home|off|ok|okay|fine|better|worse|in|out)\b)`,
  'giu',
);

/** A word after a role word ("neighbour colm": the role, then the word), and one before a role in brackets ("priya (wife)"). */
const AFTER_ROLE = /\b(\p{L}+)\s+(?=(\p{Ll}{2,})\b(?!['’]))/gu;
const BEFORE_ROLE = /\b(\p{Ll}{2,})\s+\((\p{L}+)\)/gu;

/** Whether most of the text's sentences open in lower case. */
export function isCasual(text: string): boolean {
  let starts = 0;
  let lower = 0;
  for (const m of allMatches(SENTENCE_START, text)) {
    starts++;
    if (/\p{Ll}/u.test(m[2]!)) lower++;
  }
  return lower > 0 && lower * 2 >= starts;
}

/**
 * The names the turns before a message wrote with a capital in the middle of a sentence ("Ask Brightwater first",
 * "Nell's passport"), which the person may type in lower case next: none these turns also write in lower case, none
 * first in a sentence, a list's line or a table's cell, and no ordinary word of a name of several ("Old" of "Old Town").
 */
export function namesWritten(texts: readonly string[]): string[] {
  const capitalised = new Map<string, string>();
  const lower = new Set<string>();
  for (const text of texts) {
    for (const m of allMatches(/(?<![.!?…:\n*#>|-]\s*|^\s*|\d[.)]\s*)(?<=[\s(,;"'“])(\p{Lu}\p{Ll}{2,})(?:['’]s)?\b/gu, text)) {
      const at = m.index!;
      // A capital before it that opens no sentence ("Old Town", not "Keep Biscuit"), or one after it.
      const before = text.slice(Math.max(0, at - 40), at).match(/(\S*)\s+\p{Lu}\p{L}*\s+$/u);
      const ofSeveral = (before !== null && before[1] !== '' && !/[.!?…:]$/.test(before[1]!)) || /^\S*\s+\p{Lu}/u.test(text.slice(at, at + 40));
      if (!ofSeveral || !isCommonWord(m[1]!)) capitalised.set(m[1]!.toLowerCase(), m[1]!);
    }
    for (const m of allMatches(/\b\p{Ll}{3,}\b/gu, text)) lower.add(m[0]);
  }
  return [...capitalised].filter(([w]) => !lower.has(w)).map(([, name]) => name);
}

/**
 * The text as the analysis reads it: see the module comment. `names` are spellings with their capitals (the
 * person's known entities, names the conversation wrote before); they are restored only in a casual text, with the
 * tagger's first names unless `tagNames` is false (the turns before a message, read again for each message).
 */
export function withWritingRestored(text: string, names: readonly string[], o: { tagNames?: boolean } = {}): string {
  let t = text.replace(DROPPED_WORD, (w: string) => {
    const full = APOSTROPHE_DROPPED.get(w.toLowerCase())!;
    return /^\p{Lu}/u.test(w) ? capitalised(full) : full;
  });
  t = t.replace(LOWER_I, 'I');
  if (!isCasual(t)) return t;
  // "DID IT", "KITCHEN IS DONE": a run of ordinary words typed in capitals for joy; acronyms and names stay ("MOT",
  // "NHS", "a job in IT").
  t = t.replace(/\b\p{Lu}{2,}(?:\s+\p{Lu}{2,})+\b/gu, (run: string) => (run.split(/\s+/).every((w) => isCommonWord(w)) ? run.toLowerCase() : run));
  const byLower = namesToRestore(t, names, o.tagNames !== false);
  // "dads doing better": a role word's possessive "'s" ("is", "has") typed without its apostrophe.
  t = t.replace(ROLE_IS, (_m, role: string) => `${role}'s`);
  t = t.replace(/(?<![\p{L}\p{N}'’@./])(\p{Ll}[\p{L}'’-]*)/gu, (w: string) => {
    const bare = w.replace(/['’]s$/i, '');
    const written = byLower.get(bare);
    if (written) return written + w.slice(bare.length);
    // "nells passport": a known name with the apostrophe of its possessive dropped.
    const owner = /s$/.test(w) && !isCommonWord(w) ? byLower.get(w.slice(0, -1)) : undefined;
    return owner ? `${owner}'s` : w;
  });
  t = t.replace(SENTENCE_START, (_m, before: string, letter: string) => before + letter.toUpperCase());
  return t.replace(AFTER_EMOJI, (m, _gap: string, word: string, at: number, text: string) =>
    OPENS_CLAUSE.test(word) || SUBJECT_OF_A_VERB.test((word.match(/['’]s$/)?.[0] ?? '') + text.slice(at + m.length))
      ? m.slice(0, m.length - word.length) + capitalised(word)
      : m,
  );
}

/** The names a casual text `t` may hold in lower case, by their lower-case spelling: see withWritingRestored. */
function namesToRestore(t: string, names: readonly string[], tagNames: boolean): Map<string, string> {
  const byLower = new Map<string, string>();
  // A name of one word ("Biscuit"), and the words of a name of several that are no ordinary word ("Days" of "King's
  // Days" is): never a role word ("Mum"), which in lower case is the same word.
  for (const n of names) {
    const words = n.split(/\s+/);
    for (const w of words)
      if (/^\p{Lu}/u.test(w) && w.length > 1 && (words.length === 1 || !isCommonWord(w)) && !ROLE_INFO.has(w.toLowerCase()))
        byLower.set(w.toLowerCase(), w);
  }
  // The first names the tagger reads as such where they stand ("alfie wants to kayak", "mark's hurt his back").
  const terms = tagNames ? taggedTerms(t) : [];
  terms.forEach((term, i) => {
    const bare = term.text.replace(/['’]s$/i, '');
    // Not after a determiner ("a mark"), nor before one, where it is a verb ("mark my words").
    if (
      !/^\p{Ll}+$/u.test(bare) ||
      !term.tags.has('FirstName') ||
      DETERMINER.test(terms[i - 1]?.text ?? '') ||
      DETERMINER.test(terms[i + 1]?.text ?? '')
    )
      return;
    if (!byLower.has(bare)) byLower.set(bare, capitalised(bare));
  });
  // "my mum jean could", "my dog biscuit ate": after "my" and a role word, a noun before the clause's own verb is the
  // name, ordinary word or not ("my son football is his life" has no verb of its own there).
  terms.forEach((term, i) => {
    const next = terms[i + 1];
    if (
      i >= 2 &&
      /^(?:my|our)$/i.test(terms[i - 2]!.text) &&
      ROLE_INFO.has(terms[i - 1]!.text.toLowerCase()) &&
      /^\p{Ll}{2,}$/u.test(term.text) &&
      term.tags.has('Noun') &&
      !term.tags.has('Pronoun') &&
      next?.tags.has('Verb') &&
      !next.tags.has('Copula') &&
      !next.tags.has('Gerund') &&
      !byLower.has(term.text)
    )
      byLower.set(term.text, capitalised(term.text));
  });
  // The places the tagger knows ("thinking edinburgh?", "flew to lisbon"); not one that is an ordinary word ("bath", "nice").
  for (const term of terms) {
    const bare = term.text.replace(/['’]s$/i, '');
    if (/^\p{Ll}+$/u.test(bare) && term.tags.has('Place') && !isCommonWord(bare) && !byLower.has(bare)) byLower.set(bare, capitalised(bare));
  }
  // "my neighbour colm", "priya's brother sanjay", "priya (wife)": a word no dictionary has, beside a role, is a name.
  const besideRole: Array<[string, string]> = [
    ...allMatches(AFTER_ROLE, t).map((m): [string, string] => [m[1]!, m[2]!]),
    ...allMatches(BEFORE_ROLE, t).map((m): [string, string] => [m[2]!, m[1]!]),
  ];
  for (const [role, w] of besideRole) if (ROLE_INFO.has(role.toLowerCase()) && !isCommonWord(w) && !byLower.has(w)) byLower.set(w, capitalised(w));
  for (const w of CALENDAR_WORDS) byLower.set(w, capitalised(w));
  return byLower;
}
