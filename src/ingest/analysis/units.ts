// How the sentences of a message become memories. A memory says something on its own: a sentence that leans on
// its neighbour ("It was inspiring", "That was Peru.") goes into one memory with it, "she" becomes the person named
// just before when only one fits, a short answer keeps the question it answers, a shared photo's caption is what
// the speaker showed, and praise or acknowledgement of the listener ("You're so sweet!") is no memory at all.
import { hasFrame } from './answerFrames.js';
import {
  ADVERBS_BEFORE_PARTICIPLE,
  capitalised,
  HAPPY_OCCASION,
  IRREGULAR_PARTICIPLE,
  isEdPast,
  isSurelyFinite,
  lexTags,
  ROLE_INFO,
  taggedTerms,
} from './lexicon.js';
import { allMatches, escapeRegex } from '../../text/matches.js';
import { contentWords } from '../../text/words.js';
import {
  CHAT_OPENERS,
  ENDS_AS_QUESTION,
  FIRST_PERSON,
  leadInLength,
  SECOND_PERSON,
  SINCE_WE_TALKED,
  TAG_QUESTION,
  WEAK_WORDS,
  hasVerb,
  isNewsTeaser,
  IT_DROPPED,
  STILL_DOING,
  VERB_ADVERBS,
} from './sentences.js';
import { isSmallTalk } from './signals.js';
import { withoutAddress } from './vocatives.js';
import type { Spec } from './mentions.js';
import type { KnownEntity } from './types.js';

/** A sentence read for a memory: as said, the statement in it, its scan copy and mentions; `asked` for answers. */
export interface Candidate {
  text: string;
  statement: string;
  scan: string;
  specs: Spec[];
  /** Worth a memory on its own (sentences.ts isWorthKeeping). */
  kept: boolean;
  /** Opens with a word that points at what was said before: it, that, they, there, she … */
  leansBack: boolean;
  /** Says something beyond weak and evaluative words. */
  substantive: boolean;
  /** A caption of something the speaker shared: it illustrates what they said just before. */
  caption?: boolean;
  /** The other party's question this memory answers, as they asked it. */
  asked?: string;
  /** A bare answer put back into its question's frame ("34" to "How old are you?" is "I'm 34"): it stands alone. */
  framed?: boolean;
  /** The question a framed answer answers. */
  framedBy?: string;
  /** A list's item ("- vegetarian since 2019", "Job: nurse"): said beside the items before it, not as more of them. */
  item?: boolean;
  sentences: number;
}

/** A memory holds at most this many sentences and words: past them a leaning sentence stands alone or goes. */
const MAX_SENTENCES = 4;
const MAX_WORDS = 90;
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

// --- leaning sentences ---

