// The five linguistic signals of spec 2.6, the base score built from them, and the category lexicon they share
// with the analysis. Pure and deterministic: same text and inputs, same numbers.
import { createRequire } from 'node:module';
import { allMatches, escapeRegex } from '../../text/matches.js';
import { ANY_WEEKDAY, PLURAL_PART_OF_DAY, WEEKDAY, WEEKDAY_SPAN } from './dates.js';
import {
  CLOSE_ONE_ALT,
  DIETS,
  FAITHS,
  FOODS_LEFT_OUT,
  FOOD_NAMES,
  FAVOURITE,
  HOBBY_WORDS,
  JOB_MODIFIERS,
  JOB_WORDS,
  lexTags,
  MONTH_WITHOUT,
  NOT_COUNTED,
  NOT_STAFF,
  ROLE_ALT,
  ROLE_INFO,
  SERVICES,
  SLEPT_BADLY,
  SPECIALISTS,
  WILL,
  WORD_END,
} from './lexicon.js';
import { withoutEndedRestrictions } from './ended.js';
import { SHARED_MEDIA_SENTENCE } from './media.js';
import { DEFAULT_INJECTION_THRESHOLD } from '../../salience/salience.js';
import { analysisWords } from '../../text/words.js';
import { FILLER_WORDS, STOP_WORDS } from '../../text/stopWords.js';
import type { FactCategory, Scoring } from './types.js';

export type EventType = 'message' | 'feedback' | 'system';

export interface SignalInput {
  categories: FactCategory[];
  /** Gravity (0..1) of the fact's subject and mentioned entities. */
  entityGravities: number[];
  /** Earlier memories of the same subject in the person's history (s2). */
  priorMentions: number;
  eventType?: EventType;
  /** Names and aliases of the fact's entities; their words count towards prevalence (s5). */
  entityNames?: string[];
  /** The speaker is the subject without a word for them ("Just got back from …"): the dropped "I" counts as said (s5). */
  speakerUnsaid?: boolean;
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
const round = (x: number) => Math.round(x * 1e4) / 1e4;

// --- small talk ---

const GREETING_PATTERN =
  /^(how('s| is| are| r) (it going|your day|things|everything|life)|what'?s (up|new|good)|good (morning|night|evening|afternoon)|nice to (meet|see) you|long time no see)\b/i;
/** "How are you?", "How ya doin'?", "How have you been lately?"; not "How are you coping with the move?". */
const HOW_ARE_YOU =
  /^how(?:'s|'re|'ve| is| are| r| have)? (?:you|u|ya)(?: (?:doing|doin'?|been|holding up|feeling|keeping|getting on))?(?: (?:today|lately|these days|tonight))?[\s?!.,]*$/i;

/**
 * What one says to an assistant about the exchange itself: "I'll keep that in mind", "That's exactly what I needed",
 * "I love that idea!", "I'm all ears", "I'm back!". Nothing of the person's life.
 */
const ABOUT_THE_EXCHANGE = new RegExp(
  String.raw`^(?:(?:ok|okay|great|perfect|awesome|cool|thanks|thank you|nice|good|brilliant|wow|oh|hmm|yes|yeah|great suggestion|good idea|great idea)[,!.]*\s+)*` +
    String.raw`(?:i(?:'ll| will) (?:(?:definitely|probably) )?(?:keep (?:that|this|it|those) in mind|give (?:it|that|this) a (?:go|try|shot)|report back|think about it)` +
    String.raw`|i(?:'m| am) (?:back|listening|all ears|curious (?:what|to hear what) you think|done for (?:today|now|the day|tonight))` +
    String.raw`|(?:that's|that is|this is) (?:exactly |just )?what i (?:was looking for|needed|wanted)` +
    String.raw`|(?:anyway[,!.]*\s+)?(?:i'm |let's )?moving on(?: to (?:something else|another (?:topic|question)|the next (?:question|thing|topic)))?` +
    String.raw`|i (?:couldn't|could not|can't|cannot) agree (?:more|with you more)` +
    String.raw`|i (?:absolutely |really |just |totally )?(?:love|like) (?:that|this|your) (?:idea|answer|suggestion|tip|advice|response|explanation|plan))` +
    String.raw`(?:[,\s]+(?:today|tonight|tomorrow|later|then|too|though|thanks|thank you))*[\s.!?,]*$`,
  'i',
);

/** A greeting, thanks, acknowledgement or filler with nothing else in it. */
export function isSmallTalk(text: string): boolean {
  const words = analysisWords(text.replace(/\[REDACTED:[^\]]*\]/g, ' '));
  if (words.length === 0) return true;
  if (words.every((w) => FILLER_WORDS.has(w))) return true;
  if (ABOUT_THE_EXCHANGE.test(text.replace(/’/g, "'").trim())) return true;
  // "How are you doing today?" and the like: a greeting question with nothing personal in it.
  const said = text.trim();
  return (GREETING_PATTERN.test(said) || HOW_ARE_YOU.test(said)) && words.length <= 7 && !/\b(my|i'm|i am|i've|i was)\b/i.test(text);
}

// --- categories (shared with the analysis) ---

/** The medical specialists one sees, one or several ("my cardiologist", "two surgeons"; "obgyn" has no plural). */
const SPECIALIST_WORDS = SPECIALISTS.map((w) => (w === 'obgyn' ? w : `${w}s?`)).join('|');

const WEEKDAY_PLURAL = '(mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends|weekdays)';

/** After "moved" or "moving": not a date put off or brought forward ("my appointment got moved to next Friday"). */
const NOT_RESCHEDULED = String.raw`(?!\s+(?:it\s+|them\s+)?(?:to|up|back|forward)\s+(?:next|this|tomorrow|today|tonight|later|earlier|the\s+\d|\d|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))`;
/** After "moved" or "moving": not a new way of working ("moving to a 4 day week", "moved to part-time", "moving to hybrid"). */
const NOT_A_NEW_WAY = String.raw`(?!\s+(?:over\s+)?(?:to|onto)\s+(?:a\s+|an\s+)?(?:\d|four|three|part[- ]time|full[- ]time|hybrid|remote|nights|days|shifts|flexi|compressed)\b)`;
/**
 * After "moved" or "moving": not a thing of one's moved elsewhere or put off ("moving my pension to Vanguard", "moved my
 * appointment", "moved the deadline forward", "moving the sofa", "my manager keeps moving deadlines").
 */
