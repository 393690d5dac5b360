// The summary of a fact: the sentence rewritten in the third person (pronouns and their verbs only), known names
// added after role words, dated when a date was resolved.
import {
  CHAT_ASIDE,
  ADVERBS_BEFORE_PARTICIPLE,
  capitalised,
  IRREGULAR_PARTICIPLE,
  IRREGULAR_SIMPLE_PAST,
  isLanguageOrPeople,
  isEdPast,
  OATH,
  SAID_BEFORE,
  lexTags,
  LY_ADVERB,
  own,
  PAST_AND_PARTICIPLE,
  OWN_PERSON,
  taggedTerms,
  withThirdPersonEnding,
  BARE_ROLE_ALT,
  THE_OWN,
  BARE_OPENING_ALT,
  FILLER_OPENER,
  alternation,
  ROLE_INFO,
  WORD_END,
} from './lexicon.js';
import {
  FEELING_ADJECTIVES,
  impliesBeing,
  IT_DROPPED,
  INTENSIFIERS,
  leadInLength,
  OBJECT_START,
  SECOND_PERSON,
  saysNeverDone,
  VERB_ADVERBS,
  WORD_THEN_OBJECT,
} from './sentences.js';
import type { Accepted } from './mentions.js';
import { isPersonName } from './vocatives.js';
import { NOT_A_WEEKDAY } from './dates.js';
import { allMatches } from '../../text/matches.js';
import type { Ent } from './registry.js';

/** Past participles that say what the speaker is (married, retired) when nothing follows as their object. */
const STATES = new Set('married divorced engaged separated widowed retired single'.split(' '));
const ADVERBS = new Set([
  'no longer',
  'once',
  ...'really also just still never ever always usually often sometimes actually finally totally kinda even only already probably definitely absolutely seriously honestly literally mostly rarely seldom barely hardly generally normally typically currently recently truly genuinely so now then def lowkey highkey 100%'.split(
    ' ',
  ),
]);
/** "I'd studied", "I'd moved": a regular past participle after "I'd" makes it "had" (not "need", "agreed" aside). */
const ED_PARTICIPLE = String.raw`(?!\p{L}*(?:need|feed|seed|bleed|speed|breed|proceed|exceed|succeed)\b)\p{L}{2,}ed`;
/** What follows "I'd" or "we'd" when it is "had": a participle, perhaps after "never", "just", "already". */
const BEFORE_PARTICIPLE = String.raw`\s+${ADVERBS_BEFORE_PARTICIPLE}(?:${IRREGULAR_PARTICIPLE}|${ED_PARTICIPLE})\b`;
const HAD_AHEAD = new RegExp(`^${BEFORE_PARTICIPLE}`, 'iu');
const UNCHANGED_AFTER_I = new Set(
  // "I has diabetes", as a learner of English may write: already the third person.
  "can could will would should might must may shall can't couldn't won't wouldn't shouldn't mustn't didn't did had was wasn't used cannot has is does hasn't isn't doesn't"
    .split(' ')
    // No verb at all: "I last saw her in May", "cooked for Tom and I last night".
    .concat('last next both all alone yesterday today tonight tomorrow'.split(' ')),
);
/** Past forms left as they are after "I"; the last few are also present forms, read as past in chat ("I hurt my back"). */
const IRREGULAR_PAST = new Set([
  ...IRREGULAR_SIMPLE_PAST.split('|'),
  ...PAST_AND_PARTICIPLE.split('|'),
  ...'got had said told thought left met did lay lent lit rose sat shot hurt put cut hit set quit let read cost shut spread bet beat split upset burst spelt burnt spoilt smelt leapt knelt dwelt'.split(
    ' ',
  ),
]);
// Chat contractions have no -s form: "I wanna go" → "wants to go", never "wannas".
const THIRD_PERSON_IRREGULAR: Record<string, string> = {
  wanna: 'wants to',
  gotta: 'has to',
  hafta: 'has to',
  gonna: 'is going to',
  am: 'is',
  have: 'has',
  do: 'does',
  "don't": "doesn't",
  dont: "doesn't",
  "haven't": "hasn't",
  go: 'goes',
  // "i born in Brazil".
  born: 'was born',
  were: 'was',
  "weren't": "wasn't",
  "ain't": "isn't",
};

/** Past forms that are also present forms ("I read", "I put"): present only where the sentence speaks of a habit. */
const PAST_OR_PRESENT = new Set('read put cut hit set quit let cost shut spread bet beat split upset burst hurt'.split(' '));
const HABIT =
  /\b(?:usually|mostly|often|always|sometimes|generally|normally|typically|rarely|seldom|regularly|every|daily|weekly|nightly|nowadays|these days)\b/i;
const PAST_CUE = /\b(?:yesterday|ago|last|used to|back then|was|were|had|did)\b/i;

/**
 * A present form that only looks past or progressive: "need", "succeed" (an -eed the lexicon does not call past;
 * "agreed" is), "sing", "bring" (no vowel before -ing, where every progressive has one: "going", "doing").
 */
function baseFormLike(v: string): boolean {
  if (v.endsWith('ed')) return !isEdPast(v);
  return v.endsWith('ing') && !/[aeiouy]/.test(v.slice(0, -3));
}