const OPENING = /^\s*(?:(?:yeah|yep|yup|yes|wow|aww+|haha|lol|oh|and|but|so|plus|also|honestly|actually)\b[,!.]*\s*)*/i;
const POINTING =
  /^(?:it|it's|its|that|that's|this|they|they're|they've|their|these|those|there|there's|he|he's|she|she's|him|her|them|both|all of them|one of them)\b/i;

function opening(scan: string): string {
  const lead = leadInLength(scan);
  return scan.slice(lead).replace(OPENING, '');
}

/**
 * "Charlotte again, they never let me down", "Lasagne as usual, …": a verbless phrase of what is done once more,
 * whose "again" points at the sentence before ("… put the first earlies in.").
 */
const ONCE_MORE = /^(?:(?!\b(?:i|i'm|we|you|he|she|they|it|is|was|are|were)\b)[^,.!?]){1,40}?\s+(?:again|as usual|as always|as ever)\s*,/i;

/** "it" or "them" as what something is done to, not the empty subject of "it's been great", "it was fun". */
const OF_IT = /\b(?:it|them)\b(?!['’](?:s|d|ll)\b|\s+(?:is|was|has|had|will|would|feels?|looks?|seems?|sounds?)\b)/i;
/** "We love it.", "I use it every day.", "We can't afford it.": so short a sentence of "it" alone would not say what. */
const SHORT_OF_IT = 8;

/** "Still finding it hard, especially on Sundays.", "Loving it so far": no subject of its own, and "it" is what came before. */
const DOING_IT =
  /^(?:(?:still|really|honestly|just|slowly|finally|already|totally|absolutely)\s+)?\w+ing\s+(?:\w+\s+){0,2}?(?:it|them)\b(?!['’]s\b)/i;

/** "Starting on Monday.", "Back on the 10th.": when what was said before begins or ends, and nothing more. */
const WHEN_IT_BEGINS =
  /^(?:starting|finishing|ending|leaving|flying\s+out|heading\s+off|back)\s+(?:on|in|at|from|next|this|tomorrow|tonight|today|the)\b[^,;:]{0,25}[.!]*\s*$/i;

/** "It was inspiring", "They were thrilled", "That's where we met", "We love it": about what was said before. */
export function leansBack(scan: string): boolean {
  const rest = opening(scan);
  return (
    POINTING.test(rest) ||
    ONCE_MORE.test(rest) ||
    IT_DROPPED.test(rest) ||
    WHEN_IT_BEGINS.test(rest) ||
    DOING_IT.test(rest) ||
    (wordCount(rest) <= SHORT_OF_IT && OF_IT.test(rest))
  );
}

/**
 * "The temples were stunning." after "We spent a week in Kyoto.", "The teacher is a retired illustrator." after "I've
 * joined a watercolour class.": what the sentence before brought along, named by "the"; alone it would not say whose
 * or of what.
 */
const DEFINITE = /^the\s+\p{L}/iu;
function describesWhatCameBefore(c: Candidate): boolean {
  return DEFINITE.test(opening(c.scan)) && wordsBeyond(c.statement).length >= 1;
}

/** Participles that describe the noun before them ("a greyhound called Biscuit") rather than say what someone did. */
const ATTRIBUTIVE = /^(?:called|named|made|built|bought|found|born|based|aged|used|owned)$/i;
/** "So …", "Anyway …": a new topic, not more of the last. */
const NEW_TOPIC = /^(?:so|anyway|anyhow|meanwhile|btw|by the way|oh)\b/i;
/** "About 23k in it.", "£340 for 2 nights": a sum, a count or a time says how much of what came before. */
const AMOUNT =
  /[£$€]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:k|%|kg|km|miles?|hours?|hrs?|mins?|minutes?|nights?|days?|weeks?|months?|years?)\b|\b\d{1,2}:\d{2}\b/i;
/** "Good luck to Kofi …", "Happy New Year …": a wish says nothing more of what came before. */
const WELL_WISHING =
  /^(?:good luck|best of luck|happy|merry|best wishes|congrat|cheers|thanks|thank you|lots of love|love to|hugs|felice|feliz|buon|bon)\b/i;
/**
 * "A retired greyhound called Biscuit." after "We adopted a dog on Tuesday!", "Junior analyst at Beacon, starting in
 * September." after "I got the job!": a phrase with no verb of its own that says more of what the sentence before
 * named. Alone it would not say whose. Gerunds and participles after a noun, and a relative clause's verbs, are no
 * verb of its own.
 */
function elaboratesWhatCameBefore(c: Candidate): boolean {
  if (
    /\?\s*$/.test(c.statement) ||
    !(c.kept || c.substantive || AMOUNT.test(c.statement)) ||
    NEW_TOPIC.test(c.text) ||
    WELL_WISHING.test(c.text) ||
    isSmallTalk(c.statement)
  )
    return false;
  const terms = taggedTerms(c.statement);
  if (!terms[0] || terms[0].tags.has('Verb') || terms[0].tags.has('Pronoun')) return false;
  // A participle after a common noun and before no pronoun: "a greyhound called Biscuit", not "Nadia made me a mug".
  const attributive = (i: number) =>
    ATTRIBUTIVE.test(terms[i]!.text) &&
    !!terms[i - 1]?.tags.has('Noun') &&
    !terms[i - 1]!.tags.has('ProperNoun') &&
    !terms[i + 1]?.tags.has('Pronoun');
  // "On the beach in Cornwall where we had our first date": a relative clause's verb is the phrase's, not its own.
  const relative = terms.findIndex((t, i) => i > 0 && RELATIVE_WORD.test(t.text));
  return terms.slice(0, relative > 0 ? relative : undefined).every((t, i) => !t.tags.has('Verb') || t.tags.has('Gerund') || attributive(i));
}
const RELATIVE_WORD = /^(?:where|who|whom|whose|which)$/i;

/**
 * "Roof sorted!", "Passport renewed.", "Exam passed!": a thing and what was done to it, the news in a headline; what
 * follows ("Tom said the flashing had cracked", "Took 3 weeks") tells it, and alone would not say of what.
 */
function isHeadline(c: Candidate): boolean {
  if (c.sentences !== 1 || c.asked || wordCount(c.statement) > 3) return false;
  const terms = taggedTerms(c.statement);
  const last = terms[terms.length - 1];
  return (
    terms.length >= 2 &&
    !!terms[0]!.tags.has('Noun') &&
    !terms[0]!.tags.has('Pronoun') &&
    !terms[0]!.tags.has('ProperNoun') &&
    !!last &&
    (last.tags.has('PastTense') || last.tags.has('Participle')) &&
    terms.slice(0, -1).every((t) => !t.tags.has('Verb'))
  );
}

/** "That was Peru.", "This was Japan.", "Here's my sister": a short pointer at what comes next. */
const PRESENTING = /^(?:that|this|it|here)(?:'s|\s+(?:is|was))\s+(?:\S+\s*){1,4}$/i;
export function leansForward(statement: string): boolean {
  return PRESENTING.test(
    statement
      .replace(/’/g, "'")
      .replace(/[.!?…\s]+$/, '')
      .trim(),
  );
}

/** Words that praise or acknowledge without saying what about. */
const EVALUATIVE = new Set(
  (
    'amazing awesome great good nice cool lovely wonderful incredible fantastic fabulous brilliant funny hilarious ' +
    'excellent beautiful gorgeous stunning impressive inspiring inspirational proud thoughtful talented skilled gifted ' +
    'passionate remarkable remarkably ' +
    'kind sweet cute adorable fun exciting excited happy glad thrilled congrats congratulations luck ' +
    'keep rock rocks going well done wow touching super true sounds happen happened hear heard ' +
    'sharing share means mean lot thank thanks appreciate appreciated helpful support supportive love ' +
    'loved bet wish best sure totally definitely absolutely pleasure welcome care hope hoping time day ' +
    'tough hard sad bad crazy wild rough shame bummer oof yikes sorry awful terrible scary unfortunate'
  ).split(' '),
);
const TO_LISTENER = /\b(?:you|your|you're|you've|you'll|yours|that|that's|this|what a|how)\b/i;

/** "You're so sweet!", "That's amazing!", "Good luck with it!", "I'm so proud of you": nothing to remember. */
export function isPraise(statement: string): boolean {
  if (!TO_LISTENER.test(statement.replace(/’/g, "'"))) return false;
  return wordsBeyond(statement).length === 0;
}
const WEAK_EXTRA = new Set('doing done something really so such very much all way go'.split(' '));

/** The content words of a statement that are neither weak nor evaluative, nor in any of `also`: what it says. */
function wordsBeyond(statement: string, ...also: ReadonlySet<string>[]): string[] {
  return contentWords(statement).filter((w) => !EVALUATIVE.has(w) && !WEAK_EXTRA.has(w) && !also.some((set) => set.has(w)));
}

// --- courtesy ---

/**
 * Words of a conversation's courtesies: thanks, support, encouragement, the relationship and the talk itself. A
 * sentence made of nothing else says how the speaker feels about the listener or the exchange, not what happened.
 */
const COURTESY = new Set(
  (
    'friendship friend friends support supporting supported supports help helping helped helps motivation motivate ' +
    'motivates motivated motivating encouragement encourage encourages encouraging encouraged inspiration inspire ' +
    'inspires inspired words word belief believe believing believes faith back corner side rooting cheering always ' +
    'together others everyone journey dedication dedicated courage brave strength talk talking chat chatting catch ' +
    'soon later asking sharing shared letting join joining company keeping pushing push forward dreams dream ' +
    'meant matters matter world ton boost priceless awe impressed commitment grateful thankful lucky blessed caring ' +
    'kindness news make making makes difference known knowing positive positivity real moving keep wishing wishes ' +
    'believed thinking thought feel feels feeling felt talked around anything part standing stand sticking lean leaning ' +
    'count counting moment moments step steps'
  ).split(' '),
);
/** Addressed to the listener, or about the two of them: "you", "thanks", "each other", "us all", "this means so much to me". */
const COURTEOUS =
  /\b(?:you|your|you're|you've|you'll|you'd|yours|yourself|ya|thank|thanks|thx|appreciate|appreciated|wish|wishing)\b|\b(?:each other|one another|us all)\b|\b(?:it|that|this)(?:\s+(?:really|truly))?\s+(?:means|matters)\s+(?:a\s+lot|so\s+much|the\s+world|everything)\s+to\s+me\b/i;

/**
 * "Thanks for always cheering me on", "We'll keep encouraging each other", "I'm so glad we have each other",
 * "Talk to you soon!": a courtesy or a feeling about the listener or the relationship with nothing concrete
 * in it. A sentence naming a thing ("Thanks, I love the green teapot", "we got a second rabbit") is not one.
 */
export function isCourtesy(statement: string): boolean {
  // "Thanks for askin'!" is "asking".
  const s = statement.replace(/’/g, "'").replace(/(\p{L}{2,}in)'(?!\p{L})/gu, '$1g');
  if (!COURTEOUS.test(s)) return false;
  return wordsBeyond(s, WEAK_WORDS, COURTESY).length === 0;
}

/** "Wishing you the best with the move!", "Good luck on your exam", "Hope you have a great trip": about the listener. */
const WISH =
  /^(?:(?:i|we)\s+)?(?:(?:just|really|truly|sincerely|so)\s+)*(?:wish(?:ing)?|hope|hoping|good luck|best of luck)\s+(?:(?:that\s+)?you\b|(?:with|on|for)\s+(?:your|the)\b)/i;
const SPEAKER_WORDS = /\b(?:i|i'm|i've|i'd|i'll|me|my|mine|we|we're|we've|we'll|our|us)\b/i;

/** "Happy birthday to him!", "Happy gotcha day, Biscuit!": a greeting, to the listener or anyone, and nothing more. */
const GREETING = new RegExp(String.raw`^${HAPPY_OCCASION}(?:(?:\s+to|,)\s+[\p{L}'-]+(?:\s+[\p{L}'-]+)?)?[\s!.]*$`, 'iu');

/** A wish for the listener with nothing of the speaker's after it ("I hope you can come to my party" is not one). */
export function isWish(statement: string): boolean {
  const s = opening(statement.replace(/’/g, "'"));
  if (GREETING.test(s)) return true;
  const m = s.match(WISH);
  return Boolean(m && !SPEAKER_WORDS.test(s.slice(m[0].length)));
}

/**
 * "I'm so proud of you for finishing the course", "Love how you turned the shed into a studio", "It's great to see
 * you teaching again", "I'm sure you'll ace it": the speaker's feeling or guess about what the listener does, a
 * remark on the listener's life rather than a fact of the speaker's.
 */
const FOR_LISTENER =
  /^(?:(?:i|i'm|i am|i was|we're|we are|i've been)\s+)?(?:(?:so|really|super|truly|always|just|very|totally|honestly|genuinely|pretty)\s+)*(?:(?:proud|happy|glad|stoked|thrilled|excited|pumped)\s+(?:of|for)\s+(?:you|your)\b|(?:impressed|amazed|in awe)\s+(?:by|with|of)\s+(?:you|your|how\s+you)\b|(?:love|loved|loving|admire|adore)s?\s+(?:how|that|the way|seeing|watching|hearing)\s+(?:you|your)\b|(?:happy|glad)\s+(?:that\s+)?(?:you|your)\b|(?:sure|think|know|bet|believe)\s+(?:that\s+)?you\b)|^(?:it's|it is|that's|that is)\s+(?:(?:so|really|super|truly|just|very)\s+)*(?:great|awesome|amazing|inspiring|cool|nice|wonderful|lovely|fantastic|incredible)\s+(?:(?:to\s+see|seeing|to\s+hear|hearing)\s+how(?:\s+[\p{L}']+){0,2}|to\s+see|seeing|to\s+hear|hearing|that|how)\s+(?:you|your)\b/iu;

/** A feeling about what the listener does, with nothing of the speaker's after it. */
export function isForListener(statement: string): boolean {
  const s = opening(statement.replace(/’/g, "'"));
  const m = s.match(FOR_LISTENER);
  return Boolean(m && !SPEAKER_WORDS.test(s.slice(m[0].length)));
}

/** "You're", "your studio", "your patience and care": the listener, or something of theirs, as the subject. */
const LISTENER_SUBJECT = /^(?:you(?:'re|'ve|'ll|'d)?|your\s+[\p{L}'-]+(?:\s+(?:and|&)\s+[\p{L}'-]+)?)\b/iu;

/**
 * "You're doing such good work", "Your bakery looks great", "Your patience is so inspiring": praise of the listener
 * or of what is theirs, with nothing of the speaker's in it. "You could also try local influencers" praises nothing.
 */
export function isPraiseOfListener(statement: string): boolean {
  const s = opening(statement.replace(/’/g, "'"));
  if (LISTENER_SUBJECT.test(s) && !SPEAKER_WORDS.test(s) && contentWords(s).some((w) => EVALUATIVE.has(w) || PRAISED_AS.has(w))) return true;
  // "Legend.", "Absolute star!": what the listener is praised as, said alone.
  const words = contentWords(s);
  return (
    words.length > 0 &&
    words.length <= 2 &&
    PRAISED_ALONE.has(words[words.length - 1]!) &&
    words.every((w) => PRAISED_ALONE.has(w) || PRAISE_INTENSIFIERS.has(w))
  );
}
/** What the listener is called as praise with no other word ("Better." answers "How's the knee?"). */
const PRAISED_ALONE = new Set('lifesaver genius legend star superstar gem champ hero'.split(' '));
const PRAISE_INTENSIFIERS = new Set('absolute total proper actual'.split(' '));
/** What the listener is praised as: "You're so much better than Siri", "you're a lifesaver", "you're a legend". */
const PRAISED_AS = new Set('better smarter lifesaver genius legend star gem champ hero'.split(' '));

/** Words of carrying on: "I'm gonna keep trying", "Still going, but I'm trying my best". */
const CARRYING_ON = new Set('keep keeping going gonna best hardest doing try trying still work progress definitely continue far finished'.split(' '));

/** Resolve to carry on with nothing said about what: "I'll keep at it!", "Still trying, I'll definitely continue." */
export function isCarryingOn(statement: string): boolean {
  // "best man", "best friend": a role, not one's best.
  if (BEST_ROLE.test(statement)) return false;
  return contentWords(statement).some((w) => CARRYING_ON.has(w)) && wordsBeyond(statement, CARRYING_ON).length === 0;
}
const BEST_ROLE = /\bbest\s+(?:man|men|friends?|mates?|buddy|pal)\b/i;

/** "Love to Keiko.", "Love you, big brother.", "Give my love to your mum", "Love you lots xx": a sign-off (not "Love to travel"). */
const SIGN_OFF =
  /^\s*(?:(?:[Ll]ots of|[Aa]ll (?:my|our)|[Ss]ending(?: (?:my|our|lots of))?|[Gg]ive (?:my|our)) )?[Ll]ove (?:to (?:\p{Lu}[\p{L}'’]*(?: \p{Lu}[\p{L}'’]*)?|your \p{L}+|the (?:kids|family|boys|girls|gang)|everyone|all|you all)(?: (?:and|&) (?:the |your )?\p{L}+)?|you(?: (?:lots|loads|all|too|both|guys|so much|heaps))?(?:, ?[\p{L} ]{1,20})?|from [\p{L} ]{1,20})\s*(?:[xX]+|[xX][oO]+|<3)?\s*[.!]*\s*$/u;

/**
 * Praise (of anything, or of the listener), a courtesy, a wish, a feeling about the listener, a sign-off or news only
 * announced: no memory, and left out of a quoted message.
 */
export function isContentFree(statement: string): boolean {
  return (
    isPraise(statement) ||
    isCourtesy(statement) ||
    SIGN_OFF.test(statement) ||
    isWish(statement) ||
    isForListener(statement) ||
    isPraiseOfListener(statement) ||
    isNewsTeaser(statement)
  );
}

/** More than weak and evaluative words: something a later question could ask about. */
export function isSubstantive(statement: string): boolean {
  return wordsBeyond(statement).length >= 2;
}

// --- "she" for the person named just before ---

const FEMALE = new Set(
  'wife girlfriend fiancee fiancée mom mum mother mommy mama mummy sister sis daughter girl grandma grandmother granny nana nan nanna gran aunt auntie niece mother-in-law sister-in-law'.split(
    ' ',
  ),
);
const MALE = new Set(
  'husband boyfriend fiance fiancé dad father daddy papa brother bro son boy grandpa grandfather granddad grandad gramps uncle nephew father-in-law brother-in-law'.split(
    ' ',
  ),
);
export type Gender = 'f' | 'm' | null;
/** Whom "she" ('f') or "he" ('m') means, as the summary should call them; null when it is not clear. */
export type Referent = (gender: 'f' | 'm') => string | null;
/** The gender a pronoun for someone asks its referent for: "she" and "her" a woman's, "he" and "him" a man's. */
const genderAsked = (pronoun: string): 'f' | 'm' => (/^(?:she|her)$/i.test(pronoun) ? 'f' : 'm');

function genderOfName(name: string): Gender {
  const tags = lexTags(name.split(' ')[0]!);
  return tags.includes('FemaleName') ? 'f' : tags.includes('MaleName') ? 'm' : null;
}

/** Someone a sentence names: how to call them again, their gender when known, and whether a role word named them. */
export interface Person {
  call: string;
  gender: Gender;
  /** The role word that named them ("wife" of "my wife Doreen"), when one did. */
  role?: string;
}

/** The gender a role word gives ("wife", "dad"), when it gives one. */
export function genderOfRole(word: string): Gender {
  return FEMALE.has(word) ? 'f' : MALE.has(word) ? 'm' : null;
}

/** The people a sentence's mentions name, with how to call them again and their gender when known. */
export function peopleIn(specs: Spec[], known: KnownEntity[], { withRole = false } = {}): Person[] {
  const out: Person[] = [];
  for (const s of specs) {
    if ((s.tag === 'role' || s.tag === 'pet') && s.role && ROLE_INFO.get(s.role)?.kind === 'person' && !ROLE_INFO.get(s.role)?.plural && !s.ex) {
      const byRole = genderOfRole(s.role);
      const call = s.name ? (withRole ? `my ${s.role} ${s.name}` : s.name) : `my ${s.role}`;
      out.push({ call, gender: byRole ?? (s.name ? genderOfName(s.name) : null), role: s.role });
    } else if (s.tag === 'name' && s.kind === 'person' && s.name) out.push({ call: s.name, gender: genderOfName(s.name) });
    else if (s.tag === 'known' && s.knownId) {
      const k = known.find((e) => e.id === s.knownId);
      if (k?.kind === 'person') {
        const role = [k.name, ...k.aliases].map((a) => a.toLowerCase()).find((a) => FEMALE.has(a) || MALE.has(a));
        out.push({ call: k.name, gender: role ? genderOfRole(role) : genderOfName(k.name) });
      }
    }
  }
  return out;
}

/**
 * The one person a sentence named, for the pronoun of their gender, or of either when theirs is unknown, unless
 * `statement` holds pronouns of both ("She told him"): then they are not both that person.
 */
export function referentAmong(people: Person[], statement: string, beforeText = ''): Referent {
  const bothGenders = /\b(?:she|her)\b/i.test(statement) && /\b(?:he|him|his)\b/i.test(statement);
  const unnamed = { f: UNNAMED_FEMALE.test(beforeText), m: UNNAMED_MALE.test(beforeText) };
  return (gender) => {
    const [one] = people;
    if (people.length !== 1 || unnamed[gender]) return null;
    return one!.gender === gender || (one!.gender === null && !bothGenders) ? one!.call : null;
  };
}
/** "My sister had a baby girl": someone new, unnamed, whom a "her" after it may mean as well. */
const unnamedOne = (nouns: string) => new RegExp(String.raw`\b(?:a|another)\s+(?:(?:baby|little|new|healthy|beautiful)\s+)*(?:${nouns})\b`, 'i');
const UNNAMED_FEMALE = unnamedOne('girl|daughter|woman|lady');
const UNNAMED_MALE = unnamedOne('boy|son|man|guy');

const SHE_HE = /^(she|he)(?:(['’](?:s|ll|d))\b|\b)/i;
/** Adverbs between a contraction and its verb ("she's never been", "he'd already moved"). */
const ADVERBS_BETWEEN = String.raw`^\s+${ADVERBS_BEFORE_PARTICIPLE}`;
/** "She's been", "he'd gone": "'s" and "'d" before a participle are "has" and "had", not "is" and "would". */
const BEFORE_PARTICIPLE = new RegExp(String.raw`${ADVERBS_BETWEEN}(?:${IRREGULAR_PARTICIPLE})\b`, 'i');

/** "He'd moved": "would" takes no past form, so "'d" before one is "had" ("she's moved" may be "is": only the list above). */
const BEFORE_PAST_FORM = new RegExp(String.raw`${ADVERBS_BETWEEN}[a-z]+[a-df-z]ed\b`, 'i');
/** "He's decided he likes peas", "she's agreed to come": verbs that take a clause or "to", never an adjective after "is". */
const BEFORE_CLAUSE_VERB = new RegExp(
  String.raw`${ADVERBS_BETWEEN}(?:decided|agreed|offered|promised|managed|refused|realised|realized|noticed|admitted|figured|learned|learnt|started|stopped|finished|tried|chosen|forgotten)\b`,
  'i',
);
/** "He'd clearly read every page": a form shared by the past and the present is "had" after a word that dates it before. */
const BEFORE_SHARED_FORM =
  /^\s+(?:already|just|recently|finally|clearly|obviously|evidently|apparently)\s+(?:read|put|cut|hit|set|let|hurt|quit|shut|spread|cost)\b/i;
/** "He's started learning shogi", "she's finished the book": a past form with its object after "'s" is "has". */
const BEFORE_PAST_FORM_AND_OBJECT = new RegExp(
  String.raw`${ADVERBS_BETWEEN}[a-z]+[a-df-z]ed\s+(?:a|an|the|my|his|her|their|our|its|[a-z]+ing)\b`,
  'i',
);

/** The verb a contraction stood for: "she's been" has, "she's tired" is, "he'd moved" had, "he'd love" would, "they're" are. */
function contracted(contraction: string | undefined, after: string): string {
  switch (contraction?.replace('’', "'").toLowerCase()) {
    case "'s":
      return BEFORE_PARTICIPLE.test(after) || BEFORE_PAST_FORM_AND_OBJECT.test(after) || BEFORE_CLAUSE_VERB.test(after) ? ' has' : ' is';
    case "'ll":
      return ' will';
    case "'d":
      return BEFORE_PARTICIPLE.test(after) || BEFORE_PAST_FORM.test(after) || BEFORE_SHARED_FORM.test(after) ? ' had' : ' would';
    case "'re":
      return ' are';
    case "'ve":
      return ' have';
    default:
      return '';
  }
}

/**
 * "She's vegetarian" after "My sister Ananya is coming over": "Ananya is vegetarian", when `referent` says whom
 * "she" (or "he") means. Otherwise null, and the sentence keeps its own words.
 */
export function resolveLeadingPronoun(statement: string, referent: Referent | undefined): string | null {
  if (!referent) return null;
  const lead = leadInLength(statement);
  const rest = statement.slice(lead);
  const m = rest.match(SHE_HE);
  if (!m) return null;
  const who = referent(genderAsked(m[1]!));
  if (!who) return null;
  const verb = contracted(m[2], rest.slice(m[0].length));
  const named = calledAt(who, lead);
  return statement.slice(0, lead) + named + verb + rest.slice(m[0].length);
}

/** Whom a pronoun means, as it stands where the pronoun stood: with a capital when it opens the sentence. */
const calledAt = (who: string, lead: number) => (lead === 0 ? capitalised(who) : who);

/**
 * "His GP has added a calcium tablet", opening a message after "my dad fell again": "My dad's GP has added …", when
 * `referent` says whom (within a message, such a sentence goes with the one before it instead: groupUnits).
 */
export function resolveLeadingPossessive(statement: string, referent: Referent | undefined): string | null {
  const lead = leadInLength(statement);
  const m = statement.slice(lead).match(/^(his|her)\s+(?=\p{L})/iu);
  const who = m && referent?.(genderAsked(m[1]!));
  if (!who) return null;
  const named = calledAt(who, lead);
  return `${statement.slice(0, lead)}${named}'s ${statement.slice(lead + m[0].length)}`;
}

/** A "he" or "she" opening a later clause ("… and now he's a luthier"), with no other pronoun for someone before it. */
const CLAUSE_SHE_HE =
  /^((?:(?!\b(?:he|she|him|her|his|hers)\b)[\s\S])*?(?:,\s*|\b(?:and|but|so|because|since|now|then|when|while)\s+))(she|he)(?:(['’](?:s|ll|d))\b|\b)/i;

/**
 * "We worked together in Bristol and now he's a luthier" after "My old friend Rui lives there": "… and now Rui is a
 * luthier", when `referent` says whom and the sentence names no one itself (the caller's part). Only the first such
 * pronoun: the ones after it go on about the same person.
 */
export function resolveClausePronoun(statement: string, referent: Referent | undefined): string | null {
  if (!referent) return null;
  const m = statement.match(CLAUSE_SHE_HE);
  if (!m || m[1]!.length === 0) return null;
  const who = referent(genderAsked(m[2]!));
  if (!who) return null;
  const after = statement.slice(m[0].length);
  return `${m[1]}${who}${contracted(m[3], after)}${after}`;
}

/** "We", "We're", "We've", "We'll" opening a sentence, whole (never "We" of "We're" alone); not "we all", more than two. */
const WE_LEAD = /^we(?:(['’](?:re|ve|ll))\b|(?!['’])\b)(?!\s+all\b)/i;

/**
 * "We baked bread all afternoon" after "My sister came over": "My sister and I baked bread …", when the sentence before
 * (`beforeText`, its words) names exactly one person, and not as the owner of something ("Tom's wedding was lovely.
 * We danced …" may be anyone's "we"), as one of "our" people, nor as "he" or "she" of the same sentence. Otherwise
 * null, and "we" stays the speaker's group.
 */
export function resolveLeadingWe(statement: string, before: Spec[] | undefined, beforeText: string, known: KnownEntity[]): string | null {
  if (!before) return null;
  const lead = leadInLength(statement);
  const rest = statement.slice(lead);
  const m = rest.match(WE_LEAD);
  if (!m) return null;
  // "Our landlord is putting the rent up. We can't afford it": "we" is the group whose landlord it is.
  if (before.some((s) => /^our\b/i.test(beforeText.slice(s.start)))) return null;
  const people = peopleIn(before, known);
  // "We were so lucky he was okay": "he" is that person, who is then not one of "we".
  if (people.length !== 1 || /\b(?:he|she|him|her|his)\b/i.test(rest)) return null;
  const who = people[0]!.call;
  const bare = who.replace(/^my\s+/i, '');
  if (new RegExp(String.raw`\b${escapeRegex(bare)}['’]s\b`, 'i').test(beforeText)) return null;
  const named = calledAt(who, lead);
  const after = rest.slice(m[0].length);
  return `${statement.slice(0, lead)}${named} and I${contracted(m[1], after)}${after}`;
}

/**
 * "him", and "her" where no noun can follow it as its owner's ("miss her.", "told her about it", "gave her a lift";
 * not "her car"): the pronoun as an object; and "he" or "she" compared with ("more nervous than he is").
 */
const OBJECT_PRONOUN =
  /(?<=\b(?:than|as)\s)(?:he|she)\b(?=\s+(?:is|was|does|did|has|had|will|can|could|would)\b)|\bhim\b|\bher\b(?=\s*(?:$|[.,!?;:)]|\s[-–—]|(?:so|too|again|already|yet|back|about|for|to|at|in|on|with|by|from|near|outside|inside|under|behind|into|onto|through|over|round|around|up|down|out|off|there|here|asleep|alone|a|an|the|some|when|because|and|but|or|that|more|less|very|today|tonight|tomorrow|now|later|soon|every|this|last|next|since|after|before|though|anyway)\b))/gi;

/**
 * "I'm going to miss her" after "My boss, Linda, is retiring": "I'm going to miss Linda", when `referent` says whom
 * "her" (or "him") means. Otherwise null, and the sentence keeps its own words.
 */
export function resolveObjectPronouns(statement: string, referent: Referent | undefined): string | null {
  if (!referent) return null;
  let resolved = false;
  const out = statement.replace(OBJECT_PRONOUN, (pronoun: string, at: number) => {
    const gender = genderAsked(pronoun);
    const who = referent(gender);
    if (!who || isClauseSubject(who, gender, statement.slice(0, at)) || namesThem(statement, at, pronoun.length)) return pronoun;
    resolved = true;
    return who;
  });
  return resolved ? out : null;
}

/**
 * "We call him Olly": the pronoun stays, since with the name put in its place ("call Oliver Olly") the two names read
 * as one and the nickname (NICKNAME in patterns.ts) is lost.
 */
function namesThem(statement: string, at: number, length: number): boolean {
  return /\b(?:call|calls|called|calling|nicknamed?)\s+$/i.test(statement.slice(0, at)) && /^\s+\p{Lu}/u.test(statement.slice(at + length));
}

/** Anything that may bring in another subject or clause: a pronoun, a name, a joining word, a clause's punctuation. */
const ANOTHER_SUBJECT = /\b(?:i|you|we|they|she|he|who|that|which|because|when|while|if|so|but|said|says|told|asked)\b|[,;:"“”()]/i;

/**
 * Whether `who` is the subject of the clause that reaches up to an object pronoun (`before`): "Sanjay has a big garden
 * and adores him" (or "He has … and adores him"), where the pronoun cannot be Sanjay, who would be "himself".
 */
function isClauseSubject(who: string, gender: 'f' | 'm', before: string): boolean {
  const rest = before.slice(leadInLength(before));
  const pronoun = rest.match(SHE_HE)?.[1];
  const subject = rest.toLowerCase().startsWith(who.toLowerCase()) ? who : pronoun && genderAsked(pronoun) === gender ? pronoun : undefined;
  if (!subject || /^[\p{L}\p{N}]/u.test(rest.slice(subject.length))) return false;
  const between = rest.slice(subject.length);
  return !ANOTHER_SUBJECT.test(between) && !/\p{Lu}/u.test(between);
}

/** The listener's people as the other party names them: "your family", "your kids". */
const YOUR_GROUP =
  /\byour\s+(friends and family|family and friends|loved ones|family|fam|kids|children|parents|folks|friends|siblings|students|team)\b/gi;

/** The one group of the listener's people the other party's message speaks of ("Your kids look so relaxed"), if one. */
export function groupSpokenOf(previous: string): string | undefined {
  const groups = new Set(allMatches(YOUR_GROUP, previous).map((m) => m[1]!.toLowerCase()));
  return groups.size === 1 ? [...groups][0] : undefined;
}

const THEY = /^they(?:(['’](?:re|ve|ll|d))\b|\b)/i;

/**
 * "They're a great comfort", opening the answer to "… your kids …": "They (my kids) are a great comfort". The
 * pronoun stays and the group follows it, so the sentence needs no other change to read right.
 */
export function resolveLeadingThey(statement: string, group: string | undefined): string | null {
  if (!group) return null;
  const lead = leadInLength(statement);
  const rest = statement.slice(lead);
  const m = rest.match(THEY);
  if (!m) return null;
  const after = rest.slice(m[0].length);
  return `${statement.slice(0, lead)}${rest.slice(0, 4)} (my ${group})${contracted(m[1], after)}${after}`;
}

// --- the question a short answer answers ---

/**
 * The other party's last question before this message, when it asks something (not "How are you?"). A question
 * pointing back ("Did you make it?") keeps the sentence before it when that one names the thing ("That mug is
 * lovely! Did you make it?"), and a short one keeps the question it follows ("How did you pick a contractor for
 * your kitchen? Any tips?").
 */
export function questionOf(previous: string | undefined, split: (t: string) => string[]): string | undefined {
  if (!previous) return undefined;
  const sentences = split(previous.replace(QUOTED_PASSAGE, '\n'));
  const at = sentences.findLastIndex((s) => ENDS_AS_QUESTION.test(s));
  if (at < 0) return undefined;
  // Without a list's bullet or number ("- Roughly what budget?"), the address and chat openers.
  const tidy = (s: string) => (withoutAddress(s.replace(LIST_MARK, '')) ?? '').replace(CHAT_OPENERS, '').trim();
  const q = tidy(sentences[at]!);
  if (!asksSomething(q)) return undefined;
  // Questions asked as a list ("- Any food she avoids?\n- Roughly what budget?"): an answer goes through them in turn.
  const listed = (i: number) => LIST_MARK.test(sentences[i]!) && asksSomething(tidy(sentences[i]!));
  let first = at;
  while (listed(at) && first > 0 && at - first < 2 && listed(first - 1)) first--;
  const asList = sentences
    .slice(first, at + 1)
    .map(tidy)
    .join(' ');
  if (first < at && asList.length <= 240) return asList;
  const before = at > 0 ? tidy(sentences[at - 1]!) : '';
  const askedBefore = asksSomething(before);
  // "How did you pick a contractor? Any tips?": a short question after another asks on with it.
  const joins = (askedBefore && contentWords(q).length <= 3) || (POINTS_BACK.test(q) && NAMES_A_THING.test(before));
  const named = joins ? `${capitalised(before)} ${q}` : q;
  return named.length <= 240 ? named : q;
}

const LIST_MARK = /^\s*(?:[-*•]|\d{1,2}[.)])\s+/;

/** A passage in quotation marks (a draft the assistant wrote, words someone said): its questions are not asked of the listener. */
const QUOTED_PASSAGE = /["“][^"“”]{40,}["”]/g;

/**
 * A question that asks for something: not "How are you?", "Anything new?", "What about you?", nor a statement asking
 * for agreement ("… the view from our cabin is just unreal, eh?").
 */
function asksSomething(q: string): boolean {
  if (!ENDS_AS_QUESTION.test(q) || isSmallTalk(q) || isCatchUp(q) || OFFERS_HELP.test(q.replace(/’/g, "'")) || TAG_QUESTION.test(q) || q.length > 240)
    return false;
  return !asksOnlyForAValue(q) || hasFrame(q) || (ASKS_FOR_A_VALUE.test(q) && wordCount(q) >= 3);
}
/** A question whose words say nothing of what it asks about ("Where are you going?"): only a bare value answers it. */
const asksOnlyForAValue = (q: string) => !contentWords(q).some((w) => !/^(you|your|yours|about|else|up)$/.test(w));
/**
 * "Where are you going?", "When is that?": a place, a time or a person asked for in words no list keeps; not "When?"
 * alone, whose answer would not say of what.
 */
const ASKS_FOR_A_VALUE = /\b(?:where|when|who|which|how\s+(?:long|many|much|old|far|often))\b/i;

/** What a catch-up question may add that asks for nothing more ("… since we last talked?", "… in your life lately?"). */
const ANY_NEWS = new RegExp(
  String.raw`\s*(?:${SINCE_WE_TALKED.source}|\b(?:lately|recently|these\s+days|in\s+your\s+life|with\s+you|on\s+your\s+end)\b)`,
  'gi',
);
/** "Been good?", "What's been happening?", "Anything fun?": a question for any news, which any answer answers. */
const CATCH_UP =
  /^(?:(?:how(?:'ve|\s+have)\s+you\s+|have\s+you\s+|you\s+)?been(?:\s+(?:good|well|ok|okay|alright|busy))?|what(?:'s|\s+is|\s+has)\s+(?:been\s+)?(?:up|new|going\s+on|happening)|what\s+have\s+you\s+been\s+up\s+to|(?:is\s+there\s+|got\s+)?any(?:thing)?(?:\s+(?:new|fun|interesting|exciting|cool|good))?(?:\s+things)?(?:\s+(?:new|going\s+on|happening|up|on\s+your\s+mind))?)\s*[?!.]*$/i;

/**
 * An assistant's offer of help ("How can I help you today?", "Is there anything else I can help with?", "What can I
 * do for you?"): whatever answers it says what it says without it.
 */
const OFFERS_HELP =
  /^(?:(?:how|what)\s+(?:can|could|may)\s+i\s+(?:help|assist|do\s+for\s+you)|(?:is\s+there\s+)?anything\s+(?:else\s+)?(?:(?:i|we)\s+(?:can|could)\s+)?(?:(?:to\s+)?help|do\s+for\s+you)|what\s+(?:can|could)\s+i\s+help\s+you\s+with)(?:\s+you)?(?:\s+with(?:\s+(?:anything|that|this))?)?(?:\s+(?:else|today|now|tonight))*\s*\?[?!.\s]*$/i;

/**
 * A question for any news: an answer to it says what it says without it ("Asked "Anything exciting these days?",
 * Farid answered: "I started a new job"" would only lengthen the memory).
 */
function isCatchUp(question: string): boolean {
  return CATCH_UP.test(question.replace(/’/g, "'").replace(ANY_NEWS, '').trim());
}

/**
 * A pronoun pointing at something said before it ("make it", "like that?"); not "that band", nor the "it" of "how
 * did it feel when ...", which points ahead.
 */
const POINTS_BACK = /\b(?:it(?!\s+(?:feel|felt|seem|seemed)\b)|they|them)\b|\b(?:this|that|these|those)\s*[?!.,]/i;
/**
 * A sentence naming a thing with a determiner ("that agency", "the kids"); not "that's great", "that must be", nor
 * "your dedication" (praise of the listener, which extraction leaves out too).
 */
const NAMES_A_THING =
  /\b(?:the|this|that|these|those)\s+(?!(?:is|was|'s|’s|must|sounds?|looks?|seems?|really|so|one|way|same|best|most|kind)\b)[a-z]{3,}/i;

/**
 * An answer that needs its question: short, with no verb ("Lemon and elderflower, three tiers, all vegan." to "Are
 * you doing the cake?"), or nothing a memory would hold on its own, and about something rather than the listener
 * ("Glad you're feeling rested" answers nothing).
 */
export function isShortAnswer(c: Candidate): boolean {
  return (!c.kept || contentWords(c.statement).length <= 4 || !hasVerb(c.statement)) && !SECOND_PERSON.test(c.statement.replace(/’/g, "'"));
}

/** "How many are you cooking for?", "How often do you run?", "What time …?": a question for an amount or a time. */
const ASKS_AN_AMOUNT = /^\W*(?:how\s+(?:many|much|long|often|old|far)|what\s+time)\b/i;
/** "Four usually, five when my stepson is with us": the amount asked for, before a clause that qualifies it. */
const FIRST_CLAUSE = /^[^,;–—]+(?=\s*[,;–—])/;
function opensWithTheAmount(c: Candidate, question: string): boolean {
  const first = c.statement.match(FIRST_CLAUSE)?.[0];
  return !!first && ASKS_AN_AMOUNT.test(question) && wordCount(first) <= 3 && !hasVerb(first);
}

// --- eagerness ---

const EAGER_OPENING =
  /^(?:i(?:'m|\s+am)?\s+)?(?:(?:just|really|so|honestly|super|very)\s+)*(?:(?:can't|cannot|can not|couldn't)\s+wait|(?:keen|eager|excited|dying|curious)\s+to\s+(?:hear|see|know)|(?:i'd|i\s+would|would)\s+love\s+to\s+(?:hear|see|know))\b/i;
const EAGER_WORDS = new Set('wait see hear watch happen more keen eager excited dying curious love know'.split(' '));

/**
 * "Can't wait to watch it!", "I'm keen to hear about it", "I'd love to hear more about your show": eagerness with
 * nothing said about what, or about the listener's; "Can't wait for the school play on Friday" says something.
 */
export function isEmptyEagerness(statement: string): boolean {
  const s = statement.replace(/’/g, "'");
  if (!EAGER_OPENING.test(opening(s))) return false;
  if (SECOND_PERSON.test(s)) return true;
  return wordsBeyond(s, EAGER_WORDS).length < 2;
}

// --- joining ---

/** One memory of two sentences; `b`'s mentions move with its place in the joined statement. */
export function join(a: Candidate, b: Candidate): Candidate {
  const sep = /[.!?…]["'”’)\]]*$/.test(a.statement.trim()) ? ' ' : '. ';
  const shift = a.statement.length + sep.length;
  return {
    text: `${a.text} ${b.text}`,
    // A sentence opens with a capital, also one typed without ("… sore. physio on Thursday"); the scan keeps its letters.
    statement: a.statement + sep + capitalised(b.statement),
    scan: a.scan + sep + b.scan,
    specs: [...a.specs, ...b.specs.map((s) => ({ ...s, start: s.start + shift, end: s.end + shift }))],
    kept: a.kept || b.kept,
    leansBack: a.leansBack,
    substantive: a.substantive || b.substantive,
    asked: a.asked,
    sentences: a.sentences + b.sentences,
  };
}

export const hasRoom = (a: Candidate, b: Candidate) =>
  a.sentences + b.sentences <= MAX_SENTENCES && wordCount(a.statement) + wordCount(b.statement) <= MAX_WORDS;

/**
 * The memories of a message's sentences, in order: sentences that lean join the memory before them (or, for a
 * pointer like "That was Peru.", the sentence after); the opening answer to a question keeps it; the rest stand
 * alone when worth keeping. A sentence that went into no memory goes with the one after it when that one points
 * back at it ("The twins loved it! They spent the afternoon …"), or when it says something and opens what follows
 * ("That ferry crossing last weekend was wild! We got soaked …").
 */
export function groupUnits(cands: Candidate[], question: string | undefined, o: { afterTheirPhoto?: boolean } = {}): Candidate[] {
  const units: Candidate[] = [];
  let open: Candidate | undefined;
  let pending: Candidate | undefined;
  let i = 0;
  const framed = !!cands[0]?.framed;
  // "Where was she?" "She's been muddled all week.": a statement of its own answers no question that names nothing.
  const answers = (c: Candidate) => !asksOnlyForAValue(question!) || hasFrame(question!) || !hasVerb(c.statement);
  if (
    question &&
    cands[0] &&
    answers(cands[0]) &&
    (framed || isShortAnswer(cands[0]) || pointsAtTheQuestion(cands[0]) || isGerundFragment(cands[0]) || opensWithTheAmount(cands[0], question))
  ) {
    let answer = cands[0];
    i = 1;
    // An answer opening with nothing but a remark ("This choir has been wonderful.") goes on with the sentence that
    // says what it is about ("They've cheered me on at every rehearsal"); after a photo the remark is on it.
    // After "How was …?", so does a remark ("No signal at all! It was incredible.") with the first sentence that says
    // something: the question names what the remark and that sentence are about.
    const remarkOnly = () => !o.afterTheirPhoto && !answer.kept && !answer.substantive;
    const howWas = HOW_WAS.test(question);
    // After a framed answer, whose subject is the speaker, a sentence with none of its own is the speaker's too.
    const carriesOn = (next: Candidate) =>
      (!next.kept && next.substantive) ||
      listsOn(next) ||
      (!framed && saysMoreOfIt(next)) ||
      ((saysOfIt(next) || goesOnAboutTheAnswer(next)) && (framed || namesOnly(answer))) ||
      (remarkOnly() && (pointsAtTheQuestion(next) || (howWas && (next.leansBack || next.kept) && !aboutListener(next))));
    while (cands[i] && carriesOn(cands[i]!) && hasRoom(answer, cands[i]!)) answer = join(answer, cands[i++]!);
    // A framed answer is a statement of its own ("The Overstory." to "What are you reading?" is "I'm reading …").
    if (framed) open = { ...answer, framedBy: question };
    else if (answer.substantive || answer.kept || isValueAnswer(answer, question)) open = { ...answer, asked: question, kept: true };
    if (open) units.push(open);
  }
  let dropped: Candidate | undefined;
  // Fragments with no verb dropped one after another ("31 metres. On Monday."): a burst the next short kept
  // sentence ("New PB!") completes.
  let burst: Candidate[] = [];
  for (; i < cands.length; i++) {
    let c = cands[i]!;
    const before = dropped;
    dropped = undefined;
    const fragments = burst;
    burst = [];
    if (pending) {
      c = join(pending, c);
      pending = undefined;
    } else if (leansForward(c.statement) && i + 1 < cands.length && (cands[i + 1]!.kept || cands[i + 1]!.substantive)) {
      pending = c;
      continue;
    }
    const pointsBack = c.leansBack && (c.kept || c.substantive);
    if (pointsBack && before && isAntecedent(before)) {
      if (open && hasRoom(open, join(before, c))) {
        open = join(join(open, before), c);
        units[units.length - 1] = open;
        continue;
      }
      c = join(before, c);
    } else if (c.kept && before && opensWhatFollows(before) && hasRoom(before, c)) c = join(before, c);
    else if (c.kept && fragments.length > 1 && namesOnly(c)) {
      const whole = fragments.reduce((a, f) => join(a, f));
      if (hasRoom(whole, c)) c = join(whole, c);
    }
    // A list's item that stands alone joins the memory before it only when it points back at it ("- she loves
    // horses"); one that would say nothing alone ("2) physio on Thursday") goes with the item before it.
    const leans =
      pointsBack ||
      ((!c.item || !c.kept) &&
        (c.caption ||
          (!c.kept && c.substantive) ||
          describesWhatCameBefore(c) ||
          isAboutSomeoneNamedBefore(c) ||
          (open !== undefined &&
            (refersToSomeoneNamedBefore(c, open) ||
              refersToAThingBefore(c, open) ||
              elaboratesWhatCameBefore(c) ||
              isHeadline(open) ||
              carriesOnTheirNews(c, open)))));
    if (leans && open && hasRoom(open, c)) {
      const joined = join(open, c);
      units[units.length - 1] = joined;
      open = joined;
      continue;
    }
    if (c.kept) {
      units.push(c);
      open = c;
    } else if (c === cands[i]) {
      dropped = c;
      if (!hasVerb(c.statement)) burst = [...fragments, c];
    }
  }
  return units;
}

/**
 * "Sushi!" to "What's your favourite food?": one word is the whole answer when it names a thing (or the colour asked
 * for), not a reply ("Awesome advice!" to "My advice?" only echoes the question) nor how something was ("Busy!" to
 * "How was …?"). The parse comes last, and only for an answer nothing else keeps.
 */
function isValueAnswer(answer: Candidate, question: string): boolean {
  return (
    !/^\W*how\b/i.test(question) &&
    wordsBeyond(answer.statement, WEAK_WORDS, COURTESY, new Set(contentWords(question))).length > 0 &&
    namesAThing(answer.statement, question)
  );
}

/** "Sushi!", "Lisbon!", or "Blue." to a question about a colour: no verb, and a noun (one parse of the answer). */
function namesAThing(statement: string, question: string): boolean {
  const terms = taggedTerms(statement);
  // "Just penicillin", "Only latex": the parser takes a word it does not know after an adverb for a verb; the word
  // list knowing nothing of it, it is the thing named.
  const last = terms[terms.length - 1];
  const guessed =
    last &&
    terms.length > 1 &&
    terms.slice(0, -1).every((t) => t.tags.has('Adverb')) &&
    /^\p{L}+$/u.test(last.text) &&
    !/(?:ed|ing)$/i.test(last.text) &&
    lexTags(last.text).length === 0;
  const tags = terms.map((t) => (guessed && t === last ? new Set(['Noun']) : t.tags));
  return !tags.some((t) => t.has('Verb')) && (tags.some((t) => t.has('Noun')) || /\bcolou?r\b/i.test(question));
}

/**
 * "Jazz, mostly. Some indie rock.", "Portugal. Lisbon and Porto, mainly.": a fragment with no verb and something in it
 * goes on with the answer before it; alone it would not say what it answers.
 */
const listsOn = (c: Candidate) => wordsBeyond(c.statement, WEAK_WORDS).length > 0 && !aboutListener(c) && !hasVerb(c.statement);

/** "Probably Dune. I reread it every year.": a short sentence about "it" after an answer with no verb is about what was answered. */
const saysOfIt = (c: Candidate) => OF_IT.test(c.text) && c.specs.length === 0 && wordCount(c.statement) <= 12 && !aboutListener(c);
/**
 * "The Isle of Skye. We got engaged there.", "My book club. We meet every other Thursday.": after an answer naming a
 * place, a group or a pastime, a short sentence of "we", or of "there" for that place, goes on about it.
 */
const goesOnAboutTheAnswer = (c: Candidate) =>
  (/^we\b/i.test(opening(c.scan)) || THERE_BACK.test(c.statement.replace(/’/g, "'"))) &&
  c.specs.length === 0 &&
  wordCount(c.statement) <= 12 &&
  !aboutListener(c);
/** "there" as a place said before, not the "there" of "there's", "there was" or "out there". */
const THERE_BACK =
  /(?<!\b(?:out|over|in|up|down)\s+)\bthere\b(?!'s|'re|\s+(?:is|are|was|were|will|would|has|have|had|must|might|may|could|should|seems?|seemed|used|isn't|aren't|wasn't)\b)/i;

/**
 * "Visiting my in-laws in Ohio, then skiing in Colorado" to "What are your plans for the holidays?": an answer of
 * -ing words with no verb of its own, which only its question frames (a plan, a habit, or what was done).
 */
function isGerundFragment(c: Candidate): boolean {
  const terms = taggedTerms(opening(c.text));
  return !!terms[0]?.tags.has('Gerund') && !terms.some(isSurelyFinite);
}

/**
 * "Also learn Italian.", "Built in Flutter.": after an answer, a sentence with no subject of its own (it opens with
 * a verb) says more of what was answered; alone it would be read as the speaker's ("The user built in Flutter").
 */
function saysMoreOfIt(c: Candidate): boolean {
  const first = taggedTerms(opening(c.text))[0]?.tags;
  const verb = first?.has('Verb') && !first.has('Gerund') && !first.has('Modal') && !first.has('Auxiliary') && !first.has('Copula');
  return !!verb && wordsBeyond(c.statement, WEAK_WORDS, COURTESY).length > 0 && !aboutListener(c);
}

/** "How was Kielder?", "How did the interview go?", "How's it been so far?": how something went. */
const HOW_WAS = /\bhow(?:'s|\s+(?:was|were|is|are|did|has|have|had|'s))\b/i;

/** "Probably Dune.", "Hiking, mostly.": an answer that names what was asked for, with no verb of its own. */
const namesOnly = (c: Candidate) => !hasVerb(c.statement) || (c.sentences === 1 && isGerundFragment(c));

/** "It was a long haul - finding a venue …" opening an answer: "it" is what was asked about, which the answer needs. */
const pointsAtTheQuestion = (c: Candidate) => c.leansBack && (c.kept || c.substantive) && !aboutListener(c);

/** "She looked so tired.", "They were thrilled!": too thin for a memory of its own, but what the memory before is about did. */
const isAboutSomeoneNamedBefore = (c: Candidate) => /^(?:she|he|they)\b/i.test(opening(c.scan)) && contentWords(c.statement).length > 0;

/** The people a sentence names: roles ("my brother"), pets, known people and people's names. */
const peopleNamed = (c: Candidate) =>
  c.specs.filter((s) => s.tag === 'role' || s.tag === 'pet' || s.tag === 'known' || (s.tag === 'name' && s.kind === 'person'));

/**
 * The one person a sentence names, a role of one ("my brother", not "my kids") or a person's name ("Tom", not "Tom
 * and Raj"), with their gender when the role or name tells it; null when it names none or several.
 */
function onePersonIn(c: Candidate): { gender: Gender } | null {
  const named = peopleNamed(c);
  if (named.length !== 1) return null;
  // peopleIn leaves out a group ("my kids"); a pet ("my dog Rex … took him to the vet") and a known entity it
  // cannot look up here count, of no known gender.
  const [person] = peopleIn(named, []);
  const s = named[0]!;
  if (person) return { gender: person.gender };
  return s.tag === 'known' || (s.tag === 'pet' && !(s.role && ROLE_INFO.get(s.role)?.plural)) ? { gender: null } : null;
}
const HIS_OR_HER = /\b(?:(his|him)|(her|hers))\b/i;
const OPENING_POSSESSIVE = /^(?:his|her)\s+\p{L}/iu;

/**
 * "My brother is getting married. I'm his best man.": a "his" or "her" left as said (resolution replaces one it is
 * sure of) is the one person the memory before named, unless that one's gender says otherwise.
 */
function refersToSomeoneNamedBefore(c: Candidate, before: Candidate): boolean {
  const m = HIS_OR_HER.exec(c.statement);
  // An opening "His fiancée …" is someone's before it, whoever the sentence goes on to name ("… is called Chloe").
  const person = m && (peopleNamed(c).length === 0 || OPENING_POSSESSIVE.test(opening(c.scan))) ? onePersonIn(before) : null;
  return person !== null && person.gender !== (m![1] ? 'f' : 'm');
}

const PAST_OPENERS = new Set('been spent met had got went took left came made found lost fell broke'.split(' '));

/**
 * "Spent the night in hospital." after "My dad fell again.", "Met him at uni." after "My sister got engaged!", "Still
 * waiting on the results." after "My mum had surgery": a past verb or a doing whose subject was dropped carries on the
 * news of the one person the memory before opens with. Whether it was theirs or the speaker's is not sure, so the
 * memory keeps it as said.
 */
function carriesOnTheirNews(c: Candidate, before: Candidate): boolean {
  if (FIRST_PERSON.test(c.statement) || !onePersonIn(before)) return false;
  const first = opening(c.scan)
    .replace(VERB_ADVERBS, '')
    .match(/^\s*([\p{L}']+)/u)?.[1]
    ?.toLowerCase();
  const doing = STILL_DOING.test(opening(c.scan));
  if (!first || !(doing || PAST_OPENERS.has(first) || isEdPast(first) || lexTags(first).includes('PastTense'))) return false;
  const subject = peopleNamed(before)[0]!;
  if (!/^\s*(?:(?:my|our)\s+)?$/i.test(before.scan.slice(leadInLength(before.scan), subject.start))) return false;
  // "Hannah cleared me for running. Did 3 km …": with the speaker in it too, the one who did it could be either.
  if (FIRST_PERSON.test(before.scan.slice(subject.end))) return false;
  // "Nell's new passport came today. Renewed it online": the news is of Nell's passport, not of Nell.
  const head = before.scan.slice(subject.start, subject.end).split(/\s+/).pop()!.toLowerCase();
  return !taggedTerms(before.scan)
    .find((t) => t.text.toLowerCase().startsWith(head))
    ?.tags.has('Possessive');
}

const aboutListener = (c: Candidate) => SECOND_PERSON.test(c.statement.replace(/’/g, "'"));

/** "bought it": a word, then "it" as its object (not "it was", "it seemed": there "it" is a subject). */
const WORD_BEFORE_IT =
  /\b([a-z]+)\s+it\b(?!['’]s|\s+(?:is|was|has|had|will|would|feels?|felt|seems?|seemed|looks?|looked|sounds?|sounded|goes|went|makes?|took|takes|can|could|might|must|should|did|does|gets?|got)\b)/gi;
/** Past forms that make an idiom with "it" ("made it", "got it", "nailed it", "meant it"). */
const IDIOM_WITH_IT = new Set(['made', 'got', 'nailed', 'meant', 'did']);

/**
 * "I finally sold the walnut sideboard! A couple from Bristol came in and bought it on the spot.": what a past verb
 * did to "it" is the thing the memory before named with a determiner or by a name ("went to Rome. Loved it."); alone
 * the sentence would not say what.
 */
function refersToAThingBefore(c: Candidate, before: Candidate): boolean {
  const pastVerbs = allMatches(WORD_BEFORE_IT, c.statement)
    .map((m) => m[1]!.toLowerCase())
    .filter((v) => !IDIOM_WITH_IT.has(v) && (isEdPast(v) || lexTags(v).includes('PastTense')));
  return pastVerbs.length > 0 && (NAMES_A_THING.test(before.statement) || before.specs.some(namesAPlaceOrThing));
}
/** A mention of somewhere or something (a trip, a home, a school, a named thing), not of someone. */
const namesAPlaceOrThing = (x: Spec) =>
  x.tag === 'name' ? x.kind !== 'person' : ['travel', 'thing', 'home', 'hometown', 'move', 'school', 'employer'].includes(x.tag);

/** "That ferry crossing last weekend was wild!", "The workshop was packed": a particular thing, set up for what follows. */
const PARTICULAR = /^(?:that|this|the|those|these|our|my)\s+\p{L}/iu;

/**
 * What a pointing sentence can point at: a particular or named thing ("The twins loved it!" before "They spent the
 * excited …"), not a sentence that points back itself, thanks or praise, nor one about the listener.
 */
const isAntecedent = (c: Candidate) => !c.leansBack && !aboutListener(c) && (PARTICULAR.test(opening(c.scan)) || c.specs.length > 0);

/** A sentence not kept on its own that says something about a particular thing: context for the next memory. */
const opensWhatFollows = (c: Candidate) => c.substantive && !aboutListener(c) && PARTICULAR.test(opening(c.scan));

/** "My son is allergic", "I'm intolerant to them": an allergy that names no allergen, or only points back to it. */
const BARE_ALLERGY = /\b(allergic|intolerant)(?:\s+to\s+(?:it|them|that|those|these))?(?=\s*[.!]*\s*$)/i;
/** What the sentence before kept out: "a recipe without eggs", "nut-free snacks", "no peanuts or dairy". */
const LEFT_OUT = /\b(?:without|no|avoid|avoiding|free of|free from)\s+(?:any\s+)?([a-z]+(?:\s+(?:and|or)\s+[a-z]+)?)\b|\b([a-z]+)-free\b/i;

/**
 * "Can you suggest a recipe without eggs? My son is allergic": the allergy keeps what it is to, from the sentence
 * before, which is often a request that leaves no memory of its own ("My son is allergic to eggs").
 */
export function withAllergen(statement: string, previous: string | undefined): string {
  const allergy = statement.match(BARE_ALLERGY);
  const left = previous?.match(LEFT_OUT);
  if (!allergy || !left) return statement;
  const at = allergy.index! + allergy[1]!.length;
  return `${statement.slice(0, at)} to ${left[1] ?? allergenOf(left[2]!)}${statement.slice(allergy.index! + allergy[0].length)}`;
}

/** "nut-free", "egg-free": a countable allergen is named in the plural ("allergic to eggs"), a mass one as it is ("gluten"). */
const allergenOf = (word: string) => ((lexTags(word).includes('Singular') && !word.endsWith('fish')) || word === 'nut' ? `${word}s` : word);

/**
 * "Denver. Moved here in 2019." to "Where do you live?": after an answer naming where the speaker lives, "here" is
 * that place ("moved to Denver", "lived in Denver"), which alone the memory would not say.
 */
export function withPlaceForHere(statement: string, home: string | undefined): string {
  if (!home) return statement;
  return statement
    .replace(/\b(moved|moving|relocated|came|come)\s+(?:back\s+)?here\b/gi, (_, verb: string) => `${verb} to ${home}`)
    .replace(/\b(live|lives|lived|living|been|stayed|staying)\s+here\b/gi, (_, verb: string) => `${verb} in ${home}`);
}