const NOT_A_THING_MOVED = String.raw`(?!\s+(?:it|them)\b|\s+(?:my|our|his|her|their|the)\s+(?:[\w-]+\s+)?(?:${SERVICES}|appointment|meeting|call|shift|booking|flight|money|funds|investments?|shares|deadlines?|dates?|exams?|interview|wedding|party|launch|release|event|car|sofa|couch|desk|bed|furniture|piano|stuff|boxes)\b|\s+(?:deadlines|goalposts|meetings|appointments|shifts|money|funds|furniture|things|stuff)\b)`;
/** A home being bought: "we've had an offer accepted on a house", "exchanged on the flat", "got the mortgage approved". */
export const HOME_BOUGHT = String.raw`(?:offer (?:was |got |has been |'s been )?accepted on (?:a|the|our|my) (?:house|flat|home|place|property|bungalow|cottage)|(?:exchanged|completed) on (?:the|a|our|my) (?:house|flat|home|place|property)|mortgage (?:was |got |has been |'s been )?(?:approved|agreed)|got (?:the|our|a) mortgage)`;
/** A home one must leave: "our landlord is selling the flat", "we have to be out by August", "we've been evicted". */
export const HOME_ENDING = String.raw`(?:landlord(?:'s| is| has)? (?:selling|sold|putting (?:it|the (?:house|flat)) up for sale)|evict(?:ed|ion|ing)|(?:have|need|got|'ve got) to (?:be out|move out)(?: of (?:the|our|my) (?:house|flat|place|home))? by|notice to (?:quit|leave)|section 21)`;
/** "hoping to move into data analysis", "moved into management": a move into a line of work is none of home. */
export const NOT_INTO_A_FIELD = String.raw`(?!\s+into\s+(?!(?:a|an|the|my|our|his|her|their|your|new|this|that|town|the\s+city)\b))`;
/** "I've been feeling really low", "felt a bit down": one's mood (not "when you're feeling down"). */
export const FEELING_LOW = String.raw`(?<!\b(?:when|whenever|if)\b[^,.;!?]{0,30})(?<=\b(?:feel(?:ing|s)?|felt)\s+(?:really\s+|so\s+|very\s+|quite\s+|pretty\s+|a\s+bit\s+|a\s+little\s+|bit\s+)?)(?:low|down)(?!\s+(?:to|on)\b)`;
/** "She's 5 years old", "a 34-year-old": someone's age (not a thing's: "our boiler is 20 years old"). */
const PERSON_YEARS_OLD = String.raw`(?<!\b(?:boiler|car|house|home|flat|laptop|phone|building|tree|bike|van|roof|kitchen|fridge|freezer|oven|sofa|bed|mattress|tv|computer|printer|shed|cottage|windows?|it|it's|its|that|this|which)\s+(?:is\s+|was\s+|'s\s+)?(?:about\s+|over\s+|nearly\s+|almost\s+|only\s+|at\s+least\s+)?\w+\s+)years? old`;
/** "I've just become a grandmother", "became a dad in March": a child or grandchild born (not "towards becoming a mom"). */
export const BECAME_A_PARENT = String.raw`(?:(?:have|has|['’]ve|['’]s)\s+(?:just\s+|finally\s+|officially\s+)?become|became) (?:a )?(?:first[- ]time |new )?(?:grand)?(?:mother|father|parent|mum|mom|dad|ma|pa|mummy|daddy)\b`;
/** "We had to have our cat put down", "had Max put to sleep": an animal's death (not "I put my foot down"). */
export const PUT_DOWN = String.raw`(?:put|have) (?:our|my|the|him|her) (?!(?:foot|feet|phone|name|names|deposit|roots|money|bags?|drink|pen|hand|hands)\b)(?:\w+ ){0,3}?(?:put )?down(?= yesterday| today| last| this|[.!,]|$)|put (?:him|her|them) to sleep|(?:had|have|having) (?:our|my|the)?\s?\w+ put to sleep`;
/** "a wedding photographer", "wedding season": those who work at weddings, not one's own or a friend's. */
const NOT_WEDDING_TRADE = String.raw`(?!\s+(?:photographers?|photography|planners?|planning\s+business|singers?|bands?|djs?|florists?|videographers?|industry|business|season|venues?\s+(?:manager|coordinator)))`;
/**
 * A wedding as an event in someone's life: not one worked at ("a wedding photographer"), nor one to go to ("a family
 * wedding in Kerala", "a friend's wedding"), unless having or planning it ("we're having a small wedding").
 */
export const WEDDING = String.raw`(?<!\b(?<!\b(?:having|have|has|had|plan|planning|planned|want|wants|wanted)\s+)(?:a|another)\s+(?:[\w'’-]+\s+)?)wedding${NOT_WEDDING_TRADE}`;
/** "I've moved into the spare room", "moved to the sofa": a move within one's home is no move of home. */
const NOT_A_ROOM = String.raw`(?!\s+(?:in)?to\s+(?:the|my|our|a|his|her|their)\s+(?:[\w'-]+\s+)?(?:room|bedroom|sofa|couch|loft|attic|basement|cellar|box\s?room)\b)`;
/** Moving house, for the life-event category and its topic ("moving on" and "moving every two weeks" are none). */
export const MOVING_HOUSE = String.raw`(?:moved|moving)(?!\s+on\b|\s+(?:every|each|around|about|a lot|all the time|regularly|constantly)\b)${NOT_RESCHEDULED}${NOT_A_NEW_WAY}${NOT_A_THING_MOVED}${NOT_INTO_A_FIELD}${NOT_A_ROOM}`;
/**
 * A baby on the way or hoped for: "expecting our first baby", "expecting twins", "expecting our second in October",
 * "we're having a baby" (not a baby shower), "trying for a baby", "started IVF", "20 weeks along".
 */
export const EXPECTING_A_CHILD = String.raw`(?:\w+ weeks along\b|trying for (?:a|another|our) (?:first |second )?baby|trying to conceive|(?:started|starting|doing|round of|cycle of) ivf|(?:expecting|having) (?:a|our|my|their)? ?(?:first |second |third |\w+ )?(?:baby|child|twins|triplets|grandchild|grandbaby)(?![\w-]|\s+(?:shower|monitor|seat|brain|steps|sitter|sitting|groups?|class(?:es)?))|expecting (?:our|my|their) (?:first|second|third|fourth|fifth)(?=\s+(?:in|on|this|next|any|due)\b|\s*[,.!]|\s*$))`;
/**
 * "My sister's due in August", "I'm due any day now", "another baby due in March", "baby number two is due in May", "my
 * wife is due to give birth any day": a baby on the way (not "due a pay rise", "due back").
 */
export const DUE_A_BABY = String.raw`(?:i'?m|i am|she'?s|she is|(?:my|our)\s+(?:${ROLE_ALT})(?:'s|\s+is)|\bbaby(?:\s+number\s+\w+)?(?:\s+is|'s)?)\s+due\s+(?:in|on|at the end of|any day|next|this|around|early|late|mid|the|to give birth)\b`;
/** "My nan passed over the weekend": passed on, not passing something ("passed my driving test", "passed the interviews"). */
export const PASSED_ON = String.raw`passed(?! (?:the|a|an|my|his|her|their|it|me|by|on|out|all|every|each|both)\b)`;
/** Someone died, not a thing that stopped working ("the boiler died", "my phone died"). */
export const DIED = String.raw`(?<!\b(?:boiler|phone|car|battery|laptop|tv|fridge|freezer|engine|computer|printer|kettle|router|van|plants?)\s)died`;
/** "We lost our dog Bella last week", "I lost my mum in 2019": a death, not someone lost in a park or a thing of theirs. */
export const LOST_SOMEONE = String.raw`lost (?:my|our|his|her|their) (?:\w+ )?(?:${CLOSE_ONE_ALT}|pet)\b(?!['’]s|\s+(?:in|at)\s+(?:the|a)\s)`;
/** "since I was a kid", "when we were children", "as a kid": one's own childhood, no child of anyone's. */
export const NOT_WHEN_ONE_WAS = String.raw`(?<!\b(?:was|were|as)\s+(?:a\s+|little\s+|small\s+)*)`;
/** "I'm not with Tom anymore", "we're no longer together", "I split from my husband": a breakup said without the word. */
export const NOT_TOGETHER = String.raw`(?:split|separated) from (?:my|his|her|their) (?:husband|wife|partner|boyfriend|girlfriend|fianc[ée]e?|other half)|(?:not|no longer) together|(?:not|no longer) with (?:him|her)\b|not with (?!the\b|my\b|a\b|an\b)\w+ any ?more`;
/** Retired as news, not "a retired firefighter" or "both retired teachers", which describe someone. */
export const RETIRED = String.raw`(?<!\b(?:a|an)\s)retired(?!\s+(?:\w+\s+)?(?:\w+(?:ers|ors|ists|ians)|nurses|teachers|doctors|police|couple|people|folk)\b)`;
/** Where one gets into to study: "got into the grammar school", "got into Cambridge" (not "got into trouble"). */
const PLACE_OF_STUDY = String.raw`(?:the\s+)?(?:college|university|uni|grad school|(?:grammar|secondary|medical|law|art|drama|music|nursing) school|oxford|cambridge)`;
/** A place and the subject studied there, after "got into": "Durham to study law", "Bristol to do medicine". */
export const TO_STUDY = String.raw`(?:[\w'-]+\s+){1,3}?to (?:study|read|do)\b`;
/** A place won to study a subject: "got into Durham to study law", "got a place at Bristol to do medicine". */
const STUDY_PLACE_WON = String.raw`got (?:into|a place at|an offer from|accepted (?:at|to|into)) ${TO_STUDY}`;
/** Someone's birth, not the speaker's own ("I was born in Leeds" is who they are, not news). */
export const SOMEONES_BIRTH = String.raw`(?<!\bi )was born|,\s+born\s+(?:on|at|yesterday|last|this|early|late|just)\b`;
/** "We've just had our second baby", "had a little girl", "had twins"; not "had a baby shower". */
export const BABY_HAD = String.raw`had (?:(?:a|our|her|his|their) (?:(?:first|second|third|fourth|fifth|new|little|baby|beautiful|gorgeous)\s+){0,2}(?:baby|boy|girl)(?!\s+(?:shower|monitor|scan|gate|seat|sitter|bath|food|moment|brain|clothes)\b)|twins|triplets)`;

