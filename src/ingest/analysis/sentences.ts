// Sentences of a chat message, and which of them state something about the speaker worth remembering.
import { allMatches, anyCase } from '../../text/matches.js';
import { contentWords } from '../../text/words.js';
import { ABOUT_ME, profileLine } from './answerFrames.js';
import { doesWhatSomeoneDoes } from './names.js';
import { MONTHS, WEEKDAYS } from './dates.js';
import { ANSWER_STYLE_VERB, categoriesOf, FIRST_PERSON_WORDS, FROM_NOW_ON, HOW_TO_TALK, isSmallTalk, OFFERED_VERB } from './signals.js';
import {
  CHAT_ASIDE,
  capitalised,
  FAITHS,
  FAVOURITE,
  HAPPY_OCCASION,
  isCommonWord,
  isLanguageOrPeople,
  isEdPast,
  isFirstNameOnly,
  IT_AFTER_LIKING,
  IRREGULAR_PARTICIPLE,
  isLyAdverb,
  isPhrase,
  lexTags,
  LIKE_TITLE,
  OATH,
  SAID_BEFORE,
  PAST_AND_PARTICIPLE,
  PAST_OPENERS_UNTAGGED,
  ROLE_ALT,
  taggedTerms,
  TEMPERATURE_SCALES,
  WORD_END,
} from './lexicon.js';

/** What opens a verb's object or particle ("adopted a dog", "married my sweetheart", "gave it up"). */
export const OBJECT_START = String.raw`(?:a|an|the|my|our|his|her|their|your|some|every|this|that|these|those|it|him|them|me|up|out|back)`;

// ============================================================================================================
// Splitting
// ============================================================================================================

const ABBREVIATIONS = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'eg',
  'ie',
  'approx',
  'dept',
  'est',
  'vol',
  'fig',
  'inc',
  'ltd',
  'corp',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'a.m',
  'p.m',
  'u.s',
  'u.k',
  'ave',
  'blvd',
]);
/** An emoji with its joiners and modifiers, as a pattern's source. */
export const EMOJI_RUN = String.raw`\p{Extended_Pictographic}[\uFE0F\u200D\p{Emoji_Modifier}\p{Extended_Pictographic}]*`;
const EMOJI_THEN_CAPITAL = new RegExp(String.raw`(${EMOJI_RUN})[ \t]+(?=\p{Lu})`, 'gu');

/** The subjects a clause may open with: the speaker ("I", "I'm") or someone of theirs ("my son", the role word taken). */
const SPEAKER = String.raw`i(?:['’](?:m|ve|d|ll))?\s`;
// "Mum", "Dad" and the like alone are the speaker's own ("Dad's diabetic and Mum can't do stairs").
const OWN_ROLE = String.raw`(?:(?:my|our)\s+|(?=(?:mum|mom|dad|grandma|grandpa|nan|nana|granny)(?:['’]s)?\s))(${ROLE_ALT})${WORD_END}`;
/** Where a second clause with a subject of its own may begin: ", and my son has …", " but I'm …", " and Sam eats …" (whom it opens with is checked after). */
const SECOND_CLAUSE = new RegExp(String.raw`,?\s+(?:and|but|while|whereas)\s+(?=${OWN_ROLE}|${SPEAKER}|\p{L}+\s)`, 'giu');
const SPEAKER_FIRST = new RegExp(String.raw`^(?:[\p{L}]+,\s*)?${SPEAKER}`, 'iu');
const ROLE_FIRST = new RegExp(String.raw`^(?:[\p{L}]+,\s*)?${OWN_ROLE}`, 'iu');
/** Whom a clause opens with when it is someone else: a role word of the speaker's ("my husband") or a first name ("Alex"). */
function someoneFirst(clause: string): string | undefined {
  const name = clause.match(/^(\p{Lu}\p{Ll}+)\b/u)?.[1];
  return clause.match(ROLE_FIRST)?.[1]?.toLowerCase() ?? (name && isFirstNameOnly(name) ? name.toLowerCase() : undefined);
}
/** A clause about something of the speaker's, not someone: "My favourite food is sushi", "My car broke down". */
const OWN_THING_FIRST = new RegExp(String.raw`^(?:[\p{L}]+,\s*)?(?:my|our)\s+(?!(?:${ROLE_ALT})${WORD_END})\p{L}`, 'iu');
const LEANS_ON_FIRST = /\b(?:it|this|that|them|there)\b/i;
/** "… live in Jamaica and I visit every summer": a visit or a call with no one named is to the place or people before. */
const VISIT_OF_FIRST =
  /^(?:i|we)\s+(?:\w+\s+)?(?:visit|go|see|call|ring|phone|fly out|pop over|drive up|drive down)\b\s*(?:$|[.!,]|(?:every|each|once|twice|most|whenever|when|as often|a lot|often|regularly|sometimes|at least)\b)/i;
