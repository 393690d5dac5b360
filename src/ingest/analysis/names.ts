// Names in a sentence. Tier 1: the person's known entities, by name and alias. Tiers 2 and 3: capitalised runs
// not found otherwise, classified by the lexicon, by compromise's tagger, or guessed from the words around them
// and flagged `ambiguous` for an optional model.
import { allMatches } from '../../text/matches.js';
import {
  alternation,
  COMMON_NAME_WORDS,
  HONORIFICS,
  isCommonWord,
  JOB_MODIFIERS,
  JOB_WORDS,
  isLanguageOrPeople,
  isPersonName,
  isPlaceName,
  LANGUAGES,
  lexTags,
  NAME_LIKE_TAGS,
  NOT_NAMES,
  NOT_YET,
  ORG_NOUNS,
  ORG_TAGS,
  OWN_PERSON,
  PERSON_ROLE_ALT,
  PERSON_TAGS,
  PET_ALT,
  PLACE_PREFIX,
  placeWordsIn,
  PLACE_TAGS,
  ROLE_INFO,
  taggedTerms,
  TEMPERATURE_SCALES,
  THINGS,
  WORD_END,
} from './lexicon.js';
import { cleanName, NAME, type Spec } from './mentions.js';
import type { EntityKind, KnownEntity, Relation } from './types.js';

// --- tier 1: the person's known entities by name and alias ---

interface KnownIndex {
  /** The alternation of every term, longest first; null when there is none. */
  terms: string | null;
  byTerm: Map<string, KnownEntity>;
  /** Compiled on first use; the Unicode form's \p{L} classes make it far costlier to compile than the ASCII one. */
  unicode?: RegExp;
  ascii?: RegExp;
  /** Every term is ASCII: on ASCII text, ASCII boundaries and case match exactly what the Unicode form would. */
  asciiTerms: boolean;
}
/**
 * Compiled alias tables, by the array and by its content: the worker loads a fresh array per message, but the
 * same person's entities repeat from message to message, and compiling hundreds of aliases is the costly part.
 */
const knownIndexByArray = new WeakMap<KnownEntity[], KnownIndex>();
const knownIndexBySignature = new Map<string, KnownIndex>();
const KNOWN_INDEX_CACHE_SIZE = 128;

/** Is this known entity only a role so far ("wife" with relation spouse), waiting for a name? */
export const isUnnamed = (k: { name: string; relation: Relation | null }) => {
  const n = k.name.toLowerCase();
  return ROLE_INFO.has(n) || n === k.relation || n in THINGS || n === 'ex';
};

export function knownIndex(known: KnownEntity[]): KnownIndex {
  const cached = knownIndexByArray.get(known);
  if (cached) return cached;
  const signature = known.map((k) => `${k.id}\u0000${k.name}\u0000${k.aliases.join('\u0001')}\u0000${k.gravity}`).join('\u0002');
  const same = knownIndexBySignature.get(signature);
  if (same) {
    knownIndexBySignature.delete(signature); // most recently used last
    knownIndexBySignature.set(signature, same);
    knownIndexByArray.set(known, same);
    return same;
  }
  const byTerm = new Map<string, KnownEntity>();
  for (const k of [...known].sort((a, b) => b.gravity - a.gravity)) {
    // The self entity's name is a placeholder; its aliases are the person's own names (a speaker_name).
    for (const term of k.kind === 'self' ? k.aliases : [k.name, ...k.aliases]) {
      const t = term.trim().toLowerCase();
      // Role words and thing words resolve through their own tables ("my wife" must not match "his wife").
      if (t.length < 2 || ROLE_INFO.has(t) || t in THINGS || NOT_NAMES.has(t) || byTerm.has(t)) continue;
      byTerm.set(t, k);
    }
  }
  const index: KnownIndex = {
    terms: byTerm.size ? alternation(byTerm.keys()) : null,
    byTerm,
    asciiTerms: [...byTerm.keys()].every((t) => ASCII.test(t)),
  };
  knownIndexByArray.set(known, index);
  knownIndexBySignature.set(signature, index);
  if (knownIndexBySignature.size > KNOWN_INDEX_CACHE_SIZE) knownIndexBySignature.delete(knownIndexBySignature.keys().next().value!);
  return index;
}

