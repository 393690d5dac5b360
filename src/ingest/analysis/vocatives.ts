// Names used to address someone ("Thanks, Kofi!", "Hey Bea!", "Wren, you'll never guess …") are no mentions:
// the addressee is not what the sentence is about, and a short "Thanks, Kofi." would otherwise become a fact that
// wins retrieval for every question naming Kofi. This strips them before a sentence is read for facts.
import { FILLER_WORDS } from '../../text/stopWords.js';
import { anyCase } from '../../text/matches.js';
import { analysisWords } from '../../text/words.js';
import { INTERJECTION, isCommonWord, lexTags, ORG_TAGS, PLACE_TAGS, ROLE_INFO } from './lexicon.js';

/** Greeting, thanks and exclamation words that may stand before a name of address ("Hey", "Thanks", "Woohoo"). */
const OPENER =
  anyCase(
    String.raw`(?:hey|hi|hello|heya|hiya|yo|ciao|hola|bonjour|cheerio|dear|thanks|thank you|thx|ty|congrats|congratulations|wow|woah|whoa|woohoo|yay|yeah|yes|yep|yup|nope|omg|oh|ah|aw+|ok|okay|sure|no worries|no problem|definitely|absolutely|totally|of course|(?:good )?(?:morning|afternoon|evening|night)|mornin'?|evenin'?|g'?day|bye|goodbye|see you|take care|cheers|sorry|great|awesome|cool|nice|amazing|so|well|lol|ha(?:ha)+|good luck|you too|me too|same here|sounds good|love you|hugs)`,
  ) + String.raw`(?![\p{L}'’])`;
const NAME = String.raw`\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?`;
const END_PUNCT = String.raw`[\s.!?…,;:~]*[\p{Extended_Pictographic}\uFE0F\u200D\s]*$`;
/** The whole sentence is an address: "Kofi.", "Hey Bea!", "Woohoo Beatriz.", "Thanks, Kofi!". */
const ONLY_ADDRESS = new RegExp(String.raw`^(?:${OPENER}[\s,!.]*)*(${NAME})${END_PUNCT}`, 'u');
/** A name opening the sentence, after greetings or set off by a comma: "Wren, you …", "Hey Bea, guess what". */
const START = new RegExp(String.raw`^((?:${OPENER}[\s,!.]*)*)(${NAME})(\s*[,!:—–]\s*|\s+)`, 'u');
/** A name closing the sentence after a comma: "…, Kofi.", "Thanks, Kofi!". */
const END = new RegExp(String.raw`,\s*(${NAME})(${END_PUNCT})`, 'u');
/** A name closing the sentence with no comma ("it was every week Sofia"), and the word before it. */
const BARE_END = new RegExp(String.raw`([\p{L}'’-]+)\s+(${NAME})(${END_PUNCT})`, 'u');
/** Words after which a closing name is what the sentence is about ("I gave it to Sofia"), not whom it addresses. */
const BEFORE_NAMED =
  /^(?:to|with|for|about|from|of|at|by|and|or|than|like|as|meet|met|see|saw|call|called|ask|asked|tell|told|thank|love|miss|named)$/i;
/**
 * After a name and comma, an apposition, a list or an aside before the name's verb rather than an address: "Sarah, my
 * wife, …", "Tom, Sue and I", "Ezra, according to Keiko, is …".
 */
const NOT_ADDRESS_AFTER =
  /^(?:my|our|his|her|their|the|a|an|and|or|&|who|which|whose|is|was|has|had|'s)\b|^\p{Lu}[\p{L}'’-]*\s*(?:,|and\b|&)|^[^,.!?]{1,40},\s*(?:is|was|has|had|does|did|can|could|will|would|loves|hates|says|thinks|wants|keeps|gets)\b/iu;
/** What is left after an address that says nothing: "No worries", "Definitely", "Congrats". */
const COURTESY = new Set('worries problem congrats congratulations luck care woohoo woah whoa yay dear hugs love xoxo'.split(' '));