/** An injury to a part of the body ("I hurt my back", "a broken ankle"), for the health category and its topic; group 1 is the part. */
export const INJURY = String.raw`(?:(?:broke|broken|hurt|injured|pulled|strained|twisted|tweaked|sprained|tore|torn|dislocated) (?:my|his|her|their|a|an)|(?:broken|fractured|sprained|twisted|torn|dislocated)) (wrist|arm|leg|ankle|foot|hand|finger|toe|ribs?|knee|hip|back|nose|collarbone|shoulder|neck|jaw|tooth|hamstring|calf|groin|acl|meniscus|rotator cuff)`;
/** Medicines people name to an assistant by name, not as "my medication". */
const MEDICINES =
  'metformin|lisinopril|levothyroxine|atorvastatin|amlodipine|omeprazole|ibuprofen|acetaminophen|paracetamol|tylenol|advil|aspirin|melatonin|adderall|ritalin|vyvanse|xanax|zoloft|prozac|lexapro|wellbutrin|sertraline|fluoxetine|escitalopram|bupropion|gabapentin|prednisone|albuterol|epipen|ozempic|wegovy|semaglutide|warfarin|apixaban|rivaroxaban|clopidogrel|ramipril|bisoprolol|citalopram|mirtazapine|lithium|methotrexate|prednisolone|co-codamol|codeine|tramadol|naproxen|lansoprazole|salbutamol';
/** Having stopped something for good: "I quit", "I had to stop", "she gave up" (not "Stop eating my fries!"). */
/** "My knee's been playing up", "my back is killing me": a part of the body giving trouble. */
const PLAYING_UP = String.raw`(?:knee|knees|back|hip|hips|shoulder|neck|ankle|wrist|foot|feet|stomach|tummy|chest|eyes?|ears?|teeth|tooth|joints?|sinuses)(?:['’]s|\s+(?:is|are|has|have|keeps|kept))?\s+(?:been\s+|still\s+)?(?:playing up|acting up|giving me (?:grief|trouble|gyp|jip)|flaring up|killing me|hurts|hurting|aches|(?:really\s+|a bit\s+|so\s+)?(?:dodgy|sore|stiff|swollen|bad|painful|aching|achy|weak))\b`;
/** "I've been off the booze for 100 days", "staying off alcohol": not drinking, said of a while. */
export const OFF_THE_DRINK = String.raw`(?:been|gone|going|stayed|staying|stay|i'?m|i am|currently)\s+off\s+(?:the\s+)?(?:booze|drink|alcohol|sauce)\b`;
export const GAVE_UP = String.raw`(?:stopped|quit|gave up|given up|cut out|to (?:stop|quit|give up|cut out))`;
/** What one calls oneself a kind of person by: "a cat person", "a huge Arsenal fan", "a coffee snob". */
export const KIND_OF_PERSON = 'person|fan|lover|drinker|addict|buff|snob|nerd|geek|junkie|enthusiast|foodie|girl|guy|gal';
/** Temperament one states of oneself ("I'm a huge introvert", "I'm more of a night owl"): who one is, and it lasts. */
const TEMPERAMENT = String.raw`i(?:'?m| am) (?:(?:a|an|such|more|of|bit|kind|sort|huge|big|total|real|pretty|very|quite|really|super|so|definitely|naturally|generally) )*(?:introvert|extrovert|extravert|ambivert|introverted|extroverted|extraverted|night owl|early bird|early riser|homebody|perfectionist|overthinker|worrier|neat freak|creature of habit|shy|outgoing|people person|morning person|night person)\b`;

/** How long one has worked: "I've got 6 years", "I have 10 years of experience". */
const YEARS_OF_WORK = String.raw`(?:'ve| have)(?: got| had| spent)? (?:over |about |nearly |almost )?(?:\d+|a few|several|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty) years?(?:['’]? experience| of experience)?`;
/** When one works, between "work" and "as": "I work nights as a security guard", "I work part-time as a carer". */
const WORK_HOURS = String.raw`(?:(?:part|full)[- ]time |nights |days |weekends |evenings |(?:night |day |early |late |long |12[- ]hour )?shifts |from home |remotely )?`;
/** Where one works when it is a place of care: "works nights at the hospital", "I work in a care home". */
const WORKS_IN_CARE = new RegExp(
  String.raw`\b(?:work|works|working|worked) ${WORK_HOURS}(?:at|in|for) (?:an? |the |our |my |his |her |their )?(?:(?!(?:so|and|but|because|then|when|while)\b)[\w'.]+ ){0,2}(?:hospital|clinic|hospice|care home|nursing home|pharmacy|gp surgery|dental practice)\b`,
  'gi',
);
/** "I run a small bakery", "I own a salon", "I run my own cleaning business": one's own business is one's work. */
export const RUNS_A_BUSINESS = String.raw`i (?:run|own) (?:a|an|my|our) (?:own )?(?:small |little |local |family )?(?:[\w-]+ )?(?:business|bakery|shop|store|cafe|café|restaurant|company|startup|firm|studio|salon|gym|farm|bar|clinic|practice|agency)`;
/**
 * The field one works in ("I work in marketing", "I'm in sales at a SaaS company", "I've got 6 years in sales"): what
 * one does for a living.
 */
const WORK_FIELD = String.raw`i(?:'?m| am| work| worked|${YEARS_OF_WORK}) in (?:the )?(?:marketing|sales|finance|banking|accounting|tech|hr|human resources|healthcare|health care|retail|hospitality|construction|real estate|insurance|consulting|advertising|publishing|journalism|engineering|software|academia|government|politics|nonprofits?|non-profits?|logistics|manufacturing|pharma|biotech|customer service|customer support|recruiting|pr|public relations|media|film|fashion|education|law|(?:[\w-]+ )?(?:industry|sector))\b(?! (?:school|class|course)\b)`;

/** Words of a time that is often ahead: a plan, unless the sentence is told in the past ("We went hiking this weekend"). */
export const PLAN_TIME = /\b(?:tonight|this weekend|later this|soon)\b/gi;

/**
 * A rule the person keeps, said as "no" and a thing with when or where ("no coffee after 2pm", "no wine on school
 * nights", "no screens after 9"), opening a sentence or a list's item; not "no worries at all", "no chance with …".
 */
const HOUSE_RULE = String.raw`(?:^|[:;,.!?]\s*|\b(?:ok|okay|and|so|now)\s+)no\s+(?!(?:worries|problem|problems|idea|way|chance|clue|doubt|one|time|luck|pressure|rush|need|point|sense|matter|wonder|thanks|thank|biggie|harm|offence|offense|kidding|joke|excuse|longer|more)\b)[a-z-]+(?:\s+[a-z-]+)?\s+(?:after|before|during|until|till|past|on\s+(?:school|work|week)\s*nights?|at\s+(?:night|dinner|lunch|breakfast|the\s+table|bedtime))`;

/**
 * A food or drink left out of the person's diet, said as "no" and the thing, opening a sentence or a list's item ("My
 * diet: no dairy, no gluten", "No alcohol for me", "I'm pregnant so no soft cheese", "Oh and no pork"); not "there was no sugar
 * left".
 */
const LEFT_OUT_OF_DIET = String.raw`(?:^|[:;,.!?]\s*|\b(?:so|and)\s+)no\s+${FOODS_LEFT_OUT}\b`;

/** A diet one keeps, not one left ("I'm not vegetarian anymore", "no longer vegan"). */
/** A food that disagrees with someone: "cow's milk upsets my stomach", "onions don't agree with me", "garlic makes me bloated". */
const FOOD_DISAGREES = String.raw`\b(?:${FOODS_LEFT_OUT}|${FOOD_NAMES}|milk|beans|lentils|coffee|wine|beer|tomatoes|citrus)(?:\s+[\w'’-]+){0,2}?\s+(?:upsets? (?:my|his|her|their|our) (?:stomach|tummy|gut)|(?:doesn'?t|don'?t|does not|do not) agree with (?:me|him|her|them|us)|makes? (?:me|him|her|them|us) (?:ill|sick|bloated|poorly|gassy))`;
const DIET_KEPT = String.raw`(?<!\b(?:not|no longer|never|isn't|aren't|wasn't|weren't|stopped being|gave up being)\s+(?:(?:a|an|really|fully|strictly|totally|very)\s+)*)${NOT_COUNTED}${DIETS}(?!\s+any\s?more)`;