/**
 * The known entities whose name or an alias may occur in `text`: a question's index is compiled for these alone. The
 * entities a retrieval reads differ from question to question, and compiling the alternation of all of them cost
 * more than the rest of the question's analysis. Exact: a term the index could match in `text` occurs in its lower
 * case (a term with a character outside printable ASCII is kept whatever, since Unicode case folding and toLowerCase differ on a few letters).
 */
export function mayBeNamedIn(text: string, known: KnownEntity[]): KnownEntity[] {
  const lower = text.toLowerCase();
  return known.filter((k) =>
    (k.kind === 'self' ? k.aliases : [k.name, ...k.aliases]).some((t) => /[^ -~]/.test(t) || lower.includes(t.trim().toLowerCase())),
  );
}

/** Printable ASCII and white space: letters whose case and word boundaries are the same read as ASCII or as Unicode. */
const ASCII = /^[ -~\s]*$/;

/** The expression that finds the index's terms in `scan` as whole words. */
function termsIn(index: KnownIndex, scan: string): RegExp | null {
  if (!index.terms) return null;
  // A question is compiled for its own few entities (mayBeNamedIn), so compiling is most of the cost of matching.
  if (index.asciiTerms && ASCII.test(scan)) {
    index.ascii ??= new RegExp(`(?<![A-Za-z0-9])(${index.terms})(?![A-Za-z0-9])`, 'gi');
    return index.ascii;
  }
  index.unicode ??= new RegExp(String.raw`(?<![\p{L}\p{N}])(${index.terms})(?![\p{L}\p{N}])`, 'giu');
  return index.unicode;
}

export function knownSpecs(scan: string, index: KnownIndex): Spec[] {
  const re = termsIn(index, scan);
  if (!re) return [];
  const specs: Spec[] = [];
  for (const m of allMatches(re, scan)) {
    const text = m[1]!;
    const k = index.byTerm.get(text.toLowerCase().replace(/\s+/g, ' '));
    if (!k) continue;
    // "I will" is not Will, "a biscuit" is not the dog Biscuit: common words must be capitalised to count.
    if (
      text === text.toLowerCase() &&
      (COMMON_NAME_WORDS.has(text.toLowerCase()) || (lexTags(text).length > 0 && !lexTags(text).some((t) => NAME_LIKE_TAGS.has(t))))
    )
      continue;
    specs.push({ start: m.index!, end: m.index! + text.length, priority: 20, tag: 'known', knownId: k.id, name: k.name });
  }
  return specs;
}

// --- tiers 2 and 3: capitalised runs, classified by the lexicon, by compromise, or guessed ---

const CAPITALISED_RUN = new RegExp(NAME, 'gu');

const ORG_SUFFIX =
  /^(hospital|university|college|school|elementary|preschool|kindergarten|daycare|academy|institute|inc|corp|corporation|ltd|llc|gmbh|bank|church|clinic|cafe|café|restaurant|hotel|airlines?|group|labs?|studios?|foundation|agency|company|co|partners|capital|ventures|technologies|systems|solutions|consulting|bakery|gym|center|centre|haven|shelter|rescue|sanctuary|trust|society|library|museum|gallery|theatre|theater|hall|house)\.?$/i;