/** "I'm vegan but my husband isn't(, so …)": a clause whose verb is left to the first one's. */
const ELLIPTICAL =
  /^(?:(?:my|our)\s+[\p{L}-]+(?:\s+\p{Lu}\p{L}*)?|i|i['’]m)\s+(?:(?:is|isn't|are|aren't|was|wasn't|does|doesn't|do|don't|did|didn't|can|can't|will|won't|has|hasn't|have|haven't)(?:\s+(?:too|either|not|as well))?|not|too)[.!?]*$/iu;
/** "Dev is getting married in June and I'm the best man": a clause that only says who the speaker is there. */
const DEFINITE_ROLE = /^(?:i['’]m|i am|i was|i['’]ll be|i will be)\s+(?:the|his|her|their)\s+[\p{L}'’ -]+[.!?]*$/iu;
/** "My mom turns 70 … and I want to throw her a party": the speaker's clause after someone's, about them. */
const ABOUT_SOMEONE = /\b(?:her|him)\b/i;
const speakersClause = (clause: string) => SPEAKER_FIRST.test(clause) || OWN_THING_FIRST.test(clause);
/** Whether a clause has a verb; a capitalised word the lexicon does not know ("Crete with the kids") is a name, whatever the tagger guessed. */
export const hasVerb = (clause: string) =>
  taggedTerms(clause).some(
    (t) => t.tags.has('Verb') && !(/^\p{Lu}/u.test(t.text) && !/(?:ing|ed)$/i.test(t.text) && !lexTags(t.text.toLowerCase()).length),
  );

/**
 * "I'm lactose intolerant and my son has a peanut allergy", "My sister lives in Porto and my brother in Lisbon": two
 * clauses of different subjects (the speaker, or someone by a role word or name), each with its own verb, are two
 * sentences, so each is a memory of its own subject. Clauses of one subject ("I love it and I'm proud"), and a joint
 * subject ("my wife and I went"), stay one sentence. Right after a clause naming someone, "he" or "she" is them:
 * "…, he's diabetic and I don't eat red meat" (afterNaming). A request to be reminded spliced on with a comma is a
 * sentence of its own too.
 */
export function splitJointClauses(sentence: string, afterNaming = false): string[] {
  for (const m of allMatches(SECOND_CLAUSE, sentence)) {
    const first = sentence.slice(0, m.index!).trim();
    const second = sentence.slice(m.index! + m[0].length).trim();
    const [firstRole, secondRole] = [someoneFirst(first), someoneFirst(second)];
    const speakerThenOther = speakersClause(first) && secondRole;
    const otherThenSpeaker = (firstRole || (afterNaming && PRONOUN_FIRST.test(first))) && speakersClause(second);
    const twoOthers = firstRole && secondRole && firstRole !== secondRole;
    if (!speakerThenOther && !otherThenSpeaker && !twoOthers) continue;
    if (clauseWords(first) < 3 || clauseWords(second) < 3 || !hasVerb(first) || !hasVerb(second)) continue;
    // "… and my brother fixed it", "… but my husband isn't": the second clause leans on the first, and alone it would say nothing.
    if (
      LEANS_ON_FIRST.test(second) ||
      VISIT_OF_FIRST.test(second) ||
      ELLIPTICAL.test(second.split(/[,;:]/)[0]!.trim()) ||
      (otherThenSpeaker && (ABOUT_SOMEONE.test(second) || DEFINITE_ROLE.test(second)))
    )
      continue;
    return asTwoSentences(first, second);
  }
  const reminder = REMINDER_AFTER_COMMA.exec(sentence);
  if (reminder)
    return [
      ...splitJointClauses(`${sentence.slice(0, reminder.index).trim()}.`, afterNaming),
      capitalised(sentence.slice(reminder.index + reminder[0].length)),
    ];
  return splitAtPronoun(sentence);
}

/** "remind me to", "can you please remind me to": a request to be reminded of something to do. */
const ASKED_TO_REMIND = String.raw`(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?remind me to\s`;
/** "I've got the dentist at 3pm tomorrow, remind me to leave work early": a request to be reminded, spliced on, is a sentence of its own. */
const REMINDER_AFTER_COMMA = new RegExp(String.raw`\s*[,;]\s+(?=(?:(?:please|pls|and|so)\s+)?${ASKED_TO_REMIND})`, 'i');

/** A sentence's two clauses as sentences of their own. */
const asTwoSentences = (first: string, second: string) => [`${first}.`, capitalised(second)];

/** A comma before "she" or "he" opening a clause of its own: "I need a gift for my sister Priya, she's into pottery". */
const PRONOUN_CLAUSE = /,\s+(?=(?:she|he)\b(?!\/))/giu;
/** Someone for the pronoun to mean, named after the first clause's subject: a role word of the speaker's or a capitalised name. */
const NAMES_ROLE = new RegExp(OWN_ROLE, 'iu');
const NAMES_BY_NAME = new RegExp(String.raw`\s(?!(?:${[...WEEKDAYS, ...MONTHS].map(anyCase).join('|')})\b)\p{Lu}\p{Ll}+`, 'u');
/** "Speaking of Kofi, he came by": the first part only brings the person up; with the second it is one sentence. */
const BRINGS_UP = /^(?:speaking of|talking of|talking about|as for|about)\b/i;
/** "Ha, she's not my cat, she's the workshop's": a first clause about "she" already; the second says more of her. */
const PRONOUN_FIRST = /^(?:\p{L}+,\s*)?(?:she|he)\b/iu;
/** Words of a clause, a contraction counting as two ("I'm vegetarian" is three). */
const clauseWords = (clause: string) => clause.split(/\s+/).length + (clause.match(/\p{L}['’](?:m|re|s|ve|d|ll)\b/giu)?.length ?? 0);

/**
 * A pronoun's clause spliced on with a comma is a sentence of its own, so that it becomes the memory of the person the
 * first names (the pronoun is resolved, or the two stay one memory, like any two sentences).
 */
function splitAtPronoun(sentence: string): string[] {
  for (const m of allMatches(PRONOUN_CLAUSE, sentence)) {
    const first = sentence.slice(0, m.index!).trim();
    const second = sentence.slice(m.index! + m[0].length).trim();
    const afterSubject = first.replace(/^\p{L}+/u, '');
    if (
      !(NAMES_ROLE.test(afterSubject) || NAMES_BY_NAME.test(afterSubject)) ||
      BRINGS_UP.test(first) ||
      PRONOUN_FIRST.test(first) ||
      ROLE_FIRST.test(first)
    )
      continue;
    if (clauseWords(first) < 3 || clauseWords(second) < 3) continue;
    if (!hasVerb(first) || !hasVerb(second)) continue;
    // The pronoun's clause may go on with the speaker's own ("…, he's diabetic and I don't eat red meat").
    const [named, pronouns] = asTwoSentences(first, second);
    return [named!, ...splitJointClauses(pronouns!, true)];
  }
  return [sentence];
}

/** Three or more words in capitals in a row ("HOW DID THE EXAM GO", "I GOT THE JOB"): shouting. */
const SHOUTED = /\b\p{Lu}+(?:['’]\p{Lu}+)?(?:\s+\p{Lu}+(?:['’]\p{Lu}+)?){2,}\b/gu;
/** Brackets, semicolons, operators: text that may be code, which the memory keeps verbatim. */
const CODE_LIKE = /[(){}[\];=*\\<>|]/;

/**
 * A sentence with its shouting in lower case, so that it reads as said ("Anyway HOW DID THE EXAM GO" is a question,
 * "I GOT THE JOB!!" "I got the job"). Fewer capitals in a row may be names or acronyms ("NHS", "KWAME"), and a
 * sentence that may be code ("MATCH (n) DETACH DELETE n") stays as written.
 */
export function unshouted(sentence: string): string {
  if (CODE_LIKE.test(sentence)) return sentence;
  return sentence.replace(SHOUTED, (run, offset: number) => {
    const lower = run
      .toLowerCase()
      .replace(/\bi\b/g, 'I')
      .replace(/\bi(['’])/g, 'I$1');
    return sentence.slice(0, offset).trim() === '' ? capitalised(lower) : lower;
  });
}

/** The bullet a list's item opens with, then a blank: a dash, a star, a dot, "1)", or an emoji ("✅ hotel sorted"). */
const LIST_BULLET = new RegExp(String.raw`^(?:[-*•·–—▪◦]|\d{1,2}\)|${EMOJI_RUN})\s+(?=\S)`, 'u');
/**
 * The sentences of a message, one clause each (the clauses of "I'm vegan and my son is allergic to nuts" apart), and
 * whether each opens a list's item: a line that starts with a bullet, which goes ("- allergic to nuts").
 */
export function* sentencesOf(text: string): Generator<{ sentence: string; opensItem: boolean }> {
  for (const line of text.split(/\r\n|\r|\n/)) {
    const trimmed = line.trim();
    const item = trimmed.replace(LIST_BULLET, '');
    let opensItem = item !== trimmed;
    for (const said of splitSentences(item))
      for (const sentence of splitJointClauses(unshouted(said))) {
        yield { sentence, opensItem };
        opensItem = false;
      }
  }
}

/**
 * Splits chat text into sentences: on . ! ? … runs followed by space (not after "Dr." or "e.g.", not inside
 * "3.50", not on an ellipsis that runs on in lower case), on new lines, and after an emoji followed by a capital.
 */
export function splitSentences(text: string): string[] {
  // Same-length rewrite: the blank after "🐶" in "Biscuit 🐶 I'm" becomes a line break.
  const t = text.replace(EMOJI_THEN_CAPITAL, (m, emoji: string) => `${emoji}\n${m.slice(emoji.length + 1)}`);
  const out: string[] = [];
  const push = (from: number, to: number) => {
    const s = text.slice(from, to).trim();
    if (/[\p{L}\p{N}]/u.test(s)) out.push(s);
  };
  let start = 0;
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]!;
    if (ch === '\n' || ch === '\r') {
      push(start, i);
      start = i + 1;
      continue;
    }
    if (!/[.!?…]/.test(ch)) continue;
    let j = i;
    while (j + 1 < t.length && /[.!?…]/.test(t[j + 1]!)) j++;
    let k = j;
    while (k + 1 < t.length && /["'”’)\]]/.test(t[k + 1]!)) k++;
    const next = t[k + 1];
    if (next !== undefined && !/\s/.test(next)) {
      i = j; // "3.50", "acme.com", "e.g.x"
      continue;
    }
    const run = t.slice(i, j + 1);
    if (run === '.') {
      const word = t.slice(start, i).match(/([\p{L}.]+)$/u)?.[1] ?? '';
      if (ABBREVIATIONS.has(word.toLowerCase()) || /^\p{Lu}$/u.test(word)) {
        i = j;
        continue;
      }
    }
    if (/^(\.{2,}|…)$/.test(run)) {
      const rest = t.slice(k + 1).trimStart();
      if (rest && !/^(\p{Lu}|\p{Extended_Pictographic})/u.test(rest)) {
        i = j; // "wow... then we left": one thought
        continue;
      }
    }
    push(start, k + 1);
    start = k + 1;
    i = k;
  }
  push(start, t.length);
  return out;
}

// ============================================================================================================
// Which sentences to keep
// ============================================================================================================

/** Words a chat sentence may open with before what it does ("So, did I tell you …", "Oh and btw, check out …"). */
const OPENERS = String.raw`(?:(?:so|and|but|oh|hey|wow|${CHAT_ASIDE}|also|anyway|omg|ok|okay)[,!:]?\s+)*`;
/** The openers of a sentence, to be set aside. */
export const CHAT_OPENERS = new RegExp(`^${OPENERS}`, 'i');

export const FIRST_PERSON = new RegExp(`\\b(?:${[...FIRST_PERSON_WORDS].join('|')})\\b`, 'i');
/** The listener (or anyone: "it lets you move"), in a statement whose apostrophes are straight. */
export const SECOND_PERSON = /\b(?:you|your|you're|you've|you'll|you'd|yours|yourself)\b/i;
const QUESTION_START =
  /^(what|how|why|when|where|who|which|whose)\s+(do|does|did|is|are|was|were|can|could|would|should|will|'s|about|if)\b|^(can|could|would|will|should|do|does|did|is|are|am|have|has|any|anyone)\s+(you|u|we|i|it|they|he|she|there|this|that|anyone|someone)\b/i;
/**
 * "Did I tell you (that) …", "Guess what, …": a question that wraps a statement about the speaker. "Do you know" wraps
 * one only before "that" or the speaker's own clause: "Do you know any groups that could help?" asks.
 */
const QUESTION_WRAPPER = new RegExp(
  String.raw`^${OPENERS}(?:(?:did|have|had)\s+i\s+(?:ever\s+|already\s+|even\s+)?(?:tell|told|mention|mentioned|say|said)\s+(?:you|u|ya)\s+(?:that\s+|about\s+(?:how\s+)?)?|(?:did|do)\s+you\s+know\s+(?:that\s+|(?=(?:i|i'm|i've|i'd|i'll|my|we|we're|we've|our)\b))|guess what[,!:]?\s+|you know what[,!:]?\s+|fun fact[,!:]?\s+)`,
  'i',
);
/**
 * "Guess what happened today!", "Guess what I did this weekend": the "what" is the news, not yet told ("Guess what, I
 * …" and "Guess what I found: my old guitar" tell it).
 */
const WHAT_TEASER = new RegExp(String.raw`^${OPENERS}(?:guess|you\s+know)\s+what\s+(?=[\p{L}'])`, 'iu');
/** The question that ends a statement, after a comma or a dash: ", any tips for jet lag?", " - what should I pack?". */
const QUESTION_TAIL =
  /\s*(?:,|;|\s[-–—]|[–—])\s*(?:(?:so|and|but)\s+)?(?:any|anything|how|what|where|when|which|who|why|should|shall|can|could|would|will|do|does|did|is|are|was|were|has|have|thoughts|ideas|suggestions|tips|advice|recommendations?)\b[^,;–—]*\?\s*\S{0,4}$/iu;
/**
 * "Nell's passport expires in September, is that ok?": a clause about someone's own thing, named with a capital and
 * a possessive, before the question about it.
 */
function namedOwnerFirst(head: string): boolean {
  const owner = head.slice(leadInLength(head)).match(/^\s*(\p{Lu}\p{Ll}+)['’]s\s+\p{Ll}/u)?.[1];
  return Boolean(owner && !isCommonWord(owner) && hasVerb(head));
}
const EXCLAIMED = /!\s*\S{0,4}\s*$/u;
/** What leads into a question rather than stating anything: "I was wondering, …", "I'm curious, …". */
const ASKING_LEAD =
  /^(?:(?:so|and|hey|oh)[,!]?\s+)*i(?:'m| am| was)?\s+(?:just\s+)?(?:wondering|curious|thinking|asking|wonder|guess|think)\b[^,]*$/i;
/** A first-person statement inside a question ("Should I tell my boss I'm pregnant?"). */
const EMBEDDED_STATEMENT =
  /\b(?:since|because|as|cause|cuz|that)?\s*(?:i'm|i am|im|i've|i have|i was|i got|i had|i just|i work|i live|i can't|i don't|my \w+ (?:is|was|has|just))\b.*$/i;
/** Content words that make no fact on their own ("I'll try that", "I see", "I know right"). */
export const WEAK_WORDS = new Set(
  'try know see agree understand get guess think hope sure mean suppose wonder remember forgot want need help helps helpful appreciate like right maybe probably idea point true yes tell say said ask asked let lets check look looks sounds sound mind care question answer wait hear chilling chillin relaxing resting lounging more'.split(
    ' ',
  ),
);

/**
 * "Please remember that …", "FYI, …", "Heads up: …": a request to note what follows, which is the statement. "Don't forget to
 * stretch" is no such request: it is advice, and without its opening it said only "to stretch".
 */
const NOTE_REQUEST = new RegExp(
  String.raw`^${OPENERS}(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:remember|note|keep in mind|don't forget|fyi|just so (?:you|u|ya) know|(?:you\s+)?should know|for the record|for context|for future reference|(?:quick\s+|just\s+a\s+)?heads[\s-]up|remind me(?=\s+(?:that|my|our)\b))(?:\s+that)?\s*[,:-]?\s+(?!to\s)`,
  'i',
);

/** "… when suggesting recipes", "… if you're booking anything": when the assistant should bear a noted fact in mind. */
const WHEN_ANSWERING =
  /[,\s]+((?:when|if|for)\s+(?:you(?:'re|’re|\s+are)\s+)?(?:suggesting|recommending|planning|giving|making|writing|booking|choosing|picking)\b[^.!?]*)/i;
/** A request put as a question: "Can you …", "Could you please …". */
const POLITE_REQUEST = new RegExp(String.raw`^${OPENERS}(?:please\s+)?(?:can|could|would)\s+you\b`, 'i');

/** "Remind me to renew my passport before March": what the speaker has to do, which is the statement ("I need to …"). */
const REMINDER_REQUEST = new RegExp(String.raw`^${OPENERS}(?:please\s+)?${ASKED_TO_REMIND}\s*(?=\S)`, 'i');

/**
 * "Just wanted to let you know I'm running again", "Wanted to fill you in on what's been going on - I took a
 * class", "You won't believe this - I got a new job": telling that the speaker tells, before what they tell.
 * Only before a clause of the speaker's own ("Wanted to tell you about my trip" keeps its words).
 */
const TELLING = new RegExp(
  String.raw`^${OPENERS}(?:(?:i\s+)?(?:(?:just|really|totally)\s+)*(?:wanted|want|had|have|got|gotta|needed|need)\s+(?:to\s+)?(?:let\s+(?:you|u|ya)\s+know|tell\s+(?:you|u|ya)|fill\s+(?:you|u|ya)\s+in|give\s+(?:you|u|ya)\s+(?:a|the)\s+heads[- ]?up|update\s+(?:you|u|ya))(?:\s+(?:on|about)\s+what(?:'s|\s+has|\s+is)\s+been\s+(?:happening|going\s+on|up)(?:\s+(?:lately|recently|with\s+me))?)?|let\s+me\s+tell\s+(?:you|u|ya)|you\s+won't\s+believe\s+(?:it|this|what\s+happened)|(?:i\s+)?(?:still\s+)?(?:can't|cant|cannot|can\s+not)\s+believe(?:\s+that)?|(?:it\s+)?turns\s+out(?:\s+that)?|guess\s+what)\s*(?:that\s+|[-–—:,!.]+\s*)?(?=(?:i|i'm|i've|i'd|i'll|we|we're|we've|my|our)\b)`,
  'i',
);

/** How a request to the assistant opens: "Can you please", "Could you", "Please". */
const ASKED_OF_YOU = String.raw`^${OPENERS}(?:please\s+)?(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?`;
/** "for 8 people", "on Saturday", "this weekend": a gathering's guests or its day. */
const GATHERING = String.raw`(?:for\s+(?:\d+|two|three|four|five|six|eight|ten|twelve|twenty)\s+(?:people|guests|adults|kids|children|of\s+us)|(?:on\s+)?(?:${WEEKDAYS.join('|')})|this\s+weekend|next\s+weekend|tomorrow|tonight)\b`;
/**
 * Help asked with something of the person's own life: "Can you help me plan my mom's 60th birthday party?" says that
 * the party is theirs to plan, as "help me plan a menu for 8 people on Saturday" says the gathering is. Help with the
 * work alone ("help me fix this bug") says nothing of them.
 */
const HELP_WITH_OWN = new RegExp(
  String.raw`${ASKED_OF_YOU}help\s+me\s+(?:to\s+)?(?=[\p{L}]+\b.*\b(?:my|our)\s+(?:[\w'-]+\s+){0,2}(?:${ROLE_ALT}|[\w-]+'s|wedding|birthday|party|trip|move|interview|exam|anniversary|vacation|holiday|honeymoon|presentation|speech|toast)${WORD_END}|(?:plan|organi[sz]e|prepare|host|throw|cook|bake)\b.*\b${GATHERING})`,
  'iu',
);

/** "Can you help me write a cover letter for a UX role at the BBC?": the speaker is applying for it (group 1). */
const APPLICATION_FOR = new RegExp(
  String.raw`${ASKED_OF_YOU}(?:help\s+me\s+(?:to\s+)?)?(?:write|draft|polish|improve|tailor|check|proofread|rewrite|do)\s+(?:me\s+)?(?:a|an|my|the)\s+(?:cover\s+letter|application|personal\s+statement|supporting\s+statement|cv|resume)\s+for\s+((?:a|an|the)\s+[^?.!,]*?\b(?:role|job|position|post|vacancy|apprenticeship|internship|course|programme|program)\b(?:\s+(?:at|with|in)\s+[^?.!,]+?)?)\s*(?:[?.!,]|$)`,
  'iu',
);
/** A clause of the speaker's own after a task: ", I'm new to coding", "; my boss reads these". */
const OWN_AFTER_TASK =
  /[,;–—]\s+((?:i'm|i’m|i am|i've been|i’ve been|i have|i've got|i’ve got|my|we're|we’re|we are|we've|we’ve|we have|our|(?:i|we)(?!\s+(?:need|want|would|'d|’d|will|'ll|’ll|think|guess|mean|hope|wonder|was\s+wondering)\b)(?=\s+\p{L}+\b))\s)/iu;
/**
 * "…, she's a black lab", "…, he's into WW2 history", "…, her name is Claire": the one the task named ("my new
 * puppy"), said of by a pronoun.
 */
const THEIRS_AFTER_TASK =
  /[,;–—]\s+(?:(?:he|she|they)(?:['’]s|['’]re|\s+(?:is|are|was|has|loves|likes|hates|lives|works))|(?:his|her|their)\s+name(?:['’]s|\s+is))\b/i;
/** Someone of the speaker's by a role word, perhaps with a word or two before it: "my new puppy", "my colleague". */
const OWN_ONE = String.raw`(?:my|our)\s+(?:[\p{L}-]+\s+){0,2}?(?:${ROLE_ALT})`;
/** The speaker's last person or pet a task names: "for my new puppy", "for my wife's 40th", "to my son's teacher" (the teacher). */
const OWN_ONE_IN_TASK = new RegExp(String.raw`\b(${OWN_ONE})${WORD_END}(?!['’]s\s+(?:[\p{L}-]+\s+)?(?:${ROLE_ALT})${WORD_END})`, 'giu');
/** "a birthday message for my colleague Tom who's leaving for Australia": what the relative clause says of them. */
const WHO_IN_TASK = new RegExp(String.raw`\b(${OWN_ONE}(?:\s+\p{Lu}\p{L}+)?),?\s+who(?:['’]s|\s+is)\s+(.+)$`, 'iu');
/** What a task for the assistant may open with: "OK, can you …", "Please …". */
const TASK_OPENERS = String.raw`(?:(?:ok|okay|so|now|also|please|pls|can you|could you|would you)[,!]?\s+)*`;
/** A task for the assistant ("Write me a poem", "Translate this: …"): about the work, not about the person. */
const TASK_REQUEST = new RegExp(
  String.raw`^${TASK_OPENERS}(?:write|translate|summari[sz]e|explain|give me|show me|tell me|help me|remind me|find|make|create|generate|draft|list|recommend|suggest|fix|check|calculate|convert|rewrite|rephrase|edit|proofread|compose|plan|book|search|look up|describe|compare|define|answer)\b`,
  'i',
);

/** Help asked for, not work handed over ("Help me budget:", "Can you help me plan my week:"; not "Help me reword this:"). */
const HELP_ASKED = new RegExp(String.raw`^${TASK_OPENERS}help\s+me\b(?![^:"“]*\b(?:this|that|it|these|those|the\s+following)\s*:)[^:"“]*:`, 'i');
/** What the speaker says of themself or theirs, opening a clause: "I earn …", "we've got …", "my rent is …". */
const OWN_CONTEXT = /^(?:i|i'm|i’m|i've|i’ve|i'd|i’d|we|we're|we’re|we've|we’ve|my|our)\s/i;
/** "for this list", "in the email": one piece of work, not every answer. */
const ONE_OFF = String.raw`(?:for|in|on)\s+(?:this|that|these|those|it|the\s+(?:list|email|letter|table|doc|document|answer|reply|post|essay))\b`;
/** What every answer has or lacks: the answers themselves, emojis, bullet points, a spelling, units. */
const STYLE_NOUN = String.raw`(?:(?:your\s+|the\s+)?(?:answers|replies|responses|messages)|paragraphs|explanations|(?:eastern|pacific|central|mountain|uk|gmt|utc|my)\s+time(?:\s*zone)?|time\s*zones?|24[- ]hour\s+(?:clock|time)|emojis?|bullet points|jargon|markdown|(?:british|american|uk|us)\s+(?:english|spelling)|metric|imperial|${TEMPERATURE_SCALES.join('|')}|plain\s+(?:english|language)|spoilers?)`;
const STYLE_VERB_ALONE = new RegExp(String.raw`^${ANSWER_STYLE_VERB}$`, 'i');
const TO_ME = /\b(?:me|my|i)\b/i;
/** What an order about every answer may open with: "OK, please …", "Oh and …". */
const ORDER_OPENERS = String.raw`(?:(?:ok|okay|so|also|and|oh)[,!]?\s+)*(?:please\s+)?`;
/**
 * A request about every answer, not one task: "Can you keep your answers short?", "Could you use fewer emojis?", "Can
 * you always give me metric and imperial?".
 */
const STYLE_REQUEST = new RegExp(
  String.raw`^(?:(?:ok|okay|so|also|and)[,!]?\s+)*(?:can|could|would|will)\s+you\s+(?:please\s+)?((?:always|never)\s+\p{L}+.*|${ANSWER_STYLE_VERB}(?=.*\b${STYLE_NOUN}\b).*)$`,
  'iu',
);

/**
 * The same said as an order: "Keep your answers short", "Please stop using emojis", "Always answer in Spanish", "Please
 * don't use bullet points", "Use British English", "Please only suggest accessible restaurants". Without "always",
 * "never" or "only" only when it names the answers, emojis, a spelling or the like: "Use bullet points for this" is a task.
 */
const STYLE_ORDER = new RegExp(
  String.raw`^${ORDER_OPENERS}((?:always|never)\s+(?<verb>\p{L}+)\b.*|keep\s+(?:it|things)\s+(?:simple|short|brief|basic|concise|clear)\b.*|(?:(?:don't|do\s+not)\s+)?${ANSWER_STYLE_VERB}(?=.*\b${STYLE_NOUN}\b)(?!.*\b${ONE_OFF}).*|(?:(?:don't|do\s+not)\s+)?(?<lasting>\p{L}+)\b(?=.*\b${FROM_NOW_ON}\b).*|only\s+(?:${OFFERED_VERB})\b(?!.*\b${ONE_OFF}).*|${HOW_TO_TALK}\b.*)$`,
  'iu',
);
/** "No emojis please", "No jargon", "No spoilers please, I'm only on season 2!": what every answer should leave out. */
const NO_STYLE = new RegExp(
  String.raw`^${ORDER_OPENERS}no\s+(${STYLE_NOUN})\b(?:,?\s+(?:please|thanks|thank you))*(?:[.!\s]*$|\s*[,;–—-]\s*(\S.*)$)`,
  'i',
);

/** "Took me four months!", "Cost us a fortune", "Took ages.": what the thing before took or cost, its "it" dropped. */
export const IT_DROPPED =
  /^(?:took|takes|cost|costs)\s+(?:(?:me|us|him|her|them)\b|(?:about|around|over|nearly|almost|just|only|roughly)?\s*(?:[£$€]?\d|a\s+(?:while|fortune|bomb|packet|few|couple)\b|an?\s+(?:hour|day|week|fortnight|month|year|age)\b|(?:ages|forever|hours|days|weeks|months|years)\b|(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|several)\s+(?:whole\s+|full\s+|long\s+)?(?:minutes|hours|days|weeks|months|years|attempts|goes|tries|grand)\b))/i;

/** A sentence ending in a question mark, perhaps with an emoji or "lol" after it. */
export const ENDS_AS_QUESTION = /\?\s*\S{0,4}$/u;

export const TAG_QUESTION =
  /,\s*(?:right|huh|eh|yeah|no|isn't it|aren't they|don't you think|doesn't it|don't they|wasn't it|didn't it|you know)\s*\?[\s?!]*\p{Extended_Pictographic}*\s*$/iu;

/**
 * "Let me know if you need a hand", "Tell me more about your trip", "If you hear of a room, let me know": asking
 * the listener to tell, which says nothing of the speaker unless the rest does ("Let me know if you want to join my
 * book club"). The offer "something I can do" is no more than the asking.
 */
const ASKS_TO_BE_TOLD = new RegExp(
  String.raw`^${OPENERS}(?:(?:just|please)\s+)?(?:let\s+me\s+know|keep\s+me\s+(?:posted|updated|in\s+the\s+loop)|tell\s+me\s+(?:more|all|about|how|what|if|when))\b|,\s*(?:just\s+)?let\s+me\s+know\s*[.!]*$`,
  'i',
);
const OFFER = /\b(?:(?:anything|something)(?:\s+(?:else|more))?\s+i\s+can\s+do|(?:any\s+)?(?:other\s+)?way\s+i\s+can\s+help)\b/gi;

function asksToBeTold(sentence: string): boolean {
  const s = sentence.replace(/’/g, "'");
  const m = s.match(ASKS_TO_BE_TOLD);
  return Boolean(m) && !FIRST_PERSON.test(s.replace(m![0], ' ').replace(OFFER, ' '));
}

/** "Check out my quilt for the fair!", "Check this mug I glazed!": the speaker showing what is theirs. */
const SHOWING = new RegExp(
  String.raw`^${OPENERS}(?:check\s+(?:out\s+)?|take\s+a\s+look\s+at\s+|have\s+a\s+look\s+at\s+|look\s+at\s+)((?:my|our)\s.+|(?:this|these|that)\s.*\b(?:i|we)\s.+)$`,
  'i',
);
/** "Check my essay for typos", "Look at my code and tell me why it fails": a task, not a showing. */
const ASKS_FOR_WORK = /\b(?:for\s+(?:typos|errors|mistakes|bugs)|if|whether|and\s+(?:tell|let|fix|see|say|give|explain))\b/i;

/** "Check out my quilt for the fair!" states "I showed my quilt for the fair"; null when not a showing. */
function shownBy(sentence: string): string | null {
  const m = sentence.replace(/’/g, "'").match(SHOWING);
  if (!m || ASKS_FOR_WORK.test(m[1]!)) return null;
  return `I showed ${m[1]!.replace(/[.!?…\s]+$/, '')}`;
}

/** "Since we last met", "since we caught up last": the time since the last conversation, with which catch-ups open. */
export const SINCE_WE_TALKED = /\bsince\s+(?:we|you\s+and\s+i)\s+(?:last\s+)?(?:talked|spoke|chatted|caught\s+up|met)(?:\s+last)?\b/i;
const NEWS_WORDS = new Set(
  'lot lots ton tons much happened happening happen going things thing something stuff there here big huge pretty cool crazy massive wild busy hectic eventful week days few many tell share news life world lately recently'.split(
    ' ',
  ),
);

/** "So much has happened since we chatted", "Lots going on this week!", "I have some news to share with you": news announced, not yet told. */
export function isNewsTeaser(statement: string): boolean {
  const s = statement.replace(/’/g, "'");
  if (!SINCE_WE_TALKED.test(s) && !/\b(?:happen(?:ed|ing)|going\s+on|tell|news|share)\b/i.test(s)) return false;
  return contentWords(s.replace(SINCE_WE_TALKED, ' '))
    .map((w) => w.replace(/'s$/, ''))
    .every((w) => NEWS_WORDS.has(w) || WEAK_WORDS.has(w));
}

const SINCE_OPENING = new RegExp(String.raw`^${OPENERS}${SINCE_WE_TALKED.source}\s*[,:–—-]?\s+(?=\S)`, 'i');
const TEASER_THEN = /^(.+?)\s*(?:\s[-–—]|:)\s+(?=\S)/;

/** "Quick question - my daughter wants a hamster": announces the asking, and is no part of what is said. */
const ASKING_OPENER = /^\s*(?:(?:a\s+)?quick|random|silly|dumb|weird)\s+(?:question|q|qn)\s*[-–—:,]\s*/i;
/** "Been great, I just adopted a turtle": how one has been, said before the news, is no part of it. */
const HOW_I_HAVE_BEEN = /^\s*(?:(?:been|doing|all|pretty|really|so|very)\s+)*(?:great|good|well|fine|okay|ok|not bad|alright)\s*,\s+(?=\S)/i;
/** "Good news, I got the job!": the news announced before it is told. */
const NEWS_OPENER = /^\s*(?:some\s+)?(?:good|great|big|exciting|happy|bad|sad)\s+news\s*[,:!–—-]+\s*(?=\S)/i;
/**
 * "Quick update: the boiler's fixed", "Work update - I got promoted", "Running update!": a header, no part of the news.
 * "Biscuit update: he survived" names whom the news is about, and stays.
 */
const UPDATE_OPENER =
  /^\s*(?:(?:also|another|so|ok|okay|the|a|an|my|our)\s+)?(?:(?:quick|small|little|brief|short|big|general|weekly|progress|status|work|job|running|training|health|house|home|garden|school|travel|life)\s+)?update\s*(?:[,:!.–—-]+\s*|$)/i;
/** "Context: I'm a teacher", "Random thought: I should learn to sail": a heading of the conversation, no part of what follows. */
const DISCOURSE_HEADING = new RegExp(
  String.raw`^\s*(?:(?:some\s+|(?:a\s+)?bit\s+of\s+)?(?:context|background)|random\s+thought|quick\s+one|side\s*note|story\s*time|confession|rant|vent|for\s+reference|edit|nb|n\.b\.|${ABOUT_ME})\s*[:–—-]\s*(?=\S)`,
  'i',
);
/**
 * "Totally diff thing, my sister's 40th is …", "Different topic: …", "Unrelated but my mum is coming", "On another note,
 * …": the speaker changes the subject, which is no part of what follows.
 */
const TOPIC_CHANGE =
  /^\s*(?:(?:ok|okay|so|also|and|anyway|right)[,.!]?\s+)*(?:(?:(?:totally|completely|slightly|somewhat)\s+)?(?:diff|different|unrelated|separate|other|another)\s+(?:thing|topic|subject|question|note|matter)|on\s+(?:a|an)\s+(?:(?:totally|completely)\s+)?(?:different|unrelated|other|separate|related|another)\s+note|on\s+another\s+note|changing\s+(?:the\s+)?(?:subject|topic)|(?:(?:totally|completely)\s+)?unrelated(?=\s*(?:,|but\b|[:–—-])))\s*(?:[,:!.–—-]+\s*|\s+but\s+|,\s*but\s+)(?=\S)/i;
/**
 * "Correction: the party is on Sunday", "Oops, …", "Actually scratch that, …", "Ignore that, …", "Change of
 * plan, …": the speaker fixing what they said before.
 */
const CORRECTION_OPENER =
  /^\s*(?:(?:actually|ok|okay|so|oh)[,!]?\s+)*(?:correction|oops|whoops|my\s+bad|sorry|scratch\s+that|ignore\s+that|change\s+of\s+plans?|wait|(?:just\s+)?to\s+(?:clarify|be\s+clear))\s*(?:[,:!.–—-]+\s*)(?=\S)/i;
/** "Update on the house: we got the keys", "Update on Dad - …": what the news is about, kept as its heading ("The house: …"). */
const UPDATE_ON =
  /^\s*(?:(?:quick|small|little|brief|short|big|an?)\s+)?update\s+(?:on|about|re)\s+((?:the|my|our)\s+[^:–—]{1,40}?|\p{Lu}[\p{L}'’]+(?:\s+\p{Lu}[\p{L}'’]+)?)\s*[:–—-]\s*(?=\S)/iu;
/** "Biscuit update: he survived", "Mum update - she's home": whom the news is about, kept as its heading. */
const NAMED_UPDATE = /^\s*((?:(?:[Tt]he|[Mm]y|[Oo]ur)\s+)?\p{L}[\p{L}'’]*(?:\s+\p{Lu}[\p{L}'’]+)?)\s+update\s*[:–—-]\s*(?=\S)/u;
/** A heading, then news opening with a pronoun: the pronoun is whom the heading names ("Biscuit: he survived"). */
const HEADED_PRONOUN = /^([^:]{1,40}?):\s+(he|she|it|they)(?:['’](s|re|ve)\b(\s+(?:got|been)\b)?)?/iu;
const headedNews = (s: string) =>
  s.replace(HEADED_PRONOUN, (_all, heading: string, pronoun: string, contracted?: string, had?: string) => {
    const plural = pronoun.toLowerCase() === 'they';
    const verb = !contracted ? '' : contracted === 're' ? ' are' : contracted === 've' || had ? (plural ? ' have' : ' has') : ' is';
    return `${heading}${verb}${had ?? ''}`;
  });

/** The news without the catch-up before it: "Since we last spoke, I …" and "So much happened - I …" say "I …". */
function withoutCatchUp(sentence: string): string {
  let s = sentence
    .replace(SINCE_OPENING, '')
    .replace(ASKING_OPENER, '')
    .replace(DISCOURSE_HEADING, '')
    .replace(TOPIC_CHANGE, '')
    .replace(CORRECTION_OPENER, '')
    .replace(HOW_I_HAVE_BEEN, '')
    .replace(NEWS_OPENER, '')
    .replace(UPDATE_OPENER, '');
  const headed = s.replace(UPDATE_ON, '$1: ').replace(NAMED_UPDATE, '$1: ');
  if (headed !== s) s = headedNews(headed);
  const teaser = s.match(TEASER_THEN);
  const rest = teaser && isNewsTeaser(teaser[1]!) ? s.slice(teaser[0].length) : s;
  return rest === sentence ? rest : capitalised(rest);
}

/** "Call me Sam", "You can call me Sam", "Could you call me Dr Patel?": a capitalised name only ("call me later" names no one). */
const CALL_ME =
  /^\s*(?:(?:[Yy]ou can|[Pp]lease|[Jj]ust|[Ff]eel free to|(?:[Cc]an|[Cc]ould|[Ww]ould|[Ww]ill) you(?: please)?|[Ff]rom now on,?)\s+)*[Cc]all me\s+((?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?\p{Lu}[\p{L}'’-]*)\b/u;
const ONLY_FILLER = /^(?:\s*,?\s*(?:by the way|btw|please|thanks|lol|from now on|instead))*[\s.!?]*$/i;
/** "Hi, I'm Priya!", "I'm Dana, by the way": a name and nothing else after "I'm". */
const INTRODUCTION = new RegExp(
  String.raw`^\s*(?:(${anyCase('hi|hey|hello|hiya')})(?:\s+${anyCase('there')})?[\s,!.]+)?${anyCase('i')}(?:'m|’m| ${anyCase('am')})\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)(\s*,?\s*(?:${anyCase('by the way|btw|here|nice to meet you')}))?[\s.!]*$`,
  'u',
);

/**
 * The name a speaker introduces themself by, when the sentence is only that: after a greeting ("Hi, I'm Priya"),
 * with "by the way", or a name the lexicon knows ("I'm Dana."). Never an adjective or a people ("I'm Jewish" is said
 * plainly, and a greeting before it would not make it a name: the lexicon calls it no name only when it knows it).
 */
export function introducedName(sentence: string): string | null {
  return introductionOf(sentence)?.name ?? null;
}

/** "I'm Amara, 27, nurse in Birmingham", "I'm Sam, a teacher", "I'm Priya, I'm a junior doctor": a name, then more of who one is. */
const INTRODUCTION_THEN = new RegExp(
  String.raw`^\s*${anyCase('i')}(?:'m|’m| ${anyCase('am')})\s+(\p{Lu}[\p{L}'’-]+)\s*,\s+(?:(${anyCase('i')}(?:'m|’m| ${anyCase('am')}))\s+)?((?:\d{1,3}\b|${anyCase('a|an')}\s).*?)[\s.!]*$`,
  'u',
);

const FAITH = new RegExp(`^(?:${FAITHS})$`, 'i');

/** The name a speaker introduces themself by, and what they go on to say of themself in the same sentence. */
function introductionOf(sentence: string): { name: string; rest?: string } | null {
  const m = sentence.match(INTRODUCTION);
  const then = m ? null : sentence.match(INTRODUCTION_THEN);
  const name = m?.[2] ?? then?.[1];
  if (!name) return null;
  const tags = lexTags(name.split(' ')[0]!.toLowerCase());
  if (tags.some((t) => /Adjective|Demonym|Country|City|Place|Verb/.test(t))) return null;
  const knownName = tags.some((t) => /Name|Person/.test(t));
  // An age after the name says it is one, however rare the name; so does "I'm" said again of what one is ("I'm Priya,
  // I'm a junior doctor"), when the word is no ordinary one, people or faith ("I'm Jewish, I'm a teacher" is none).
  const saidAgain = then?.[2] && !isCommonWord(name) && !isLanguageOrPeople(name) && !FAITH.test(name);
  if (then) return knownName || saidAgain || /^\d/.test(then[3]!) ? { name, rest: then[3]! } : null;
  return knownName || m![1] || m![3] ? { name } : null;
}

/** A heading of a few words, then what it holds: "Diet: no dairy". */
const LABELLED = /^\s*(\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*){0,3})\s*:\s+(\S.*?)\s*$/u;
/** Headings of a text, a thread or a thing, not of the speaker's life ("Note: …", "Error: …", "Ingredients: …"). */
const DOCUMENT_HEADINGS = new Set(
  'note notes nb edit error warning question answer example output input result results step tip tips fyi ps tldr summary context subject source link title reminder important caveat disclaimer spoiler status quote translation definition hint fact idea problem issue bug fix solution option options code command prompt task reply response re fwd attached attachment pros cons verdict conclusion sample test update news ingredients instructions method directions usage price cost total subtotal size dimensions specs features contents menu agenda'.split(
    ' ',
  ),
);
/** "Reminder to self:", "Note to self:", "To do:": the heading of what the speaker has to do. */
const TO_SELF = /^(?:(?:reminders?|notes?)\s+to\s+(?:self|me|myself)|to[- ]?dos?(?:\s+list)?|to\s+do(?:\s+list)?)$/i;
/**
 * "Diet: no dairy, no gluten", "Meds: ibuprofen twice a day", "Goal for this year: run a marathon": a heading of the
 * speaker's own life and what it holds, said as "My diet: …" (without a word for whose, a list of this kind had kept
 * nothing). Not a name's heading ("Priya: …"), a day's ("Today: …"), a document's ("Note: …"), or one before a
 * statement of its own ("Physio update: she reckons …").
 */
/** Tags of words that say something is done, or whose, or how many: no heading of a thing of one's life has them. */
const NOT_IN_HEADING = ['Pronoun', 'Possessive', 'Verb', 'Copula', 'Value'];
function ownHeading(sentence: string): string | null {
  const m = sentence.match(LABELLED);
  // "Remember: no nuts" asks that what follows be noted (NOTE_REQUEST); "remember" is no heading of one's life.
  if (!m || /\?\s*$/.test(sentence) || NOTE_REQUEST.test(sentence)) return null;
  const [heading, value] = [m[1]!, m[2]!];
  const first = heading.split(/\s/)[0]!;
  // "Reminder to self: dentist 3pm thursday, call gran": what the speaker has to do.
  if (TO_SELF.test(heading)) return `My to-do list: ${value}`;
  if (/\s\p{Lu}/u.test(heading) || FIRST_PERSON.test(heading) || !isCommonWord(first) || DOCUMENT_HEADINGS.has(first.toLowerCase())) return null;
  // Read as "my …": alone, "Kids" or "Plans" is tagged a verb.
  const [firstTerm, ...terms] = taggedTerms(`my ${heading.toLowerCase()}`).slice(1);
  if (!firstTerm || firstTerm.tags.has('Date') || [firstTerm, ...terms].some((t) => NOT_IN_HEADING.some((tag) => t.tags.has(tag)))) return null;
  // "Priya: loves the new flat" says what someone does; "Goal: run a marathon" what the speaker means to.
  const opening = taggedTerms(value)[0];
  if (opening?.tags.has('Verb') && !opening.tags.has('Infinitive')) return null;
  if (FIRST_PERSON.test(value) || !isPhrase(value.replace(/[.!…\s]+$/, ''), 12)) return null;
  return saidInFull(heading.toLowerCase(), value) ?? `My ${heading.toLowerCase()}: ${value}`;
}

/** "Name: Priya", "Age: 41", "Location: Bristol": the headings of who one is, said as a statement would say them. */
function saidInFull(heading: string, value: string): string | null {
  const v = value.replace(/[.!\s]+$/, '');
  if (/^(?:name|full name)$/.test(heading) && /^\p{Lu}\p{L}*(?:\s\p{Lu}\p{L}*){0,2}$/u.test(v)) return `My name is ${v}.`;
  if (heading === 'age' && /^\d{1,3}$/.test(v)) return `I'm ${v}.`;
  if (/^(?:location|city|home|based)$/.test(heading) && /^\p{Lu}/u.test(v)) return `I live in ${v}.`;
  return null;
}

/**
 * A sentence that is a heading of the speaker's own and what it holds ("Job: nurse"), as its statement ("My job:
 * nurse"), else null: statementOf's first reading, which the analysis asks for first since such a line, like a list's
 * item, stands alone.
 */
export const ownHeadingOf = (sentence: string) => ownHeading(withoutCatchUp(sentence));

/** "Favourite band is Radiohead", "All-time fave film has to be Heat": a favourite said without its "my". */
const DROPPED_MY_FAVOURITE = new RegExp(
  String.raw`^(?:all[- ]time\s+)?${FAVOURITE}\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:is|are|was|has\s+to\s+be|would\s+be|at\s+the\s+moment\s+is)\b`,
  'iu',
);

/** What part of a sentence states a fact: the whole, the statement inside a wrapper question, or nothing. */
export function statementOf(full: string): string | null {
  if (WHAT_TEASER.test(full) && !/[:–—]|\s-\s/.test(full)) return null;
  // "About me: 34, she/her, live in Glasgow": each part as the speaker would have said it.
  const profile = profileLine(full);
  if (profile) return profile;
  const sentence = withoutCatchUp(full);
  const headed = ownHeading(sentence);
  if (headed) return headed;
  const shown = shownBy(sentence);
  if (shown) return shown;
  if (isSmallTalk(sentence)) return null;
  // "Favourite band is Radiohead": the speaker's favourite, with its "my" left out.
  if (DROPPED_MY_FAVOURITE.test(sentence)) return statementOf(`My ${lowerFirstWord(sentence)}`);
  // A request to be reminded or to note carries the statement, also when asked ("Can you remember that …?"); a
  // question mark is then the request's ("Remember when we met?" stays a question).
  const asStatement = (rest: string) => rest.replace(/\?+\s*$/, '.');
  const reminder = sentence.match(REMINDER_REQUEST);
  if (reminder) return statementOf(`I need to ${asStatement(sentence.slice(reminder[0].length))}`);
  const noted = sentence.match(NOTE_REQUEST);
  if (noted && noted[0].length < sentence.length) {
    // "Don't forget I'm vegan when suggesting recipes": the "when" is the assistant's, not when the speaker is vegan.
    const rest = sentence.slice(noted[0].length).replace(WHEN_ANSWERING, ', to keep in mind $1');
    // "Can you remember my mum's address?" asks for what is kept, and says nothing of it.
    if (/\?\s*$/.test(sentence) && !taggedTerms(rest).some((t) => t.tags.has('Verb'))) return null;
    return statementOf(capitalised(POLITE_REQUEST.test(sentence) ? asStatement(rest) : rest));
  }
  // "Hi, I'm Priya!" is the speaker's name, not someone they are.
  const introduced = introductionOf(sentence);
  if (introduced) return introduced.rest ? `My name is ${introduced.name}, I'm ${introduced.rest}.` : `My name is ${introduced.name}.`;
  // "Call me Sam, by the way" is what the speaker goes by, not a request to keep as said ("Call the user Sam").
  const named = sentence.match(CALL_ME);
  if (named) {
    const rest = sentence.slice(named[0].length);
    return `I go by ${named[1]}${ONLY_FILLER.test(rest) ? '.' : rest}`;
  }
  // "Can you keep your answers under 100 words?": how the person wants to be answered, from now on.
  const style = sentence.match(STYLE_REQUEST) ?? sentence.match(STYLE_ORDER);
  // "Always give me the source", "Reply in Spanish from now on" order a verb; "Never mind" and "Always happy to help"
  // do not, and "Never give up!" and "Love it every time" are no order: one is about answers, or says "me".
  const verb = style?.groups?.verb ?? style?.groups?.lasting;
  const ordered = verb && (STYLE_VERB_ALONE.test(verb) || (lexTags(verb).includes('Infinitive') && TO_ME.test(style![1]!)));
  if (style && (!verb || ordered)) {
    const wanted = style[1]!.replace(/(?:,?\s+(?:please|thanks|thank you|thx))+[?!.\s]*$|,?\s+please\b(?=\s*[,.!?])|[?!.\s]+$/gi, '');
    const not = wanted.match(/^(?:don't|do\s+not)\s+/i);
    const done = not ? wanted.slice(not[0].length) : wanted;
    return statementOf(`I want you ${not ? 'not ' : ''}to ${done[0]!.toLowerCase()}${done.slice(1)}.`);
  }
  const leftOut = sentence.match(NO_STYLE);
  if (leftOut) return `I want no ${leftOut[1]!.toLowerCase()}${leftOut[2] ? `, ${leftOut[2]}` : '.'}`;
  const applying = sentence.replace(/’/g, "'").match(APPLICATION_FOR);
  if (applying) {
    // "…, I've got 8 years experience": what the speaker says of themself after it stays too.
    const own = sentence.slice(applying[0].length - 1).match(OWN_AFTER_TASK);
    const rest = own ? sentence.slice(applying[0].length - 1 + own.index! + own[0].length - own[1]!.length).replace(/[?!.\s]+$/, '') : '';
    return `I'm applying for ${applying[1]}${rest ? `, ${rest}` : ''}.`;
  }
  const help = sentence.replace(/’/g, "'").match(HELP_WITH_OWN);
  if (help) return statementOf(`I need to ${asStatement(sentence.slice(help[0].length))}`);
  if (TASK_REQUEST.test(sentence) || asksToBeTold(sentence)) {
    // "Explain it like I'm a beginner, I'm new to coding": what the speaker says of themself after the task stays;
    // what follows a colon or a quote is the task's material ("Make this more professional: 'I'm off sick today'").
    const material = sentence.search(/:\s|["“]/);
    // "Help me budget: I earn £2,400 a month": after help asked, what the speaker says of themself is theirs, not material.
    const context = HELP_ASKED.test(sentence) && sentence[material] === ':' ? sentence.slice(material + 1).trim() : '';
    if (OWN_CONTEXT.test(context)) return statementOf(capitalised(context));
    const own = (material >= 0 ? sentence.slice(0, material) : sentence).match(OWN_AFTER_TASK);
    const rest = own ? sentence.slice(own.index! + own[0].length - own[1]!.length) : '';
    // "…, my boss needs it by noon" is about the task; "A book like The Secret History, I loved it" names what "it" is.
    if (rest) {
      const liked = sentence.match(LIKE_TITLE)?.[1];
      const named = liked ? rest.replace(IT_AFTER_LIKING, `$1 ${liked}`) : rest;
      return named !== rest || !LEANS_ON_FIRST.test(rest) ? statementOf(capitalised(named)) : null;
    }
    const theirs = sentence.match(THEIRS_AFTER_TASK);
    const one = theirs ? allMatches(OWN_ONE_IN_TASK, sentence.slice(0, theirs.index)).pop() : undefined;
    if (theirs && one) {
      const said = sentence.slice(theirs.index! + theirs[0].search(/\b(?:he|she|they|his|her|their)\b/i));
      const named = said
        .replace(/^(?:he|she)['’]s\b/i, `${one[1]} is`)
        .replace(/^they['’]re\b/i, `${one[1]} are`)
        .replace(/^(?:his|her|their)(?=\s)/i, `${one[1]}'s`);
      return statementOf(capitalised(named.replace(/^(?:he|she|they)(?=\s)/i, one[1]!)));
    }
    const who = sentence.match(WHO_IN_TASK);
    return who ? statementOf(`${capitalised(who[1]!)} is ${who[2]}`) : null;
  }
  const telling = sentence.replace(/’/g, "'").match(TELLING);
  if (telling) return statementOf(capitalised(sentence.slice(telling[0].length)));
  const wrapped = sentence.match(QUESTION_WRAPPER);
  if (wrapped)
    return (
      sentence
        .slice(wrapped[0].length)
        .replace(/[?!.…\s]+$/, '')
        .trim() || null
    );
  // "Long walks clear the head, right?", "The new bakery is great, huh?": a statement asking only for agreement.
  const tagged = sentence.match(TAG_QUESTION);
  if (tagged && !QUESTION_START.test(sentence)) return statementOf(`${sentence.slice(0, tagged.index)}.`);
  // "I'm flying to Tokyo on Tuesday, any tips for jet lag?": the speaker's statement, then a question about it. Not
  // "Love the scarf, any story to it?" (a remark on the listener's) or "I was wondering, could you …?".
  const tail = QUESTION_START.test(sentence) ? null : sentence.match(QUESTION_TAIL);
  const head = tail?.index ? sentence.slice(0, tail.index).trim() : '';
  if (head && (FIRST_PERSON.test(head) || namedOwnerFirst(head)) && !ASKING_LEAD.test(head)) return statementOf(`${head}.`);
  // "Pretend I'm a 20 year old student", "Let's say I earn 40k": a supposition says nothing of the speaker.
  if (SUPPOSED.test(sentence)) return null;
  // "Big Taylor Swift fan here", "Fellow nurse here!": who the speaker is, said as where they are.
  const here = sentence.match(ONE_HERE);
  if (here) return `I'm ${/^[aeiou]/i.test(here[1]!) ? 'an' : 'a'} ${lowerFirstWord(here[1]!)}.`;
  // "thinking edinburgh?": a place or a thing the speaker has in mind, asked as a question.
  const tentative = sentence.match(TENTATIVE);
  if (tentative && !hasVerb(tentative[1]!) && !TO_LISTENER.test(tentative[1]!)) return `I'm thinking of ${tentative[1]}.`;
  // "Did it!! 10k in 57:48": an exclamation, however it opens.
  const isQuestion = ENDS_AS_QUESTION.test(sentence) || (QUESTION_START.test(sentence) && !EXCLAIMED.test(sentence));
  if (!isQuestion) return withWishSaid(withoutResumptive(sentence));
  const embedded = sentence.slice(1).match(EMBEDDED_STATEMENT);
  if (!embedded) return null;
  return (
    embedded[0]
      .replace(/^\s*(since|because|as|cause|cuz|that)\s+/i, '')
      .replace(/[?!.…\s]+$/, '')
      .trim() || null
  );
}

/**
 * "What's a good gift for a 7 year old?", "Can you suggest a cake recipe for a party?", "Any ideas for a present for
 * …?": what the speaker asks to be given, the thing it names.
 */
const ASKS_FOR_A_THING = new RegExp(
  String.raw`^${OPENERS}(?:what(?:'s|\s+is|\s+are|\s+would\s+be)\s+(?=(?:a|an|some)\s+(?:good|nice|decent|great|fun|cheap|easy|quick|simple|thoughtful)\s)|(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:suggest|recommend)\s+(?:me\s+)?(?=(?:a|an|some)\s)|(?:got\s+)?any\s+(?=(?:good\s+)?(?:ideas|suggestions|recommendations|recs)\s+for\s))(.+?)[?!.\s]*$`,
  'i',
);
/** "It's for my nephew Oscar", "She's for my wife": whom the thing just asked for is for. */
const FOR_ONE_OF_THEIRS =
  /^(?:it|this|that|they|these|those|she|he)(?:['’]s|['’]re|\s+(?:is|are|will\s+be))\s+(?:all\s+|mainly\s+|actually\s+)?for\s+(?:my|our)\b/i;

/**
 * "What's a good gift for a 7 year old who likes dinosaurs? It's for my nephew Oscar.": the question alone keeps
 * nothing and the answer alone says only "It's for my nephew Oscar"; together, what the speaker is looking for and
 * for whom. Null unless `after` says whom the thing `question` asks for is for.
 */
export function soughtFor(question: string, after: string): string | null {
  if (!FOR_ONE_OF_THEIRS.test(after.trim())) return null;
  const thing = withoutCatchUp(question.trim()).replace(/’/g, "'").match(ASKS_FOR_A_THING)?.[1];
  return thing ? `I'm looking for ${thing}; ${lowerFirstWord(after.trim())}` : null;
}

/** "what's a good stretch for sciatica?", "any tips for a teething baby?": what a question asks help with (group 1). */
const HELP_WITH = /\bfor\s+(?:a\s+|an\s+|my\s+)?((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)\s*\?+\s*$/iu;
/** What a question asks help for that is nothing of the speaker's: someone else, a time ("Any ideas for tonight?"). */
const NOT_HELPED = /^(?:the|you|your|it|that|this|them|him|her|me|us|someone|somebody|anyone|people|everyone|tonight|today|tomorrow)\b/i;
/** "Mine's been flaring up", "Mine is 8 months old", "Mine keeps waking": "mine" opening a sentence, and its verb. */
const MINE_OPENS = /^mine(?:['’]s(?=\s+(been|got|\w+ed)\b)|['’]s)?/i;

/**
 * "What's a good stretch for sciatica? Mine's been flaring up since …": "mine" is the speaker's own of what was just
 * asked about, "My sciatica has been flaring up since …". Null when the sentence does not open with "mine" or the
 * question names nothing of the kind.
 */
export function mineOf(question: string, after: string): string | null {
  const mine = after.match(MINE_OPENS);
  if (!mine) return null;
  const thing = question.trim().match(HELP_WITH)?.[1];
  if (!thing || NOT_HELPED.test(thing)) return null;
  // "Mine's been" is "has been", "Mine's ginger" "is ginger"; "Mine keeps" keeps its verb.
  const verb = !/['’]s$/.test(mine[0]) ? '' : mine[1] ? ' has' : ' is';
  return `My ${thing.toLowerCase()}${verb}${after.slice(mine[0].length)}`;
}

/**
 * "my son he have autism", "me and my wife we are from Poland": a pronoun that says the subject again, as a learner
 * of English may write; the subject stays, and "he have" is "has".
 */
const RESUMPTIVE =
  /^(\s*(?:(?:me|i)\s+and\s+)?(?:my|our)\s+[\p{L}-]+(?:\s+\p{Lu}\p{L}+)?(?:\s+and\s+(?:i|me))?)\s+(he|she|they|we)\s+(?=(?:is|are|was|were|has|have|had|will|would|can|could|works?|lives?|loves?)\b)/iu;
function withoutResumptive(sentence: string): string {
  const m = sentence.match(RESUMPTIVE);
  if (!m) return sentence;
  const rest = sentence.slice(m[0].length);
  return `${m[1]} ${/^(?:he|she)$/i.test(m[2]!) ? rest.replace(/^have\b/i, 'has') : rest}`;
}

/**
 * ", so please don't suggest meat", "…, please use Fahrenheit", "… so use Eastern time": an order about the answers
 * after a statement; group 1 runs to the order, group 2 is its "don't", "never" or "only", group 3 its verb.
 */
const PLEASE_AFTER_CLAUSE = /((?:,\s*|\s+)(?:(?:so|and)\s+)?)(?:please\s+|(?<=\bso\s+))((?:don't|do\s+not|never|only)\s+)?([\p{Ll}]+)/u;
const ORDER_VERBS = new Set(['note', 'call', 'bear', 'help', 'stick']);
/** Words that make a clause a statement of the speaker's or of something's state. */
export const STATES_OWN = /\b(?:i|i'm|i’m|im|i've|i’ve|we|we're|we’re|my|our|is|are|am)\b/i;
const LASTING_ORDER = new RegExp(String.raw`\b(?:always|never|${STYLE_NOUN})\b`, 'i');
const ASKED_OF_AN_ASSISTANT = /^(?:suggest|recommend|mention|use|rely|include|give|send|show|remind|schedule|book|assume)$/i;
/** "only" narrows what is offered for good; "only give me the short version" is this answer's. */
const ONLY_OFFERED = new RegExp(`^(?:${OFFERED_VERB})$`, 'i');
/**
 * "I'm vegetarian so please don't suggest meat dishes" keeps the order as a wish of the speaker's ("… so I want you not
 * to suggest …"), which reads right once the memory speaks of the user.
 */
function withWishSaid(sentence: string): string {
  const m = sentence.match(PLEASE_AFTER_CLAUSE);
  if (!m?.index || !(lexTags(m[3]!).includes('Infinitive') || ORDER_VERBS.has(m[3]!))) return sentence;
  // What comes before must state something ("Just please don't die" has no statement of its own).
  if (!STATES_OWN.test(sentence.slice(0, m.index))) return sentence;
  // "…, so please keep it simple" is about this answer alone: only a "don't" or what every answer has is lasting, and
  // "only" what is offered ("I use a wheelchair, so please only suggest accessible restaurants").
  const only = /^only/i.test(m[2] ?? '');
  const lasting = LASTING_ORDER.test(sentence.slice(m.index)) || (only && ONLY_OFFERED.test(m[3]!));
  if ((!m[2] || only) && !lasting) return sentence;
  // Without "please", "so don't" is the speaker's own more often ("I'm broke so don't go out much"), unless it asks
  // what only an assistant does.
  if (!/please/i.test(m[0]) && !lasting && !ASKED_OF_AN_ASSISTANT.test(m[3]!)) return sentence;
  const lead = m[1]!.replace(/\s+$/, '');
  const not = m[2] && !only ? (/^never/i.test(m[2]) ? 'never ' : 'not ') : '';
  return `${sentence.slice(0, m.index)}${lead} I want you ${not}to ${only ? 'only ' : ''}${sentence.slice(m.index + m[0].length - m[3]!.length)}`;
}

/** "Pretend I'm …", "Imagine I was …", "Let's say I …", "Hypothetically, if …", "Role-play as …" (not "Imagine my surprise"). */
const SUPPOSED =
  /^\s*(?:(?:ok|okay|so)[,!]?\s+)?(?:(?:let's|lets)\s+(?:say|pretend|imagine|assume)|pretend|imagine|suppose|supposing|assume|say)\s+(?:that\s+)?(?:i|i'm|i’m|im|we|we're|my\s+\w+\s+(?:is|was|were|had))\b|^\s*hypothetically\b|^\s*(?:let's\s+)?role[- ]?play\b/i;
/** "Big Taylor Swift fan here", "Fellow nurse here!", "Vegan here": a kind of person, or one with a job, then "here". */
const ONE_HERE =
  /^\s*(?:(?:a|an)\s+)?(?!(?:the|this|that|these|those|my|your|our|his|her|their|its|it|some|any|no|every|one)\b)((?:[\p{L}\d'&-]+\s+){0,3}(?:fan|vegan|vegetarian|mum|mom|dad|parent|student|nurse|doctor|teacher|[\p{L}-]{2,}(?:er|or|ist|ian)))\s+here\s*[.!]*\s*$/iu;
/** The first word in lower case unless it is a name or an initialism ("Taylor", "NHS"). */
const lowerFirstWord = (phrase: string) => phrase.replace(/^\p{Lu}\p{Ll}*\b/u, (w) => (isCommonWord(w) ? w.toLowerCase() : w));
/** "thinking edinburgh?", "I was thinking Lisbon for the weekend?": what the speaker has in mind, asked. */
const TENTATIVE = /^\s*(?:(?:i'?m|i\s+am|i\s+was)\s+)?(?:thinking|considering)\s+(?:(?:of|about)\s+)?(.+?)[\s?]*\?\s*$/i;
/** What "on", "last", "this" and "next" open as a time ("last week", "this summer"); "This song kept me sane" names a thing. */
const TIME_NOUN = [
  'morning|afternoon|evening|night|day|week|weekend|month|year|time|season|semester|term|summer|winter|spring|fall|autumn|holidays?|christmas|easter',
  ...WEEKDAYS,
  ...MONTHS,
].join('|');
/**
 * Openers before the subject: fillers, time words, hedges ("so", "yesterday", "I think that", "two days ago"); not a
 * time word's possessive, which is the subject ("Tomorrow's recital").
 */
export const LEAD_IN = new RegExp(
  String.raw`^(?:\s*(?:(?:so|and|but|also|anyway|anyways|well|${OATH}|oh|ok|okay|${CHAT_ASIDE}|plus|then|now|yesterday|today|tonight|tomorrow|last night|this morning|finally|actually|honestly|guess what|fun fact|lol|haha|omg|hey|hi|ugh|sadly|luckily|unfortunately|apparently|recently|lately|i think|i guess|i believe|i feel like|i heard|i just found out|i found out|turns out|${SAID_BEFORE}|i (?:got|had) (?:that|it|this) wrong(?:\s+(?:earlier|before))?|i was wrong(?:\s+(?:earlier|before))?|(?:on|last|this|next)\s+(?:${TIME_NOUN})|\w+\s+(?:days?|weeks?|months?|years?)\s+ago|in\s+\w+(?:\s+\d{4})?)(?:\s+that)?\b(?!['’]s\b)[,!:]?(?:\s+[-–—](?=\s))?))+`,
  'i',
);

/**
 * How much of a sentence its lead-in words take ("So yesterday, …"), with the space after them: where its subject may
 * start ("Actually she moved …"). They match straight and curly apostrophes alike.
 */
export const leadInLength = (s: string): number => {
  const lead = s.match(LEAD_IN)?.[0].length ?? 0;
  return lead && lead + (s.slice(lead).match(/^\s*/)?.[0].length ?? 0);
};

/** Chat often drops the "I": "Went to the movies with Sare", "Feeling better today". */
const IMPLIED_I_WORDS = new Set([
  'went',
  'had',
  'got',
  'saw',
  'met',
  'started',
  'finished',
  'spent',
  'been',
  'feeling',
  'gonna',
  'going',
  'love',
  'loved',
  'hate',
  'need',
  'want',
  'bought',
  'made',
  'took',
  'moved',
  'getting',
  'heading',
  'trying',
  'thinking',
  'working',
  'watching',
  'reading',
  // Past forms the lexicon files under other tags ("Lost my keys", "Left early").
  ...PAST_OPENERS_UNTAGGED,
]);

/** "Used to live in Leeds": a dropped "I" before a past habit (not "Used to it by now", "used to being alone"). */
const USED_TO = /^\s*used\s+to\s+(?!(?:it|this|that|the|a|an|my|our|them|him|her|me|us|[\p{L}']+ing)\b)[\p{L}]/iu;
/**
 * "Never been skiing", "Never flown long haul": a dropped "I've" before never and a participle and what follows it
 * ("never been." leans on what was said before), or a regular one and its object.
 */
const NEVER_DONE = new RegExp(
  String.raw`^\s*never\s+(?:ever\s+)?(?:(?:${IRREGULAR_PARTICIPLE}|${PAST_AND_PARTICIPLE})\s+[\p{L}\d]|\w{3,}ed\s+${OBJECT_START}\b)`,
  'iu',
);
/** Whether a clause opens with a dropped "I've never done" (NEVER_DONE). */
export const saysNeverDone = (clause: string): boolean => NEVER_DONE.test(clause);

/**
 * "Don't drink coffee, it makes me jittery", "Don't really eat meat": a habit the speaker does without, its "I"
 * dropped. Not an order to the listener ("Don't mention my ex", "Don't use emojis"): those verbs are not here.
 */
const HABIT_NOT_DONE =
  /^\s*(?:don't|do\s+not)\s+(?:(?:really|usually|even|ever)\s+)?(?:eat|drink|smoke|vape|drive|own|cook|gamble|swim|work|like|watch)\b/i;
/** Whether a clause opens with a dropped "I don't" before a habit (HABIT_NOT_DONE). */
export const saysHabitNotDone = (clause: string): boolean => HABIT_NOT_DONE.test(clause);
/** "Still finding it hard", "Really loving it": an -ing after how it goes on is a doing, no comment or subject. */
export const STILL_DOING = /^\s*(?:still|really|just|finally|slowly|honestly|now|currently|also)\s+[\p{L}']+ing\b/iu;
/** "Can't eat gluten", "Can't do dairy", "Can't afford a holiday this year": what the speaker cannot do, its "I" dropped (not "Can't do Friday"). */
const CANNOT_DO =
  /^\s*(?:can't|cannot)\s+(?:wait|stand|eat|drink|do(?!\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tomorrow|tonight|this|that|it|next|the|anything|much|more)\b)|have|tolerate|digest|handle|drive|swim|cook|ride|afford|sleep|walk|run|dance|sing|speak|lift|kneel|bend|hear)\b/i;
/** "Won't be around next week", "Won't be online till Monday": where the speaker will not be. */
const WONT_BE = /^\s*won't\s+be\s+(?:around|here|home|back|in|at|online|available|reachable|free|there)\b/i;

const NEGATED_PAST = new Set(["haven't", "hadn't", "didn't", "couldn't"]);
const CATCHING_UP = /^\s*\S+\s+(?:talked|spoken|chatted|caught\s+up|heard)\b(?!\s+(?:to|with|from)\s+(?!(?:you|u|ya)\b))/i;

/**
 * "Still working on it", "Just got back": an adverb may stand before the verb whose "I" was dropped; the word after it
 * decides ("Just part of the process" drops none).
 */
export const VERB_ADVERBS = /^\s*(?:(?:still|currently|really|also|already|slowly|busy|seriously|just)\s+)+/i;

/** "Glad to be part of the choir", "Super excited for Friday": a feeling whose "I'm" was dropped. */
export const FEELING_ADJECTIVES = new Set(
  'glad happy excited thrilled stoked pumped psyched proud grateful thankful nervous worried scared anxious sad upset lonely homesick keen gutted chuffed stressed overwhelmed exhausted knackered shattered frustrated annoyed disappointed devastated heartbroken relieved delighted bored confused embarrassed'.split(
    ' ',
  ),
);
/** "Appreciate my neighbours so much", "Hope to visit in May": a verb of feeling whose "I" was dropped. */
const FEELING_VERBS = new Set('appreciate hope miss'.split(' '));
export const INTENSIFIERS = /^\s*(?:(?:so+|super|very|really|totally|pretty)\s+)+/i;
const TO_LISTENER = /\b(?:you|your|you're|you've|you'll|you'd|yours|yourself|yourselves|ya|u|y'all|yall)\b/i;
/**
 * "Glad to hear it", "Happy to help", "Glad it worked out", "Appreciate the encouragement", "Super stoked!": an
 * acknowledgement, or a feeling about nothing said.
 */
const ACKNOWLEDGING =
  /^\s*[\p{L}']+(?:[\s.!?…]*$|\s+(?:to\s+(?:hear|see|know|help|be\s+here)\b|(?:it|that|this)\b|the\s+(?:kind\s+)?(?:words|offer|support|help|advice|thought)\b))/iu;

const OCCASION = new RegExp(String.raw`^\s*${HAPPY_OCCASION}`, 'i');

/**
 * A dropped "I" before a feeling ("Glad to be part of the choir", "Appreciate my neighbours so much"), unless the feeling is about the
 * listener ("Glad you had fun", "Appreciate your patience") or acknowledges what they said ("Glad to hear it").
 */
function impliesFeeling(scan: string, rest: string): boolean {
  if (OCCASION.test(rest)) return false;
  const felt = rest.replace(INTENSIFIERS, '');
  const said = felt.match(/^\s*([\p{L}']+)/u);
  const w = said?.[1]?.toLowerCase();
  if (!w || !(FEELING_ADJECTIVES.has(w) || FEELING_VERBS.has(w))) return false;
  // "Hope works as a nurse", "Hope loves dancing": a name that is a feeling's word too, doing what someone does.
  if (doesWhatSomeoneDoes(said![1]!, '', felt.slice(said![0].length))) return false;
  return !TO_LISTENER.test(scan) && !ACKNOWLEDGING.test(felt);
}

/**
 * "Really into pottery", "Not a fan of horror films", "Big fan of the Lakers", "Super busy with work", "Off to Oslo in
 * April", "Off work with the flu", "On leave till May": a state, a liking or a going whose "I'm" was dropped.
 */
const BEING =
  /^(?:not\s+)?(?:(?:a\s+)?(?:(?:big|huge|massive)\s+)?fan\s+of|into|busy\s+with|obsessed\s+with|addicted\s+to|afraid\s+of|scared\s+of|terrified\s+of|tired\s+of|sick\s+of|done\s+with|new\s+to|bad\s+at|good\s+at|allergic\s+to|interested\s+in|in\s+love\s+with|off\s+to|off\s+(?:work|sick|school)|home\s+sick|on\s+(?:annual\s+|sick\s+|maternity\s+|paternity\s+|parental\s+)?leave)\b/i;
export function impliesBeing(rest: string): boolean {
  return BEING.test(rest.replace(INTENSIFIERS, '').trimStart());
}

/**
 * "Been" before a stretch of time or what one went through, or how it has been for one ("Been hectic for me lately"):
 * said of the time, not of the speaker.
 */
const IT_HAS_BEEN =
  /^\s*been\s+(?:(?:(?:so|really|pretty|quite|a\s+bit|super|very|crazy|mad)\s+)?[\p{L}-]+\s+for\s+(?:me|us)\b|(?:(?:a|an|such\s+a|quite\s+a|one)\s+(?:[\p{L}-]+\s+){0,2}(?:day|week|weekend|month|year|while|road|journey|ride|time|minute|age|season|summer|winter|spring|autumn|morning|evening|night|rollercoaster|whirlwind|slog|struggle)s?)|ages|forever|too\s+long|so\s+long|(?:\d+|two|three|four|five|six|a\s+few|several|many)\s+(?:days|weeks|months|years))\b/iu;

export function impliesI(scan: string, lead: number): boolean {
  const rest = scan.slice(lead).replace(VERB_ADVERBS, '');
  const first = rest.match(/^\s*([\p{L}']+)/u)?.[1];
  if (!first) return false;
  if (impliesFeeling(scan, rest) || impliesBeing(rest) || CANNOT_DO.test(rest) || WONT_BE.test(rest) || saysHabitNotDone(rest)) return true;
  const w = first.toLowerCase();
  // "Last weekend was lovely": a time opener followed by a copula is the sentence's subject.
  if (lead > 0 && TIME_AS_SUBJECT.has(w)) return false;
  // Any other "can't" ("Can't believe it's June", "Can't go wrong with pizza") is no dropped "I": "Can't wait for the
  // concert!" is (units.ts keeps it only when it says for what), and CANNOT_DO found it above.
  if (w === "can't") return false;
  if (/ing$/.test(w) && (gerundIsSubject(w, rest) || isNotTheSpeakers(w, rest) || PREPOSITION_IN_ING.test(rest) || ING_COMPOUND.test(rest)))
    return false;
  // "Sounded really tired", "Seemed a bit lost": how someone came across is said of someone else, seldom of oneself
  // ("Looked after the kids", "Looked into flights" are the speaker's doing).
  if (SEEMING.test(rest)) return false;
  // "Really made me laugh", "Took us a while": the speaker is the object, so the dropped subject is something else.
  if (/^\s*[\p{L}']+\s+(?:me|us)\b/iu.test(rest)) return false;
  // A negated verb of the speaker's ("Haven't spoken to my dad in years", "Didn't sleep a wink"), not of the talk
  // itself ("haven't talked for a few days" is the two of them catching up).
  if (NEGATED_PAST.has(w)) return !CATCHING_UP.test(rest);
  if (w === 'never') return NEVER_DONE.test(rest);
  if (w === 'used') return USED_TO.test(rest);
  // "Been a crazy week", "Been ages since we spoke": what was dropped is "it has", not "I have".
  if (w === 'been' && IT_HAS_BEEN.test(rest)) return false;
  if (IMPLIED_I_WORDS.has(w) || lexTags(w).includes('PastTense')) return true;
  // "Work from home Mondays and Fridays", "Live in Leeds with my wife": a verb of one's days, with a habit or a where
  // (an order to the listener would say "you" or "your").
  if (LIFE_VERBS.has(w) && !TO_LISTENER.test(scan) && (HABITUAL.test(rest) || /^\s*(?:live|work)\s+(?:in|at|for|as|near)\b/i.test(rest))) return true;
  // "Born and raised in Nairobi", "Originally from Accra": where the speaker comes from.
  if (w === 'born' || (w === 'originally' && /^\s*originally\s+from\b/i.test(rest))) return true;
  // "Just adopted a rescue dog": a regular past form the word list lacks, with its object ("Based in Leeds" has none).
  if (isEdPast(w) && WORD_THEN_OBJECT.test(rest)) return true;
  return /ing$/.test(w) && !ING_NOUNS.has(w) && (lexTags(w).includes('Gerund') || w.length >= 6);
}

const SEEMING = /^\s*(?:sounded|seemed|looked(?!\s+(?:after|into|at|for|up|around|round|through|over|forward|back|out)\b))\b/i;
/** Verbs of one's days that a dropped "I" leaves opening a sentence. */
const LIFE_VERBS = new Set('live work teach study run swim cycle train go play volunteer commute walk cook drive'.split(' '));
/** When something is done as a habit: "every day", "most mornings", "Mondays and Fridays", "twice a week". */
const HABITUAL =
  /\b(?:every|each|most|usually|mostly|always|often|twice|once\s+a|three\s+times|(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|weekdays|mornings|evenings|nights)\b/i;
/** "Swimming lessons for Ella on Wednesdays", "Running club tonight": an -ing word naming a kind of thing, no verb. */
const ING_COMPOUND =
  /^\s*[\p{L}']+ing\s+(?:lessons?|class(?:es)?|clubs?|shoes|boots|kit|gear|pool|costume|trunks|practice|sessions?|group|team|course|instructor|coach|buddy|holiday|trip|list|machine|room|space|ticket|fine|licen[cs]e|test|bag|pass|pan|tray|aid|centre|center|trolley|table|mat|permit)\b/iu;
/** "According to Maria, …", "Speaking of Mum, …": an -ing word that opens a phrase, not a dropped "I'm". */
const PREPOSITION_IN_ING = /^\s*(?:according\s+to|regarding|concerning|including|excluding|speaking\s+of)\b/i;
const TIME_AS_SUBJECT = new Set(['was', 'is', 'were', 'are', 'has', 'will']);
/** A word and then its object: "adopted a rescue dog", "married my sweetheart" ("Based in Leeds" has none). */
export const WORD_THEN_OBJECT = new RegExp(String.raw`^\s*[\p{L}']+\s+${OBJECT_START}\b`, 'iu');

/** -ing words that are nouns, not a dropped "I'm …" ("Nothing much", "Morning!", "Wedding was lovely"). */
const ING_NOUNS = new Set(
  'nothing something anything everything thing king ring sing spring string morning evening wedding building ceiling sibling pudding darling ping bling sterling'.split(
    ' ',
  ),
);
/** A finite verb in the opening clause makes the -ing word its subject ("Painting landscapes is my passion"). */
const CLAUSE_VERB =
  /\b(?:is|was|are|were|isn't|wasn't|has|have|had|does|doesn't|did|didn't|makes|made|helps|helped|keeps|kept|gives|gave|takes|took|can|could|will|would|should|must|might|may|seems|sounds|feels|means|gets|got|brings|brought|fills|boosts|lets|counts)\b/i;
/**
 * A pronoun right before the verb makes it another clause's ("Working on a quilt that is due Friday"), unless the
 * pronoun is an object ("Fixing it is urgent", "Stepping in like that takes nerve", "reading it is fun").
 */
const PRONOUN_SUBJECT = new Set('that which who it he she they i we you there this'.split(' '));
const PREPOSITION = new Set('like with about for of at to in on from by into than'.split(' '));
function isClauseVerb(clause: string, at: number): boolean {
  const before =
    clause
      .slice(0, at)
      .toLowerCase()
      .match(/[\p{L}']+/gu) ?? [];
  const prev = before[before.length - 1];
  if (!prev || !PRONOUN_SUBJECT.has(prev.replace(/'.*$/, ''))) return true;
  const object = before[before.length - 2];
  return before.length === 1 || PREPOSITION.has(object!) || /ing$/.test(object!);
}
const CLAUSE_VERB_ALL = new RegExp(CLAUSE_VERB.source, 'gi');
/** "Baking for the whole street, is what keeps me sane": the -ing phrase, set off by commas, is the subject. */
const VERB_AFTER_ASIDE = /,\s*(?:is|was|are|were|has|have|can|will|makes|helps|keeps|gives|means|brings)\b/i;

/**
 * Where an -ing phrase opening a sentence ends and another clause starts: punctuation, "but", "because", or "so"
 * before a subject ("Travelling with a wheelchair user so step-free access is a must"). In "so happy at the lake was
 * the highlight" the phrase goes on: "so" there is "very".
 */
const ING_PHRASE_ENDS =
  /[—–;:,.!?(]|\s-\s|\s(?:but|because)\s|\sso\s(?=(?:i|we|he|she|they|it|there|the|a|an|my|our|his|her|their|this|that)\b|[\p{L}-]+\s+(?:[\p{L}-]+\s+)?(?:is|are|was|were)\b)/u;
/**
 * "Comparing flight prices — it's been a chore" drops "I'm" (any -ing opener, known to the lexicon or not);
 * "Painting landscapes is my passion" and "Watching the tide was so calming" do not: there the -ing phrase is the
 * subject of the clause's verb, also for words that usually drop an "I" (watching, going, working).
 */
function gerundIsSubject(w: string, rest: string): boolean {
  const after = rest.trimStart().slice(w.length);
  const clause = after.split(ING_PHRASE_ENDS)[0] ?? '';
  if (allMatches(CLAUSE_VERB_ALL, clause).some((v) => isClauseVerb(clause, v.index))) return true;
  return /^\s*['’]s\b/.test(clause) || VERB_AFTER_ASIDE.test(after.split(/[—–;:.!?(]|\s-\s/)[0] ?? '');
}

/**
 * "Fostering rescue cats - you're so kind!", "Sharing your plans …", "Looking out for each other": the -ing phrase is
 * what the listener does or what both do, remarked on, not something the speaker is doing.
 */
function isNotTheSpeakers(w: string, rest: string): boolean {
  const after = rest.trimStart().slice(w.length);
  const phrase = after.split(/[—–;:.!?(]|\s-\s|-\s/)[0] ?? '';
  if (/\b(?:you|your|yours|yourself|each other|one another)\b/i.test(phrase)) return true;
  return /^[^—–;:.!?]*?(?:\s[-—–]\s*|-\s+|,\s*)(?:that's|that is|you're|you are|what a)\b/i.test(after);
}

/** A statement whose subject is he, she, they or it: someone or something the conversation was already about. */
const THIRD_PERSON_SUBJECT = /^\s*(?:she|he|they|it)\b/i;

/**
 * "She broke her leg and had to sell her car", "They were thrilled about the science museum trip", "It paid for
 * a new roof and fresh paint": what someone or something the conversation is about went through or did, named
 * only by a pronoun (often the answer to a question about it). Kept when it says at least three things beyond weak
 * words; "They look great!", "She is so kind." and "It was a wild ride" say too little to remember.
 */
function saysEnoughAboutSomeone(scan: string, words: string[]): boolean {
  const rest = fromSubject(scan);
  // "It's important to take care of your health": advice to the listener, nothing of anyone's.
  if (IMPERSONAL_ADVICE.test(rest) && TO_LISTENER.test(rest)) return false;
  return THIRD_PERSON_SUBJECT.test(rest) && words.filter((w) => !WEAK_WORDS.has(w)).length >= 3;
}
const IMPERSONAL_ADVICE = /^\s*it(?:'s|\s+is)\s+(?:\w+\s+)?\w+\s+to\b/i;

/** Words that name no thing of the speaker's life: the weather, the day, "everything". */
const NO_THING = String.raw`(?:way|thing|best|worst|only|same|other|rest|point|idea|truth|fact|weather|day|time|rain|sun|sky|traffic|life|nothing|everything|something|anything|everyone|everybody|someone|somebody|nobody)\b`;
const STARTS_WITH_NO_THING = new RegExp(`^${NO_THING}`, 'i');
/**
 * "The bakery's doing well", "The coach is lovely too", "Tomorrow's recital will be fun": a thing of the speaker's
 * life, not the weather or the day.
 */
const DEFINITE_SUBJECT = new RegExp(
  String.raw`^\s*(?:the|(?:today|tonight|tomorrow|yesterday|(?:last|this|next)\s+(?:night|week|weekend|month|year))'s)\s+(?!${NO_THING})\p{L}`,
  'iu',
);
/** A day or a time. */
const WHEN_SAID = String.raw`\b(?:${[...WEEKDAYS, ...MONTHS].join('|')}|today|tonight|tomorrow|yesterday|(?:last|this|next)\s+(?:week|weekend|month|year)|\d)`;
const WHEN = new RegExp(WHEN_SAID, 'i');
/** A day or a time, or what was done to the thing ("is broken", "got cancelled"). */
const WHAT_OR_WHEN = new RegExp(
  String.raw`${WHEN_SAID}|^\s*\p{L}+(?:'s|\s+(?:is|was|are|were|has been|got))\s+(?:\w+ly\s+)?(?:\p{L}+(?:ed|en)|done|gone|sold|built|paid|set|hurt|lost|won|over)\b`,
  'iu',
);
/**
 * "Interview went well", "Boiler is broken again", "Party is on Saturday": chat drops the article before a thing of
 * the speaker's life. A singular thing, with what happened to it or when: "Music's amazing", "Kids are resilient" and
 * "Volunteering is a great way to …" are remarks on things in general.
 */
function bareThingSubject(rest: string): boolean {
  // The subject and its verb open the sentence: their tags need only its first words, read as common words (a
  // sentence's capital makes "Car insurance" an organisation). An adverb may come between ("Knee also grumbling
  // after the hills on Sunday"), and a noun before the thing's own ("Council tax went up again, £180 a month now",
  // "Washing machine broke again").
  const terms = taggedTerms(lowerFirstWord(rest.trimStart().split(/\s+/, 6).join(' ')));
  const compound =
    terms[1] &&
    (ING_COMPOUND.test(rest) || (isAThing(terms[0]) && (isAThing(terms[1]) || isAThing(terms[1], 'Plural')) && !terms[1].tags.has('Verb')));
  const [first, ...after] = compound ? terms.slice(1) : terms;
  const second = after.find((t) => !t.tags.has('Adverb'));
  if (!first || !second || STARTS_WITH_NO_THING.test(terms[0]!.text)) return false;
  if (!second.tags.has('Verb')) return false;
  // Things in the plural only with what was done to them and when ("Corrections submitted on Friday"): "Kids are
  // resilient" is a remark.
  if (isAThing(first, 'Plural')) return second.tags.has('PastTense') && WHEN.test(rest);
  return isAThing(first) && (second.tags.has('PastTense') || WHAT_OR_WHEN.test(rest));
}
/** A common noun (singular unless said): a thing, not a name, a person or a pronoun. */
const isAThing = (t: { tags: Set<string> } | undefined, number: 'Singular' | 'Plural' = 'Singular') =>
  Boolean(t?.tags.has('Noun') && t.tags.has(number)) &&
  !['ProperNoun', 'Person', 'Pronoun', 'Actor', 'Possessive', 'Uncountable', 'Gerund'].some((tag) => t!.tags.has(tag));
const APPEARANCE = /\b(?:look|looks|looked|looking|sound|sounds|sounded|seem|seems|seemed)\b/i;
function saysSomethingOfTheThing(scan: string, words: string[]): boolean {
  const rest = fromSubject(scan);
  if (APPEARANCE.test(rest) || TO_LISTENER.test(rest) || !words.some((w) => !WEAK_WORDS.has(w))) return false;
  return DEFINITE_SUBJECT.test(rest) || bareThingSubject(rest);
}

/** A reply's opening "Yeah," or "Wow!" before the pronoun ("Yeah, they offer pilates, rowing and spin classes"). */
const INTERJECTIONS = /^\s*(?:(?:yeah|yep|yup|yes|wow|aww|haha|lol)\b[,!.]*\s*)+/i;

/** The statement from where its subject may start: past a lead-in ("So yesterday") and a reply's interjections. */
function fromSubject(scan: string): string {
  const lead = leadInLength(scan);
  return scan.slice(lead).replace(INTERJECTIONS, '');
}

/** "New PB!!", "PB is 24:10": a personal best is the speaker's own. */
const OWN_RECORD = /\b(?:new|another)\s+(?:pb|pr|personal\s+best|personal\s+record)\b|^\s*(?:pb|personal\s+best)\b/i;
/**
 * "Dentist is at 2pm on Thursday", "Smear test next week, dreading it": an appointment for one's body (or a parents'
 * evening) said with no "my" and a time is the speaker's own when nothing was kept before it ("Took Max to the vet. Booster is next month" is
 * Max's). Not an interview or an exam, which go on about what was said before them. So is a baby due ("Baby number two
 * is due in March").
 */
const OWN_APPOINTMENT =
  /^\s*(?:(?:dentist|doctor|doctor's|gp|physio|vet|hair|nail)\s+(?:appointment|appt)|dentist|doctor's|gp|physio|haircut|smear(?:\s+test)?|scan|mri|x-ray|blood\s+test|check-?up|jab|booster|parents['’]?\s+evening)(?:['’]s|\s+is|\s+was|\s+got)?\b[^.!?]*?\b(?:today|tonight|tomorrow|next|this|(?:on|at|for)\s+(?:the\s+)?\d|mon|tues?|wed|thurs?|fri|sat|sun|\d{1,2}(?::\d{2})?\s?(?:am|pm))|^\s*baby(?:\s+number\s+\w+)?(?:['’]s|\s+is)\s+due\b/i;

/**
 * Keeps a statement with more than weak words in it that speaks of the speaker or of someone, or states a constraint
 * or a preference, or says enough about someone named only by a pronoun, or, when `thingMayBeTheirs` (the caller's
 * judgement that "the" thing can be the speaker's own: nothing kept before it in the message, nothing the other
 * party just showed), says something of "the" thing.
 */
export function isWorthKeeping(statement: string, scan: string, mentionCount: number, o: { thingMayBeTheirs?: boolean } = {}): boolean {
  const words = contentWords(statement);
  const hasFirstPerson =
    FIRST_PERSON.test(scan) ||
    impliesI(scan, leadInLength(scan)) ||
    OWN_RECORD.test(scan) ||
    (o.thingMayBeTheirs === true && OWN_APPOINTMENT.test(scan));
  const categories = categoriesOf(statement);
  // An adverb in -ly says how, never what ("I completely agree").
  const meaningful = words.some((w) => !WEAK_WORDS.has(w) && !isLyAdverb(w)) || mentionCount > 0;
  if (!hasFirstPerson && mentionCount === 0 && saysEnoughAboutSomeone(scan, words)) return true;
  if (!hasFirstPerson && mentionCount === 0 && o.thingMayBeTheirs && saysSomethingOfTheThing(scan, words)) return true;
  return (
    meaningful && words.length >= 1 && (hasFirstPerson || mentionCount > 0 || categories.includes('constraint') || categories.includes('preference'))
  );
}

const REDACTION = /\[REDACTED:[^\]]*\]/g;
/** Same-length copy for pattern matching: straight apostrophes, redaction tokens masked so they are never names. */
export const scanOf = (s: string) => s.replace(/’/g, "'").replace(REDACTION, (m) => '#'.repeat(m.length));