/** Could this capitalised run be someone's name (not an ordinary word, a place or an organisation)? */
export function isPersonName(name: string): boolean {
  const words = name.split(/\s+/);
  if (words.some((w) => INTERJECTION.test(w))) return false;
  if (!/^\p{Lu}/u.test(name) || isCommonWord(words[0]!)) return false;
  const tags = words.flatMap((w) => lexTags(w.replace(/['’]s$/, '')));
  return !tags.some((t) => PLACE_TAGS.has(t) || ORG_TAGS.has(t));
}

/** True when nothing but greetings, thanks and exclamations is left. */
export function saysNothing(text: string): boolean {
  return analysisWords(text).every((w) => FILLER_WORDS.has(w) || COURTESY.has(w) || INTERJECTION.test(w));
}

/** A capitalised word that is no ordinary word: with the name after it, one name ("Paris, France", "Anna Odile"). */
const partOfName = (word: string) => /^\p{Lu}/u.test(word) && !isCommonWord(word);

/** Whether `name` is (the start of) `whose` name, or `whose` of it: "Bea" and "Beatriz", "Sofia" and "Sofia Marchetti". */
function sameName(whose: string | undefined, name: string): boolean {
  const a = whose?.toLowerCase();
  const n = name.toLowerCase();
  return Boolean(a && n.length >= 3 && (a.startsWith(n) || n.startsWith(a)));
}

/**
 * The sentence with names of address taken out, or null when it was only an address and courtesy. `asker`, for the
 * opening of an answer: a name there with no greeting before it ("Margherita, obviously!") is the answer unless it
 * is the asker's ("Bea, it was Lisbon" to Beatriz). `listener`, the one the message answers: their name opening or
 * closing a sentence without a comma is an address too ("Sofia guess what I did", "it was every week Sofia"), since
 * no one tells a person about themself by name.
 */
export function withoutAddress(sentence: string, asker?: { name?: string }, listener?: string): string | null {
  const askedBy = (name: string) => sameName(asker?.name, name);
  const listening = (name: string) => sameName(listener, name);
  const isAddressee = (name: string, greeted: boolean) => (asker && !greeted ? askedBy(name) : isPersonName(name));
  let s = sentence.trim();
  const only = s.match(ONLY_ADDRESS);
  if (only && isAddressee(only[1]!, Boolean(only[0].slice(0, only[0].indexOf(only[1]!)).trim()))) return null;
  const start = s.match(START);
  if (start && isAddressee(start[2]!, Boolean(start[1]!.trim()))) {
    const rest = s.slice(start[0].length);
    const opener = start[1]!.trim();
    const setOff = /[,!:—–]/.test(start[3]!);
    // Without a greeting before it, a name is an address when set off by punctuation ("Wren, you …") or when it is
    // the listener's; set off, a name other than the listener's is what the sentence is about ("Kelsae, same as my
    // dad grew"), once the listener is known.
    const someoneElse = listener !== undefined && !listening(start[2]!) && /\s\p{Ll}|^\p{Ll}/u.test(rest);
    const bareAddress = !NOT_ADDRESS_AFTER.test(rest) && (setOff ? !someoneElse : listening(start[2]!));
    if ((opener || bareAddress) && !/^['’]s\b/.test(rest)) {
      s = (opener ? `${opener.replace(/[\s,]+$/, '')}, ` : '') + rest;
    }
  }
  const end = s.match(END);
  if (end && isAddressee(end[1]!, false)) {
    const before = s.slice(0, end.index!);
    const lastWord = before.match(/([\p{L}'’-]+)\s*$/u)?.[1] ?? '';
    // "Paris, France", "Tom, Sarah": a list or an apposition when a name stands before the comma too; so is a name
    // after one's own role word ("I have a boyfriend, Sam", "my ex, Mark"), unless it is the name of whom the message answers.
    const role = (ROLE_INFO.has(lastWord.toLowerCase()) || /^ex$/i.test(lastWord)) && !/\byour\s+[\p{L}'’-]+\s*$/iu.test(before) && !askedBy(end[1]!);
    if (!partOfName(lastWord) && !role) s = before + end[2]!.trim();
  }
  const bare = s.match(BARE_END);
  if (!end && bare && listening(bare[2]!) && !BEFORE_NAMED.test(bare[1]!) && !partOfName(bare[1]!)) {
    s = s.slice(0, bare.index! + bare[1]!.length) + bare[3]!.trim();
  }
  s = s.trim();
  if (!s || saysNothing(s)) return null;
  return s;
}