const WORK_CONTEXT =
  /(?:\b(?:play|plays|playing|played|watch|watches|watching|watched|read|reads|reading|binge|binged|bingeing|finished|listening to|listen to|streaming|obsessed with|addicted to|hooked on)|(?:\b(?:is|are|am|was|were|really|so|totally|super|very|both|also)|['’](?:s|re|m))\s+into)\s+$/i;
const PLACE_CONTEXT = /\b(in|to|from|near|around|visit|visiting|visited|across|outside)\s+$/i;
/** What "a … called X" names is the kind of the thing it is said to be: "a startup called Ledgerly", "an app called Calmly". */
const NAMED_THING: Array<[RegExp, EntityKind]> = [
  [new RegExp(String.raw`\b(?:${ORG_NOUNS})\s+(?:called|named)\s+$`, 'i'), 'organization'],
  [/\b(?:app|website|site|platform|tool|software|program|device|gadget)\s+(?:called|named)\s+$/i, 'product'],
  [/\b(?:book|novel|show|series|podcast|movie|film|song|album|play|musical|game|course|class)\s+(?:called|named)\s+$/i, 'concept'],
  // Things people name: "a sourdough starter called Doughlene", "a campervan called Bertha".
  [
    /\b(?:starter|plant|car|van|campervan|camper|motorhome|boat|narrowboat|bike|guitar|teddy|doll|robot|hoover|vacuum)\s+(?:called|named)\s+$/i,
    'concept',
  ],
  [/\b(?:town|village|city|hamlet|suburb|island|street|road|neighbou?rhood|pub|beach|bay)\s+(?:called|named)\s+$/i, 'place'],
  // "tickets for Hamilton": a show or a match (tickets to somewhere are a trip's).
  [/\btickets?\s+for\s+$/i, 'concept'],
  // "I drive a 2015 Honda Jazz", "our old Volvo": what one drives, or a make with its year, is a car.
  [
    /(?:\b(?:drive|drives|driving|drove)\s+(?:an?|my|our|his|her|their|the)\s+(?:(?:new|old|used|little|trusty|\d{4})\s+)*|\b(?:an?|my|our|his|her|their)\s+\d{4}\s+)$/i,
    'product',
  ],
];
/** Makes of car: one before a model is the car ("a Kia Niro", "our Ford Focus"), not a company or someone. */
const CAR_MAKE =
  /^(?:ford|toyota|honda|kia|hyundai|nissan|vw|volkswagen|skoda|škoda|seat|cupra|audi|bmw|mercedes|vauxhall|opel|peugeot|renault|citroen|citroën|fiat|volvo|mazda|tesla|mini|subaru|lexus|suzuki|mitsubishi|dacia|polestar|jeep|chevrolet|chevy|porsche|byd|mg)$/i;
/** One is in, near or around a place, not a person: "a house in Austin", "a week in Charlotte" (but "confided in Sam"). */
const WITHIN_PLACE =
  /(?<!\b(?:confide|confided|confiding|interested|believe|believed|believes|trust|trusted))\s+(?:in|near|around|outside|across)\s+$/i;
/**
 * "My dad's family is from Trinidad", "she comes from Umbria": where one is from, for a name the lexicon does not know
 * (what is sent comes from someone: "the card was from Zyanya").
 */
const BE_FROM =
  /(?<!\b(?:card|message|text|email|letter|gift|present|note|call|parcel|package|flowers|voicemail|invite|invitation)s?\s+)(?:\b(?:am|is|are|was|were|come|comes|came|originally|hails?)|['’](?:s|m|re))\s+(?:originally\s+)?from\s+$/i;
const ORG_CONTEXT = /\b(at|for|with|joined)\s+$/i;
/** "acquired by Oracle", "backed by Sequoia": what buys or backs a company is one, whatever "by" suggests. */
const OWNED_BY = /\b(?:acquired|bought|owned|taken over|funded|backed|sponsored)\s+by\s+$/i;
/** One supports a team, not a city: "I support Liverpool", "we root for Boston". */
const SUPPORTED = /\b(?:support|supports|supported|supporting|root for|rooting for|cheer for|cheering for|fan of)\s+$/i;
/** "a huge Liverpool fan", "Spurs supporter": a club's name, not its city's. */
const SUPPORTER_AFTER = /^\s+(?:fans?|supporters?|season[- ]ticket)\b/i;
const PERSON_CONTEXT_BEFORE =
  /\b(with|and|told|asked|met|meet|call|called|text|texted|visit|visited|saw|see|hug|hugged|married|dating|date|love|miss|missed|by|ask|tell|from|according to)\s+$/i;
const PERSON_CONTEXT_AFTER = new RegExp(
  String.raw`^\s*(said|says|told|asks|asked|texted|called|thinks|think|wants|is coming|came|comes|and i|and me|['’]s (?:birthday|wedding|house|place|${PERSON_ROLE_ALT})|who|from (work|school|college|the office|church|the gym|class|uni)|invited|visited|sent|gave|helped|hugged|married|left)${WORD_END}`,
  'i',
);
const ADVERBS_BEFORE_VERB = String.raw`(?:(?:really|also|absolutely|totally|just|still|both|all|always|never|especially)\s+)*`;
const LIKING = 'love|hate|like|enjoy|adore|prefer';
/** Where a neighbour is from: "Bill from number 12", "Rose from next door". */
const NEIGHBOUR_FROM = String.raw`from (?:number \d+|next door|(?:across|over|down|up) the (?:road|street|hall|lane|way))`;
/** Verbs of speaking to someone, which only someone does: "Mark rang", "Rose told me". */
const SPEAKS = 'said|says|told|tells|asked|asks|rang|rings|phoned|phones|texted|texts|emailed|emails|messaged|messages';
/** "Leo started piano lessons", "Mia joined the swim team", "Tilly started Year 8": someone taking up lessons, a school, a club or a team. */
const STARTS_SOMETHING = String.raw`(?:started|starts|joined|joins|begins|began) (?:(?:the|a|an|his|her|their|\p{Ll}+) ){0,2}(?:lessons|school|nursery|preschool|kindergarten|reception|college|uni|university|classes|club|team|squad|choir|orchestra|band|sixth form|[Yy]ear \d{1,2})`;
/** An illness a child or anyone catches: "Finn has a cold", "Ava is off school with chickenpox", "Leo is poorly". */
const FALLS_ILL = String.raw`(?:has|had|has got|got|caught|is off (?:school|nursery|work) with|is off with|is down with) (?:a |an |the )?(?:cold|flu|covid|chickenpox|measles|tonsillitis|temperature|fever|virus|(?:tummy |sickness |stomach )?bug|(?:ear|chest|throat) infection|nits|conjunctivitis)|is (?:poorly|ill|sick|teething|off school|off sick)`;
/**
 * What only someone does, said right after a name: "Leo loves soccer", "Max is allergic to nuts", "Mark rang", "Bella
 * had her hair cut" (a verb, not "is", and then "her" or "his"), "Leo started piano lessons", "Finn has a cold", or
 * who they are: "Bill from number 12", "Bella is a vet", "Rose works as a nurse".
 */
const SOMEONE_DOES = new RegExp(
  String.raw`^\s+(?:${ADVERBS_BEFORE_VERB}(?:(?:${LIKING})s|is (?:allergic|vegan|vegetarian)|turned \d|(?:${SPEAKS}) |${FALLS_ILL}|(?!(?:is|are|was|were|be)\b)\p{Ll}{2,} (?:her|his|herself|himself)|(?:is|was) an? (?:(?:${JOB_MODIFIERS}) ){0,2}(?:${JOB_WORDS})|works as|${STARTS_SOMETHING})|${NEIGHBOUR_FROM})\b`,
  'u',
);
/** The same of two: "Leo and Max love soccer" (but "Cats love boxes" names no one). */
const TWO_DO = new RegExp(String.raw`^\s+${ADVERBS_BEFORE_VERB}(?:${LIKING})\b`, 'u');
/** " and Max …" after a name, and "Leo and " before one; group 1 the other name. */
const AND_NAME_AFTER = /^\s+and\s+(\p{Lu}\p{Ll}+)/u;
const NAME_AND_BEFORE = /\b(\p{Lu}\p{Ll}+)\s+and\s+$/u;
/** "two kids, Finn and Rosie": a one-word name joined by "and" to a name the lexicon knows as someone's is someone's too. */
function pairedWithSomeone(before: string, after: string): boolean {
  const next = after.match(AND_NAME_AFTER);
  // Not the owner of what follows ("Dabinett and Gareth's Yarlington Mill"), nor part of a longer word.
  const whole = next && !/^['’\p{L}]/u.test(after.slice(next[0].length));
  const other = (whole ? next[1] : undefined) ?? before.match(NAME_AND_BEFORE)?.[1];
  return !!other && isPersonName(other);
}
/** Words no one is named, whatever follows them. */
const NO_ONE =
  /^(?:every(?:one|body|thing)|no(?:one|body|thing)|some(?:one|body|thing)|any(?:one|body|thing)|each|people|kids|cats|dogs|life|work|school|spring|summer|autumn|fall|winter|weather|traffic|money|time|today|tonight|tomorrow)$/i;
/**
 * A single capitalised word that is someone by what it does: a sentence opener then counts as a name even when it is
 * a word too ("Leo", "Max").
 */
export function doesWhatSomeoneDoes(word: string, before: string, after: string): boolean {
  // "Lily's got chickenpox", "Tilly's decided she's vegetarian": has done what someone does.
  const has = word.match(/^(\p{Lu}\p{Ll}+)['’]s$/u);
  if (has) return !NO_ONE.test(has[1]!) && /^\s+(?:got|decided|started|finished|passed|asked|learnt|learned|joined)\b/.test(after);
  if (!/^\p{Lu}\p{Ll}+$/u.test(word) || NO_ONE.test(word)) return false;
  if (SOMEONE_DOES.test(after)) return true;
  const pair = after.match(AND_NAME_AFTER);
  if (pair) return TWO_DO.test(after.slice(pair[0].length));
  return NAME_AND_BEFORE.test(before) && TWO_DO.test(after);
}
/** What one is said to be: "is a golden retriever", "was an old friend of mine" (up to four words). */
const IS_A = /^\s+(?:is|was)\s+an?\s+((?:\p{Ll}[\p{Ll}-]*\s+){0,3}\p{Ll}[\p{Ll}-]*)/u;
/**
 * The kind of the first role word (or two: "golden retriever") among the three words after "is a": a pet's with any
 * words before it ("a lovely old cat"), someone's only right after "a" ("Experience is a great teacher" names no one).
 */
function kindSaidOf(after: string): EntityKind | undefined {
  const words = after.match(IS_A)?.[1]?.split(/\s+/).slice(0, 3) ?? [];
  for (let i = 0; i < words.length; i++) {
    const info = ROLE_INFO.get(`${words[i]} ${words[i + 1]}`) ?? ROLE_INFO.get(words[i]!);
    if (info && !info.plural && (i === 0 || info.kind === 'pet')) return info.kind;
  }
  return undefined;
}
/** Whose, when it is someone else's: "his", "their", "Tom's" (capitalised too, opening a sentence). */
const SOMEONE_ELSES = String.raw`[Hh]is|[Hh]er|[Tt]heir|[Yy]our|\p{Lu}\p{Ll}+['’]s`;
/** Someone else's role word right before a name, an adjective allowed between: "his wife Priya", "Tom's little sister Ananya". */
const SOMEONES_ROLE = new RegExp(String.raw`\b(?:${SOMEONE_ELSES})\s+(?:\p{Ll}+\s+)?(\p{Ll}[\p{Ll}-]*)\s+$`, 'u');
/** "a dog called Rex", "the cat named Mochi": an animal's name, whoever's it is ("We might get a cat named Luna": none yet). */
const PET_CALLED = new RegExp(String.raw`\b(?:a|an|the|this|that)\s+(?:[\p{L}-]+\s+)?(?:${PET_ALT})\s+(?:called|named)\s+$`, 'iu');
/** A breed that is another word too, before a name: "our lab Cooper", "my black lab Bo", "her boxer Rocky". */
const BREED_TOO = new RegExp(
  String.raw`\b([Mm]y|[Oo]ur|${SOMEONE_ELSES})\s+(?:\p{Ll}+\s+)?(?:lab|boxer|shepherd|springer|pointer|setter|jack\s+russell)\s+$`,
  'u',
);
/** The kind of one named after someone else's role word: a person, a pet ("their dog Biscuit") or an organisation. */
const roleKindBefore = (before: string): EntityKind | undefined => {
  const role = before.match(SOMEONES_ROLE)?.[1];
  return role ? ROLE_INFO.get(role)?.kind : undefined;
};
/** Followed by a verb: more likely someone than something ("Priya invited me"). */
const followedByVerb = (after: string) => {
  const next = after.match(/^\s+([\p{L}']+)/u)?.[1];
  return next ? lexTags(next).some((t) => t === 'PastTense' || t === 'PresentTense' || t === 'Copula') : false;
};

/** Tags compromise's tagger gave the words of one sentence (its own guesses beyond the word list). */
type Parsed = { tagsOf(word: string): Set<string> };
function parseWithCompromise(sentence: string): Parsed {
  const terms = taggedTerms(sentence);
  return {
    tagsOf(word: string) {
      const tags = new Set<string>();
      for (const t of terms) if (t.text === word) t.tags.forEach((x) => tags.add(x));
      return tags;
    },
  };
}

/** Scales people ask answers in, which the lexicon takes for surnames. */
const SCALES = new Set(TEMPERATURE_SCALES);
/** Degrees and exams, which the lexicon takes for titles after a name ("a PhD in marine biology" is no one). */
const QUALIFICATIONS = new Set('phd phds dphil mphil msc bsc ba ma mba llb llm gcse gcses btec btecs nvq'.split(' '));
/** Fields of work spelled in capitals ("I work in HR", "in IT"), which a place's context would make a place. */
const FIELDS = new Set('hr it pr qa ux ui seo'.split(' '));
/** Subjects of study, capitalised as names are ("a degree in History", "A-levels in Maths and Physics"). */
const SUBJECTS = new Set(
  'history maths math mathematics physics chemistry biology geography economics psychology philosophy sociology politics law medicine engineering nursing accounting finance architecture anthropology archaeology classics theology astronomy statistics marketing journalism linguistics drama music art geology pharmacy dentistry physiotherapy biochemistry neuroscience zoology'.split(
    ' ',
  ),
);
/**
 * Software and apps people name to an assistant, whose names a guess from context files as people or places ("switched
 * from Python to Rust", "learning Spanish with Duolingo").
 */
const TOOLS = new Set(
  'python rust java javascript typescript node nodejs kotlin scala haskell golang php perl matlab excel figma photoshop illustrator notion slack jira confluence trello asana github gitlab bitbucket docker kubernetes linux ubuntu debian windows macos android ios aws azure gcp react vue angular svelte django flask rails laravel postgres postgresql mysql sqlite mongodb redis kafka tableau salesforce wordpress shopify chatgpt copilot vscode xcode unity unreal blender duolingo babbel strava headspace myfitnesspal peloton fitbit zwift spotify audible kindle goodreads letterboxd instagram tiktok snapchat whatsapp youtube facetime deliveroo doordash airbnb tinder bumble'.split(
    ' ',
  ),
);
/** "Year 7", "Level 3 diploma", "Day 12 of dry January", "Type 1 diabetic", "Band 6 nurse": a numbered stage, kind or place in a series, not a name. */
const NUMBERED =
  /^(?:year|week|day|grade|level|stage|chapter|season|series|episode|part|phase|lesson|module|unit|round|step|page|room|gate|platform|floor|ward|bay|class|form|block|book|volume|key stage|type|category|size|tier|band)$/i;
const BEFORE_A_NUMBER = /^\s+\d/;
/** The number that ends a thing's name ("Formula 1", "Windows 11"), not an age, a time or an amount after a word. */
const NUMBER_OF_A_NAME = /^\s\d{1,2}(?![\d:.,]\d|\s*(?:years?|yrs?|y\/?o|months?|kg|lbs?|%|am|pm|ish|th|st|nd|rd)\b)\b/i;
/** "SQL", "AWS", "IELTS": letters in capitals name a thing far more often than someone (initials are two). */
const ACRONYM = /^\p{Lu}{3,}$/u;
/** "Next.js", "Socket.io", "Booking.com": a name with a dotted ending is software or a site. */
const DOTTED = /\p{L}\.\p{Ll}{2,}$/u;
/** "TypeScript", "iPhone", "YouTube": a capital inside one word, as products are spelled; "McDonald", "LeBron", "DiCaprio" are names. */
const PRODUCT_LIKE = /^(?!(?:Mc|Mac|De|Di|Da|Du|La|Le|Van|Von|O['’])\p{Lu})\p{L}*\p{Ll}\p{Lu}\p{L}*$/u;

/** Where animals are cared for ("The vet says Bella …", "Took Max to the groomers"); "a vet" is a job. */
const PET_CARE =
  /\b(?:(?:the|our|my|to)\s+vets?\b|vet['’]s\b|groomers?\b|kennels\b|cattery\b|walkies\b|spayed\b|neutered\b|flea\s+(?:treatment|collar)\b|wormed\b|worming\b)/i;
/**
 * A one-word name in a sentence (`scan`: nameSpecs reads one at a time) about an animal's care is a pet's, unless
 * someone of the speaker's is in it (who could be the one taken to the vet, or the one taking).
 */
const caredForAnimal = (scan: string) => PET_CARE.test(scan) && !OWN_PERSON.test(scan);

/** "a Bollywood-themed party", "a London-based startup": what a name describes is no part of the name. */
const DESCRIBED_BY_NAME = /-(?:themed|speaking|style|based|born|inspired|friendly|owned|run|made|led|obsessed|mad)$/i;

export function nameSpecs(scan: string, sentenceStart: number, taken: Spec[]): Spec[] {
  const specs: Spec[] = [];
  let parsed: Parsed | null = null;
  for (const m of allMatches(CAPITALISED_RUN, scan)) {
    const atStart = m.index! <= sentenceStart;
    const run = m[0].trim();
    const someoneDoes = doesWhatSomeoneDoes(run, scan.slice(0, m.index!), scan.slice(m.index! + m[0].length));
    // "Max is a golden retriever", "Bella is a friend from work": one word said to be of a role is of that role's kind.
    const saidKind = /^\p{Lu}\p{Ll}+$/u.test(run) && !NO_ONE.test(run) ? kindSaidOf(scan.slice(m.index! + m[0].length)) : undefined;
    const name = cleanName(m[0], { initialAllowed: !atStart || someoneDoes || Boolean(saidKind) })?.replace(DESCRIBED_BY_NAME, '');
    if (!name) continue;
    const start = m.index! + m[0].indexOf(name.split(' ')[0]!);
    // Already found by a pattern or as a known name: no need to classify it (nor to parse the sentence for it).
    if (taken.some((t) => start < t.end && t.start < start + name.length)) continue;
    const words = name.split(' ');
    // "Parents' evening": a role word's plural possessive is no name either.
    if (words.length === 1 && (ROLE_INFO.has(name.toLowerCase().replace(/['’]$/, '')) || /^\p{Lu}$/u.test(name))) continue;
    if (NUMBERED.test(name) && BEFORE_A_NUMBER.test(scan.slice(start + name.length))) continue;
    // "Formula 1", "Windows 11": an ordinary word and a number make a thing's name, not someone called "Formula".
    const numbered =
      words.length === 1 && !(atStart && start === m.index!) && isCommonWord(name) ? scan.slice(start + name.length).match(NUMBER_OF_A_NAME) : null;
    if (numbered) {
      const full = `${name}${numbered[0]}`;
      specs.push({ start, end: start + full.length, priority: 60, tag: 'name', name: full, kind: 'concept', relation: null });
      continue;
    }
    // "my SSN", "my PIN", "my GPA": an acronym after a possessive is a thing of the person's, not a name.
    if (words.length === 1 && /^\p{Lu}{2,5}$/u.test(name) && /\b(my|your|our|his|her|their)\s+$/i.test(scan.slice(0, start))) continue;
    // "my daughter's name is Zoe, not Chloe": the name corrected away is no one.
    if (/,\s*not\s+$/i.test(scan.slice(0, start))) continue;
    const lower = name.toLowerCase();
    const tags = new Set([...lexTags(lower), ...lexTags(words[0]!)]);
    // A sentence opener must look like a name to the lexicon ("Sarah", "Zelda") or open a place's name ("Mount Everest"),
    // else it is an ordinary word.
    if (
      atStart &&
      start === m.index! &&
      isCommonWord(words[0]!) &&
      !(words.length > 1 && PLACE_PREFIX.test(words[0]!)) &&
      ![...tags].some((t) => NAME_LIKE_TAGS.has(t) && t !== 'ProperNoun') &&
      !someoneDoes &&
      !saidKind
    )
      continue;
    let kind: EntityKind | null = null;
    let relation: Relation | null = null;
    const before = scan.slice(0, start);
    const after = scan.slice(start + name.length);
    const roleKind = roleKindBefore(before);
    const breedBefore = words.length === 1 ? before.match(BREED_TOO) : null;
    if (WORK_CONTEXT.test(before)) {
      // "playing Zelda", "watching Succession", "obsessed with Minecraft": a game, a show or a book, whatever the name
      // sounds like.
      specs.push({ start, end: start + name.length, priority: 70, tag: 'name', name, kind: 'concept', relation: null, ambiguous: true });
      continue;
    }
    const namedThing = NAMED_THING.find(([re]) => re.test(before));
    if (namedThing) kind = namedThing[1];
    // "a fan of Arsenal" is a club's, "a fan of Agatha Christie" a person's.
    else if (SUPPORTED.test(before) || SUPPORTER_AFTER.test(after)) kind = words.length > 1 && isPersonName(words[0]!) ? 'person' : 'organization';
    else if (
      words.length === 1 &&
      (LANGUAGES.has(lower) || SCALES.has(lower) || QUALIFICATIONS.has(lower) || FIELDS.has(lower) || (SUBJECTS.has(lower) && !someoneDoes))
    )
      kind = 'concept';
    // A language as a people speaks it: "British English", "Brazilian Portuguese" (not "Dawn French").
    else if (words.length === 2 && LANGUAGES.has(words[1]!.toLowerCase()) && isLanguageOrPeople(words[0]!)) kind = 'concept';
    else if (words.length === 1 && TOOLS.has(lower)) kind = 'product';
    else if (words.length > 1 && ORG_SUFFIX.test(words[words.length - 1]!)) kind = 'organization';
    else if (words.length > 1 && CAR_MAKE.test(words[0]!)) kind = 'product';
    else if (words.length > 1 && placeWordsIn(words)) kind = 'place';
    else if (HONORIFICS.test(words[0]!) && words.length > 1) {
      kind = 'person';
      if (/^dr\.?$/i.test(words[0]!)) relation = 'doctor';
    } else if (isPlaceName(name) || (words.length === 1 && [...tags].some((t) => PLACE_TAGS.has(t)))) kind = 'place';
    else if ([...tags].some((t) => ORG_TAGS.has(t))) kind = 'organization';
    else if (words.length === 1 && WITHIN_PLACE.test(before) && !/^['’]s\b/u.test(after)) kind = 'place';
    else if (words.length === 1 && (caredForAnimal(scan) || (PET_CALLED.test(before) && !NOT_YET.test(before)))) kind = 'pet';
    else if (roleKind) kind = roleKind;
    else if (breedBefore) {
      kind = 'pet';
      if (/^(?:my|our)$/i.test(breedBefore[1]!)) relation = 'pet';
    } else if (saidKind) kind = saidKind;
    else if ([...tags].some((t) => PERSON_TAGS.has(t))) kind = 'person';
    else if (words.length > 1) {
      // Only runs of unknown words are worth a parse ("Lake Tahoe", "Priya Raman"): one word gets the tier 3 guess.
      parsed ??= parseWithCompromise(scan);
      const t = parsed.tagsOf(words[0]!);
      if (t.has('Person') || t.has('FirstName')) kind = 'person';
      else if (t.has('Place') || t.has('City') || t.has('Country')) kind = 'place';
      else if (t.has('Organization')) kind = 'organization';
    }
    if (kind) {
      specs.push({ start, end: start + name.length, priority: 60, tag: 'name', name, kind, relation });
      continue;
    }
    // Tier 3: an unknown capitalised name. Guess from the words around it and let a model settle it later.
    // A sentence's opening word the tagger reads as an adjective and no name is a description ("Dodgy left knee").
    if (atStart && start === m.index! && words.length === 1 && !someoneDoes) {
      const t = (parsed ??= parseWithCompromise(scan)).tagsOf(name);
      if (t.has('Adjective') && !t.has('Person') && !t.has('FirstName') && !t.has('Place')) continue;
    }
    // One before a common noun names a kind of it ("UX design", "Zumba classes"), not someone or somewhere.
    const next = words.length === 1 ? after.match(/^\s+(\p{Ll}[\p{L}-]*)/u)?.[1] : undefined;
    const nextTags = next ? (parsed ??= parseWithCompromise(scan)).tagsOf(next) : undefined;
    const modifier = nextTags?.has('Noun') && !nextTags.has('Pronoun') && !nextTags.has('Date') && !nextTags.has('Verb');
    // "Project Hail Mary", "Operation Mincemeat": a run the lexicon knows no name in, opened by an ordinary word, is
    // rarely someone, whatever the words around it say.
    const title = words.length > 1 && isCommonWord(words[0]!);
    const guess: EntityKind =
      PRODUCT_LIKE.test(name) || DOTTED.test(name)
        ? 'product'
        : someoneDoes
          ? 'person'
          : OWNED_BY.test(before)
            ? 'organization'
            : modifier || ACRONYM.test(name)
              ? 'concept'
              : BE_FROM.test(before) && !/^['’]s\b/u.test(after)
                ? 'place'
                : (PERSON_CONTEXT_BEFORE.test(before) || PERSON_CONTEXT_AFTER.test(after) || pairedWithSomeone(before, after)) && !title
                  ? 'person'
                  : PLACE_CONTEXT.test(before) && !/^['’]s\b/u.test(after)
                    ? 'place'
                    : ORG_CONTEXT.test(before)
                      ? 'organization'
                      : followedByVerb(after) && !title
                        ? 'person'
                        : 'concept';
    specs.push({ start, end: start + name.length, priority: 70, tag: 'name', name, kind: guess, relation: null, ambiguous: true });
  }
  return specs;
}
