// What a fact is about, for filing and display: its domain, its categories, an interest when one is stated
// ("I love hiking"), and a short topic label ("peanut allergy", "job at Acme", "Sarah — new job").
import {
  CATEGORY_PATTERNS,
  categoriesOf,
  DUE_A_BABY,
  EXPECTING_A_CHILD,
  RETIRED,
  RUNS_A_BUSINESS,
  KIND_OF_PERSON,
  HOME_BOUGHT,
  HOME_ENDING,
  MOVING_HOUSE,
  NOT_INTO_A_FIELD,
  DIED,
  FEELING_LOW,
  LOST_SOMEONE,
  NOT_TOGETHER,
  NOT_WHEN_ONE_WAS,
  PASSED_ON,
  PUT_DOWN,
  SOMEONES_BIRTH,
  BABY_HAD,
  BECAME_A_PARENT,
  STATED_AGE,
  STATED_HEIGHT,
  STATED_WEIGHT,
  INJURY,
  GAVE_UP,
  OFF_THE_DRINK,
  PLAN_TIME,
  statedJob,
  TO_STUDY,
  WEDDING,
} from './signals.js';
import { COUNT, MONTH, MOVED_ON, WEEKDAY, withoutHolidays } from './dates.js';
import {
  AGE_REACHED,
  CHALLENGES,
  CHAT_ASIDE,
  DIETS,
  DOG_BREEDS,
  FAVOURITE,
  FOODS_LEFT_OUT,
  FOOD_NAMES,
  HOBBY_WORDS,
  isCommonWord,
  LANGUAGES,
  NOT_COUNTED,
  own,
  ROLE_INFO,
  TOLD_OF_SPEAKER,
  CARE_OF_SPEAKER,
  HAS_SOMEONE_WHO,
} from './lexicon.js';
import { contentWords } from '../../text/words.js';
import { withoutEndedRestrictions } from './ended.js';
import { CONTRACTION, nounTopic } from './nounPhrase.js';
import { leadInLength, STATES_OWN } from './sentences.js';
import { EMOJI, FILLER_BEFORE_COMMA, JOINT_SUBJECT, TRAILING_FILLERS } from './rewrite.js';
import type { Accepted, Tag } from './mentions.js';
import type { Ent } from './registry.js';
import { type Domain, type FactCandidate, type FactCategory, PERSONAL_RELATIONS, type Relation } from './types.js';

const DOMAIN_OF_RELATION: Partial<Record<Relation, Domain>> = {
  spouse: 'relationships',
  partner: 'relationships',
  best_friend: 'relationships',
  friend: 'relationships',
  child: 'family',
  parent: 'family',
  sibling: 'family',
  grandparent: 'family',
  grandchild: 'family',
  relative: 'family',
  employer: 'work',
  coworker: 'work',
  manager: 'work',
  report: 'work',
  client: 'work',
  pet: 'pets',
  doctor: 'health',
  therapist: 'health',
  school: 'education',
  teacher: 'education',
  home: 'home',
  hometown: 'home',
  neighbor: 'home',
  roommate: 'home',
  landlord: 'home',
};

const OWN_BUSINESS = new RegExp(String.raw`\b${RUNS_A_BUSINESS}`, 'i');
/** "learning Japanese": a language one learns is one's education. */
const LANGUAGE_LEARNT = String.raw`(?<=\b(?:learn|learns|learning|learnt|learned)\s+)(?:${[...LANGUAGES].join('|')})`;
const FEELS_LOW = new RegExp(FEELING_LOW, 'i');
/** "I earn £2,400 a month", "we take home about $5k": what one earns is one's income. */
const EARNS =
  /\b(?:i|we|he|she|they)\s+(?:earn|earns|make|makes|take\s+home|takes\s+home|bring\s+in|brings\s+in|get\s+paid|gets\s+paid)\s+(?:about\s+|around\s+|roughly\s+|just\s+under\s+|just\s+over\s+)?[£$€]?\d/i;
/** Someone else's pastime: "his reading", "my daughter's running". */
const OTHERS_PASTIME = new RegExp(String.raw`\b(?:his|her|their|\p{L}+['’]s)\s+${HOBBY_WORDS.source}`, 'giu');
/** "The wedding's been moved to October": what is moved to a time is no move of home. */
const NOT_TO_A_TIME = String.raw`(?!${MOVED_ON}\s+(?:to|till|until)\s+(?:the\s+)?(?:next\s+)?(?:\d|${MONTH}|${WEEKDAY}|tomorrow|week|month|year|spring|summer|autumn|fall|winter)\b)`;
/** "a pottery class", "a yoga course": the pastime's, not school's. */
const PASTIME_CLASS = new RegExp(String.raw`(${HOBBY_WORDS.source})\s+(?:class(?:es)?|courses?)\b`, 'gi');

/**
 * When or while something is done ("when cooking", "while I'm driving"), a where near one's office or home, where
 * people met ("we met at a pottery class"), whom one does it with ("with some guys from work") and on the way to work
 * ("on my commute"): no topic of what is done.
 */