/** "I batch cook", "I meal prep", "I home school": a verb of two words after "I". */
const TWO_WORD_VERB =
  /\b(i\s+(?:\w+ly\s+)?)(batch|meal|food|deep|spring|power|dry|slow|bulk|home|car|house|dog|baby|stir|pressure|hand|stress)\s+(cook|prep|shop|clean|nap|buy|school|share|sit|fry|wash|eat)\b/gi;

/** Present-tense verb after "I" in the third person: "love" → "loves", "study" → "studies", "go" → "goes". */
function thirdPersonVerb(verb: string, sentence: string): string {
  // "I color-code my notes": the last part takes the -s ("color-codes").
  const joined = verb.match(/^(.+-)([\p{L}']+)$/u);
  if (joined) return `${joined[1]}${thirdPersonVerb(joined[2]!, sentence)}`;
  const v = verb.toLowerCase();
  const irregular = own(THIRD_PERSON_IRREGULAR, v);
  if (irregular) return irregular;
  // "I read mostly science fiction" is a habit, "I read it last week" is not: only a habit word makes it "reads".
  // The same behind a prefix: "I reread it every year".
  const prefixed = v.match(/^(?:re|over|under|mis|out|with|fore|up)(.{3,})$/)?.[1];
  if (PAST_OR_PRESENT.has(v) || (prefixed && PAST_OR_PRESENT.has(prefixed)))
    return HABIT.test(sentence) && !PAST_CUE.test(sentence) ? `${verb}s` : verb;
  if (UNCHANGED_AFTER_I.has(v) || IRREGULAR_PAST.has(v) || (/(ed|ing)$/.test(v) && !baseFormLike(v)) || !/^[a-z]+$/.test(v)) return verb;
  if (lexTags(v).includes('PastTense')) return verb;
  // "retook", "overslept", "rebuilt": a past form behind a prefix is past too (never "retooks").
  if (prefixed && (IRREGULAR_PAST.has(prefixed) || lexTags(prefixed).includes('PastTense'))) return verb;
  return withThirdPersonEnding(verb);
}

/** The verb after "I" when the speaker is named again as "they": "was" → "were", "wanna" → "want to". */
const AFTER_THEY: Record<string, string> = {
  am: 'are',
  was: 'were',
  "wasn't": "weren't",
  wanna: 'want to',
  gotta: 'have to',
  hafta: 'have to',
  gonna: 'are going to',
  "ain't": "aren't",
  born: 'were born',
};
const pluralVerb = (verb: string) => own(AFTER_THEY, verb.toLowerCase()) ?? verb;

/** "Tom and I", "my brother and I", "the kids and I", "me and my wife": the person with someone else, a plural subject. */
export const JOINT_SUBJECT = new RegExp(
  String.raw`(?:${NOT_A_WEEKDAY}\p{Lu}\p{L}*|\b(?:[Mm]y\s+[\p{L}-]+|[Tt]he\s+(?:kids|children|boys|girls|twins|family))(?:\s+\p{Lu}\p{L}*)?)\s+(?:and|&)\s+(?:I|i|me)\b|\b(?:I|i|[Mm]e)\s+(?:and|&)\s+(?:[Mm]y\s+[\p{L}-]+(?:\s+\p{Lu}\p{L}*)?|\p{Lu}\p{L}*)`,
  'u',
);
export const EMOJI = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\uFE0F\u200D]/gu;
// "no" goes only when set off ("No, I …"): "No worries" and "no one" keep it.
const LEADING_FILLERS = new RegExp(
  String.raw`^(?:(?:so|also|and|but|anyway|anyways|well|${OATH}|oh|ok|okay|${CHAT_ASIDE}|plus|lol|haha+|omg|hey|hi|ugh|um+|uh+|hmm+|yeah|yes|wow|actually|honestly|${SAID_BEFORE}|meanwhile|in the meantime|as for me|as for us|correction|update|quick update)\b[,!.:]*\s*(?:[-–—]\s+)?|no\b[,!.:]+\s*)+`,
  'i',
);
/**
 * A request to the assistant tacked on a fact: ", please remember that", ", just so you know". "note" only after a
 * comma, "so" or "please": "didn't crack on the high note" ends in a note of its own.
 */
const TRAILING_REQUEST =
  /[\s,;-]+(?:so\s+)?(?:please\s+)?(?:remember|keep in mind|don't forget)(?:\s+(?:that|this|it))?(?:\s+please)?[.!\s]*$|(?:\s*[,;-][\s,;-]*(?:so\s+)?(?:please\s+)?|\s+(?:so\s+)?please\s+|\s+so\s+)(?:note|take note of)(?:\s+(?:that|this|it))?(?:\s+please)?[.!\s]*$|[\s,;-]+just so (?:you|u|ya) know[.!\s]*$|[\s,]+please[.!\s]*$/i;
/** Chat fillers that say nothing wherever they stand (TRAILING_FILLERS, FILLER_BEFORE_COMMA). */
const CHAT_FILLERS = 'lol|lmao|haha+|fyi|btw|tbh|omg';
export const TRAILING_FILLERS = new RegExp(String.raw`(?:[\s,]+(?:${CHAT_FILLERS}|hehe|xd|jk|smh|:\)|:\(|:d|;\)|<3|ugh))+[\s.!?…]*$`, 'i');
/** "anything spicy tbh, thai mostly": a chat filler before a comma says nothing either. */
export const FILLER_BEFORE_COMMA = new RegExp(String.raw`\s+(?:${CHAT_FILLERS}|ngl|imo)(?=\s*,)`, 'gi');

/**
 * Rewrites a first-person sentence in the third person (pronouns and their verbs only) and dates it. A sentence that
 * says "you" notes whom it was said to, when the listener is known: "you" is left as said (it may mean anyone: "it
 * lets you move"), and a memory read alone still tells who "you" was.
 */
export function rewrite(
  sentence: string,
  who: string,
  dateNote: string | null,
  impliedI = false,
  listener?: string,
  /** Whether a later sentence of the statement dropped its "I" ("Got a puppy. Named him Biscuit"). */
  dropsI?: (sentence: string) => boolean,
): string {
  // An emoji taken out leaves no blank before the punctuation after it ("not Amsterdam 🤦. Venue is …"), nor a
  // second stop ("just like you are doing!🌟. I shared a photo …").
  let s = sentence
    .replace(/’/g, "'")
    .replace(EMOJI, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ (?=[.!?,;:](?:\s|$))/g, '')
    .replace(/([!?…])\.(?=\s|$)/g, '$1')
    .trim();
  s = s
    .replace(LEADING_FILLERS, '')
    .replace(TRAILING_FILLERS, '')
    .replace(FILLER_BEFORE_COMMA, '')
    .replace(TRAILING_REQUEST, '')
    .replace(/\s*[.!?…,;:]+\s*$/, '')
    // "I myself have never smoked", "Me, I prefer tea": the emphasis says nothing the third person keeps.
    .replace(/\b(I|i)\s+myself\b,?/g, '$1')
    .replace(/^(?:me|as for me),\s+(?=i\b)/i, '')
    // "Mine's a flat white": "mine is", so that it becomes "the user's is", not "the user's's".
    .replace(/\b(mine|ours)'s\b/gi, '$1 is')
    // "I batch cook on Sundays": a verb of two words takes its -s on the second ("batch-cooks", as "color-codes").
    .replace(TWO_WORD_VERB, '$1$2-$3')
    .trim();
  if (impliedI && s) s = withDroppedI(s);
  const joint = JOINT_SUBJECT.test(s);
  // Each sentence names the speaker afresh: in "… It made me proud" a "them" could be read as what came before.
  s = sentencesOf(s)
    // "Took me four months", "Took ages": the "it" it dropped, not the speaker.
    .map((part) => (IT_DROPPED.test(part) ? `It ${part[0]!.toLowerCase()}${part.slice(1)}` : part))
    .map((part, i) => (i > 0 && dropsI?.(part) ? withDroppedI(part) : part))
    .map((part) => renderSpeaker(renderWe(part, who, joint), who))
    // "… county fair. the user shared a photo", "… afternoon. their first Christmas": a sentence that now opens with
    // the speaker's name or a pronoun for them opens with a capital.
    .map((part) => (part.startsWith(who) || THEY_FIRST.test(part) ? capitalised(part) : part))
    .join(' ');
  s = s.replace(/\s+/g, ' ').trim();
  if (!s) return '';
  s = capitalised(s);
  const notes = [listener && SECOND_PERSON.test(s) ? `said to ${listener}` : null, dateNote].filter(Boolean);
  return notes.length ? `${s} (${notes.join('; ')}).` : `${s}.`;
}

/**
 * The "I" a sentence dropped, said: "Went to the movies" → "I went to the movies" (the verb keeps its tense; "love it"
 * becomes "loves it" later), "Last week went to the lake" → "Last week I went to the lake".
 */
export function withDroppedI(s: string): string {
  const lead = s.slice(0, leadInLength(s));
  const clause = s.slice(lead.length).trimStart();
  const verb = clause.replace(VERB_ADVERBS, '');
  const firstWord = (text: string) => text.match(/^[\p{L}']+/u)?.[0].toLowerCase() ?? '';
  const first = firstWord(verb);
  const felt = firstWord(verb.replace(INTENSIFIERS, ''));
  // "Married with two kids" is a state ("I'm married"); "Married my sweetheart in June" is what the speaker did.
  const state = STATES.has(first) && !WORD_THEN_OBJECT.test(verb);
  const being = impliesBeing(verb);
  const pronoun =
    first === 'been' || saysNeverDone(verb)
      ? "I've"
      : first === 'born'
        ? 'I was'
        : /ing$|^gonna$|^originally$/.test(first) || FEELING_ADJECTIVES.has(felt) || state || being
          ? "I'm"
          : 'I';
  // "Big fan of the Lakers": "I'm a big fan of the Lakers".
  const lowered = clause && clause[0]!.toLowerCase() + clause.slice(1);
  const said = being ? lowered.replace(/^((?:not\s+)?)((?:big|huge|massive)\s+fan|fan)\b/i, '$1a $2') : lowered;
  return said ? [lead.trim(), pronoun, said].filter(Boolean).join(' ') : s;
}

const SPEAKER_REF = new RegExp(
  String.raw`\b(?:(i'm|im|i am)|(i've|ive)|(i'll)|(i'd)(?=${BEFORE_PARTICIPLE})|(i'd)|(myself)|(mine|ours)|(my|our)|(me(?!-))|(i)(?![.'])((?:\s+(?:${[...ADVERBS].join('|')}|${LY_ADVERB}),?)*)(?:\s+([\p{L}']+(?:-[\p{L}']+)*))?)\b`,
  'giu',
);
/** "we" and its forms (not "US", the country), and what each becomes for a group first named and then referred to. */
const WE_FORM = /\b(?:(we're)|(we've)|(we'll)|(we'd)|(we)|(us)|(ourselves)|(our)|(ours))\b/gi;

/**
 * The speaker's group in the third person, in one sentence: the first "we" or "us" names it ("Rosa and others"),
 * later ones are "they" and "them" ("It keeps Rosa and others fit and gets them outdoors"), and "our"
 * after it is theirs. A sentence with a "they" of its own names the group each time; after "Tom and I" (`joint`)
 * the group is named already and is "they" throughout.
 */
function renderWe(said: string, who: string, joint: boolean): string {
  // "just us two" is "just the two of us".
  const part = said.replace(/\bus\s+(two|three|four|five|six)\b/gi, 'the $1 of us');
  const othersToo = OTHERS.test(part);
  let named = joint;
  return part.replace(WE_FORM, (match, are, have, will, would, we, us, ourselves, our, ours, offset: number) => {
    if (us !== undefined && us !== 'us') return match;
    if (ourselves) return 'themselves';
    // "both of us", "three of us": "of Rosa and others" says it twice; "them" counts the group, whoever it is, and
    // says the speaker is one of them when nothing before did ("There are 4 of them (the user included)").
    if (us && COUNTED.test(part.slice(0, offset))) {
      const says = !named && NUMBERED.test(part.slice(0, offset)) && !SPEAKER_LISTED.test(part.slice(offset + match.length));
      named = true;
      return says ? `them (${who} included)` : 'them';
    }
    const pronoun = named && !othersToo;
    // Before the group is named, "our" is the speaker's (left to renderSpeaker: "Our dog" → "Rosa's dog"), except
    // before what each has one of ("our heads": "Rosa's heads" would say one person has several).
    if (our && EACH_HAS_ONE.test(part.slice(offset + match.length))) return 'their';
    // … or of what is had together ("weekends are our only time together": the user's and their partner's).
    if (our && TOGETHER_AFTER.test(part.slice(offset + match.length))) return 'their';
    if (our || ours) return pronoun ? (our ? 'their' : 'theirs') : match;
    named = true;
    // "It's telling me we ought to …": the speaker's name, then the group's, read as one ("Rosa Rosa and others").
    const group = `${AFTER_ME.test(part.slice(0, offset)) && !us ? 'that ' : ''}${who} and ${coupleBefore(part.slice(0, offset)) ?? 'others'}`;
    if (are) return pronoun ? "they're" : `${group} are`;
    if (have) return pronoun ? "they've" : `${group} have`;
    if (will) return pronoun ? "they'll" : `${group} will`;
    // "We'd sold everything by eleven": "had".
    if (would) return pronoun ? "they'd" : `${group} ${HAD_AHEAD.test(part.slice(offset + match.length)) ? 'had' : 'would'}`;
    if (we) return pronoun ? 'they' : group;
    return pronoun ? 'them' : group;
  });
}

/** The role words of a spouse or partner ("wife", "boyfriend"), and those of everyone else ("sister", "friend"). */
const PARTNER_ROLES = [...ROLE_INFO].filter(([, r]) => r.relation === 'spouse' || r.relation === 'partner').map(([w]) => w);
const OTHER_PERSON_ROLES = [...ROLE_INFO].filter(([w, r]) => r.kind === 'person' && !PARTNER_ROLES.includes(w)).map(([w]) => w);
/** The speaker's spouse or partner by their role word, and their name when it follows ("my wife's name is Anika", "my partner, Sam"). */
const PARTNER_NAMED = new RegExp(String.raw`\b[Mm]y\s+(${alternation(PARTNER_ROLES)})${WORD_END}(?:'s\s+name\s+is|,)?(?:\s+(\p{Lu}\p{Ll}+))?`, 'gu');

/**
 * The other one of a couple a "we" means: the speaker's spouse or partner, or the one person they were with, when the
 * words before it name them and no one else ("My wife's name is Anika and we've been married": "the user and Anika").
 * Null when it could be others too.
 */
function coupleBefore(before: string): string | null {
  const partners = allMatches(PARTNER_NAMED, before);
  if (partners.length === 0) return oneBeenWith(before);
  if (partners.length !== 1) return null;
  const [match, role, name] = partners[0]!;
  if (namesOthers(before.replace(match, ' ')) || OTHER_PERSON_WORD.test(before)) return null;
  return name && isPersonName(name) ? name : `their ${role}`;
}
/** Someone one is or was with, met or dates, by name: "I'm no longer with Sarah", "I met Tom at uni". */
const BEEN_WITH = /\b(?:with|met|dating|seeing|married|marrying|engaged\s+to)\s+(\p{Lu}\p{Ll}+)\b/gu;
/** "I'm no longer with Sarah, we broke up": the one person named as the speaker's company, when no one else is named. */
function oneBeenWith(before: string): string | null {
  const named = allMatches(BEEN_WITH, before);
  if (named.length !== 1 || /\byou\b/i.test(before)) return null;
  const [match, name] = named[0]!;
  return isPersonName(name!) && !namesOthers(before.replace(match, ' ')) && !OTHER_PERSON_WORD.test(before) ? name! : null;
}
/** A role word of someone other than a partner ("his sister", "a friend"): the group may be more than the couple. */
const OTHER_PERSON_WORD = new RegExp(String.raw`\b(?:${alternation(OTHER_PERSON_ROLES)})s?${WORD_END}`, 'i');

/** Words that count a group before "of us". */
const COUNTED = /\b(?:both|all|each|either|neither|none|some|most|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+of\s+$/i;
/** A number of them ("both", "the 4"), not "all of us", which is as often everyone. */
const NUMBERED = /\b(?:both|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+of\s+$/i;
/** "Three of us, me, my partner and …": the speaker listed right after. */
const SPEAKER_LISTED = /^[^.!?;]{0,12}\b(?:me|i|myself)\b/i;
/** What each person of a group has one of, after "our". */
const EACH_HAS_ONE = /^\s+(?:own\s+)?(?:minds|hearts|lives|bodies|souls|selves|heads|faces)\b/i;
/** What is had together, later in the clause after "our". */
const TOGETHER_AFTER = /^[^.!?;,]*\btogether\b/i;
/** A "me" just before: a group named right after it is introduced with "that". */
const AFTER_ME = /\bme\s+$/i;
const THEY_FIRST = /^(?:they|their|theirs|them)\b/;
const sentencesOf = (text: string) => text.split(/(?<=[.!?…]["'”’)]*)\s+(?=\S)/u);
/** People in the plural: a "they" could be read as them. */
const PEOPLE_PLURAL =
  /\b(?:kids|children|friends|team|parents|family|guys|girls|boys|colleagues|coworkers|co-workers|neighbours|neighbors|folks|people|everyone|everybody|twins|sons|daughters|brothers|sisters)\b/i;
/** Others a "they" for the speaker could be read as: someone's name (not a place's or an organisation's), or people. */
function namesOthers(text: string): boolean {
  if (PEOPLE_PLURAL.test(text) || OWN_PERSON.test(text)) return true;
  return (text.match(/\b\p{Lu}\p{Ll}+/gu) ?? []).some(isPersonName);
}
/**
 * "I'm cooking for me and my sons": a "me" after "for", with nothing `since` the speaker's first word for themself
 * but their own doing, is "themself". Not after someone asked ("I asked Sam to save a seat for me": Sam does), nor in
 * a clause of something else.
 */
function forThemself(before: string, since: string): boolean {
  return /\bfor\s+$/i.test(before) && !CLAUSE_BREAK.test(since) && !STATE_OR_PAUSE.test(since) && !OBJECT_PERSON.test(since) && !namesOthers(since);
}
/** Besides a new clause (CLAUSE_BREAK), a state of something else between ("… the pavements are a bit much for me"). */
const STATE_OR_PAUSE = /[,;:]|\b(?:is|are|was|were|been|be|it|so)\b/i;
/** Someone else a verb of the speaker's can act on, who may then be the one doing what follows. */
const OBJECT_PERSON = /\b(?:him|her|them|someone|somebody|anyone|everyone|people)\b/i;
/** Third-person plural words: where a sentence has one, a "they" for the speaker or their group could be read as it. */
const OTHERS = /\b(?:they|them|their|theirs|themselves)\b/i;
/**
 * "I went with Tom and I loved it", "My mum lives in Dublin and I visit her": the name (or a place of the speaker's: "in my
 * flat and I …") ends a phrase, and "I" opens a clause of its own. "For my brother and I" is the two of them, said loosely.
 */
const AFTER_PREPOSITION =
  /\b(?:(?:by|with|to|for|from|of|about|like|without)\s+\p{Lu}\p{L}*|(?:in|on|at|near|into|onto|around|outside|across|through|behind|inside)\s+(?:\p{Lu}\p{L}*|[Mm]y\s+[\p{L}-]+))\s+(?:and|&)\s*$/u;
/** What comes before "and I" when the person is one of several: "Tom and", "my brother and", "the kids and" (source text). */
const JOINT_BEFORE_SOURCE = new RegExp(
  String.raw`(?:${NOT_A_WEEKDAY}\p{Lu}\p{L}*|\b(?:[Mm]y\s+[\p{L}-]+|[Tt]he\s+(?:kids|children|boys|girls|twins|family)|^\s*[Oo]ur\s+[\p{L}-]+)(?:\s+\p{Lu}\p{L}*)?)\s+(?:and|&)\s*$`,
  'u',
);
/** "… only speaks Spanish and I …": a language or a people before "and" is no one with the speaker. */
const WORD_BEFORE_AND = /(\p{Lu}\p{L}*)\s+(?:and|&)\s*$/u;
const someoneBeforeAnd = (before: string) => JOINT_BEFORE_SOURCE.test(before) && !isLanguageOrPeople(before.match(WORD_BEFORE_AND)?.[1] ?? '');
/**
 * The speaker already the subject of the clause: "I'm Brazilian and I speak …", "I met Tom and I liked him" start a new
 * clause. Not after a word that opens a clause of its own: "I think Maria and I will go".
 */
const SPEAKER_EARLIER_IN_CLAUSE = /\b(?:I|I'm|Im|I've|I'd|I'll)\b[^,;:.!?]*\s(?:and|&)\s*$/u;
const OPENS_A_CLAUSE =
  /\b(?:think|thought|guess|believe|hope|hoped|hoping|reckon|suppose|bet|know|knew|say|said|feel|felt|mean|wish|figure|figured|sure|glad|afraid|that|so|because|when|if|while|since|until|after|before)\s+\S+(?:\s+\S+)?\s+(?:and|&)\s*$/i;

/**
 * The speaker's own words in the third person. The first reference names them (`who`); when that first reference
 * is the subject ("I broke my wrist when I was nineteen"), later ones are "they", "their", "them" ("The user broke
 * their wrist skiing when they were nineteen"), never the name again. When the first reference is not the subject
 * ("My kids were cheering for me"), the name stays throughout: a "them" there could be read as the kids.
 */
function renderSpeaker(s: string, who: string): string {
  const singular: Singular[] = [];
  const out = speakerPass(s, who, singular);
  const coordinated = singular.length ? withCoordinatedVerbs(s, singular) : s;
  return coordinated === s ? out : speakerPass(coordinated, who, []);
}

/** Before a word in a title: a capitalised word (not "I") and a space, or a small word of a title after one ("Abide with"). */
const IN_A_TITLE = /\b(?!I\b)\p{Lu}[\p{L}'’]*\s+(?:(?:with|by|to|for|of|the|a|on|in)\s+)?$/u;

/** Where in the sentence an "I" made "<who> is" (a copula) or "<who> <verb>s" ends. */
type Singular = { end: number; copula: boolean };

/** One pass of renderSpeaker; `singular` gets each "I" it made "<who> is" or "<who> <verb>" (a second verb may follow). */
function speakerPass(s: string, who: string, singular: Singular[]): string {
  let first: 'subject' | 'other' | null = null;
  let firstEnd = 0;
  // A sentence with a "they" of its own ("… my kids; they keep me sane") names the speaker each time: "they" and
  // "them" could be read as those others.
  const othersToo = OTHERS.test(s);
  return s.replace(SPEAKER_REF, (...m: Array<string | undefined | number>) => {
    const [match, am, have, will, had, would, self, mine, my, me, i, adverbs, verb] = m as Array<string | undefined>;
    const offset = m[13] as number;
    const before = s.slice(0, offset);
    // "Abide with Me", "Stand by Me": a capitalised "Me" in a run of capitalised words is part of a title.
    if (me === 'Me' && offset > 0 && IN_A_TITLE.test(before)) return match!;
    // "Tom and I", "my brother and me": one of several, named in full.
    const afterSomeone = Boolean(i || me) && someoneBeforeAnd(before);
    const joint =
      (afterSomeone && !AFTER_PREPOSITION.test(before) && !(SPEAKER_EARLIER_IN_CLAUSE.test(before) && !OPENS_A_CLAUSE.test(before))) ||
      (i !== undefined && /^(and|or|&)$/i.test(verb ?? ''));
    // "Me and my brother went fishing": "me" opening a joint subject is the subject too.
    const asSubject = Boolean(
      am || have || will || had || would || (i && !joint) || (me && /^\s*(?:and|&)\s/i.test(s.slice(offset + match!.length))),
    );
    // After someone else is named ("I met Tom and I liked him", "I miss the team but I don't miss …"), "they" could
    // be read as them.
    const subjectForm = Boolean(am || have || will || had || would || i);
    const someoneBetween = afterSomeone || (subjectForm && first !== null && namesOthers(s.slice(firstEnd, offset)));
    const pronoun = first === 'subject' && !joint && !othersToo && !someoneBetween;
    const firstReference = first === null;
    const end = offset + match!.length;
    if (first === null) {
      first = asSubject ? 'subject' : 'other';
      firstEnd = end;
    }
    if (am && !pronoun) singular.push({ end, copula: true });
    if (am) return pronoun ? 'they are' : `${who} is`;
    if (have && !pronoun) {
      singular.push({ end: afterGot(s, end), copula: false });
      return `${who} has`;
    }
    if (have) return 'they have';
    if (will) return pronoun ? 'they will' : `${who} will`;
    if (had) return pronoun ? 'they had' : `${who} had`;
    if (would) return pronoun ? 'they would' : `${who} would`;
    // "Bracing myself mentally makes sense": with no one named before it, "themself" would say nobody.
    if (self) return firstReference ? who : 'themself';
    if (mine) return pronoun ? 'theirs' : `${who}'s`;
    if (my) return pronoun ? 'their' : `${who}'s`;
    if (me) return pronoun ? (forThemself(before, s.slice(firstEnd, offset)) ? 'themself' : 'them') : who;
    const adv = adverbs ?? '';
    if (!verb || joint) return `${pronoun ? 'they' : who}${adv}${verb ? ` ${verb}` : ''}`;
    if (pronoun) return `they${adv} ${pluralVerb(verb)}`;
    const conjugated = thirdPersonVerb(verb, s);
    // "got a bonus and want to …": after a past form too, a present verb of the same subject takes its -s.
    singular.push({ end: /^have$/i.test(verb) ? afterGot(s, end) : end, copula: false });
    return `${who}${adv} ${conjugated}`;
  });
}

/**
 * A second verb of the same subject after "and", "but", "or" or ", then" (or a comma, for live, work, study and teach,
 * or "so", for what one then has to do): "I'm 34 and live in Toronto", "I love hiking but hate camping", "I'm 42, live in
 * Denver" ("… is 34 and lives in Toronto",
 * "… but hates camping", "… is 42, lives in Denver"). Only where the clause runs on to it (no other comma, no new
 * subject or clause word between), compromise's tagger reads the word as a verb in the sentence, and an object or a
 * phrase follows it ("and travel." may be a noun, and is left as said).
 */
function withCoordinatedVerbs(s: string, ends: Singular[]): string {
  let tagged: { verbs: Set<string>; gerunds: Set<string>; bare: Set<string>; particles: Set<string> } | null = null;
  const tags = () => {
    if (tagged) return tagged;
    const terms = taggedTerms(s);
    const words = (keep: (t: Set<string>) => boolean) => new Set(terms.filter((t) => keep(t.tags)).map((t) => t.text.toLowerCase()));
    // A participle read as an adjective ("I'm tired and need sleep"), a gerund as object ("love hiking but hate
    // camping") or a phrasal verb's particle ("get up at 6 and walk the dog") is no verb of its own.
    tagged = {
      verbs: words((t) => t.has('Verb') && !t.has('Adjective') && !t.has('Gerund') && !t.has('Particle')),
      gerunds: words((t) => t.has('Gerund')),
      bare: words((t) => t.has('Infinitive') && !t.has('Gerund')),
      particles: words((t) => t.has('Preposition') || t.has('Adjective') || t.has('Determiner') || t.has('Adverb')),
    };
    return tagged;
  };
  const edits: Array<{ at: number; word: string }> = [];
  for (const { end, copula } of ends) {
    const m = s.slice(end).match(COORDINATED);
    if (!m || CLAUSE_BREAK.test(m[1]!) || CLAUSE_BREAK.test(m[3]!)) continue;
    // "wants to travel and see the world": the verb after "and" is the infinitive's; "goes to bed … and wakes" is not.
    const infinitive = m[1]!.match(/\bto\s+(\p{Ll}+)/u)?.[1];
    if (infinitive && tags().bare.has(infinitive)) continue;
    const word = m[3]!;
    // After a comma only the verbs of where one lives and works ("I'm 42, live in Denver") and "have" with no one
    // after it ("I'm 42, have a bad back", not "…, have you tried"): a list runs on otherwise.
    const hasAfterComma = word === 'have' && !/^\s+(?:you|u|i|we|they|he|she|it)\b/i.test(s.slice(end + m[0].length));
    // … and any verb after how often ("I'm a night owl, rarely sleep before 2").
    const often = HOW_OFTEN_BEFORE.test(m[0]);
    // … but where it is no verb ("rarely in bed before 1am", "rarely late").
    if (often && tags().particles.has(word)) continue;
    // … and a "don't" after "still" ("Moved to Bristol in January, still don't know many people").
    const stillNot = NEGATED_ALONE.test(word) && /\bstill\s+\S+$/i.test(m[0]);
    const liking = LIKING_VERBS.has(word) && word !== 'like';
    if (m[2] === ',' && !USUALLY_VERBS.has(word) && !liking && !hasAfterComma && !often && !stillNot) continue;
    // After "so", only what one then has to do ("I'm diabetic so need to be careful"): "so" is as often "very".
    const soThen = m[2]!.trim() === 'so';
    if (soThen && !SO_THEN.has(word)) continue;
    // Right after the verb ("walk or bike to work") the word is a second verb, whatever the tagger made of it.
    // "I'm vegan and don't eat honey", "I'm 45 and haven't exercised in years": a "don't" or "haven't" is the second verb.
    // A "have" after a comma is one ("I'm a huge Arsenal fan, have been since I was a kid"), however it is tagged.
    // ", then" with no subject after it is followed by the next thing done ("…, then work from home").
    if (
      !soThen &&
      !/then$/.test(m[2]!) &&
      !often &&
      !hasAfterComma &&
      !tags().bare.has(word) &&
      !USUALLY_VERBS.has(word) &&
      !LIKING_VERBS.has(word) &&
      !NEGATED_ALONE.test(word) &&
      m[1]!.trim() !== ''
    )
      continue;
    // A verb between ("ready to give time and help", "helps them relax and increase"): the one after "and" is its.
    // After "is", an -ing form is the verb itself ("is chasing their dream and keep" is someone else's "keep").
    const between = m[1]!.split(/\s+/).map((w) => w.toLowerCase());
    // "I've been vegan … and feel", "I've been running … and love it", "I've just been diagnosed … and have to": "been"
    // (after an adverb or two) and the word after it are the subject's own.
    const words = between.filter(Boolean);
    const beenAt = words.indexOf('been');
    const own = beenAt >= 0 && words.slice(0, beenAt).every((w) => ADVERBS_BEFORE_BEEN.has(w)) ? beenAt + 2 : 0;
    if (words.slice(own).some((w) => !STATES.has(w) && (tags().verbs.has(w) || (copula && tags().gerunds.has(w))))) continue;
    edits.push({ at: end + m[0].length - word.length, word });
  }
  let out = s;
  for (const e of edits.sort((a, b) => b.at - a.at)) out = `${out.slice(0, e.at)}${thirdPersonVerb(e.word, s)}${out.slice(e.at + e.word.length)}`;
  return out;
}

/** Adverbs between "I've" and "been": "I've just been diagnosed". */
const ADVERBS_BEFORE_BEEN = new Set(['just', 'recently', 'finally', 'already', 'now', 'only', 'also', 'still', 'really', 'always', 'never']);
/** "I've got two kids and want a third": the second verb is of the same subject ("got" itself is no verb of its own). */
const afterGot = (s: string, end: number) => end + (s.slice(end).match(/^\s+got\b/)?.[0].length ?? 0);
/** How often one does what follows: after a comma, the word after it is a verb of the speaker's. */
const HOW_OFTEN = 'rarely|never|always|usually|often|sometimes|hardly ever|barely|seldom';
const HOW_OFTEN_BEFORE = new RegExp(String.raw`\b(?:${HOW_OFTEN})\s+\p{Ll}+$`, 'u');
/** "don't", "haven't": a second verb that is a negation ("I'm vegan and don't eat honey"). */
const NEGATED = String.raw`(?:don|haven)['’]t`;
const NEGATED_ALONE = new RegExp(String.raw`^${NEGATED}$`);
/** What a speaker then has to do, after "so" with no subject ("I'm type 1 diabetic so need to be careful with carbs"). */
const SO_THEN = new Set(['need', 'have', 'want', 'try', 'avoid']);
/**
 * Verbs the tagger reads as something else after "but" or "and" ("I'm Canadian but live in the US": an adjective; "got
 * a bonus and want to …": a noun).
 */
const USUALLY_VERBS = new Set(['live', 'work', 'study', 'teach', 'want', 'need', 'feel']);
/**
 * Likings, a second verb the tagger may read as something else ("… and like my team"); after a comma as well ("Love
 * hiking, hate camping"), but for "like", which there is "such as" ("… sentimental value, like their bowl").
 */
const LIKING_VERBS = new Set(['love', 'like', 'hate', 'enjoy', 'prefer', 'adore', 'miss']);
/**
 * What runs on from a verb to "and" (or "but", "or", or a comma) and the next verb: at most eight words ("£2,000" is one),
 * within the clause. A "have" or "keep" before any word is the verb ("and have joint custody", "and keep kosher"): it is
 * hardly ever a noun; so is a "need" or "want" before a bare noun ("I have a headache and need sleep").
 */
const COORDINATED = new RegExp(
  String.raw`^((?:\s+(?:[^\s,;:.!?()"]|(?<=\d)[,.](?=\d))+){0,8}?)(\s+(?:and|but|or|so)|,\s+then|,)\s+(?:(?:already|also|still|just|now|only|really|${HOW_OFTEN})\s+)?(\p{Ll}+|${NEGATED})(?=\s+(?:(?:in|at|on|to|with|for|from|about|as|by|into|all|lots|up|out|off|down|back|early|late|${OBJECT_START})\b|\p{Ll}+ing\b|\d)|(?<=\b(?:have|keep))\s+[\p{Ll}\d]|(?<=\b(?:need|want|feel|hate|enjoy|prefer|miss))\s+\p{Ll}|(?<=n['’]t)\s+\p{Ll}|(?<=\b(?:${HOW_OFTEN})\s+\p{Ll}+)(?=[\s,.!?;]|$))`,
  'u',
);
/** Where a new clause or subject starts, the verb after "and" is not the first one's. */
const CLAUSE_BREAK =
  /\b(?:when|whenever|if|that|who|which|where|why|how|because|but|while|since|until|though|although|or|then|i|you|he|she|we|they|there|it's|and|gonna|wanna|gotta)\b/i;

/**
 * "my spouse is sick" → "my spouse (Sarah) is sick" when the spouse's name is known and not already in the sentence;
 * "Mum's coming over" → "my mum's coming over": a role word alone names the speaker's own, whom the rendering then names.
 */
export function withKnownNames(statement: string, scan: string, accepted: Accepted[], ents: Map<string, Ent>): string {
  let out = statement;
  for (const a of [...accepted].sort((x, y) => y.end - x.end)) {
    if (a.tag !== 'role' && a.tag !== 'pet' && a.tag !== 'thing') continue;
    const e = ents.get(a.key);
    const word = out.slice(a.start, a.end);
    const lead = out.slice(0, a.start);
    // Before an "'s", the name without brackets: "mum Jean's having the kids" reads as "is" or as a possessive would.
    const named =
      e?.named && !a.name && !scan.toLowerCase().includes(e.name.toLowerCase())
        ? /^['’]s\b/.test(out.slice(a.end))
          ? ` ${e.name}`
          : ` (${e.name})`
        : '';
    // "Me and the wife": the speaker's wife.
    const the = a.tag === 'role' && THE_OWN_WORD.test(word) ? lead.match(/\bthe\s+$/i) : null;
    // "Mum" as a name, unless greeted ("Hello Mum"); "mum" after a word that takes a person ("went with mum"), not
    // after one that describes ("proud dad").
    const bare =
      !the && a.tag === 'role' && !a.name && BARE_ROLE.test(word) && (/^\p{Lu}/u.test(word) ? !GREETED.test(lead) : TAKES_A_PERSON.test(lead));
    const before = the ? `${lead.slice(0, the.index)}${the[0][0] === 'T' ? 'My' : 'my'} ` : lead;
    if (bare || named || the)
      out = `${before}${bare ? `my ${INITIALS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()}` : word}${named}${out.slice(a.end)}`;
  }
  return out;
}
/** Role words written in capitals ("GP says …" → "my GP says …"). */
const INITIALS = new Set(['gp']);
const THE_OWN_WORD = new RegExp(`^(?:${THE_OWN})$`, 'i');
const BARE_ROLE = new RegExp(`^(?:${BARE_ROLE_ALT}|${BARE_OPENING_ALT})$`, 'i');
const GREETED = /\b(?:hello|hi|hiya|hey|thanks|thank you|cheers|bye|love you|dear)[\s,]*$/i;
const TAKES_A_PERSON = new RegExp(
  String.raw`(?:^(?:\s*${FILLER_OPENER})*|[.!?,;:]\s*|\b(?:with|to|at|for|from|of|and|by|about|told|asked|called|rang|visited|helped|took|saw|met|tell|ask|call|visit|help|take|see|meet|gave|give|miss|missed|love|loved)\s+)$`,
  'i',
);