/** One pattern per category; a sentence can have several. Lexicon, not grammar: cheap and predictable. */
export const CATEGORY_PATTERNS: Record<FactCategory, RegExp> = {
  identity: new RegExp(
    String.raw`\b(my name is|my name's|(?:i'?m|i am) an only child|(?:i'?m|i am) (?:a|an|the) (?:twin|triplet|eldest|oldest|youngest|middle child)\b|(?:i'?m|i am) (?:mixed[- ]race|biracial|adopted)|(?:i'?m|i am) (?:self-employed|self employed|a freelancer|freelance|a contractor|retired|unemployed|between jobs)|my (?:job|occupation|profession|role|pronouns|nationality|hometown)\s*:|what (?:kind of |sort of |line of )?(?:work|job) do you do|what do you do for (?:work|a living)|what(?:'s| is) your (?:job|profession|occupation)|(?:she|he|they)/(?:her|him|them|they|she|he)|(?:you can|people|everyone|friends|just) call me|i go by|my pronouns|pronouns are|${PERSON_YEARS_OLD}|my birthday|i was born|i grew up in|i live (?:in|on)|i'?ve lived in|i have lived in|i (?:once |used to |also )?lived in|i'?m from|i am from|i speak|my (?:first|native|mother) (?:language|tongue)|(?:i'?m on|i have|i hold|i'?ve got) an? [a-z]+ passport|native speaker|i(?:'?m| am) (?:left|right)[- ]?handed|i(?:'?m| am) (?:a |an )?(?:${FAITHS}|gay|lesbian|bisexual|bi|queer|trans|transgender|non-binary|nonbinary|asexual)\b|we(?:'?re| are) (?:${FAITHS})\b|i work ${WORK_HOURS}as|i (?:work|worked) ${WORK_HOURS}(?:at|for)|${WORK_FIELD}|i teach\b|i (?:manage|lead|run) (?:a|the|our|my) (?:small |big |\w+ )?team|(?:i'?m|i am) (?:an? )?(?:ex-(?:army|military|forces|navy|raf|police|marine)|(?:army |military |forces )?veteran)\b|${RUNS_A_BUSINESS}|my job title|${TEMPERAMENT})`,
    'i',
  ),
  life_event: new RegExp(
    String.raw`\b(got|getting|just got|am getting|i'?m getting) (married|engaged|divorced|hired|fired|promoted|laid off|pregnant|a new job|a job)\b(?! (?:interview|application|fair))|\b(married|remarried|remarrying|engaged|divorced|divorce|separated|widowed|pregnant|${EXPECTING_A_CHILD}|${DUE_A_BABY}|${RETIRED}|retiring|graduated|graduating|graduation|promoted|promotion|laid off|diagnosed|diagnosis|surgery|accident|adopted|adopting|adoption|miscarriages?|miscarried|funeral|${WEDDING}|${SOMEONES_BIRTH}|were born|gave birth|passed away|${DIED}|${LOST_SOMEONE}|${MOVING_HOUSE}|relocated|relocating|emigrated|emigrating|${HOME_ENDING}|new job|quit my job|quit my|broke up|breaking up|breakup|split up|splitting up|${NOT_TOGETHER}|(?:bought|closed on) (?:a|an|our|my|the) (?:first |new |own |dream )?(house|home|flat|apartment|condo)|${HOME_BOUGHT}|paid off (?:all (?:of )?)?(?:my|our|the|their|his|her) (?:student )?(?:loans?|debts?|mortgage|car|credit cards?)|new baby|${BABY_HAD}|${BECAME_A_PARENT}|got into (?:${PLACE_OF_STUDY})|${STUDY_PLACE_WON}|got accepted|start(ed|ing)? (my|a|the) new (job|role|position)|got the job|got (?:my|his|her|their) (?:gcse|a[- ]level|exam|degree|ib|sats?|final) results|got (?:my|our|his|her|their) (?:citizenship|green card|residency|settled status|indefinite leave to remain|visa)|(?:lost|(?<=\b(?:since|after)\s)losing) (?:my|his|her|their) job|made redundant|redundancy|restructur(?:ed|ing)|out of (?:a|my|his|her|their) job|handed in (?:my|his|her|their) notice|resigned|on (?:maternity|paternity) leave|passed (?:(?:my|her|his|their|the) (?:(?:first|second|third|final|last)\s+)?|all (?:\w+ )?(?:of )?(?:(?:my|her|his|their|the) )?)(?:driving test|driving theory test|theory test|exams?|finals|bar exam|viva|probation|11\+|eleven plus|gcses|a[- ]levels|modules?|tests|papers|assessments?)|(?:getting|got|get) (?:a|our|my) (?:new )?(?:puppy|kitten)|(?:got|landed|started) (?:my|his|her|their) (?:first|new) job|(?:got|earned|passed|achieved|gained) (?:my|his|her|their|a) (?:(?:first|junior|\d+(?:st|nd|rd|th))\s+)?(?:black|brown|blue|purple|red) belt|got the (?:keys|house|flat|apartment)\b(?!\s+to\s+(?:myself|ourselves))|(?:ran|finished|completed|did) (?:my|his|her|their|a) first (?:marathon|half marathon|half|10k|5k|triathlon|ultra)|${PUT_DOWN}|(?:starting|started|setting up|set up|launching|launched|opening|opened) (?:my|our|a|an) (?:own )?(?:[\w-]+ )?(?:business|company|startup|shop|bakery|cafe|café|firm|practice|agency|salon)|proposed(?=\s*(?:[.!?,]|$|\s+to\s+(?:me|her|him|them)\b|\s+(?:last|yesterday|tonight|on|at|in)\b)))\b|\bmy \w+ (?:just |recently )?${PASSED_ON}`,
    'i',
  ),
  // Restrictions and boundaries of the person's. Not any sentence opening with "never" or "don't": "Don't give up!",
  // "Never a dull moment" and "breaking boundaries" are encouragement and idiom, and as constraints they stood in
  // every retrieval's context.
  constraint: new RegExp(
    String.raw`${FOOD_DISAGREES}|\b(allergic|allergy|allergies|intolerant|intolerance|${NOT_COUNTED}(?:celiac|coeliac)|can'?t eat|can\s?not eat|can'?t have|can'?t drink|can'?t (?:do|handle|tolerate) (?:[\w-]+ )?(?:food|foods|spice|dairy|gluten|caffeine|alcohol|sugar|meat|fish|seafood|carbs)|don'?t eat|do not eat|doesn'?t eat|never eat|won'?t (?:eat|touch (?:anything|any|meat|fish|vegetables|veg|veggies|greens|fruit))|will not eat|refuses? to eat|(?:fussy|picky) eater|no longer (?:eat|drink)s?|don'?t drink|do not drink|${GAVE_UP} (?:eating|drinking|${FOODS_LEFT_OUT}\b)|(?:have|has|need|needs) to (?:count|watch|limit|cut down on) (?:(?:my|his|her|their|our) )?(?:carbs|sugar|salt|sodium|calories|fat|cholesterol)|${DIET_KEPT}|lactose|${OFF_THE_DRINK}|my (?:diet|dietary (?:requirements|restrictions|needs))\s*:|ketogenic|sober|(?:my|our|set|setting|respect|cross(?:ed|es|ing)?) boundar(y|ies)|not allowed|please don'?t|please do not|please never|please always|(?:never|don'?t|do not)(?: ever)? (call|text|message|email|contact|mention|bring up|talk about|ask me|schedule|book|wake|remind me|suggest|recommend|send me|share my|tell anyone)|(?:i'?d|i would) rather not (?:talk about|discuss|get into|go into)|(?:i'?d|i would) rather you (?:didn'?t|did not|don'?t|not)|i (?:don'?t|do not) (?:want|like) to (?:talk about|discuss)|(?:^|[.!?;,]\s*)(?:please,? )?stop (?:calling|texting|messaging|emailing|mentioning|bringing up|talking about|asking me|suggesting|recommending|sending me|reminding me)|always (call me|address me|use|reply|answer|respond|write)|(?:i|we|he|she|they) (?:try to |have to |must |need to |always |strictly |should )?avoids?|off[- ]limits|${HOUSE_RULE}|${LEFT_OUT_OF_DIET}|careful (?:with|about) what (?:i|we|he|she|they) (?:eat|drink)|${MONTH_WITHOUT}|sober for)\b`,
    'i',
  ),
  preference: new RegExp(
    String.raw`\b(i|we|he|she|they|you)(?: (?:really|also|absolutely|totally|kinda|kind of|sort of|just|still|do|don'?t|do not|does|doesn'?t|never|always|honestly|genuinely|actually|so|truly|quite|sometimes|kind|sort))* (love|loves|loved|like|likes|liked|enjoy|enjoys|enjoyed|hate|hates|hated|prefer|prefers|preferred|adore|adores|adored|dislike|dislikes|disliked|detest|detested|can'?t stand)\b|\b(?!(?:my|your|his|her|our|their|its|the|a|an)\b)[a-z\u00C0-\u024F]+ (?:really |also |absolutely |totally |just |still |both |all )?(?:loves|hates|adores|prefers|dislikes|detests|enjoys)\b|\b(${FAVOURITE}|(?:my|our|'s) go-to|i (?:support|root for|cheer for)|we (?:root|cheer) for|fan of|passionate about|obsessed with|hobby|hobbies|is (?:my|our) (?:thing|jam|passion|obsession|weakness|guilty pleasure|happy place)|i (?:binge|collect)|(?:big|huge|massive|die-?hard|lifelong)\s+(?:[\w'&-]+\s+){1,3}?fans?\b|(?:do|doing) for fun|(?:free|spare) time|can'?t stand|not a fan|(?:scared|afraid|terrified) of|phobia|(?:i'?m|'s|'re|\b(?:am|is|are)) (?:really |so |very |totally |super |also |both |big time )?into\b|i'?m (?:learning (?:to|how to)|taking up)\b|(?:i'?ve|i have|i|we'?ve|we have|we)\s+(?:just\s+|recently\s+)?(?:taken|took)\s+up\b(?!\s+(?:the|a|an|my|our|too|so|all)\s+(?:much|lot|space|room|time|offer)\b)|(?:picking|picked)\s+up\s+(?=${HOBBY_WORDS.source})|been (?:(?:getting|really|so|properly|super) )*into|getting (?:(?:really|so|properly|super) )?into|got (?:really|so|properly|super) into|got into (?!(?:${PLACE_OF_STUDY}|trouble|a fight|an accident)\b|${TO_STUDY})|i'?m (?:[\w'-]+ ){1,5}(?:${KIND_OF_PERSON})\b)|(?:[,;]\s*(?:and\s+)?|\band\s+)(?:really\s+|absolutely\s+|totally\s+)?(?:loved|enjoyed|hated|adored)\s+(?:it|them|that|this|every)\b|\b(?:loving|enjoying|hating)\s+(?:it|them|every)\b`,
    'i',
  ),
  plan: new RegExp(
    String.raw`\b((?<!\b(?:been|keep|kept|started|stopped|quit)\s)going to|going back to|(?:training|preparing|studying|saving(?: up)?) for|by the end of (?:the|this|next) (?:year|month|week|summer|semester|quarter)|(?:trying|want|need|have) to save(?: up)? for|saving(?: up)? to (?:buy|get|pay|afford|travel|visit)|(?:i've|i have|we've|we have|i'?ve just|we'?ve just) decided to|trying for a baby|trying to conceive|gonna|${WILL}|(?<!\b(?:meal|data|phone|floor|lesson|payment|repayment|insurance|cell|mobile|pension|seating|dental|performance|improvement|care)\s)plans?|planning|planned|intend|intending|about to|(?:thinking|thought) (?:of|about) [a-z]+ing|considering [a-z]+ing|next (week|month|year|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|time)|tomorrow|hoping to|hope to|want to|wanna|scheduled|booked|upcoming|can'?t wait)\b|'ll\b|${PLAN_TIME.source}`,
    'i',
  ),
  health: new RegExp(
    String.raw`${FOOD_DISAGREES}|\b(doctor|(?<!\b(?:call me|called|name is|name's|go by|i'm|i am)\s+)dr\.?|physician|${SPECIALIST_WORDS}|hospital|clinic|diagnos\w*|medication|(?<!\b(?:study|studying|studies|studied|read|reading|do|doing)\s)medicine|meds|pills?|antidepressants?|antibiotics?|painkillers?|insulin|inhalers?|statins?|ssris?|birth control|${MEDICINES}|burn(?:ed|t)[- ]out|burnout|[a-z]+ disease|disorder|syndrome|bad (?:knee|knees|back|hip|hips|shoulder|ankle|ankles|wrist|neck|heart|hearing|eyesight)|(?:knee|hip|back|shoulder|neck|kidney|heart|liver|lung|breathing|stomach|bowel|bladder|thyroid|skin|joint|mobility|memory|mental health|fertility) (?:problems?|issues?|trouble)|prescri\w+|pain|ache|aches|sick(?!\s+(?:of|and\s+tired)\b)|illness|flu|covid|fever|surgery|therapy|therapist|anxiety|anxious|depress\w*|${FEELING_LOW}|panic attacks?|allerg\w+|pregnan\w+|injur\w+|symptoms?|migraines?|headaches?|blood pressure|diabetes|diabetic|asthma|cancer|chemo\w*|dementia|miscarriages?|ivf|fertility|pneumonia|(?:motion|travel|sea|car|morning) sickness|eyesight|glaucoma|cataracts?|macular|nausea|vertigo|dizz(?:y|iness)|alzheimer\w*|parkinson\w*|arthritis|(?:had|suffered|survived) an? (?:minor |major |mild )?(?:stroke|heart attack)|(?:his|her|their|my|a|mild|minor|major) stroke\b|heart attack|epilep\w+|seizures?|bipolar|ocd|ptsd|eczema|ibs|crohn\w*|biops(?:y|ies)|stammer|stutter|partially sighted|visually impaired|screen[- ]readers?|registered blind|(?:legally|partially|going|gone) blind|blindness|heartburn|acid reflux|indigestion|dysplasia|sciatica|slipped disc|hernia|gout|psoriasis|lupus|tinnitus|shingles|concussion|ana?emi[ac]|flare[- ]?ups?|flaring up|endometriosis|pcos|thyroid|cholesterol|hypertension|sleep(?:ing|s|less)?|${SLEPT_BADLY}|insomnia|exhausted|mental health|adhd|autism|autistic|disabilit\w+|wheelchair|intoleran\w+|${NOT_COUNTED}(?:celiac|coeliac)|dentist|physio\w*|sprain\w*|fractur\w*|(?:hip|knee|joint|shoulder|valve|acl|ligament) (?:replacement|reconstruction)|acl|mobility|walking stick|crutch(?:es)?|(?:can't|cannot|doesn't|does not|don't|do not) walk (?:far|much|long)|${INJURY}|(?:lose|losing|lost) (?:some )?weight|weight loss|(?:quit|quitting|stopped|stop|gave up|given up|giving up|give up) (?:smoking|drinking|vaping|alcohol|booze|cigarettes)|used to (?:smoke|vape)|(?:ex|former)[- ]smoker|colou?r ?blind|deaf|hard of hearing|dyslexi\w*|(?:eat|eating|drink|drinking) less|(?:drink|drinks|drinking|drank)\s+(?:way\s+|far\s+)?too\s+much|cut(?:ting)? (?:back|down) on|cut(?:ting)? out (?:alcohol|booze|drinking|sugar|caffeine|coffee|carbs|meat|red meat|dairy|gluten|junk food|takeaways|bread|sweets|chocolate|fizzy drinks)|off (?:work )?(?:sick|with (?:stress|my|a|an|the|depression|anxiety|covid|flu))|signed off|sick leave|sick note|fit note|breastfeeding|alcoholics?|alcoholism|addiction|recovering addict|(?:aa|na) meetings?|rehab|in recovery|relaps\w*|(?:been|stayed|staying|stay) (?:clean|sober)|${OFF_THE_DRINK}|${PLAYING_UP}|(?:hip|knee|eye|heart|back|shoulder|foot|hand|wrist|bunion|hernia|gallbladder|cataract)\s+(?:op|operation)s?|(?:my|his|her|their|your|an)\s+(?:op|operation)\b|(?:blood|smear|eye|hearing|pregnancy) tests?|mammograms?|check-?ups?|(?:got|get|had|have|has|getting|having) (?:my|the|a|our|his|her|their) (?:\w+ )?(?:vaccin\w+|jabs?|boosters?)|(?:flu|covid|booster) (?:jab|shot|vaccine)s?|(?:my|her|his|their|our|the|a|an)\s+(?:[\w-]+\s+){0,3}?vaccin(?:e|ation)s?\b(?!\s+(?:stock|spreadsheet|supply|supplies|fridge|programme|program|rollout|centre|center))|stoma|colostomy|ileostomy|chicken\s?pox|measles|mumps|tonsillitis|strep throat|bronchitis|norovirus|(?:sickness|stomach|tummy) bug|(?:ear|chest|kidney|urine) infection|(?:got|has|have|caught|had|'s got|'ve got) (?:a|the) (?:bad |heavy |nasty |stinking )?cold\b|coughs?|coughing|sore throat|runny nose|(?:the|my|a|our|his|her|their) gp\b|gp (?:appointment|surgery)|a&e|urgent care|walk-in centre|menopaus\w*|perimenopaus\w*|hot flush(?:es)?|hrt|long covid|claustrophobi\w*|agoraphobi\w*|phobias?|fear of (?:heights|flying|needles|enclosed spaces|crowds)|wisdom (?:teeth|tooth)|(?:wearing|wear|need|needs|got|get|getting) (?:reading )?glasses|reading glasses|hearing aids?|contact lenses|(?:teeth|tooth) (?:out|removed|pulled|extracted)|root canal)\b`,
    'i',
  ),
  relationship: new RegExp(
    String.raw`\b(wife|husband|spouse|partner|boyfriend|girlfriend|fianc[ée]e?|married|marriage|anniversary|dating|seeing someone|divorc\w+|engaged|breakup|broke up|relationship|${NOT_TOGETHER}|friends?|best friends?|besties?|moms?|mums?|mothers?|dads?|fathers?|parents?|sons?|daughters?|${NOT_WHEN_ONE_WAS}(?:kids?|children)|twins|brothers?|sisters?|siblings?|grandmas?|grandpas?|grandmothers?|grandfathers?|grandparents|grandkids|grandchildren|aunts?|uncles?|cousins?|nieces?|nephews?|in-laws?|been together|boss|coworkers?|colleagues?|neighbou?rs?|roommates?|flatmates?|housemates?)${WORD_END}`,
    'i',
  ),
  routine:
    /\b(every ?(day|morning|night|evening|week|weekend|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|other|summer|winter|spring|fall|autumn|christmas|easter|thanksgiving|holiday|birthday)|each (day|morning|night|evening|week|weekend|month)|daily|weekly|nightly|usually|normally|typically|most (days|mornings|nights|evenings|weekends|bank holidays|summers|holidays)|routine|habit|(?:night|day|early|late|double|weekend|long|\d+[- ]hour|twelve[- ]hour) shifts?|works? shifts|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weeknights)\b|\b(?:once|twice|\d+|one|two|three|four|five|six|seven|eight|nine|ten)(?:\s+[\w-]+)?\s+(?:a|per)\s+(?:day|week|night)\b|\b(?:once|twice|(?:\d+|two|three|four|five|six)\s+times)\s+(?:a|per)\s+(?:month|fortnight|year)\b|\bfortnightly\b/i,
  opinion:
    /\b(i think|i believe|i feel like|i feel that|in my opinion|imo|imho|i reckon|i guess|i suppose|personally,? i|i'?m convinced|if you ask me)\b/i,
};
const ROUTINE_WEEKDAYS = new RegExp(
  `\\b(on|most|all) ${WEEKDAY_PLURAL}\\b|\\b${WEEKDAY}\\s+${PLURAL_PART_OF_DAY}\\b|\\b${ANY_WEEKDAY}\\s*${WEEKDAY_SPAN}\\s*${ANY_WEEKDAY}\\b|\\b(i|we) (always|usually|often|never) `,
  'i',
);

/**
 * What a person asks of every answer ("keep your answers short", "use fewer emojis"): sentences.ts keeps such a
 * request as "I want you to …", a constraint here.
 */
export const ANSWER_STYLE_VERB = String.raw`(?:always\s+|never\s+)?(?:keep|make|write|use|answer|reply|respond|stick|avoid|stop|skip|drop)\b`;
/** What an assistant offers, which "only" narrows for good ("only suggest accessible places"). */
export const OFFERED_VERB = 'suggest|recommend|mention|include';
/** "… from now on", "… every time": an order that lasts, whatever it is about. */
export const FROM_NOW_ON = String.raw`(?:from now on|every time|going forward|in (?:the )?future|all the time)`;
/** "Be blunt with me", "Talk to me like a friend": how to talk to the person. */
export const HOW_TO_TALK = String.raw`(?:be\s+(?:[\p{L}-]+\s+){1,2}?with\s+me|(?:talk|speak)\s+to\s+me)`;
/**
 * "I want you to keep answers short", "… not to use bullet points", "… to always give me metric", "… to only suggest
 * accessible places", "I want no emojis", "… to reply in Spanish from now on", "… to be blunt with me"; whatever one
 * wants the assistant not to do.
 */
const WANTS_ANSWERS_SO = new RegExp(
  String.raw`\bi want (?:you (?:not|never) to\s|you (?:not )?to (?:${ANSWER_STYLE_VERB}|only\s+(?:${OFFERED_VERB})\b|(?:always|never)\s|${HOW_TO_TALK}\b|[^.!?]*\b${FROM_NOW_ON}\b)|no (?:emojis?|bullet points|jargon|markdown|spoilers?)\b)`,
  'iu',
);

/** Words that end as job titles do ("-er", "-or", "-ent") and are none: "a nurse for the NHS". */
/** Jobs named by what is worked on first ("a wedding photographer", "a bus driver", "a dog walker"). */
const TRADES =
  'photographers?|videographers?|planners?|drivers?|walkers?|sitters?|cleaners?|builders?|plumbers?|electricians?|decorators?|gardeners?|hairdressers?|stylists?|technicians?|officers?|workers?|operators?|trainers?|instructors?|editors?|writers?|producers?|directors?|reporters?|translators?|researchers?|carers?|fitters?|inspectors?|surveyors?|installers?|mechanics?|engineers?|designers?';
const NOT_JOB_ENDINGS =
  '(?:for|or|nor|after|under|over|other|either|neither|never|ever|per|her|their|our|your|rather|whether|together|sooner|later|lent|meant|sent|went|spent|different|recent|want|cant|aren|weren|vegetarian|pescatarian|introvert|extrovert|believer|beginner|fighter|survivor|perfectionist|optimist|pessimist)';
/** Words that never stand inside a job's title before its job word ("a fan of the vet" names no job). */
const NOT_IN_TITLE =
  '(?:of|the|a|an|for|to|at|in|on|with|and|or|but|my|your|his|her|their|our|its|this|that|since|when|while|after|before|because|so|as|than|until|till)';
// A known job word takes the few words before it first ("a vet nurse", "an ER nurse", "a high school math teacher");
// "I've been a nurse for 12 years" is one still; "… but retrained as a nurse" drops its "I"; a new job "as" one is one.
const JOB_TITLE = new RegExp(
  String.raw`\b(?:i'm|i am|i(?:'ve| have)? been|i was|i used to be|i(?:'ve| have) worked as|i work ${WORK_HOURS}as|works ${WORK_HOURS}as|working ${WORK_HOURS}as|i freelance as|freelancing as|(?:i(?:'ve| have)? |(?<=\b(?:but|and|then)\s+))(?:just |recently |finally )?(?:qualified|trained|retrained) as|i(?:'m| am) self[- ]employed as|(?:started|starting|start|got|landed|took|accepted|began|begun)\s+(?:a|my|the|this)\s+(?:new\s+)?(?:job|role|position|post)\s+as)\s+(?:now\s+|currently\s+|officially\s+)?((?:an?|the)\s+)?(?:\d{1,3}[- ]years?[- ]old\s+)?(head\s+of\s+(?!the\b)[\p{L}&-]+|(?:(?!${NOT_IN_TITLE}(?![\p{L}&-]))[\p{L}\p{N}&-]+\s+){1,3}(?:${JOB_WORDS})\b|(?:(?:${JOB_MODIFIERS})\s+){0,2}(?:(?!${NOT_JOB_ENDINGS}\b)[\p{L}-]+(?:er|or|ist|ian|ant|ent)|${JOB_WORDS})|(?!${NOT_IN_TITLE}\s)[\p{L}-]+\s+(?:${TRADES}))\b`,
  'giu',
);
const JOB_WORD = new RegExp(`^(?:${JOB_WORDS})$`, 'i');
const JOB_MODIFIER = new RegExp(`^(?:${JOB_MODIFIERS})$`, 'i');
const NOT_STAFF_WORD = new RegExp(`^${NOT_STAFF}$`, 'i');
const YEARS_AFTER = /^[^.!?;]{0,20}?\bfor\s+(?:\d+|a few|many|several|[a-z]+(?:-[a-z]+)?)\s+years\b/i;

/**
 * The job a text states ("I'm a (34 year old) software engineer", "I work as a nurse", "I'm the founder", "Alex works
 * as a nurse"), lower-cased, else null. A listed job word always is one; otherwise a comparative or an adjective
 * never is ("I'm the older one", "I'm a patient person"), and without an article or "as" an -er or -ent word is one
 * only when the lexicon says so ("I'm super excited", "I'm confident").
 */
export function statedJob(text: string): string | null {
  const said = allMatches(JOB_TITLE, text.replace(/’/g, "'"));
  // "I used to be a teacher but retrained as a developer": the job one has now comes first.
  const m = said.find((x) => !/^i (?:was|used to be)\b/i.test(x[0])) ?? said[0];
  // "I'm mother of the bride" is a part at a wedding.
  if (!m || /^\s+of the (?:bride|groom)\b/i.test(text.slice(m.index! + m[0].length))) return null;
  // Initials keep their case ("ER nurse", "R&D engineer").
  const title = m[2]!
    .split(/\s+/)
    .map((w) => (/^\p{Lu}[\p{Lu}&]*\p{Lu}$/u.test(w) ? w : w.toLowerCase()))
    .join(' ');
  // "I'm now head of design": a head of something is a job whatever it heads.
  if (/^head of /.test(title)) return title;
  const words = title.split(/\s+/);
  const head = words[words.length - 1]!;
  if (NOT_STAFF_WORD.test(head)) return null;
  if (JOB_WORD.test(head)) return title;
  // "a wedding photographer" names a job, "a big reader" or "a keen cyclist" what one loves doing.
  if (words.length > 1 && !JOB_MODIFIER.test(words[0]!) && lexTags(words[0]!).includes('Adjective')) return null;
  // "I was a stranger to them": a past job is said with how long it lasted ("I was a headteacher for 22 years").
  if (/^i (?:was|used to be)\b/i.test(m[0]) && !YEARS_AFTER.test(text.slice(m.index! + m[0].length))) return null;
  const tags = lexTags(head);
  if (tags.some((t) => t === 'Comparative' || t === 'Adjective')) return null;
  return m[1] || /\bas\s/i.test(m[0]) || tags.includes('Actor') ? title : null;
}

/** "I'm 34", "I am a 34-year-old"; not "I'm 5 months into it", "I'm 6 feet tall", "I'm 10 years into my career". */
export const STATED_AGE =
  /\bi(?:'?m| am)\s+(?:an?\s+)?\d{1,3}(?:[- ]years?[- ]old)?\b(?!\s*(?:%|percent\b|[.,]\d|['’"]|(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|feet|foot|ft|inches|cm|kg|kilos?|lbs?|pounds?|miles?|km|k|grand|bucks|dollars?|euros?|points?|pages?)\b|years?\b(?![- ]old|\s*(?:[,.;!?]|$))))/i;

/** "I'm 6 feet tall", "I am 5'4\" tall", "my height is 170 cm", "I'm 5'8": a number and perhaps a unit, then "tall"; or feet and inches. */
export const STATED_HEIGHT =
  /\bi(?:'?m| am)\s+(?:about\s+|around\s+|almost\s+|nearly\s+|only\s+)?(?:\d[\d'"’.,]*|one|two|three|four|five|six|seven)\b[^.!?]{0,20}?\btall\b|\bmy height\b|\bi(?:'?m| am)\s+(?:about\s+|around\s+|almost\s+|only\s+)?[4-7]['’]\s?\d{1,2}\b/i;
/** "I weigh about 180 pounds", "my weight is up", "I've lost 20 pounds", "I'm 5'8 and about 160 lbs". */
export const STATED_WEIGHT =
  /\bi weigh\b|\bmy weight\b|\bi(?:'?m| am)\s+(?:\S+\s+){0,4}?(?:about\s+|around\s+)?\d{2,3}\s?(?:lbs|pounds|kg|kilos)\b|\b(?:lost|lose|losing|gained|gain|gaining|put on) (?:about |almost |over )?(?:\d+|a few|some|ten|twenty|five) (?:pounds|lbs|kilos|kg|stone)\b/i;

/** Categories a piece of text speaks to, from the lexicon alone (no analysis context). */
export function categoriesOf(text: string): FactCategory[] {
  const t = text.replace(/’/g, "'");
  const job = statedJob(t);
  // "I'm a GP", "she works nights at the hospital": one's job and workplace are who one is, no health of one's own.
  const withoutJob = (job ? t.replace(new RegExp(escapeRegex(job), 'i'), ' ') : t).replace(WORKS_IN_CARE, ' ');
  const found = (Object.keys(CATEGORY_PATTERNS) as FactCategory[]).filter(
    (c) =>
      CATEGORY_PATTERNS[c].test(c === 'constraint' ? withoutEndedRestrictions(t) : c === 'health' ? withoutJob : t) ||
      (c === 'identity' && (STATED_AGE.test(t) || STATED_HEIGHT.test(t) || job !== null)) ||
      (c === 'health' && STATED_WEIGHT.test(t)) ||
      (c === 'constraint' && WANTS_ANSWERS_SO.test(t)),
  );
  if (!found.includes('routine') && ROUTINE_WEEKDAYS.test(t)) found.push('routine');
  return found;
}

// --- sentiment (s4) ---

/** VADER (Hutto and Gilbert, 2014): a human-rated lexicon of about 7,500 words and emoticons, with its rules for negation, intensifiers, "but", capitals and "!". */
const vader = createRequire(import.meta.url)('vader-sentiment') as {
  SentimentIntensityAnalyzer: { polarity_scores(text: string): { compound: number } };
};
/** VADER's JavaScript port reads emoticons, not emoji: these stand in for the common ones. */
const EMOJI_AS_EMOTICON: Array<[RegExp, string]> = [
  [/[😀😃😄😁😆😊🙂😍🥰😘🤩🥳🎉❤💕💖👍🙌😻🐶🐱]/gu, ' :) '],
  [/[😢😭😞😔😟😡😠💔😩😫😰😱🤬]/gu, ' :( '],
];

/** Valence in −1..1: VADER's compound score. The sentence a shared photo becomes is read with "showed": VADER rates "shared" as warm, a photo is not. */
export function sentimentValence(text: string): number {
  const plain = text.replace(/’/g, "'").replace(SHARED_MEDIA_SENTENCE, 'showed $1');
  const read = EMOJI_AS_EMOTICON.reduce((t, [emoji, emoticon]) => t.replace(emoji, emoticon), plain);
  return vader.SentimentIntensityAnalyzer.polarity_scores(read).compound;
}

// --- the five signals ---

/** The words by which a speaker names themself (straight apostrophes; "im" and "ive" as typed in chat). */
export const FIRST_PERSON_WORDS: ReadonlySet<string> = new Set(
  "i i'm im i've ive i'd i'll me my mine myself we we're we've we'll we'd us our ours".split(' '),
);
/** The one-word names of the person's people and pets ("sister", "coworker", "dog"), and "pet". */
const ROLE_WORDS: ReadonlySet<string> = new Set([
  ...[...ROLE_INFO].filter(([word, r]) => !word.includes(' ') && r.kind !== 'organization').map(([word]) => word),
  'pet',
]);
const CLAUSE_MARKERS = new Set([
  'because',
  'although',
  'though',
  'which',
  'who',
  'whom',
  'whose',
  'that',
  'when',
  'while',
  'since',
  'if',
  'unless',
  'whereas',
  'after',
  'before',
  'until',
  'but',
  'and',
  'or',
  'so',
  'whether',
  'where',
]);

/** Capitalised words that are not the first of their sentence and not "I": names, places, brands. */
function namedWordCount(text: string): number {
  let n = 0;
  for (const m of allMatches(/(^|[.!?]\s+|\s+)(\p{Lu}[\p{L}'’-]*)/gu, text.replace(/\[REDACTED:[^\]]*\]/g, ' '))) {
    const startsSentence = m.index === 0 || /[.!?]/.test(m[1] ?? '');
    const word = m[2]!;
    if (!startsSentence && !/^I(['’](m|ve|d|ll))?$/.test(word)) n++;
  }
  return n;
}

/** s1: content words (not function words or fillers) plus half a point per named thing, per word; short texts count less. */
function semanticDensity(words: string[], named: number): number {
  if (!words.length) return 0;
  const content = words.filter((w) => !STOP_WORDS.has(w) && !FILLER_WORDS.has(w) && (w.length > 2 || /\d/.test(w))).length;
  const density = (content + 0.5 * named) / words.length;
  const lengthFactor = Math.min(1, 0.5 + words.length / 8);
  return clamp01(((density - 0.15) / 0.6) * lengthFactor);
}

/** s2: 1 − e^(−n/3) over earlier mentions of the same subject; 0 with no history. */
function crossSessionConsistency(priorMentions: number): number {
  return priorMentions > 0 ? clamp01(1 - Math.exp(-priorMentions / 3)) : 0;
}

/** s3: 0.4 × sentence length (20 words = 1) + 0.3 × word length ((chars − 3) / 4) + 0.3 × clause markers per sentence (3 = 1). */
function linguisticComplexity(text: string, words: string[]): number {
  if (!words.length) return 0;
  const sentences = Math.max(1, text.split(/[.!?]+(?:\s|$)/).filter((s) => /[\p{L}\p{N}]/u.test(s)).length);
  const lengthN = clamp01(words.length / sentences / 20);
  const wordN = clamp01((words.reduce((a, w) => a + w.length, 0) / words.length - 3) / 4);
  const markers = words.filter((w) => CLAUSE_MARKERS.has(w)).length + (text.match(/[,;:]/g) ?? []).length;
  const clauseN = clamp01(markers / sentences / 3);
  return clamp01(0.4 * lengthN + 0.3 * wordN + 0.3 * clauseN);
}

/**
 * s5: the share of words that point at the fact's entities or key terms — first-person words (a dropped "I" too), role words, named
 * words, words of the given entity names and of category cue phrases — doubled (a half is already dense), then
 * weighted by gravity: × (0.4 + 0.6 × the highest entity gravity; 0.3 when none is given).
 */
function prevalenceDensity(text: string, words: string[], named: number, input: SignalInput): number {
  if (!words.length) return 0;
  const nameWords = new Set((input.entityNames ?? []).flatMap((n) => analysisWords(n)));
  // "Kofi's", "my sister's": a possessive points at its owner as the name does.
  let referring =
    words.map((w) => w.replace(/['’]s$/, '')).filter((w) => FIRST_PERSON_WORDS.has(w) || ROLE_WORDS.has(w) || nameWords.has(w)).length + named;
  for (const c of input.categories) {
    const m = text.replace(/’/g, "'").match(CATEGORY_PATTERNS[c]);
    if (m) referring += analysisWords(m[0]).length;
  }
  const unsaid = input.speakerUnsaid ? 1 : 0;
  const share = Math.min(1, (referring + unsaid) / (words.length + unsaid));
  const gravity = input.entityGravities.length ? Math.max(...input.entityGravities.map(clamp01)) : 0.3;
  return clamp01(share * 2) * (0.4 + 0.6 * gravity);
}

// --- base score ---

/** Weights of the plain blend; they sum to 1. Prevalence and density lead, sentiment adds emotional weight. */
export const SIGNAL_WEIGHTS = { s1: 0.25, s2: 0.1, s3: 0.1, s4: 0.2, s5: 0.35 } as const;

/** Additive bonus per category (the sum is capped at +0.3); constraints and identity also get a floor. */
const CATEGORY_BONUS: Record<FactCategory, number> = {
  life_event: 0.2,
  constraint: 0.2,
  identity: 0.15,
  health: 0.08,
  relationship: 0.05,
  preference: 0.05,
  plan: 0.03,
  routine: 0.03,
  opinion: 0,
};
const CATEGORY_FLOOR: Partial<Record<FactCategory, number>> = { constraint: 0.65, identity: 0.5, life_event: 0.45 };
const SMALL_TALK_PENALTY = 0.25;
const SMALL_TALK_CAP = 0.2;
const EVENT_TYPE_FACTOR: Record<EventType, number> = { message: 1, feedback: 0.85, system: 0.6 };

/** Decay-rate multiplier by category: the slowest-decaying category of the fact wins; small talk fades fastest. */
const CATEGORY_DECAY: Record<FactCategory, number> = {
  constraint: 0.5,
  identity: 0.5,
  life_event: 0.7,
  health: 0.7,
  relationship: 0.8,
  preference: 0.9,
  routine: 0.9,
  plan: 1,
  opinion: 1,
};
const SMALL_TALK_DECAY = 1.4;

/** A fact's categories that make it matter whatever the question, the first of them it has naming its standing. */
const STANDING_CATEGORIES = ['constraint', 'identity'] as const;
export type Standing = (typeof STANDING_CATEGORIES)[number];
/**
 * A fact's stored standing may also be `former`: it stood, and what it said is over ("I'm not vegan anymore", a home
 * left; endStates.cypher, changeRelations.cypher). It stands no more and ranks below what replaced it.
 */
export type StoredStanding = Standing | 'former';

/**
 * What makes a fact matter whatever the question (retrieval's standing channel reads facts by it, through an index):
 * a constraint before identity; null for a fact neither.
 */
export function standingOf(categories: readonly string[]): Standing | null {
  return STANDING_CATEGORIES.find((c) => categories.includes(c)) ?? null;
}

/** Scores one fact's text: the five signals, the blend, category and event-type modifiers, the decay modifier. */
export function scoreSignals(text: string, input: SignalInput): Scoring {
  const words = analysisWords(text);
  const named = namedWordCount(text);
  const categories = [...new Set(input.categories)].filter((c) => Object.hasOwn(CATEGORY_BONUS, c));
  const signals = {
    s1: semanticDensity(words, named),
    s2: crossSessionConsistency(input.priorMentions),
    s3: linguisticComplexity(text, words),
    s4: clamp01(sentimentValence(text) ** 2),
    s5: prevalenceDensity(text, words, named, { ...input, categories }),
  };
  const blend = clamp01(
    SIGNAL_WEIGHTS.s1 * signals.s1 +
      SIGNAL_WEIGHTS.s2 * signals.s2 +
      SIGNAL_WEIGHTS.s3 * signals.s3 +
      SIGNAL_WEIGHTS.s4 * signals.s4 +
      SIGNAL_WEIGHTS.s5 * signals.s5,
  );

  const smallTalk = categories.length === 0 && isSmallTalk(text);
  let score = blend;
  score += Math.min(
    0.3,
    categories.reduce((a, c) => a + CATEGORY_BONUS[c], 0),
  );
  for (const c of categories) score = Math.max(score, CATEGORY_FLOOR[c] ?? 0);
  // What is kept as a memory can be given back: a message's fact starts at the default injection threshold at
  // least, and only decays below it. Small talk stays below it, and so may feedback and system events, weighed down
  // after it.
  if (smallTalk) score = Math.min(score - SMALL_TALK_PENALTY, SMALL_TALK_CAP);
  else score = Math.max(score, DEFAULT_INJECTION_THRESHOLD);
  score = clamp01(score) * (Object.hasOwn(EVENT_TYPE_FACTOR, input.eventType ?? 'message') ? EVENT_TYPE_FACTOR[input.eventType ?? 'message'] : 1);
  const baseScore = round(clamp01(score));

  const decayModifier = smallTalk ? SMALL_TALK_DECAY : Math.min(1, ...categories.map((c) => CATEGORY_DECAY[c]));
  return {
    s1: round(signals.s1),
    s2: round(signals.s2),
    s3: round(signals.s3),
    s4: round(signals.s4),
    s5: round(signals.s5),
    baseScore,
    categories,
    decayModifier,
    modifiersApplied: Math.abs(baseScore - round(blend)) > 1e-9,
  };
}

/**
 * /score on raw text, with no person context: categories from the lexicon, no history (s2 = 0), and gravity
 * guessed from the words — the person themself (1.0) when they speak in the first person, a named person (0.35)
 * when a name appears, else a passing mention (0.3).
 */
export function scoreText(text: string, eventType: EventType = 'message'): Scoring {
  const words = analysisWords(text);
  const gravities: number[] = [];
  if (words.some((w) => FIRST_PERSON_WORDS.has(w))) gravities.push(1);
  if (namedWordCount(text) > 0) gravities.push(0.35);
  return scoreSignals(text, { categories: categoriesOf(text), entityGravities: gravities, priorMentions: 0, eventType });
}