const CIRCUMSTANCE =
  /\b(?:when|whenever|while)\b[^,.;:!?]*|\bnear\s+(?:(?:my|our|his|her|their|the)\s+)?(?:office|work|school|home|house|flat|place)\b|(?<=\bmet\s+(?:[\w'’]+\s+){0,3}?)(?:at|on|in|through|via)\b[^,.;:!?]*|\b(?:guys|people|friends|mates|lads|girls|folks|someone|a\s+(?:guy|girl|friend|mate))\s+from\s+(?:work|school|uni|church|the\s+office)\b|\bon\s+(?:my|our|his|her|their|the)\s+(?:commute|way\s+(?:to|home\s+from)\s+work|drive\s+(?:to|home\s+from)\s+work)\b/gi;

/**
 * Exercising: "I've been working out", "I work out at the gym" (not "worked out a plan", which is no exercise, nor the
 * work a "work out" otherwise reads as).
 */
const EXERCISING = String.raw`working\s+out(?!\s+(?:a|an|the|my|your|his|her|their|our|this|that|what|how|why|whether|if|who|where|when|it|them|something|everything)\b)|work(?:s|ed)?\s+out\s+(?:at|in|every|each|daily|most|three|twice|once|\d|before|after|first|regularly|more|less|again|with)\b`;
/** The parts people have at a wedding or a christening. */
const CEREMONY_PART =
  /\b(best man|maid of honou?r|matron of honou?r|bridesmaid|groomsman|ring bearer|flower girl|godmother|godfather|godparent|(?:mother|father) of the (?:bride|groom))\b/i;
/** "our wedding", "I'm getting married": a wedding of the speaker's own. */
const OWN_WEDDING = /\b(?:my|our)\s+(?:own\s+)?wedding\b|\b(?:i|we)(?:'m|'re|\s+am|\s+are)\s+(?:getting\s+)?married\b/i;
/** Keyword lexicon per domain, in tie-break order (the first listed wins a tie). */
const DOMAIN_KEYWORDS: Array<[Domain, RegExp]> = [
  // What the health category names, weight lost or gained, and the words of keeping well.
  [
    'health',
    new RegExp(
      String.raw`${CATEGORY_PATTERNS.health.source}|${STATED_WEIGHT.source}|\b(?:ill|gym|workouts?|${EXERCISING}|exercise|diet|weight|health|smoking|smokers?|cigarettes?|vaping|weeks along|${CHALLENGES})\b`,
      'gi',
    ),
  ],
  [
    'work',
    new RegExp(
      String.raw`\b(job|jobs|(?<!\b(?:play|plays|played|playing)\s+(?:a|an|the)\s+(?:\w+\s+)?)roles?(?!\s+models?)|(?<!\b(?:before|after)\s)work(?!\s+out\b)|working(?!\s+out\b)|worked(?!\s+out\b)|boss|meetings|project|projects|promotion|promoted|office|career|colleagues?|coworkers?|client|clients|deadline|interview\w*|hired|fired|laid off|on call|(?:\d+|three|six|twelve|eighteen)[- ]month contract|contract (?:ends|role|job|work)|zero[- ]hours?|notice period|(?:handed|handing|hand|gave|give|giving) in (?:my|his|her|their) notice|(?:maternity|paternity|parental) leave|part[- ]time|full[- ]time|pip|appraisal|redundan\w*|resign\w*|retir(?:e|es|ing|ement)|${RETIRED}|freelanc\w*|self[- ]employed|sole trader|manager|management|shift|(?<!\bkeeps?\s+(?:me|us|him|her|them)\s+)company|business|resume|cv|quit(?!\s+(?:smoking|drinking|vaping|sugar|caffeine|alcohol|social media|twitter|x|facebook|instagram|tiktok|snapchat|reddit|threads)\b)|employer|(?<!\b(?:swim|swimming|football|soccer|netball|rugby|cricket|hockey|basketball|volleyball|baseball|softball|debate|debating|quiz|running|rowing|chess|darts|dance|cheer|tennis|golf|relay|polo|climbing|cycling|school|uni|university|college)\s)team|startup|raise|pay rise|(?:annual|performance|quarterly|mid-year|end of year|year-end) review|roadmap|probation|commute|commuting|hiring)\b`,
      'gi',
    ),
  ],
  [
    'finances',
    /\b((?<!\brais(?:e|es|ed|ing)\s+)money|salary|rent|budget|savings|saving|save|loan|loans|mortgage|debt|bills?|invest\w*|stocks?|crypto|tax|taxes|paycheck|afford|expensive|bonus|isas?|(?<!\b(?:food|blood|river|sperm) )bank(?!\s+holiday)|credit cards?|pension|sipp|insurance|council tax|income|universal credit|child benefit|on benefits|remortgag\w*|taxpayer|overdrawn|overdraft|car finance|energy bills?|earn|earns|earning|spend|spending|cheap)\b/gi,
  ],
  [
    'education',
    new RegExp(
      String.raw`\b(class|classes|exam|exams|course|courses|degree|university|college|school|homeschool\w*|homework|study|studying|studies|student|thesis|dissertation|semester|graduat\w*|lecture|professor|grades?|tuition|phd|masters|mba|msc|bsc|beng|meng|llb|llm|pgce|(?<=\ba\s)ba(?=\s+in\b)|(?<=\ban\s)ma(?=\s+in\b)|diploma|apprenticeship|gcses?|a[- ]levels?|sixth form|year \d{1,2}(?![\d:])|resits?|retak(?:e|es|ing)|(?<=\ba\s)[12]:[12](?=\s+in\b)|first[- ]class (?:degree|honours)|${LANGUAGE_LEARNT})\b`,
      'gi',
    ),
  ],
  [
    'pets',
    new RegExp(
      String.raw`\b(dog|dogs|cat|cats|puppy|kitten|pet(?! peeves?\b)|pets|vet|walkies|leash|litter|hamsters?|rabbits?|guinea pigs?|budgies?|tortoises?|ferrets?|hens|(?<=\bkeep(?:s|ing)?\s+)chickens|${DOG_BREEDS.join('|')})\b`,
      'gi',
    ),
  ],
  [
    'travel',
    /\b(trip|trips|travel\w*|flight|flights|fly|flying|flew|flown|interrail|inter-rail|campsite|airbnb|hostel|vacation|holiday|visa|passport|airport|hotel|abroad|(?<!\b(?:world|farewell|reunion|comeback|arena|stadium|their|his|her)\s)(?<!\b(?:saw|see|seeing|seen)\s+(?:the\s+)?(?:[\w'-]+\s+)?)tour|itinerary|backpacking|cruise|road trip|honeymoon|got back from|long weekend|city break|weekend away|caravan|campervan|motorhome|driving (?:down|up) to|ferry|ferries|villa|chalet|glamping|(?<=\b(?:booked|rented|hired|reserved)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?)(?:cottage|cabin|lodge|apartment))\b/gi,
  ],
  [
    'food',
    /\b(cook|cooking|cooked|recipe|recipes|vegetarian|vegan|restaurant|dinner|lunch|breakfast|eat|eating|food(?! banks?\b)|meal|meals|bake|baking|coffee|wine|sushi|pizza|meat|gluten|dairy|snack|kosher|halal|peanuts?|nuts|shellfish|keto|low[- ]carb|paleo|eater)\b/gi,
  ],
  [
    'home',
    new RegExp(
      String.raw`\b(house|apartment|flat|tenancy|lease|garden|boiler|central heating|heat pump|mould|(?:moving|move|moved)${NOT_TO_A_TIME}${NOT_INTO_A_FIELD}|neighbou?rs?|furniture|renovat\w*|kitchen|landlord|roommate|home|condo|(?<=\b(?:live|lives|living)\s+(?:on|in)\s+(?:a|an)\s+(?:[\w-]+\s+)?)[\w-]+)\b`,
      'gi',
    ),
  ],
  ['hobbies', new RegExp(HOBBY_WORDS.source, 'gi')],
  [
    'relationships',
    new RegExp(
      String.raw`\b(date|dates|dated|dating|boyfriend|girlfriend|partner|wife|husband|married|marriage|wedding|divorc\w*|breakup|broke up|split up|${NOT_TOGETHER}|relationship|crush|anniversary|engaged|fianc\w*|friends?|bestie|seeing someone)\b|${CEREMONY_PART.source}`,
      'gi',
    ),
  ],
  [
    'family',
    new RegExp(
      String.raw`\b(${NOT_WHEN_ONE_WAS}(?:kids?|children|baby)|son|daughter|mom|mum|mother|dad|father|parents|brother|sister|siblings?|grandma|grandpa|grandmother|grandfather|family|twins|triplets|aunt|uncle|cousin|niece|nephew|in-laws?)\b`,
      'gi',
    ),
  ],
];

const DOMAIN_OF_TAG: Partial<Record<Tag, Domain>> = {
  employer: 'work',
  school: 'education',
  home: 'home',
  move: 'home',
  hometown: 'home',
  travel: 'travel',
};

export function domainOf(sentence: string, subject: Ent | undefined, mentions: Ent[], specs: Accepted[]): Domain {
  const fromSubject = subject?.relation ? own(DOMAIN_OF_RELATION, subject.relation) : undefined;
  if (fromSubject) return fromSubject;
  // What the person says of themself with a where ("I work at", "I live in", "trip to") files by that where.
  const ofSpeaker = subject?.kind === 'self' || !subject;
  const fromTag = ofSpeaker ? specs.map((x) => DOMAIN_OF_TAG[x.tag]).find(Boolean) : undefined;
  if (fromTag) return fromTag;
  // "I'm a junior doctor in A&E", "I freelance as a copywriter": one's job is work, a parent's or a student's not.
  const job = ofSpeaker ? statedJob(sentence) : null;
  if (job) return /\b(?:mum|mom|dad|parent)$/.test(job) ? 'family' : /\bstudent$/.test(job) ? 'education' : 'work';
  // "I teach year 6 at a primary", "I run a bakery with my wife": teaching and one's own business are one's job too.
  if (ofSpeaker && (/^\s*i\s+teach\s/i.test(sentence) || OWN_BUSINESS.test(sentence))) return 'work';
  // What one earns is money, whatever else it is said with ("take home £4k a month").
  if (EARNS.test(sentence)) return 'finances';
  let best: Domain | null = null;
  let bestCount = 0;
  const counted = withoutNames(withoutHolidays(sentence), mentions.filter(isTitle)).replace(PASTIME_CLASS, '$1');
  const organisations = mentions.filter(isCharityLike);
  // What one does counts before when one does it: "I listen to jazz when cooking" is music, not food.
  // Someone else's pastime is none of the speaker's.
  const speakers = ofSpeaker ? counted.replace(OTHERS_PASTIME, ' ') : counted;
  const whatIsDone = speakers.replace(CIRCUMSTANCE, ' ');
  for (const text of whatIsDone === speakers ? [speakers] : [whatIsDone, speakers]) {
    for (const [domain, re] of DOMAIN_KEYWORDS) {
      const n = ((domain === 'health' ? withoutNames(text, organisations) : text).match(re) ?? []).length;
      if (n > bestCount) {
        best = domain;
        bestCount = n;
      }
    }
    if (best) return best;
  }
  for (const m of mentions) {
    const d = m.relation ? own(DOMAIN_OF_RELATION, m.relation) : m.kind === 'pet' ? 'pets' : undefined;
    if (d) return d;
  }
  if (subject?.kind === 'pet') return 'pets';
  // "I can't stand coriander", "I love cheese": a taste for a food, where the food alone says too little (onions grown, a sky like porridge).
  if (LIKING.test(sentence) && FOOD_NAMED.test(sentence)) return 'food';
  return 'personal';
}

/** A place of care or study keeps its words: "Great Ormond Street Hospital" speaks of health, "the Open University" of study. */
const PLACE_OF_CARE_OR_STUDY =
  /\b(?:hospital|clinic|hospice|infirmary|surgery|medical|health|university|college|school|academy|institute|nursery)\b/i;
/** A title's words are no topic of the sentence: "Project Hail Mary" is no work project, nor is Boxing Day boxing. */
const isTitle = (m: Ent) => /\s/.test(m.name) && (m.kind === 'concept' || m.kind === 'product');
/**
 * An organisation's name is no illness of anyone's: "a skydive for Cancer Research" (a hospital's name still speaks of
 * care, a university's of study).
 */
const isCharityLike = (m: Ent) => /\s/.test(m.name) && m.kind === 'organization' && !PLACE_OF_CARE_OR_STUDY.test(m.name);
const withoutNames = (text: string, names: Ent[]) => names.reduce((t, m) => t.split(m.name).join(' '), text);

/** The statement without the names of titles and organisations, whose words tell nothing of what it is: its categories are read from this. */
export const withoutNamesOfThings = (text: string, mentions: Ent[]): string =>
  withoutNames(
    text,
    mentions.filter((m) => isTitle(m) || isCharityLike(m)),
  );

/** A word of liking or loathing ("like" only after its subject: "looks like porridge" is none). */
const LIKING =
  /\b(?:love|loves|loved|loving|adore|adores|hate|hates|hated|hating|liked|can'?t stand|obsessed with|addicted to|craving|fave|favou?rite|go-to|(?:i|we|you|they|he|she)\s+(?:really\s+|also\s+|do(?:n'?t)?\s+)?likes?)\b/i;
const FOOD_NAMED = new RegExp(String.raw`\b${FOOD_NAMES}\b`, 'i');

const INJURED = new RegExp(String.raw`\b${INJURY}\b`, 'i');
const INTEREST_VERB =
  /\b(i|we|he|she|they|[\p{L}]+)(\s+(?:am|is|are|was|were|have been|has been))?((?:\s+(?:really|also|absolutely|totally|kinda|kind of|sort of|just|still|so|truly|genuinely|actually|honestly|especially|sometimes|do|does|always|definitely|super|very|quite|pretty|now|both|all))*)\s+(love|loves|adore|adores|like|likes|enjoy|enjoys|into|passionate about|obsessed with|(?:(?:have|has)\s+)?(?:getting|got)(?:\s+(?:really|so|properly|super))?\s+into|started|a (?:big |huge )?fan of)\s+(.+)$/iu;
/** Contractions spelled out, for the interest pattern only ("I'm into" → "I am into"). */
const expandContractions = (s: string) =>
  s
    .replace(/\b(i)'m\b/gi, '$1 am')
    .replace(/'ve\b/gi, ' have')
    .replace(/'re\b/gi, ' are')
    .replace(/(\p{L})'s(?=\s+(?:(?:really|so|totally|now|also)\s+)*(?:into|a (?:big |huge )?fan|passionate|obsessed|getting into))/giu, '$1 is');
const HOBBY_STATEMENT = new RegExp(
  String.raw`\b(?:my|his|her)\s+(?:${FAVOURITE}\s+)?hobb(?:y|ies)\s+(?:is|are|has been|have been|include|includes)\s+(.+)$`,
  'i',
);
/**
 * "I've been playing bass since uni", "She's done pottery for three years": a pastime kept up for months or years is
 * one liked, though no word of liking is said.
 */
const KEPT_UP = new RegExp(
  String.raw`\b(?<who>i|we|he|she|they|\p{Lu}[\p{L}'-]*)\s+(?:have|has)\s+(?:(?:also|always)\s+)?(?:been\s+(?:doing\s+|(?=[\p{L}]+ing\b))|done\s+|played\s+)(?<what>.+?)\s+(?:for\s+(?:about\s+|over\s+|nearly\s+|almost\s+|around\s+|the\s+(?:last|past)\s+)?(?:${COUNT}\s+)?(?:years?|months?)|since\s+\S)`,
  'iu',
);
const FAVOURITE_THING = new RegExp(String.raw`\b(?:my|his|her)\s+${FAVOURITE}\s+([\p{L}]+)\s+(?:is|are)\s+(.+)$`, 'iu');
const INTEREST_STOP =
  /^(.*?)(?=\s*(?:[,.;:!?()]|\s-\s|\s(?:and|but|or|so|because|when|while|with|since|in|on|at|every|these days|lately|nowadays|now|a lot|a bit|a little|so much|too|recently|right now|this|last|next|anymore|as well|more than|than|if|for|from|after|before|like|(?:about |almost |nearly |over )?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|many|\d+) (?:days?|weeks?|months?|years?)\b)\b|$))/i;
const NOT_INTERESTS = /^(it|that|this|you|him|her|them|me|us|what|how|when|where|which|who|the idea|the fact|one|ones|those|these|mine|yours)$/i;
/**
 * A clause, not a thing one is into: "I love how you arrange them", "I like that it teaches me", "I love this, it
 * reminds me why", "we loved it, it was there to celebrate" gave interests in "how you arrange them", "is".
 */
const CLAUSE_OPENER =
  /^(?:it|it's|its|that|this|these|those|there|here|how|what|when|where|why|which|who|whom|whose|is|was|are|were|be|been|am|you|your|yours|me|him|them|us|so|very|too|just|seeing|hearing)\b/i;
/** Words a phrase cut short may end on ("baking sourdough bread about", "coaching here about a"). */
const DANGLING =
  /\s+(?:a|an|the|about|of|to|for|with|and|or|are|is|was|were|be|my|your|our|his|her|their|its|it|me|us|them|why|how|that|which|who|both|all|some|more|most|very|so|really)$/i;

/** "anything with mushrooms", "recipes containing pork": what a kind of suggestion has (group 1). */
const HAVING = /^(?:anything|something|stuff|things?|recipes?|dishes|meals?|food|places?|activities)\s+(?:with|containing|involving)\s+(.+)$/i;
/** Words after "quit drinking" that are no drink: when, how long ago ("about eight months ago"), how, whose. */
const NOT_FOOD = String.raw`(?:in|on|at|last|this|next|since|for|after|before|every|anymore|any|my|your|the|a|an|and|but|or|so|because|either|i|we|about|around|almost|nearly|over|just|${COUNT})`;
/** "I had to stop eating gluten": what was given up (group 2). */
const GAVE_UP_FOOD = new RegExp(String.raw`\b${GAVE_UP}\s+(eating|drinking)\s+((?!${NOT_FOOD}\b)[\p{L}-]+(?:\s(?!${NOT_FOOD}\b)[\p{L}-]+)?)`, 'iu');
const OFF_DRINKING = new RegExp(OFF_THE_DRINK, 'i');
/** "I quit drinking": drinking alone is alcohol. */
const GAVE_UP_DRINKING = new RegExp(String.raw`\b${GAVE_UP}\s+drinking\b`, 'i');

function gerund(verb: string): string {
  if (/ing$/.test(verb)) return verb;
  if (/ie$/.test(verb)) return `${verb.slice(0, -2)}ying`;
  if (/[^e]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(verb)) return `${verb + verb.slice(-1)}ing`;
  return `${verb}ing`;
}

/** The subject is a pronoun or a name ("Sarah loves"), not any word before "like" ("it looks like rain"). */
const isWhoLikes = (word: string, entityNames: string[]) =>
  /^(i|we|he|she|they)$/i.test(word) || (/^\p{Lu}/u.test(word) && (!isCommonWord(word) || entityNames.includes(word)));

/** "Durham to study law" after "got into": a place won, not a liking. */
const STUDY_PLACE = new RegExp(`^${TO_STUDY}`, 'i');

/**
 * An interest stated in a sentence, with `by`, the word for whoever holds it ("I", "we", "Sarah", "she"). "I love hiking"
 * → {hiking, 0.9}; strength: love/adore/passionate 0.9 > really like 0.75 > like/enjoy/into 0.6 > getting into 0.45;
 * hedges lower it, emphasis raises it.
 */
export function interestOf(statement: string, entityNames: string[]): { topic: string; strength: number; by: string } | undefined {
  const s = expandContractions(statement.replace(/’/g, "'").replace(TRAILING_FILLERS, '').replace(FILLER_BEFORE_COMMA, ''));
  let raw: string | undefined;
  let strength = 0.6;
  let by = 'i';
  const verb = s.match(INTEREST_VERB);
  if (verb) {
    const subjectWord = verb[1]!;
    by = subjectWord;
    if (!isWhoLikes(subjectWord, entityNames)) return undefined;
    const v = verb[4]!.toLowerCase();
    const mods = (verb[3] ?? '').toLowerCase();
    if (/\b(do|does)\b/.test(mods) && /\b(not|n't)\b/.test(s.slice(0, verb.index! + verb[0].length - verb[5]!.length))) return undefined;
    strength = /love|adore|passionate|obsessed|big fan|huge fan/.test(v) ? 0.9 : /\b(?:getting|got)\b|started/.test(v) ? 0.45 : 0.6;
    if (/really|absolutely|truly|genuinely|especially|super|definitely/.test(`${mods} ${v}`) && strength < 0.9) strength += 0.15;
    if (/kinda|kind of|sort of|sometimes/.test(mods)) strength -= 0.2;
    raw = verb[5];
    if (/^started$/i.test(v) && !/^\w+ing\b/i.test(raw ?? '')) return undefined; // "started my job" is no interest
    if (/^into$/i.test(v) && !verb[2]) return undefined; // "moved into", "ran into"
    if (/\bgot\b.*into$/i.test(v) && (/^(?:the|a|an)\s/i.test(raw ?? '') || STUDY_PLACE.test(raw ?? ''))) return undefined; // "got into a fight", "… Durham to study law"
    if (/^likes?$/i.test(v) && verb[2]) return undefined; // "we're like two peas in a pod": a comparison
  } else {
    const hobby = s.match(HOBBY_STATEMENT);
    const fav = hobby ? null : s.match(FAVOURITE_THING);
    const keptUp = hobby || fav ? null : s.match(KEPT_UP);
    if (keptUp && HOBBY_WORDS.test(keptUp.groups!.what!) && isWhoLikes(keptUp.groups!.who!, entityNames)) {
      by = keptUp.groups!.who!;
      raw = keptUp.groups!.what!;
      strength = 0.6;
    }
    // "his hobby is …", "her favourite band is …": someone else's.
    if ((hobby ?? fav) && !/^my\b/i.test((hobby ?? fav)![0])) by = 'they';
    if (hobby) raw = hobby[1];
    else if (fav) raw = `${fav[2]}`;
    else if (!raw) return undefined;
    if (hobby || fav) strength = hobby ? 0.7 : 0.75;
  }
  if (!raw) return undefined;
  let phrase = raw
    .trim()
    .replace(/^(?:both|all(?: of)?(?: the)?)\s+/i, '')
    .replace(/^(to|the|a|an|some|my|our|doing|playing|going)\s+/i, (m) => (/^(playing|going|doing)/i.test(m) ? m : ''));
  // "I like to just sit by the water …": the verb after the adverb ("sitting by the water"), never "justing".
  const toVerb = raw.trim().match(/^to\s+(?:(?:just|really|also|always|still|sometimes|often|simply)\s+)?([a-z]+)/i);
  if (toVerb) phrase = gerund(toVerb[1]!.toLowerCase()) + raw.trim().slice(toVerb[0].length);
  phrase = (phrase.match(INTEREST_STOP)?.[1] ?? phrase).trim();
  if (CLAUSE_OPENER.test(phrase)) return undefined;
  const words = phrase.split(/\s+/).filter(Boolean).slice(0, 5);
  phrase = words
    .join(' ')
    .replace(/[^\p{L}\p{N}\s'&+#-]/gu, '')
    .trim();
  while (DANGLING.test(phrase)) phrase = phrase.replace(DANGLING, '');
  if (!phrase || NOT_INTERESTS.test(phrase) || ROLE_INFO.has(phrase.toLowerCase().replace(/^(my|our)\s+/, ''))) return undefined;
  if (/^(my|our|his|her|their|your)\s/i.test(phrase)) return undefined;
  if (entityNames.some((n) => n.toLowerCase() === phrase.toLowerCase())) return undefined;
  if (/\b(so much|a lot|a bit|a little)\b/i.test(s) && strength < 1) strength += /a bit|a little/i.test(s) ? -0.2 : 0.1;
  strength = Math.round(Math.min(1, Math.max(0.1, strength)) * 100) / 100;
  return { topic: phrase, strength, by };
}

/** Someone coming to see the speaker: "my sister is coming over on Saturday", "my parents are staying with us". */
const VISIT =
  /\b(?:coming|come|comes|came)\s+(?:over|round|around|to visit|to stay|to see (?:me|us)|for (?:dinner|lunch|the weekend|a visit))\b|\b(?:visiting|staying with)\s+(?:me|us)\b/i;

/** "Mum's coming up the weekend after next": someone travelling to see the person (a birthday "coming up" is no visit). */
const COMING_UP = /\b(?:coming|come|comes|came)\s+(?:up|down)\b(?!\s+(?:with|on|in)\b)/i;

/** "I'm more of a cat person", "a huge Taylor Swift fan", "not a morning person". */
const STATED_KIND_OF_PERSON = new RegExp(
  String.raw`(?:'m|'s|'re|\bam|\bis|\bare|\bwas|\bwere)\s+(not\s+)?(?:more of\s+|kind of\s+|such\s+|really\s+|definitely\s+|totally\s+)?(?:a|an)\s+(?:(?:huge|big|massive|total|real)\s+)?((?:[\p{L}'-]+\s+){1,3}?(?:${KIND_OF_PERSON}))\b`,
  'iu',
);

/** "I'm not a fan of horror films": what one is no fan of, not the fan. */
const NOT_A_FAN =
  /(?:\bnot|n't)\s+(?:really\s+|much\s+of\s+)?(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of\s+(?:the\s+)?([\p{L}'’-]+(?:\s+(?!(?:and|but|because|as|so|tbh|either|at|to|they|it)\b)[\p{L}'’-]+){0,3})/iu;
const FAN_OF = /\b(?:fan|lover)\s+of\s+(?:the\s+)?(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,3})/u;

const NAMED_ROLE =
  /^\s*([\p{L}'’ -]+?)(?:\s+(?:is|was)|['’]s)\s+(?:my|our)\s+([\p{L}-]+(?:\s[\p{L}-]+)?)(?=\s*(?:[,.!?;]|$)|\s+(?:and|who|at|from|in|since|for)\b)/iu;

const ROLE_IS_NAMED =
  /^\s*(?:[Mm]y|[Oo]ur)\s+([\p{L}-]+(?:\s[\p{L}-]+)?)\s+is\s+([\p{Lu}][\p{L}'’-]*(?:\s[\p{Lu}][\p{L}'’-]*)?)(?=\s*(?:[,.!?;]|$)|\s+(?:and|but)\b)/u;

/**
 * "insomnia since my divorce", "since my dad died": an event that says when something began or happened is not what is
 * said of it ("It's been 3 years since my dad passed" still is).
 */
const EVENT_AS_TIME =
  /(?<!\b(?:years?|months?|weeks?|days?|ages|long|while)\s+)\b(?:since|after|before|during|when)\s+(?:my|our|his|her|their|the)\s+[\p{L}-]+(?:\s+(?:died|passed away|passed|left|retired|was born|were born|moved out|moved in))?/giu;

const LIFE_EVENT_TOPICS: Array<[RegExp, string]> = [
  [/\b(engaged|engagement|proposed)\b/i, 'engagement'],
  [new RegExp(String.raw`\b(married|remarried|${WEDDING})\b`, 'i'), 'marriage'],
  [/\b(divorc\w*)\b/i, 'divorce'],
  [new RegExp(String.raw`\b(broke up|breakup|break up|split up|splitting up|${NOT_TOGETHER})\b`, 'i'), 'breakup'],
  [/\bexpecting\s+(?:a|our|my|their)?\s*(?:[\w-]+\s+)?grand(?:child|baby)\b/i, 'grandchild on the way'],
  // Becoming a grandparent, not a parent.
  [new RegExp(String.raw`\b${BECAME_A_PARENT.replace('(?:grand)?', 'grand')}`, 'i'), 'grandchild born'],
  [new RegExp(String.raw`\b(pregnan\w*|${EXPECTING_A_CHILD}|${DUE_A_BABY})`, 'i'), 'pregnancy'],
  [/\bhad twins\b/i, 'twins'],
  [/\bhad triplets\b/i, 'triplets'],
  [new RegExp(String.raw`\b(gave birth|${BABY_HAD}|${SOMEONES_BIRTH}|new baby|${BECAME_A_PARENT})\b`, 'i'), 'birth of a baby'],
  [/\b(promoted|promotion)\b/i, 'promotion'],
  [/\b(laid off|fired|(?:lost|(?<=\b(?:since|after)\s)losing) (?:my|his|her|their) job|made redundant|redundancy)\b/i, 'job loss'],
  [new RegExp(String.raw`\b${HOME_BOUGHT}`, 'i'), 'buying a home'],
  [new RegExp(String.raw`\b(${RETIRED}|retiring|retirement)\b`, 'i'), 'retirement'],
  [/\b(graduated|graduating|graduation)\b/i, 'graduation'],
  [new RegExp(String.raw`\b(passed away|${DIED}|funeral|${PASSED_ON}|${LOST_SOMEONE}|${PUT_DOWN})\b`, 'i'), 'death'],
  [/\b(adopted|adopting|adoption)\b/i, 'adoption'],
  [/\b(surgery)\b/i, 'surgery'],
  [/\b(accident)\b/i, 'accident'],
  [/\b(?:handed in (?:my|his|her|their) notice|resigned|quit (?:my|his|her|their) job)\b/i, 'resignation'],
  [/\b(?:job|jobs)\s+interviews?\b/i, 'job interview'],
  [/\b(new job|got the job|got a job|hired)\b(?!\s+(?:interview|offer|fair|application))/i, 'new job'],
  [new RegExp(String.raw`\b(${MOVING_HOUSE}|relocat\w*|emigrat\w*)\b`, 'i'), 'move'],
  [new RegExp(String.raw`\b${HOME_ENDING}`, 'i'), 'moving out'],
];

const singular = (w: string) => (/ies$/.test(w) ? `${w.slice(0, -3)}y` : /(ss|us)$/.test(w) ? w : /s$/.test(w) ? w.slice(0, -1) : w);
const PARTICLES = new Set(['up', 'out', 'down', 'off', 'over', 'away', 'back', 'on', 'in', 'around']);
const OBJECT_SKIP = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'his',
  'her',
  'their',
  'your',
  'some',
  'this',
  'that',
  'these',
  'those',
  'to',
  'about',
  'really',
  'so',
  'very',
  'just',
  'also',
  'all',
  'new',
  'finally',
  'still',
  'such',
  'too',
  'quite',
  'pretty',
  'kinda',
  'own',
  'super',
]);
const OBJECT_STOP =
  /^(and|but|or|because|when|while|with|since|in|on|at|for|from|of|by|is|was|are|were|be|been|has|have|had|will|would|can|could|should|i|me|we|you|he|she|they|it|him|them|us|next|last|this|yesterday|today|tomorrow|tonight|ago|every|lol|haha|if|then|than|so|as|after|before|into|who|which|that|again|too|now|soon|there|here|not|never|kinda|all|week|weekend|day|night|morning|evening|month|year|long|lately|recently|anymore|already|yet|though|either|please|e\.?g|i\.?e|etc)$/i;
const AUX =
  /^(i|i'm|im|i've|ive|i'd|i'll|we|we're|we've|we'll|am|is|are|was|were|be|been|being|have|has|had|will|would|can|could|should|might|must|do|does|did|don't|doesn't|didn't|just|really|also|finally|still|never|always|usually|already|got|get|getting|gonna|going|to|not|recently|actually|so|kinda|totally|may|feel|feeling|felt|feels)$/i;

/** The text up to its first sentence's end. */
const firstSentence = (text: string) => text.split(/(?<=[.!?])\s+(?=\S)/)[0]!;

/** Words before what a sentence is about: openers, asides and times ("So", "btw", "Last week"). */
const KEY_PHRASE_LEAD = new RegExp(
  String.raw`^(?:so|also|and|but|anyway|well|oh|wow|ok|okay|${CHAT_ASIDE}|plus|then|now|yesterday|today|tonight|tomorrow|finally|actually|honestly|lol|omg|hey|hi|ugh|sadly|luckily|unfortunately|apparently|recently|last|this|next|night|morning|week|weekend|month|year|on|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$`,
  'i',
);
/** An object that names no thing ("everything", "anyone"): keyPhrase keeps its verb with it. */
const ANYONE_OR_ANYTHING = /^(?:every|any|no|some)(?:thing|one|body)$/i;

/** The noun phrase a sentence is about, roughly: the first words after the subject and its verb. */
function keyPhrase(statement: string, skipWords: Set<string>): string {
  // From the first sentence only: words run on past its end ("It definitely isn't. My kids …" gave "definitely isn't My").
  statement = firstSentence(statement.slice(leadInLength(statement)));
  const tokens = statement
    .replace(/’/g, "'")
    .replace(EMOJI, ' ')
    .replace(/\[REDACTED:[^\]]*\]/g, ' ')
    .split(/\s+/)
    .map((t) => t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'-]+$/gu, ''))
    .filter(Boolean);
  let i = 0;
  while (i < tokens.length && KEY_PHRASE_LEAD.test(tokens[i]!)) i++;
  // What is said of the subject comes after "my …" and its name: "Work's stressful, my new manager Priya micromanages
  // everything".
  const named = tokens.findIndex((t, k) => k >= i && skipWords.has(t.toLowerCase()));
  if (named > i && named - i <= 5 && tokens.slice(Math.max(i, named - 3), named).some((t) => /^(?:my|our)$/i.test(t))) i = named;
  while (i < tokens.length && (skipWords.has(tokens[i]!.toLowerCase()) || /^(my|our|the|and|me|i|named|called)$/i.test(tokens[i]!))) i++;
  // Past the auxiliaries; a copula among them ("I'm", "feeling", "getting") means what follows is the complement.
  let copula = false;
  let feeling = false;
  // A pronoun with its verb ("it's", "they'll") is a subject and an auxiliary.
  for (; i < tokens.length && (AUX.test(tokens[i]!) || CONTRACTION.test(tokens[i]!)); i++) {
    if (/^(i'm|im|am|is|are|was|were|been|feel|feeling|felt|feels|getting|get|got)$|['’](?:s|m|re)$/i.test(tokens[i]!)) copula = true;
    if (/^(feel|feeling|felt|feels)$/i.test(tokens[i]!)) feeling = true;
  }
  let verb = '';
  const verbAt = i;
  if (!copula && i < tokens.length) {
    verb = tokens[i++]!;
    if (i < tokens.length && PARTICLES.has(tokens[i]!.toLowerCase()) && (i + 1 >= tokens.length || OBJECT_STOP.test(tokens[i + 1]!)))
      verb += ` ${tokens[i]!}`;
  }
  // After a verb, particles belong to it ("knocked over the vase"); after a copula they are the complement ("feeling down").
  while (
    i < tokens.length &&
    (OBJECT_SKIP.has(tokens[i]!.toLowerCase()) || (!copula && PARTICLES.has(tokens[i]!.toLowerCase()) && !/^(on|in)$/i.test(tokens[i]!)))
  )
    i++;
  const words: string[] = [];
  for (; i < tokens.length && words.length < 3; i++) {
    const t = tokens[i]!;
    if (OBJECT_STOP.test(t) || CONTRACTION.test(t) || skipWords.has(t.toLowerCase())) break;
    words.push(t);
  }
  while (words.length > 1 && PARTICLES.has(words[words.length - 1]!.toLowerCase())) words.pop(); // "knocked my coffee over"
  // Nothing after the verb ("my car broke down"): the verb is what happened.
  if (!words.length && verb && !AUX.test(verb)) return verb.toLowerCase();
  // "micromanages everything", "shouts at everyone": an object that names no thing goes with its verb.
  if (verb && words.length === 1 && ANYONE_OR_ANYTHING.test(words[0]!)) return tokens.slice(verbAt, i).join(' ').toLowerCase();
  if (feeling && words.length) return `feeling ${words.join(' ')}`;
  return words.join(' ');
}

export function clip(topic: string): string {
  const t = topic.replace(/\s+/g, ' ').trim();
  if (t.length <= 60) return t;
  return `${t.slice(0, 59).replace(/\s+\S*$/, '')}…`;
}

/** A question whose answer is a time, a day, a length, an amount or an age: "What time …", "How often …", "your budget". */
const VALUE_QUESTION =
  /^\s*(?:what time|when(?:'s| is| are| do| does| did| will)?\b|which (?:day|days|night|nights|date|week|month|time)\b|what (?:day|date|days)\b|how (?:often|long|much|many|old|far|soon)\b|what(?:'s| is) (?:your|the) (?:budget|price|cost|date|time)\b)/i;
/** "How much juice did you get?", "How many kids are coming?": what is counted. */
const HOW_MUCH_OF = /^\s*how (?:much|many)\s+([\p{L}-]+)(?=\s+(?:do|does|did|have|has|had|will|would|are|is|was|were|can|could)\b)/iu;
const CHALLENGE = new RegExp(String.raw`\b${CHALLENGES}\b`, 'i');
const BIRTHDAY = new RegExp(AGE_REACHED, 'i');
const DIET = new RegExp(String.raw`\b${NOT_COUNTED}(${DIETS}|lactose intolerant)\b`, 'i');
/** What comes before the food left out: "anything with gluten", "any dairy". */
const ANYTHING_WITH = String.raw`(?:anything\s+(?:with|containing)\s+(?:any\s+)?|anything\s+|any\s+)?`;
const NEVER_EATS = new RegExp(
  String.raw`\b(?:don't|do not|doesn't|can't|cannot|never|won't|no longer)\s+(eats?|drinks?)\s+${ANYTHING_WITH}((?!${NOT_FOOD}\b)[\p{L}-]+(?:\s(?!${NOT_FOOD}\b)[\p{L}-]+)?)`,
  'iu',
);
/** "I don't drink", "I don't drink and I don't smoke": drinking with nothing after it is alcohol. */
const NEVER_DRINKS = new RegExp(String.raw`\b(?:don't|do not|doesn't|never|no longer)\s+drinks?\b(?!\s+(?!${NOT_FOOD}\b)\p{L})`, 'iu');
/** "can't have garlic", "can't do dairy": what one cannot have (group 2). */
const CANNOT_HAVE = new RegExp(String.raw`\b(?:can't|cannot|can not)\s+(have\s+${ANYTHING_WITH}|do\s+(?=${FOODS_LEFT_OUT}\b))([\p{L}-]+)`, 'iu');
/** "I'm severely dyslexic, please keep the answer short": what is asked of the listener after a statement names no topic of it. */
const PLEASE_AFTER = /(?:\s*,\s*|\s+)(?:(?:so|and)\s+)?please\s+\p{Ll}.*$/su;
/** Only after a statement of its own ("Just please don't die" is all request). */
const withoutRequestAfter = (s: string) => {
  const at = s.search(PLEASE_AFTER);
  return at > 0 && STATES_OWN.test(s.slice(0, at)) ? s.slice(0, at) : s;
};
/** "I'm severely claustrophobic, …": one word of what the speaker is (not doing), perhaps with how much, before a comma. */
const OWN_STATE =
  /^\s*i(?:'m|’m| am)\s+((?:(?:very|really|severely|quite|extremely|mildly|slightly|totally|completely|profoundly|partially)\s+)?(?![\p{L}-]+ing\b)[\p{L}-]+)\s*[,;]/iu;
const LASTING_STATE: FactCategory[] = ['health', 'constraint', 'identity'];
const JOINT_OPENING = new RegExp(String.raw`^\s*(?:${JOINT_SUBJECT.source})`, 'u');
const GOOD_OR_BAD_AT =
  /^\s*i(?:'m|’m| am)\s+(?:(?:really|so|pretty|quite|very|absolutely|totally|a bit)\s+)?(?:rubbish|hopeless|terrible|awful|useless|bad|crap|good|great|brilliant|decent)\s+at\s+([\p{L}' -]+?)(?=\s*(?:[,.;!?]|$)|\s+(?:and|but|so)\b)/iu;
/** "I worry too much", "(he thinks) I work too much": what one does to excess, with no thing after it to name. */
const DOES_TOO_MUCH =
  /\b(?:i|we)\s+(?:(?:probably|definitely|really|just|still|always)\s+)?(?!(?:am|was|were|have|had|do|did|can|could)\b)([a-z]+)\s+((?:way\s+)?too\s+(?:much|little|often))(?=\s*(?:[,.;!?]|$)|\s+(?:and|but|so|because|these days|at the moment|lately)\b)/i;
const SIGNED_OFF_WITH = /\bsigned\s+off\s+(?:work\s+|sick\s+)?with\s+(?:(?:bad|severe|work|my)\s+)?([\p{L}-]+)/iu;
const AGE_SAID =
  /\b(?:is|are|['’]s|['’]re)\s+(?:now\s+|only\s+|nearly\s+|almost\s+)?\d{1,2}(?:\s*,\s*\d{1,2})*(?:,?\s+and\s+\d{1,2})?(?:\s+(?:years?|months?)\s+old)?(?:\s+now)?(?=\s*(?:[.!?;]|$))/i;
/** "I've got a bad back": the part, named with what is wrong with it ("back" alone says nothing). */
const BAD_PART = /\b(?:a|my|his|her|their)\s+bad\s+(knees?|back|hips?|shoulder|ankles?|wrist|neck|heart)\b/i;
/** "I work from home three days a week": where one works, not a home. */
const WORKS_FROM_HOME = /\b(?:work|works|working|worked)\s+(?:from|at)\s+home\b|\bwfh\b/i;
const ASKS_OF_LISTENER = /^\s*I want you (?:not |never )?to (?:always |only |just )?([\p{L}'’ -]+)/iu;
const LEADING_ASIDE = new RegExp(String.raw`^\s*${CHAT_ASIDE}\b[,:!.]*\s*`, 'i');

export function topicOf(
  saidAsIs: string,
  subject: Ent | undefined,
  specs: Accepted[],
  ents: Map<string, Ent>,
  interest: FactCandidate['interest'],
  categories: FactCategory[],
  /** The other party's question a short answer keeps: read with the answer, but the answer names the topic first. */
  asked?: string,
): string {
  const label = subject && subject.kind !== 'self' && subject.key !== 'other_speaker' ? subject.name : '';
  // Without a closing "lol" or "fyi" ("allergic to penicillin fyi" is a penicillin allergy), or an opening "fwiw".
  const cleaned = withoutRequestAfter(saidAsIs).replace(TRAILING_FILLERS, '').replace(FILLER_BEFORE_COMMA, '').replace(LEADING_ASIDE, '');
  // What one was told of oneself or given is the topic, not who told or gave it ("My doctor said I need to lose weight",
  // "my GP put me on metformin").
  // "I have a dog that barks at everything" is named by what the dog does.
  const said = label ? cleaned.replace(HAS_SOMEONE_WHO, '') : cleaned.replace(TOLD_OF_SPEAKER, '').replace(CARE_OF_SPEAKER, '');
  const s = (asked ? `${asked} ${said}` : said).replace(/’/g, "'");
  const withLabel = (phrase: string) =>
    clip(label && phrase && !phrase.toLowerCase().includes(label.toLowerCase()) ? `${label} — ${phrase}` : phrase || label);
  if (interest) return withLabel(interest.topic);
  // A name said after the first sentence ("… getting married. His fiancée is called Chloe.") is not what it is about.
  const opener = firstSentence(said).replace(/’/g, "'");
  if (/\b(?:go|goes) by \p{Lu}/u.test(opener) || /\b(?:is|are|was|'s)\s+(?:called|named)\s+(?:The\s+)?\p{Lu}/u.test(opener)) return withLabel('name');
  // "allergic to both shellfish and tree nuts": every allergen named, not a clause that follows ("… and I have a cat").
  const allergy =
    s.match(
      /\ballergic to (?:both\s+|all\s+|either\s+)?([\p{L}\s-]+?(?:\s+(?:and|or)\s+(?!(?:i|my|we|he|she|they|it|so|but)\b)[\p{L}-]+(?:\s(?!(?:and|but|so|which|since|though|tho|too|anyway|now)\b)[\p{L}-]+)?)?)(?=[,.;!?]|\s(?:and|but|so|which|since|though|tho|too|anyway|now|after all|sadly|unfortunately|apparently|actually|really|badly|severely|seriously|lol|haha|btw|tbh)\b|$)/iu,
    ) ?? s.match(/\b([\p{L}-]+) allergy\b/iu);
  if (allergy) return withLabel(`${allergy[1]!.trim().split(/\s+/).map(singular).join(' ').toLowerCase()} allergy`);
  const diabetes = s.match(/\btype ([12]) diabet(?:es|ic)\b/i);
  if (diabetes) return withLabel(`type ${diabetes[1]} diabetes`);
  const diagnosis = s.match(
    /\bdiagnosed with ([\p{L}\s'-]+?)(?=[,.;!?]|\s(?:and|but|in|on|at|last|this|yesterday|today|after|since|a|two|three|\d)\b|$)/iu,
  );
  if (diagnosis) return withLabel(`${diagnosis[1]!.trim().toLowerCase()} diagnosis`);
  if (/\bburn(?:ed|t)[- ]out\b|\bburnout\b/i.test(s)) return withLabel('burnout');
  const injury = s.match(INJURED);
  if (injury) return withLabel(`${injury[1]!.toLowerCase()} injury`);
  const weakPart = s.match(BAD_PART);
  if (weakPart) return withLabel(`bad ${weakPart[1]!.toLowerCase()}`);
  const diet = withoutEndedRestrictions(s).match(DIET);
  if (diet) return withLabel(`${diet[1]!.toLowerCase()} diet`);
  const noEat = s.match(NEVER_EATS) ?? s.match(GAVE_UP_FOOD) ?? s.match(CANNOT_HAVE);
  if (noEat)
    return withLabel(
      `no ${noEat[2]!.toLowerCase().replace(/\s+(?:anymore|at|any|in|since|because|for|when|after|before|until|so|and|but|or|now|either)$/, '')}`,
    );
  if (GAVE_UP_DRINKING.test(s) || NEVER_DRINKS.test(s) || OFF_DRINKING.test(s)) return withLabel('no alcohol');
  const challenge = s.match(CHALLENGE);
  if (challenge) return withLabel(challenge[0]);
  // "a big fan of the Beatles": what one is a fan of.
  const fanOf = s.match(FAN_OF) ?? s.match(NOT_A_FAN);
  if (fanOf) return withLabel(fanOf[1]!);
  // "I'm more of a cat person", "a huge Taylor Swift fan": the kind of person they are is the topic (after
  // an allergy, a diagnosis or a diet, which matter more).
  const kind = s.match(STATED_KIND_OF_PERSON);
  if (kind) return withLabel(`${kind[1] ? 'not a ' : ''}${kind[2]!}`);
  // "Please stop suggesting …" asks the same as "Don't suggest …".
  const contact =
    s.match(
      /\b(?:never|don't|do not|please don't|please never)\s+(?:ever\s+)?(call|text|message|email|contact|wake|mention|bring up|talk about|ask about|ask|recommend|suggest)\b(?:\s+me\b)?\s*(.*)$/i,
    ) ??
    s.match(
      /\bstop\s+(calling|texting|messaging|emailing|contacting|waking|mentioning|bringing up|talking about|asking about|asking|recommending|suggesting)\b(?:\s+me\b)?\s*(.*)$/i,
    );
  if (contact) {
    // What is not to be done, up to the reason given for it ("…, my knees are bad", "… because it scares me").
    const rest = contact[2]!
      .split(/[,;:.!?]|\s[-—–]\s|\b(?:because|since|cause|as|when|unless|until|so)\b/i)[0]!
      .replace(/\s*\bplease\b\s*/gi, ' ')
      .trim()
      .replace(/\b(my|our|the)\s+/gi, '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 3)
      .join(' ');
    // "Don't suggest anything with mushrooms": what is not to be suggested is what it has.
    const having = /^(?:recommend|suggest)/i.test(contact[1]!) ? rest.match(HAVING) : null;
    if (having) return clip(`no ${having[1]}`);
    return clip(
      `no ${gerund(contact[1]!.toLowerCase().split(' ')[0]!)}${contact[1]!.includes(' ') ? ` ${contact[1]!.split(' ')[1]}` : ''}${rest ? ` ${rest}` : ''}`,
    );
  }
  // What the speaker says of themself (a fact about someone else carries their name as its label).
  const self = !label;
  const job = self ? statedJob(s) : null;
  if (job) return clip(job);
  if (self && STATED_HEIGHT.test(s)) return 'height';
  // "I'm 34 and pregnant": the event said with one's age is the topic.
  const event = categories.includes('life_event') ? LIFE_EVENT_TOPICS.find(([re]) => re.test(s.replace(EVENT_AS_TIME, ' '))) : undefined;
  if (self && STATED_AGE.test(s) && !event) return 'age';
  if (self && STATED_WEIGHT.test(s)) return 'weight';
  // "My son is 5", "Our kids are 8, 11 and 14", "The dog is 9 now": someone's age said alone.
  if ((subject?.kind === 'person' || subject?.kind === 'pet') && AGE_SAID.test(s)) return withLabel('age');
  const byTag = (tag: Tag) => specs.find((x) => x.tag === tag);
  const nameOf = (x: Accepted | undefined) => (x ? (ents.get(x.key)?.name ?? x.name ?? '') : '');
  if (self && byTag('employer')) return clip(`job at ${nameOf(byTag('employer'))}`);
  if (self && byTag('school')) return clip(`studies at ${nameOf(byTag('school'))}`);
  const home = byTag('home');
  if (self && home) return clip(`${home.notHeld ? 'lived' : 'lives'} in ${nameOf(home)}`);
  if (self && byTag('move')) return clip(`move to ${nameOf(byTag('move'))}`);
  if (self && byTag('hometown')) return clip(`from ${nameOf(byTag('hometown'))}`);
  // "visit Sam" is no trip to a place when Sam is someone.
  const travel = byTag('travel');
  if (self && travel && ents.get(travel.key)?.kind !== 'person') return clip(`trip to ${nameOf(travel)}`);
  // The speaker's own birth is no event of now but who they are: a birthday or a birthplace.
  if (/\bi was born (?:on\b|in (?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/i.test(s)) return 'birthday';
  if (/\bi was born (?:and raised )?(?:in|at)\b/i.test(s)) return 'birthplace';
  // "I'm turning 40 next week", "Grandad turns 90 in June": an age reached is a birthday.
  if (BIRTHDAY.test(s)) return withLabel('birthday');
  // "I'm his best man" at a brother's wedding: one's part comes before the wedding, which is not one's own.
  const part = s.match(CEREMONY_PART);
  if (part && !OWN_WEDDING.test(s)) return withLabel(part[1]!.toLowerCase());
  if (event) {
    const pet = specs.map((x) => ents.get(x.key)).find((e) => e?.kind === 'pet');
    if (event[1] === 'adoption' && pet) return clip(`adopted ${pet.named ? `pet ${pet.name}` : pet.name}`);
    return withLabel(event[1]);
  }
  if (FEELS_LOW.test(s)) return withLabel('low mood');
  // "I've been signed off work with stress": what one is off with, not the work one is off.
  const offWith = s.match(SIGNED_OFF_WITH);
  if (offWith) return withLabel(`signed off with ${offWith[1]!.toLowerCase()}`);
  if (!label && EARNS.test(s)) return 'income';
  if (WORKS_FROM_HOME.test(s)) return withLabel('working from home');
  // "Tom is my coworker": who they are to the person.
  const role = s.match(NAMED_ROLE);
  if (subject?.relation && role && role[1]!.toLowerCase() === subject.name.toLowerCase() && ROLE_INFO.has(role[2]!.toLowerCase().trim()))
    return withLabel(role[2]!.trim().toLowerCase());
  // "My sister is Priya": the same said the other way round.
  const named = s.match(ROLE_IS_NAMED);
  if (subject?.relation && named && named[2]!.toLowerCase() === subject.name.toLowerCase() && ROLE_INFO.has(named[1]!.toLowerCase()))
    return withLabel(named[1]!.toLowerCase());
  const pet = specs.map((x) => ents.get(x.key)).find((e) => e?.kind === 'pet' && e.named);
  if (self && pet) return clip(`pet ${pet.name}`);
  if (VISIT.test(s) || (subject?.kind === 'person' && COMING_UP.test(s))) return withLabel('visit');
  // "I'm best man", "she asked me to be her bridesmaid": the part one has at a wedding or a christening.
  if (part) return withLabel(part[1]!.toLowerCase());
  const skip = new Set<string>();
  if (subject)
    for (const w of [subject.name, ...subject.aliases].flatMap((n) => n.toLowerCase().split(/\s+/))) skip.add(w.replace(/[^\p{L}\p{N}'-]+$/u, ''));
  // An answer that goes on past its first sentence names what was asked for in that sentence.
  const answerFirst = asked ? nounTopic(firstSentence(said), skip) : '';
  // "What time do you finish work?" "Half five": an answer that is a time, a day or an amount is about what was asked.
  const valueAsked = asked && VALUE_QUESTION.test(asked) ? (asked.match(HOW_MUCH_OF)?.[1] ?? nounTopic(asked, skip)) : '';
  // "I'm rubbish at cooking", "I'm hopeless at remembering birthdays": what one is good or bad at.
  const skill = self ? said.match(GOOD_OR_BAD_AT) : null;
  if (skill) return clip(skill[1]!.trim().toLowerCase());
  const tooMuch = said.match(DOES_TOO_MUCH);
  if (tooMuch) return withLabel(`${gerund(tooMuch[1]!.toLowerCase())} ${tooMuch[2]!.toLowerCase()}`);
  // "I'm severely claustrophobic, MRI scans are a nightmare": a lasting state of one's own said first names the statement.
  const state = self ? said.match(OWN_STATE) : null;
  if (state && LASTING_STATE.some((c) => CATEGORY_PATTERNS[c].test(state[0]))) return clip(state[1]!);
  // "I want you to keep it short": what is asked of the listener, when it names no thing, is in its words.
  const asks = (s.match(ASKS_OF_LISTENER)?.[1] ?? '')
    .replace(/(?:\s+(?:with|to|for))?\s+(?:me|us)\b.*$/i, '')
    .trim()
    .split(/\s+/)
    .slice(0, 4)
    .join(' ')
    .toLowerCase();
  // What one does with someone names it before whom, when it names a thing ("My wife and I are celebrating our 25th
  // anniversary"; "Grace and I laughed till we cried" stays Grace).
  const ownDoing = !label && JOINT_OPENING.test(said) ? nounTopic(said.replace(JOINT_OPENING, 'We'), skip) : '';
  const phrase =
    valueAsked || answerFirst || ownDoing || nounTopic(said, skip) || (asked ? nounTopic(asked, skip) : '') || asks || keyPhrase(s, skip);
  if (phrase) return withLabel(phrase);
  const firstWords = contentWords(s).slice(0, 4).join(' ');
  return withLabel(firstWords || s.slice(0, 40));
}

/** "I'm not pregnant", "we're not getting married", "I wasn't promoted": an event said not to have happened is none. */
const NOT_HAPPENED =
  /\b(?:not|n't|never|no longer)\s+(?:\w+\s+)?(?:pregnant|married|engaged|divorced|promoted|fired|hired|laid off|diagnosed|retired|retiring|moving)\b/i;
const CATEGORY_ORDER: FactCategory[] = ['identity', 'life_event', 'constraint', 'health', 'relationship', 'preference', 'plan', 'routine', 'opinion'];

/** The lexicon's categories of a statement, plus what its subject, its places and its interest imply, in a fixed order. */
export function factCategories(
  statement: string,
  subject: Ent | undefined,
  selfSubject: boolean,
  accepted: Accepted[],
  interest: FactCandidate['interest'],
  /** It happens after it was said: something ahead ("I'm flying to Berlin on the 14th"). */
  ahead = false,
  /** It is told in the past. */
  past = false,
): FactCategory[] {
  const categories = new Set<FactCategory>(categoriesOf(statement));
  // "We went hiking this weekend": a time word that is often ahead is no plan in a sentence told in the past.
  if (past && !ahead && !CATEGORY_PATTERNS.plan.test(statement.replace(PLAN_TIME, ''))) categories.delete('plan');
  if (ahead) categories.add('plan');
  if (NOT_HAPPENED.test(statement)) categories.delete('life_event');
  // Where one works, studies, lives or grew up; not a place one left, may move to, or applies to.
  if (selfSubject && accepted.some((a) => ['employer', 'school', 'home', 'hometown'].includes(a.tag) && !a.notHeld)) categories.add('identity');
  if (subject?.relation && PERSONAL_RELATIONS.has(subject.relation)) categories.add('relationship');
  if (subject?.relation === 'doctor' || subject?.relation === 'therapist') categories.add('health');
  if (interest) categories.add('preference');
  return CATEGORY_ORDER.filter((c) => categories.has(c));
}
