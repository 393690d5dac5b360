// Tier 2 from patterns: kinship and role words ("my wife Sarah"), employers, schools, homes, moves, hometowns,
// trips, pets, things ("my car") and explicit naming ("we named her Biscuit").
import { allMatches } from '../../text/matches.js';
import {
  AGE_SAID,
  COMMON_NAME_WORDS,
  isCommonWord,
  isFirstNameOnly,
  isPlaceName,
  isLanguageOrPeople,
  lexTags,
  ORG_NOUNS,
  PERSON_ROLE_ALT,
  PET_ALT,
  ROLE_ALT,
  ROLE_INFO,
  taggedTerms,
  THING_ALT,
  WORD_END,
  BARE_OPENING_ALT,
  FILLER_OPENER,
  BARE_ROLE_ALT,
  THE_OWN,
  SERVICES,
  NOT_STAFF,
  NOT_YET,
} from './lexicon.js';
import { endedStates } from './ended.js';
import { CAP, cleanName, NAME, NAME_OR_WORD, type Spec, type Tag } from './mentions.js';
import type { EntityKind, Relation } from './types.js';

/** "10 year old", "two-year-old", "18-month-old": an age before the role word, or standing for a child. */
const AGED = String.raw`${AGE_SAID}[\s-]+(?:year|month|week)s?[\s-]+old`;
const ROLE_MODIFIERS = String.raw`(?:(?:little|big|older|younger|oldest|youngest|eldest|baby|teenage|new|old|late|dear|dearest|lovely|beloved|twin|sweet|amazing|wonderful|current|future|adorable|own|first|second|fur|step|half|two|three|four|five|six|disabled|autistic|elderly|poorly|sick|widowed|divorced|single|pregnant|adopted|estranged|${AGED})[\s-]+)*`;
/** "My 16 year old is learning to drive": an age with no noun after it is a child (before one, "my 10 year old car", not). */
const AGED_CHILD = String.raw`${AGED}(?=\s*(?:[,.!?;:]|$)|\s+(?:is|was|has|had|just|still|and|who|can|can't|won't|will|would|wouldn't|does|doesn't|did|didn't|keeps|loves|hates|wants|refuses|started|starts|goes|went|says|said|asked|asks|thinks|needs)\b)`;
/** "my wife", "our kids", "the wife" (only for a spouse), and what one says one has: "I have two kids", "we've got a son". */
const POSSESSIVE_ROLE = new RegExp(
  String.raw`\b(my|our|(?<!\b(?:am|is|are|was|were|be|been)\s+|['’](?:m|s|re)\s+)the(?=\s+(?:${THE_OWN})\b(?!\s+(?:of|in|at|on|one)\b))|(?:i|we)(?:\s+have|['’]ve)(?:\s+got)?\s+(?:a|an|one|two|three|four|five|six|\d))\s+${ROLE_MODIFIERS}(ex[- ]?)?(${ROLE_ALT}|${AGED_CHILD})(?![\p{L}\p{N}_-])`,
  'giu',
);
/** The next of a list of those one has, after "I have two brothers": "… and a sister", ", a half-sister". */
const HAD_TOO = new RegExp(
  String.raw`^(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:a|an|one|two|three|four|five|six|\d)\s+${ROLE_MODIFIERS}(${ROLE_ALT})(?![\p{L}\p{N}_-])`,
  'iu',
);
/** "my ex and I", "my ex is getting remarried": not "my ex-wife" or "my ex boyfriend", which name the role. */
const MY_EX = new RegExp(String.raw`\bmy\s+ex\b(?!-\p{L})(?!\s+(?:${ROLE_ALT})(?![\p{L}\p{N}_-]))`, 'giu');
const EX_NAMED = /^,?\s+(\p{Lu}\p{L}+)(?=\s*(?:[.!?,;]|$))/u;
/** "I've been married to Alex for 12 years": the speaker's spouse, named. */
const MARRIED_TO = new RegExp(
  String.raw`\b(?:i'm|im|i am|i've been|ive been|i have been|i got|i just got)\s+(?:happily\s+|newly\s+|just\s+)?married\s+to\s+(${NAME})`,
  'giu',
);
/** "someone new, his name is", "a guy for three months, his name's": the one a speaker dates, about to be named. */
const SOMEONE_NAMED = String.raw`(?:someone|a\s+(?:guy|girl|man|woman))(?:\s+new)?(?:\s+for\s+(?:a\s+few|a\s+couple\s+of|\w+)\s+(?:weeks|months|years))?(?:\s+(?:named|called)|,?\s+(?:his|her|their)\s+name(?:\s+is|['’]s))\s+`;
/**
 * "I'm dating Omar", "I've been dating someone new, his name is Omar", "I'm planning to propose to Jess", "I've been
 * seeing someone, her name's Jess" (never "I'm seeing Dr Patel"): the speaker's partner, named.
 */
const DATING = new RegExp(
  String.raw`\b(?:i'm|im|i am|i've been|ive been|i have been|i started|i've started)\s+(?:\w+\s+)?(?:(?:dating|going\s+out\s+with|(?:going|planning|about)\s+to\s+propose\s+to)\s+(?:${SOMEONE_NAMED})?|seeing\s+${SOMEONE_NAMED})(${NAME})`,
  'giu',
);
/** A child's age in brackets after their name: "Sam (8)". */
const AGE_IN_BRACKETS = String.raw`\s*\(\s*\d{1,2}\s*\)`;
const ROLE_NAME_AFTER = [
  new RegExp(String.raw`^(?:['’]s\s+name\s+is|(?:\s+is|['’]s)\s+(?:called|named)|\s+(?:called|named)|\s+goes\s+by)\s+(${NAME_OR_WORD})`, 'u'),
  // "my kids, Ella and Jack", "our two kids (Ella, 9, and Jack, 6)", "my best friend from uni, Hannah, …", "three kids: Amara is 14, …".
  new RegExp(
    String.raw`^(?:\s+(?:from|at)\s+(?:the\s+)?\p{Ll}[\p{Ll}-]*)?\s*[,(:]\s*(${NAME})\s*(?=,|$|[.!?;)]|${AGE_IN_BRACKETS}|\s+(?:and|who|is|was|has|just)\b)`,
    'u',
  ),
  new RegExp(String.raw`^\s+(${NAME})`, 'u'),
  // "My manager is Sarah and she's great", "My sister is Priya.": the clause ends at the name.
  new RegExp(String.raw`^\s+(is|are)\s+(${NAME})(?=\s*(?:[.!?,;:)]|$)|\s+(?:and|but|btw|by\s+the\s+way)\b)`, 'u'),
];
/**
 * A word that names someone after "is", not what they are ("My dad is Irish", "My wife is Catholic"); a pet's name
 * is as often an ordinary word ("My dog is Biscuit").
 */
function namesSomeone(name: string, pet: boolean): boolean {
  const first = name.split(' ')[0]!;
  if (lexTags(first.toLowerCase()).some((t) => /Name$/.test(t))) return true;
  const tags = taggedTerms(first)[0]?.tags;
  return (pet || !isCommonWord(first)) && !/(?:ish|ese)$/i.test(first) && !tags?.has('Adjective') && !tags?.has('Demonym');
}
/** "Sarah, my wife", "Tom is my coworker", "Max's my dog". */
const NAME_BEFORE_ROLE = new RegExp(String.raw`(${NAME})(?:\s*(?:,|\(|–|-)|\s+(?:is|was)|['’]s)\s*$`, 'u');
/**
 * The next name of a list after a name: ", Leo", " and Leo", " who's 7 and Leo", " is 7 and little Leo", " (7) and Leo",
 * ", 9, and Leo", " 9 and Leo".
 */
const LISTED_NAME = new RegExp(
  String.raw`^(?:\s+(?:who(?:['’]s|\s+is)|is)\s+\d{1,2}|${AGE_IN_BRACKETS}|\s*,?\s*\d{1,2}(?=\s*,|\s+and\b))?(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:little\s+|baby\s+)?(${NAME})`,
  'u',
);
/** The names of a list after the first, from `from` on ("…Maya and Leo", "…Salt, Pepper and Mustard"). */
function namesListedAfter(scan: string, from: number): Array<{ start: number; end: number; name: string }> {
  const out: Array<{ start: number; end: number; name: string }> = [];
  let end = from;
  for (let next = scan.slice(end).match(LISTED_NAME); next; next = scan.slice(end).match(LISTED_NAME)) {
    const listed = cleanName(next[1]);
    if (!listed || ROLE_INFO.has(listed.toLowerCase())) break;
    const start = end + next.index! + next[0].lastIndexOf(next[1]!);
    end = start + next[1]!.length;
    out.push({ start, end, name: listed });
  }
  return out;
}
/**
 * What runs from a group of pets to a list of names that ends the sentence or its clause: "two cats from the shelter, "
 * before "Salt and Pepper", "Two cats, " before "Miso and Udon, both rescues".
 */
const TRAILING_NAMES = /^[^,.;!?]{0,40},\s+(?=\p{Lu}\p{Ll}+(?:\s*,\s*\p{Lu}\p{Ll}+)*\s+and\s+\p{Lu}\p{Ll}+\s*(?:[.!]*\s*$|,\s))/u;
/** "Luckily", "Honestly", "Anyway": a word that opens a sentence, never a name set before "my son". */
const isSentenceAdverb = (name: string) =>
  !name.includes(' ') &&
  isCommonWord(name) &&
  !COMMON_NAME_WORDS.has(name.toLowerCase()) &&
  (/ly$/i.test(name) || lexTags(name).some((t) => t === 'Adverb' || t === 'Conjunction' || t === 'Preposition'));

/**
 * "Mom called", "Mom's coming over", "dinner at grandma's", "Hubby's birthday is on the 9th": the speaker's own parent
 * or spouse, unless a determiner says otherwise (see below). Not "dad-joke" or "mom'd", nor a newborn's "mum and baby".
 */
const STANDALONE_ROLE = new RegExp(
  String.raw`(?<!(?:\b(?:his|her|their|your|its|whose|a|an|the)|['’]s)\s+)\b(${BARE_ROLE_ALT})\b(?!-\p{L}|['’](?!s\b)\p{L})(?!\s+(?:and|&)\s+(?:baby|babies|bump)\b)`,
  'giu',
);
/**
 * "ugh baby's teething again", "oldest starts secondary in september", "Husband doesn't do heat", "GP says it's a
 * virus": the speaker's child, partner, boss or carer, opening the sentence. Not a baby due or born, as often someone
 * else's just announced ("Abena's pregnant!! … Baby's due mid-July"), nor "Doctor's orders".
 */
const STANDALONE_OPENING = new RegExp(
  String.raw`^\s*(?:${FILLER_OPENER})*(${BARE_OPENING_ALT})(?!(?:['’]s|\s+is|\s+was)\s+(?:due|born|arriving|expected|on\s+the\s+way)\b|['’]s\s+orders\b)(?=['’]s\s+\p{Ll}|\s+(?:is|was|has|had|starts|started|refuses|refused|won't|can't|didn't|doesn't|just|finally|still|loves|hates|wants|turned|turns|got|keeps|woke|slept|took|goes|went|said|says|cried|fell|walked|lost|does|doesn't|thinks|reckons)\b)`,
  'iu',
);
const DETERMINERS = new Set('a an the his her their your its whose such every any one'.split(' '));
const SPEAKER_IS = new Set(["i'm", 'i’m', 'im', 'am']);

/** "You'd make a brilliant dad", "the best mum ever": a parent described, no one's in particular. */
function describedParent(before: string): boolean {
  // "a stay at home mum" is one description.
  const words =
    before
      .toLowerCase()
      .replace(/\bstay\s+at\s+home\s*$/, 'stay-at-home')
      .match(/[\p{L}'’-]+/gu) ?? [];
  for (let i = words.length - 1; i >= Math.max(0, words.length - 3); i--) {
    const w = words[i]!;
    // "I'm 41, single mum of one": what the speaker is.
    if (DETERMINERS.has(w) || SPEAKER_IS.has(w)) return true;
    const tags = lexTags(w);
    const describing = tags.length ? tags.some((t) => /Adjective|Comparative|Superlative|Gerund/.test(t)) : !/['’]/.test(w);
    if (!describing) return false;
  }
  return false;
}

const ORG = String.raw`(${NAME})`;
/** What one attends after its name: "St Mary's primary", "St Peter's church". */
const ATTENDED =
  /^\s+(?:primary|secondary|infants|juniors|school|nursery|college|academy|church|chapel|cathedral|mosque|temple|synagogue|gurdwara|surgery|hospital)\b/i;
/** Where one is kept rather than visits: "Leeds General Infirmary", "St Luke's Hospice". */
const CARED_FOR_IN = /\b(?:infirmary|hospital|hospice|clinic|ward|prison)$/i;
/** A course of study by its award: "an MA", "my PhD", "a part-time degree". */
const DEGREE = String.raw`(?:ma|msc|mba|ba|bsc|bed|llb|llm|phd|doctorate|masters?|master's|degree|diploma|pgce|foundation\s+year|access\s+course|apprenticeship)\b`;
/** Who studies somewhere rather than works there: "a freshman at Ohio State". */
const STUDENT_WORDS = String.raw`(?:student|freshman|sophomore|junior|senior|undergrad|grad student|phd student|graduate student|postdoc)\b`;
/** What kind of shifts one does somewhere: "long shifts", "night shifts". */
const SHIFT_KIND = String.raw`(?:long\s+|night\s+|extra\s+)?`;
/** Words of a job taken up: "joined", "started at", "hired by", "a new job at" (not its offer), "changed jobs". */
const JOINED =
  /\b(?:joined|join|joining|started\s+at|start\s+at|starting\s+at|hired|recruited|(?:changed|switched|moved)\s+jobs?|new\s+(?:job|role|position)(?!\s+offers?\b))\b/gi;
const EMPLOYER_PATTERNS: RegExp[] = [
  new RegExp(
    String.raw`\b(?:i|we|i'm|im|i've|i am)\s+(?:\w+\s+){0,2}?(?:work|works|worked|working|intern|interned|interning|(?:do|does|did|doing)(?=\s+${SHIFT_KIND}(?:shifts|nights)\b))\s+(?:remotely\s+|full-time\s+|part-time\s+|nights\s+|days\s+|weekends\s+|evenings\s+|${SHIFT_KIND}shifts\s+|overnights?\s+)?(?:as\s+an?\s+(?:[\p{L}-]+\s+){1,3}?)?(?:(?:at|for)\s+(?:the\s+)?|with\s+)${ORG}`,
    'giu',
  ),
  // "I work for a fintech startup called Ledgerly".
  new RegExp(
    String.raw`\b(?:i|we|i'm|im|i've|i am)\s+(?:\w+\s+){0,2}?(?:work|works|worked|working)\s+(?:remotely\s+|full-time\s+|part-time\s+)?(?:at|for)\s+(?:a|an|the)\s+(?:[\p{L}-]+\s+){0,2}?(?:${ORG_NOUNS})\s+(?:called|named)\s+${ORG}`,
    'giu',
  ),
  new RegExp(
    String.raw`\b(?:job|role|position|internship|gig|offer|contract)(?:\s+as\s+an?\s+[\p{L}-]+(?:\s+[\p{L}-]+)?)?\s+(?:at|with|from)\s+${ORG}`,
    'giu',
  ),
  new RegExp(String.raw`\b(?:hired|recruited|employed)\s+(?:by|at)\s+${ORG}`, 'giu'),
  // "handed in my notice at Tesco", "made redundant from Argos", "let go by Acme": a job left, its employer named.
  new RegExp(
    String.raw`\b(?:(?:handed|handing|put)\s+in\s+(?:my|our)\s+notice|(?:made|being)\s+redundant|let\s+go|laid\s+off|fired|sacked)\s+(?:at|from|by)\s+${ORG}`,
    'giu',
  ),
  // "I've changed jobs, I'm at Monzo now".
  new RegExp(String.raw`\b(?:changed|switched|moved|new)\s+jobs?\b[^.!?]*?\b(?:i'm|im|i am)\s+(?:now\s+)?(?:at|with)\s+${ORG}`, 'giu'),
  // "I've been at Deloitte for 3 years as a senior consultant": years there, or a job there ("been with Sam for six
  // years" is a partner's, so "with" only before a job).
  new RegExp(
    String.raw`\b(?:i've|ive|i have)\s+(?:now\s+)?been\s+at\s+${ORG}(?=[^.!?]{0,30}?\b(?:as\s+an?\s|for\s+(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|almost|nearly|over|about)\s+(?:\S+\s+)?(?:years?|months?)\b))`,
    'giu',
  ),
  new RegExp(String.raw`\b(?:i've|ive|i have)\s+(?:now\s+)?been\s+with\s+${ORG}(?=[^.!?]{0,30}?\bas\s+an?\s)`, 'giu'),
  new RegExp(String.raw`\b(?:i|we)\s+(?:\w+\s+)?(?:joined|join|started at|start at|starting at)\s+${ORG}`, 'giu'),
  // "I left Google and joined a startup called Finch": the speaker's second verb, no one else's clause between.
  new RegExp(
    String.raw`\b(?:i|we)\b(?:(?!\b(?:he|she|they|my|our|his|her|their)\b)[^.!?]){0,40}?\b(?:joined|started at)\s+(?:a|an|the)\s+(?:[\p{L}-]+\s+){0,2}?(?:${ORG_NOUNS})\s+(?:called|named)\s+${ORG}`,
    'giu',
  ),
  // "I'm a night shift nurse at the Royal Infirmary", "I'm now head of design at Kite"; not a student, nor a patient,
  // member or regular there.
  new RegExp(
    String.raw`\b(?:i'm|im|i am)\s+(?:now\s+)?(?:head\s+of\s+[\p{L}&-]+|an?\s+(?!${STUDENT_WORDS}\s+(?:at|for)\s)(?!${NOT_STAFF}\s)[\p{L}-]+(?:\s+(?!${NOT_STAFF}\s)[\p{L}-]+){0,2})\s+(?:at|for)\s+(?:the\s+)?${ORG}`,
    'giu',
  ),
];
/**
 * The company that provides something of the household's: "Our mortgage is with Nationwide", "Broadband is Virgin",
 * "I bank with Monzo", "we remortgaged with Halifax", "switched to Octopus for energy", "moving my pension to Vanguard".
 * Not a person met or a place.
 */
const PROVIDER_PATTERNS: RegExp[] = [
  new RegExp(String.raw`\b${SERVICES}\s+(?:is|are|was|'s|’s)\s+(?:now\s+|still\s+|all\s+)?(?:(?:with|through|from|via)\s+)?${ORG}`, 'giu'),
  new RegExp(String.raw`\b(?:bank|banks|banked|banking|insured|insure|remortgaged|remortgaging|remortgage)\s+with\s+${ORG}`, 'giu'),
  new RegExp(
    String.raw`\b(?:switch|switched|switching|moved|moving|move|went|gone|going|signed\s+up|sign\s+up|signing\s+up|joined|join|joining)\s+(?:over\s+)?(?:to|with)\s+${ORG}(?=\s+for\s+(?:(?:my|our|the|their|a|an)\s+)?(?:[\p{L}-]+\s+)?${SERVICES}\b)`,
    'giu',
  ),
  new RegExp(String.raw`\b(?:my|our)\s+${SERVICES}\s+(?:over\s+)?(?:to|with|from)\s+${ORG}`, 'giu'),
];
/**
 * Work or life at a place no more: "I no longer work at Google", "I used to live in Berlin". The place is no
 * employer or home now.
 */
const FORMERLY_WORDS = 'used to|formerly|previously';
const NO_MORE = new RegExp(String.raw`\b(?:no longer|not|n't|never|${FORMERLY_WORDS}|once)\b`, 'i');
/** Work somewhere in the past: "I used to work for Aldi", "previously at Argos". */
const FORMERLY = new RegExp(String.raw`\b(?:${FORMERLY_WORDS})\b`, 'i');
/** A job left: "I quit my job at Tesco", "handed in my notice at the bank", "got made redundant from Argos". */
const LEFT_JOB =
  /\b(?:quit|quitting|left|leaving|resigned|resigning|handed\s+in\s+(?:my|our)\s+notice|lost|let\s+go|fired|sacked|laid\s+off|(?:made|being)\s+redundant)\b/gi;
/** Where the last match of a global pattern starts in `text`, or -1. */
const lastIndexOf = (re: RegExp, text: string) => allMatches(re, text).at(-1)?.index ?? -1;
const UNNAMED_EMPLOYER = new RegExp(
  String.raw`\b(?:i|i'm|im|i am)\s+(?:\w+\s+){0,2}?(?:work|working|worked|(?:do|doing|did)(?=\s+${SHIFT_KIND}(?:shifts|nights)\b))\s+(?:${SHIFT_KIND}shifts\s+|nights\s+)?(?:at|for|in)\s+(?:a|an|the)\s+(?:local\s+|big\s+|small\s+|tiny\s+)?((?:(?:${ORG_NOUNS})\s+)?(?:${ORG_NOUNS}))\b`,
  'giu',
);
const SCHOOL_PATTERNS: RegExp[] = [
  // "I'm in grad school for computer science at Stanford".
  new RegExp(
    String.raw`\b(?:i'm|im|i am)\s+(?:now\s+|currently\s+)?in\s+(?:grad(?:uate)?\s+school|college|university|law\s+school|med(?:ical)?\s+school|nursing\s+school|school)\b[^.!?]{0,40}?\bat\s+${ORG}`,
    'giu',
  ),
  new RegExp(
    String.raw`\b(?:i|we|i'm|im|i am)\s+(?:\w+\s+){0,3}?(?:study|studies|studying|studied|enrolled|majoring|major)\s+(?:[\p{L}-]+\s+){0,3}?(?:at|in)\s+${ORG}`,
    'giu',
  ),
  new RegExp(String.raw`\b(?:${STUDENT_WORDS})\s+at\s+${ORG}`, 'giu'),
  new RegExp(String.raw`\b(?:graduated|graduating|graduate)\s+from\s+${ORG}`, 'giu'),
  // "I'm doing a part-time MA in History at Birkbeck", "starting my PhD at UCL", "I have a BA in design from Leeds Beckett".
  new RegExp(
    String.raw`\b(?:i|we|i'm|im|i am|i've|we've)\s+(?:\w+\s+){0,2}?(?:doing|starting|started|finishing|finished|taking|took|studying|did|done|have|had|got|hold|earned|completed)\s+(?:a|an|my|our|the)\s+(?:[\p{L}-]+\s+)?${DEGREE}(?:\s+in(?:\s+[\p{L}-]+){1,3}?)?\s+(?:at|from)\s+${ORG}`,
    'giu',
  ),
  new RegExp(
    String.raw`\b(?:i|we|i'm|we're|i'll|we'll)\s+(?:\w+\s+)?(?:go|going|attend|attending)\s+(?:to\s+)?(?:the\s+)?(${NAME}\s+(?:University|College|School|Academy|Institute)|(?:University|College)\s+of\s+${CAP}(?:\s+${CAP})?)`,
    'giu',
  ),
];
const PLACE = String.raw`(${NAME})`;
const HOME_PATTERNS: RegExp[] = [
  new RegExp(String.raw`\b(?:i|we|i'm|im|we're)\s+(?:\w+\s+){0,2}?(?:live|lives|living|reside|based|settled)\s+in\s+${PLACE}`, 'giu'),
  // "I live just outside Manchester", "We live near Porto": the place one lives by.
  new RegExp(String.raw`\b(?:i|we)\s+(?:still\s+|now\s+|currently\s+)?live\s+(?:just\s+)?(?:near|outside(?:\s+of)?|around)\s+${PLACE}`, 'giu'),
  // "I live 3 hours away in London", "We live with my mum in Leeds", "I live with two flatmates in Hackney".
  new RegExp(
    String.raw`\b(?:i|we)\s+(?:still\s+|now\s+|currently\s+)?live\s+(?:(?:about\s+|around\s+)?(?:[\p{L}\d]+\s+){1,2}(?:hours?|miles?|minutes?|mins?|km)\s+away|with\s+(?:(?:my|our)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?|(?:two|three|four|five|some|a\s+couple\s+of|\d)\s+(?:flatmates|housemates|roommates|friends|mates)))\s+in\s+${PLACE}`,
    'giu',
  ),
  // "I've lived in Toronto for ten years": still there.
  new RegExp(String.raw`\b(?:i've|ive|we've|i have|we have)\s+(?:\w+\s+)?lived\s+in\s+${PLACE}`, 'giu'),
  // "I'm originally from Lagos but live in London now", "I'm 29, live in Leeds": the speaker's second verb, with no one
  // else's clause between.
  new RegExp(
    // The match starts at "but": what the first clause says ("used to live in Berlin") is no "no more" of this one.
    String.raw`(?=(?:\b(?:but|and)|,)\s)(?<=\b(?:i|we|i'm|im|we're)\b(?:(?!\b(?:he|she|they|my|our|his|her|their)\b)[^.!?]){1,60}?)(?:\b(?:but|and)|,)\s+(?:now\s+|still\s+|currently\s+)?(?:live|based)\s+in\s+${PLACE}`,
    'giu',
  ),
  // "We rent a flat near the canal in Utrecht", "I share an apartment in Leeds", "I live in a tiny flat in Glasgow",
  // "We live in a cottage near Hexham",
  // "We've got a 3 bed terrace in Leeds", "We just bought a house in York": where one lives now (not a holiday home).
  new RegExp(
    String.raw`\b(?:i|we)(?:\s+have|\s+has|['’]ve)?\s+(?:still\s+|now\s+|currently\s+|just\s+|finally\s+)?(?:rent|own|share|live\s+in|live\s+on|got|bought)\s+(?:a|an|the|our|my)\s+(?!(?:holiday|summer|second|vacation|rental|investment|buy-to-let|little\s+holiday)\b)(?:[\p{L}\d-]+\s+){0,2}?(?:flat|apartment|house|houseboat|boat|condo|home|place|studio|loft|townhouse|bungalow|cottage|terrace|semi|maisonette|bedsit)\b[^.!?]{0,40}?\b(?:in|(?:near|outside(?:\s+of)?)(?!\s+the\b))\s+${PLACE}`,
    'giu',
  ),
  // "Home is Milngavie", "Home's Leeds these days", "Leeds is home now": home itself, opening a sentence ("my
  // parents' home is …" is theirs; "home to two clubs" is no one's).
  new RegExp(
    String.raw`(?:^|(?<=[.!?]\s+))home(?:\s+for\s+(?:me|us))?(?:\s+(?:now|these\s+days|nowadays))?(?:\s+is|['’]s)\s+(?:now\s+|still\s+)?${PLACE}`,
    'giu',
  ),
  new RegExp(String.raw`(?:^|(?<=[.!?]\s+))${PLACE}\s+(?:is|has\s+been)\s+(?:now\s+|still\s+)?home\b(?!\s+to\b)`, 'giu'),
];
/** "into a two-bed flat in", "into our first house in": a home moved into, then the place it is in. */
const INTO_A_HOME = String.raw`into\s+(?:a|an|our|my|the)\s+(?:[\p{L}\d-]+\s+){0,2}(?:flat|house|home|apartment|place|condo|bungalow|cottage|studio|terrace|townhouse)\s+in`;
const MOVE_PATTERNS: RegExp[] = [
  new RegExp(
    String.raw`\b(?:i|we|i'm|im|we're|i've|we've|i'll|we'll|i'd|we'd)\s+(?:[\p{L}']+\s+){0,3}?(?:moved|moving|move|relocated|relocating|relocate)\s+(?:back\s+|over\s+|out\s+)?(?:to|${INTO_A_HOME}|into|in\s+together\s+(?:in|to))\s+${PLACE}`,
    'giu',
  ),
  // "Just moved into a flat in Leeds", "Moved to Leeds in 2019": a sentence opening with the move, its "I" dropped.
  new RegExp(
    String.raw`(?:^|(?<=[.!?]\s+))(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+(?:back\s+)?(?:to|${INTO_A_HOME})\s+${PLACE}`,
    'giu',
  ),
  // "I used to live in Berlin but moved back to Toronto": the speaker's second verb, with no one else's clause between.
  new RegExp(
    String.raw`\b(?:i|we)\b(?:(?!\b(?:he|she|they|my|our|his|her|their)\b)[^.!?]){1,60}?\b(?:but|and|then)\s+(?:just\s+|recently\s+|finally\s+)?(?:moved|relocated)\s+(?:back\s+)?(?:to|into)\s+${PLACE}`,
    'giu',
  ),
];
/** Anyone's move ("My brother just moved to Austin"): the place is a place, not someone called Austin. */
const ANY_MOVE = new RegExp(String.raw`\b(?:moved|moving|relocated|relocating)\s+(?:back\s+|over\s+)?(?:to|into)\s+${PLACE}`, 'giu');
const HOMETOWN_PATTERNS: RegExp[] = [
  new RegExp(String.raw`\b(?:i'm|im|i am|we're|we are)\s+(?:originally\s+)?from\s+${PLACE}`, 'giu'),
  // "Originally from Accra.": the "I'm" dropped.
  new RegExp(String.raw`^\s*originally\s+from\s+${PLACE}`, 'giu'),
  new RegExp(String.raw`\b(?:grew up|was born|were born|raised)\s+in\s+${PLACE}`, 'giu'),
  // "I moved here from Nigeria when I was 12": where the speaker came from as a child.
  new RegExp(
    String.raw`\b(?:i|we)\s+(?:\w+\s+)?(?:moved|came|emigrated|immigrated)\s+(?:here\s+|over\s+)?from\s+${PLACE}(?=[^.!?]{0,20}\b(?:when\s+(?:i|we)\s+(?:was|were)\s+(?:\d|a\s+(?:kid|child|baby|toddler|teenager)|little|young|small)|as\s+a\s+(?:kid|child|baby|toddler|teenager)))`,
    'giu',
  ),
  // "I grew up in a small town in Ohio": the place the town is in.
  new RegExp(
    String.raw`\b(?:grew up|was born|were born|raised)\s+(?:in|on)\s+(?:a|an|the)\s+(?:[\p{Ll}-]+\s+){0,2}(?:town|city|village|farm|suburb|island)\s+(?:in|near|outside(?:\s+of)?|just outside(?:\s+of)?)\s+${PLACE}`,
    'giu',
  ),
];
const TRAVEL_PATTERNS: RegExp[] = [
  new RegExp(
    String.raw`\b(?:trip|travel|travelled|traveled|travelling|traveling|flight|flying|fly|flew|vacation|holiday|honeymoon|visit|visiting|visited|went|going|go|headed|heading|drove|driving|road trip|back|off)\s+(?:back\s+)?(?:to|in|around)\s+(?:the\s+)?${PLACE}`,
    'giu',
  ),
  new RegExp(String.raw`\b(?:visit|visiting|visited|explore|exploring|explored)\s+(?:the\s+)?${PLACE}`, 'giu'),
  // "Just got back from Peru".
  new RegExp(String.raw`\b(?:back|returned)\s+from\s+(?:the\s+)?${PLACE}`, 'giu'),
  // "We're spending a week in Crete", "Two nights in Paris": a stay counted in days, nights or weeks.
  new RegExp(
    String.raw`\b(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|a\s+few|a\s+couple\s+of|couple\s+of|\d{1,2})\s+(?:days?|nights?|weeks?|weekends?)\s+(?:away\s+)?in\s+(?:the\s+)?${PLACE}`,
    'giu',
  ),
];
/** Words before the animal in "a rescue greyhound", "a fluffy black cat". */
const PET_WORDS_BEFORE =
  'a|an|another|two|three|four|five|six|our|the|new|little|baby|sweet|cute|tiny|second|rescue|rescued|shelter|stray|senior|young|old|big|small|fluffy|adorable|beautiful|black|white|grey|gray|brown|orange|ginger|tabby|female|male|' +
  // A breed's first word ("a Border collie", "a Cocker spaniel", "a Persian cat").
  'border|german|australian|english|french|jack|cocker|springer|bernese|siberian|maine|persian|siamese|british|scottish|irish|welsh|miniature|toy';
/** "Two cats, Miso and Udon" opening an answer ("Any pets?"): pets counted and named, their "I have" dropped. */
const COUNTED_PETS = String.raw`(?:two|three|four|five|six)\s+[\p{L}-]+\s*,\s*\p{Lu}`;
/** "A cocker spaniel called Bramble." after "We got a puppy!!": a pet named in a phrase of its own, its "we got" said before. */
const NAMED_PET_ALONE = String.raw`(?:(?:${PET_WORDS_BEFORE})\s+)+(?:${PET_ALT})\s+(?:named|called)\s+[\p{L}'-]+\s*(?:[,.!]|$)`;
const PET_INTRO = new RegExp(
  String.raw`(?:\b(?:i|we|i've|we've|i'd|we'd|i'm|we're)\b[^.!?]{0,40}?|^\s*(?:(?:just|finally|recently|so)\s+)*)(?:\b(?:adopted|adopt|adopting|got|get|getting|rescued|rescue|bought|brought home|welcomed|have|has|own|(?:live|living)\s+with(?:\s+[\p{L}-]+){1,4}?\s+and|(?<=\b(?:live|lives|living)\b[^.!?]{0,40}?)with)\s+|(?<=^\s*)(?=${COUNTED_PETS}|${NAMED_PET_ALONE}))((?:(?:${PET_WORDS_BEFORE})\s+)+)(${PET_ALT})\b(?!\s+(?:allerg\w*|food|tacos?|sticks?|walker|sitter|park|hair|bed|toys?|treats?|person|people|lover|owner|show|years?|fillets?|sauce|house|cafe|café)\b)(?:\s+(?:named|called)\s+(${NAME_OR_WORD}))?`,
  'giu',
);
/**
 * A job sought, not had: "I'm applying for a product manager role at Spotify", "an interview for a job at Google",
 * "didn't get the job at Monzo", "a cover letter for a marketing role at Spotify", "I want a job at Google".
 */
const SOUGHT =
  /\b(?:apply|applying|applied|application|interview|interviews|interviewed|interviewing|(?:didn't|did not|didnt|never|won't|will not) get|turned down|rejected|shortlisted|(?:cover\s+letter|cv|resume|résumé)\s+(?:for|to)|(?:want|wants|wanted|(?:would|'d)\s+love|dream)\s+(?:(?:a|an|the|that|this)\s+)?(?:[\w-]+\s+){0,2}?(?:job|role|position|internship))\b(?:(?!\bbut\b)[^.!?])*$/i;
/** A move under way or ahead ("We're moving to Osaka next year", "I'll move to Leeds"): the place is no home yet. */
const MOVE_AHEAD = /\b(?:moving|move|relocating|relocate)\b/i;
const NEXT_PET = new RegExp(
  String.raw`^\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:a|an|another|one|two)\s+(?:[\p{L}-]+\s+)??(${PET_ALT})\b(?:\s+(?:named|called)\s+(${NAME_OR_WORD}))?`,
  'iu',
);
/** What others call someone just named: "My mom's name is Patricia but everyone calls her Pat", "she goes by Pat". */
const NICKNAME = new RegExp(
  // The words before the name in either case ("We call him Olly" opens a sentence); the name stays capitalised.
  String.raw`\b(?:(?:[Ee]very(?:one|body)|[Pp]eople|[Ff]riends|[Ff]amily|[Ww]e|[Tt]hey|I|(?:[Hh]er|[Hh]is|[Tt]heir)\s+friends)\s+(?:all\s+|just\s+)?(?:call|calls|called)\s+(?:her|him|them)|(?:[Ss]he|[Hh]e)\s+goes\s+by)\s+(${NAME})`,
  'gu',
);
/** "Everyone calls my daughter …", "We call our son …": what follows the role and the name is what they are called. */
const CALLED_BEFORE = /\b(?:call|calls|called)\s+$/i;
/** The nickname after the first: "we call him Olly or sometimes Bug". */
const NEXT_NICKNAME = new RegExp(String.raw`^,?\s+(?:or|and)\s+(?:sometimes\s+|occasionally\s+|just\s+|even\s+|also\s+)?(${NAME})`, 'u');
/** "My sister just had a baby girl, named her Isla": a birth, after which a name given is the baby's, not the parent's. */
const BIRTH =
  /\b(?:had|welcomed|gave\s+birth\s+to)\s+(?:a|an|their|her|his|our)\s+(?:(?:little|beautiful|healthy|gorgeous|baby|new)\s+)*(girl|boy|daughter|son|baby)\b/giu;
/** Who had the baby: the last "my sister", "our daughter", or the speaker ("we", "I"), before the birth. */
const PARENT = new RegExp(String.raw`\b(?:(?:my|our)\s+${ROLE_MODIFIERS}(${ROLE_ALT})|(i|we))\b`, 'giu');
/** The baby's relation to the speaker and its role word, by its parent's relation and whether it is a girl or a boy. */
const NEWBORN_OF: Partial<Record<Relation | 'self', [Relation, string | null, string | null]>> = {
  self: ['child', 'daughter', 'son'],
  spouse: ['child', 'daughter', 'son'],
  partner: ['child', 'daughter', 'son'],
  sibling: ['relative', 'niece', 'nephew'],
  child: ['grandchild', 'granddaughter', 'grandson'],
};

/** The baby a name given after a birth in `before` belongs to: its relation and role word; undefined when no birth was told. */
function newbornNamed(before: string, speakerIsOther: boolean): { relation: Relation | null; role?: string } | undefined {
  const birth = allMatches(BIRTH, before).at(-1);
  if (!birth) return undefined;
  const parent = allMatches(PARENT, before.slice(0, birth.index)).at(-1);
  const of = parent?.[2] ? 'self' : parent?.[1] ? ROLE_INFO.get(parent[1].toLowerCase())?.relation : undefined;
  const newborn = of && !speakerIsOther ? NEWBORN_OF[of] : undefined;
  if (!newborn) return { relation: null };
  const sex = birth[1]!.toLowerCase();
  const role = sex === 'girl' || sex === 'daughter' ? newborn[1] : sex === 'boy' || sex === 'son' ? newborn[2] : null;
  return role ? { relation: newborn[0], role } : { relation: newborn[0] };
}

const NAMING = new RegExp(
  String.raw`\b(?:named|called|name|call)\s+(?:her|him|it|them(?!\s+\S+\s*(?:,|and\b))|the\s+(?:(?<pet>${PET_ALT})|baby))\s+(${NAME_OR_WORD})|\b(?:her|his|its)\s+name\s+is\s+(${NAME_OR_WORD})|\b(?:she|he)(?:['’]s|\s+is)\s+(?:called|named)\s+(${NAME})`,
  'giu',
);
/** "Their names are Biscuit and Pepper", "My kids are called Mia, Leo and Ada", "called them Salt and Pepper": several names given at once. */
const NAMES_LIST = new RegExp(
  String.raw`\b(?:[Tt]heir\s+names\s+are|(?:are|were)\s+(?:called|named)|(?:called|named)\s+them)\s+(${NAME}(?:\s*,\s*${NAME})*\s*,?\s+and\s+${NAME})`,
  'gu',
);
const NAME_IN_LIST = new RegExp(NAME, 'gu');
const THING_PATTERN = new RegExp(
  String.raw`\b(my|our)\s+(?:(?:new|old|own|first|little|small|latest|current|side|dream|tiny|big|beloved)\s+)*(${THING_ALT})\b(?!-|\s+(?:club|clubs|group|groups|night|nights|shop|shops|store|stores)\b)(?:\s+(?:is\s+|['’]s\s+)?(?:called|named)\s+((?:The\s+)?${NAME_OR_WORD})|\s+(${NAME})|\s*,\s*(${NAME})\s*,)?`,
  'giu',
);

/**
 * Someone else as the subject: "My husband got hired by Amazon", "Priya got a job offer from Stripe", "He graduated
 * from MIT", "My dad grew up in Ohio". Their employer, school or hometown is not the speaker's.
 */
const OTHERS_SUBJECT = new RegExp(
  String.raw`\b(?:he|she|they|he's|she's|they're|(?:my|our)\s+(?:[\p{L}-]+\s+)?(?:${ROLE_ALT})(?:['’]s)?)${WORD_END}`,
  'giu',
);
/** A name doing something (case matters: "just started" is no name, nor is "Just" opening a sentence). */
const NAME_SUBJECT =
  /\b(?!(?:Just|Finally|Recently|Also|So|Today|Yesterday|Then|Now|And|But|Anyway|Actually|Still|Only)\b)\p{Lu}\p{Ll}+\s+(?:just\s+|finally\s+|recently\s+)?(?:got|is|was|has|had|started|landed|accepted|took|grew|graduated)\b/gu;
const SPEAKER_SUBJECT = /\b(?:i|we|i'm|im|i've|we're|we've|me|us)\b/giu;
const FIRST_PERSON_START = /^(?:i|we|i'm|im|i've|i am|we're|we've)\b/i;

/** Whether the sentence before a match has someone else as its last subject ("My wife and I …" is the speaker's). */
function someoneElses(before: string): boolean {
  const sentence = before.slice(before.search(/[^.!?]*$/));
  const lastAt = (re: RegExp) => Math.max(-1, ...[...allMatches(re, sentence)].map((m) => m.index!));
  return Math.max(lastAt(OTHERS_SUBJECT), lastAt(NAME_SUBJECT)) > lastAt(SPEAKER_SUBJECT);
}

/** A possessive and a person's role after a name: "go to Priya's brother" goes to a person, and to no place. */
const OWNS_SOMEONE = new RegExp(String.raw`^['’]s\s+(?:${PERSON_ROLE_ALT})${WORD_END}`, 'iu');

/** The next match of the global `re` in `text` at or after `from`. */
function execFrom(re: RegExp, text: string, from: number): RegExpExecArray | null {
  re.lastIndex = from;
  return re.exec(text);
}

/** Index of the capture group `g` in a match made with the `d` flag, else a search from the match start. */
function groupStart(m: RegExpMatchArray, g: number): number {
  const idx = (m as RegExpMatchArray & { indices?: Array<[number, number] | undefined> }).indices?.[g];
  if (idx) return idx[0];
  return (m.index ?? 0) + m[0].indexOf(m[g] ?? '');
}

const withIndices = (re: RegExp) => new RegExp(re.source, re.flags.includes('d') ? re.flags : `${re.flags}d`);
const D = {
  possessiveRole: withIndices(POSSESSIVE_ROLE),
  employer: EMPLOYER_PATTERNS.map(withIndices),
  provider: PROVIDER_PATTERNS.map(withIndices),
  unnamedEmployer: withIndices(UNNAMED_EMPLOYER),
  school: SCHOOL_PATTERNS.map(withIndices),
  home: HOME_PATTERNS.map(withIndices),
  move: MOVE_PATTERNS.map(withIndices),
  anyMove: withIndices(ANY_MOVE),
  hometown: HOMETOWN_PATTERNS.map(withIndices),
  travel: TRAVEL_PATTERNS.map(withIndices),
  petIntro: withIndices(PET_INTRO),
  naming: withIndices(NAMING),
  namesList: withIndices(NAMES_LIST),
  nickname: withIndices(NICKNAME),
  thing: withIndices(THING_PATTERN),
};

/** Tier 2: kinship and role words, employers, schools, places, pets, things — all from patterns. */
export function patternSpecs(scan: string, speakerIsOther: boolean): Spec[] {
  const specs: Spec[] = [];
  for (const m of allMatches(D.possessiveRole, scan)) {
    const had = !/^(my|our)$/i.test(m[1]!);
    // "I have a doctor's appointment" names no doctor.
    if (had && /^['’]s\b/.test(scan.slice(m.index! + m[0].length))) continue;
    const start = had ? groupStart(m, 3) : m.index!;
    let end = m.index! + m[0].length;
    const word = m[3]!.toLowerCase().replace(/\s+/g, ' ');
    const role = ROLE_INFO.has(word) ? word : 'child';
    let name: string | null = null;
    let specStart = start;
    const after = scan.slice(end);
    for (const re of ROLE_NAME_AFTER) {
      const a = after.match(re);
      // "My sister is Priya", "My flatmates are Chloe and Sam": the verb agrees with the role.
      const byCopula = re === ROLE_NAME_AFTER[3];
      if (a && byCopula && (a[1] === 'are') !== Boolean(ROLE_INFO.get(role)?.plural)) continue;
      const candidate = a && cleanName(byCopula ? a[2] : a[1], { loose: re === ROLE_NAME_AFTER[0] });
      if (a && candidate && !ROLE_INFO.has(candidate.toLowerCase())) {
        // "my wife Sarah" takes the next capitalised word only; explicit naming may take a lower-case word, except
        // a bare "called" after a person, which is as often the verb ("my mom called last night").
        const verbCalled = re === ROLE_NAME_AFTER[0] && /^\s+called\s/u.test(a[0]) && ROLE_INFO.get(role)?.kind === 'person';
        if ((re === ROLE_NAME_AFTER[2] || verbCalled) && !/^\p{Lu}/u.test(a[1]!)) continue;
        if (byCopula && !namesSomeone(candidate, ROLE_INFO.get(role)?.relation === 'pet')) continue;
        name = candidate;
        end += a.index! + a[0].length;
        break;
      }
    }
    if (!name) {
      const before = scan.slice(0, start).match(NAME_BEFORE_ROLE);
      const candidate = before && cleanName(before[1], { trimCommonLead: true });
      // "Sarah, my wife", "Tom is my coworker" and "Max, my dog" name them; "Luckily, my son is fine" and "a bit of
      // Portuguese, my mum is Brazilian" do not.
      if (before && candidate && !isSentenceAdverb(candidate) && !isLanguageOrPeople(candidate)) {
        name = candidate;
        specStart = before.index! + before[0].indexOf(candidate.split(' ')[0]!);
      }
    }
    // "Everyone calls my daughter Elizabeth Lizzie": the last word is what she is called, not her surname.
    const calledAs = name?.includes(' ') && CALLED_BEFORE.test(scan.slice(0, m.index)) ? name.slice(name.lastIndexOf(' ') + 1) : null;
    if (calledAs) {
      const at = scan.lastIndexOf(calledAs, end);
      name = name!.slice(0, name!.lastIndexOf(' '));
      specs.push({ start: at, end: at + calledAs.length, priority: 45, tag: 'nickname', name: calledAs });
      end = scan.slice(0, at).trimEnd().length;
    }
    const ex = Boolean(m[2]);
    const tag = ROLE_INFO.get(role)?.relation === 'pet' ? 'pet' : 'role';
    specs.push({ start: specStart, end, priority: 10, tag, role, name: name ?? undefined, ex });
    // "my kids Maya and Leo", "two kids, Maya who's 7 and Leo who's 4": each name of the list has the role.
    if (name && ROLE_INFO.get(role)?.plural) for (const listed of namesListedAfter(scan, end)) specs.push({ ...listed, priority: 10, tag, role, ex });
    // "I have two older brothers and a younger sister": each one had, of a list, is someone.
    if (had) {
      let at = end;
      for (let more = scan.slice(at).match(HAD_TOO); more; more = scan.slice(at).match(HAD_TOO)) {
        const word = more[1]!.toLowerCase().replace(/\s+/g, ' ');
        const start = at + more[0].length - more[1]!.length;
        at += more[0].length;
        // Pets of a list, named or not, are the pet patterns' (NEXT_PET).
        if (ROLE_INFO.get(word)?.kind === 'person') specs.push({ start, end: at, priority: 10, tag: 'role', role: word });
      }
    }
  }
  for (const m of allMatches(MY_EX, scan)) {
    // "Don't mention my ex, Mark.": a name closing the clause after it is the ex's, not someone addressed.
    const end = m.index! + m[0].length;
    const after = scan.slice(end).match(EX_NAMED);
    const name = after ? cleanName(after[1]) : null;
    specs.push({
      start: m.index!,
      end: name ? end + after!.index! + after![0].length : end,
      priority: 10,
      tag: 'role',
      role: 'ex',
      ex: true,
      ...(name ? { name } : {}),
    });
  }
  for (const [re, role] of [
    [MARRIED_TO, 'spouse'],
    [DATING, 'partner'],
  ] as const) {
    for (const m of allMatches(re, scan)) {
      const name = cleanName(m[1]);
      const start = groupStart(m, 1);
      if (name) specs.push({ start, end: start + name.length, priority: 10, tag: 'role', role, name });
    }
  }

  const named = (res: RegExp[], tag: Tag, kind: EntityKind, relation: Relation | null, priority = 15) => {
    for (const re of res) {
      // Each search goes on from the end of the name as cleaned: read case-insensitively, a name may have run on over
      // the next words ("born in Glasgow but grew up" leaves "in Cardiff" to find).
      for (let from = 0, m = execFrom(re, scan, from); m; m = execFrom(re, scan, from)) {
        from = m.index! + Math.max(1, m[0].length);
        const name = cleanName(m[1], { keepPossessive: kind === 'organization' });
        if (!name) continue;
        const start = groupStart(m, 1);
        from = start + name.length;
        // The name as cleaned has no possessive of its own: it follows. "Off to Tamsin's" is someone's home, no trip's place.
        const rest = scan.slice(start + name.length);
        if (kind === 'place' && (OWNS_SOMEONE.test(rest) || (tag === 'travel' && /^['’]s\b/u.test(rest)))) continue;
        // "We visited Sarah and Tom": whom one visits by a first name the lexicon knows as no place's is someone.
        if (tag === 'travel' && /^visit/i.test(m[0]) && isFirstNameOnly(name)) continue;
        // "The kids go to St Mary's primary", "We go to St Peter's church": a place one attends, no trip; nor a stay
        // in a hospital or a prison.
        if (tag === 'travel' && (ATTENDED.test(rest) || CARED_FOR_IN.test(name))) continue;
        // "We went to the Maldives" is a trip, "we went to the Red Lion" none: after "the", only a known place's name.
        if (tag === 'travel' && /\bthe\s+$/i.test(scan.slice(m.index, start)) && !isPlaceName(name)) continue;
        // A place one works at or lives in no more, moves to or applies to is no employer or home now; someone
        // else's is not the speaker's.
        const before = scan.slice(0, m.index);
        // The later of a leaving and a joining word says which ("I left Google and joined a startup called Finch").
        const said = tag === 'employer' ? `${before.slice(-30)}${m[0]}` : '';
        const joinedAt = lastIndexOf(JOINED, said);
        // A job said to be over is left too: "I no longer work at Tesco", "I don't work at Argos any more", "I used to work for Aldi".
        const left =
          tag === 'employer' &&
          (lastIndexOf(LEFT_JOB, said) > joinedAt || FORMERLY.test(m[0]) || endedStates(`${said}${rest.slice(0, 12)}`).length > 0);
        const notNow =
          left || ((tag === 'employer' || tag === 'home') && NO_MORE.test(m[0])) || (tag === 'move' && (NOT_YET.test(m[0]) || MOVE_AHEAD.test(m[0])));
        const theirs = relation !== null && !FIRST_PERSON_START.test(m[0]) && someoneElses(before);
        // Read up to the name: "I want a job at Google" says so only with the match's own words.
        const sought = tag === 'employer' && (SOUGHT.test(scan.slice(0, start)) || SOUGHT.test(m[0]));
        const joined = tag === 'employer' && !notNow && !sought && joinedAt >= 0;
        specs.push({
          start,
          end: start + name.length,
          priority,
          tag,
          name,
          kind,
          relation: speakerIsOther || notNow || theirs || sought ? null : relation,
          ...(notNow || sought ? { notHeld: true } : {}),
          ...(joined ? { joined: true } : {}),
          ...(left && !theirs && !speakerIsOther ? { left: true } : {}),
        });
      }
    }
  };
  named(D.employer, 'employer', 'organization', 'employer');
  named(D.provider, 'name', 'organization', null);
  named(D.school, 'school', 'organization', 'school');
  named(D.home, 'home', 'place', 'home');
  named(D.move, 'move', 'place', 'home');
  named([D.anyMove], 'move', 'place', null, 16);
  named(D.hometown, 'hometown', 'place', 'hometown');
  named(D.travel, 'travel', 'place', null, 16);

  for (const m of allMatches(D.unnamedEmployer, scan)) {
    const start = groupStart(m, 1);
    specs.push({
      start,
      end: start + m[1]!.length,
      priority: 15,
      tag: 'employer',
      name: m[1]!.toLowerCase(),
      kind: 'organization',
      relation: speakerIsOther ? null : 'employer',
    });
  }
  for (const m of allMatches(D.petIntro, scan)) {
    // "We're considering adopting a kitten": no pet yet.
    if (NOT_YET.test(m[0])) continue;
    // "a Border collie": the breed's capitalised first word is part of the mention, no name of its own.
    const breed = m[1]!.match(/\p{Lu}\p{Ll}+\s+$/u)?.[0].length ?? 0;
    const start = groupStart(m, 2) - breed;
    const name = cleanName(m[3], { loose: true }) ?? undefined;
    const end = m[3] && name ? groupStart(m, 3) + name.length : start + breed + m[2]!.length;
    // "adopted a puppy" brings a new pet into the person's life: never one they already have.
    const fresh = /\b(a|an|another|two|new)\b/i.test(m[1] ?? '');
    const role = m[2]!.toLowerCase();
    // "two guinea pigs called Biscuit and Ginger", "two cats from the shelter, Salt and Pepper": each name is one of them.
    const trailing = ROLE_INFO.get(role)?.plural && !name ? scan.slice(end).match(TRAILING_NAMES) : null;
    const at = trailing ? end + trailing[0].length : -1;
    const first = trailing ? cleanName(scan.slice(at), { loose: true }) : null;
    if (first) specs.push({ start: at, end: at + first.length, priority: 15, tag: 'pet', role, name: first, fresh });
    else specs.push({ start, end, priority: 15, tag: 'pet', role, name, fresh });
    if (ROLE_INFO.get(role)?.plural && (name || first))
      for (const listed of namesListedAfter(scan, first ? at + first.length : end)) specs.push({ ...listed, priority: 15, tag: 'pet', role, fresh });
    // "a cat named Juniper and a golden retriever called Pickle", "two dogs, a collie called Skye and a spaniel called
    // Bramble": the next pets of the list, each from the end of the one before (from the end of what was taken: a
    // case-insensitive name pattern may have read on, "Juniper and a golden").
    let from = end;
    for (let next = scan.slice(from).match(NEXT_PET); next; next = scan.slice(from).match(NEXT_PET)) {
      const at = from + next.index! + next[0].indexOf(next[1]!);
      const nextName = cleanName(next[2], { loose: true }) ?? undefined;
      specs.push({ start: at, end: at + next[1]!.length, priority: 15, tag: 'pet', role: next[1]!.toLowerCase(), name: nextName, fresh });
      // Past the name as cleaned, or the pet word when none was given.
      from = nextName ? from + next.index! + next[0].lastIndexOf(next[2]!) + nextName.length : at + next[1]!.length;
    }
  }
  for (const m of allMatches(D.thing, scan)) {
    const rawName = m[3] ?? m[4] ?? m[5];
    // "My band is called The Foxes": a title's article is part of its name.
    const article = m[3]?.match(/^The\s+(?=\p{Lu})/u)?.[0] ?? '';
    const cleaned = cleanName(rawName?.slice(article.length), { loose: Boolean(m[3]) });
    const name = cleaned ? `${article}${cleaned}` : undefined;
    const group = m[3] ? 3 : m[4] ? 4 : m[5] ? 5 : 0;
    const end = group && name ? groupStart(m, group) + name.length : m.index! + m[0].length - (rawName?.length ?? 0);
    specs.push({ start: m.index!, end, priority: 15, tag: 'thing', role: m[2]!.toLowerCase(), name });
  }
  for (const m of allMatches(STANDALONE_ROLE, scan)) {
    if (describedParent(scan.slice(0, m.index!))) continue;
    specs.push({ start: m.index!, end: m.index! + m[0].length, priority: 40, tag: 'role', role: m[1]!.toLowerCase() });
  }
  const child = scan.match(STANDALONE_OPENING);
  if (child) {
    const start = child[0].length - child[1]!.length;
    specs.push({ start, end: child[0].length, priority: 40, tag: 'role', role: child[1]!.toLowerCase() });
  }
  for (const m of allMatches(D.nickname, scan)) {
    // "they called him Finn" after a birth gives the baby its name (D.naming), no other name of the parent.
    if (newbornNamed(scan.slice(0, m.index), speakerIsOther)) continue;
    const name = cleanName(m[1]);
    const start = groupStart(m, 1);
    if (!name) continue;
    specs.push({ start, end: start + name.length, priority: 45, tag: 'nickname', name });
    const next = scan.slice(start + name.length).match(NEXT_NICKNAME);
    const nextName = next && cleanName(next[1]);
    if (nextName) {
      const at = start + name.length + next.index! + next[0].length - next[1]!.length;
      specs.push({ start: at, end: at + nextName.length, priority: 45, tag: 'nickname', name: nextName });
    }
  }
  for (const m of allMatches(D.naming, scan)) {
    // Group 1 is the pet word of "the puppy", when named; the name is group 2 ("named her Biscuit"), 3 ("her name is")
    // or 4 ("she's called Mittens").
    const g = m[2] ? 2 : m[3] ? 3 : 4;
    const name = cleanName(m[g], { loose: true });
    if (!name || ROLE_INFO.has(name.toLowerCase())) continue;
    const start = groupStart(m, g);
    // "We named the puppy Waffles": the name is a pet's of the speaker's, as "our puppy Waffles" would be.
    const pet = m.groups?.pet?.toLowerCase().replace(/\s+/g, ' ');
    const newborn = pet ? undefined : newbornNamed(scan.slice(0, m.index), speakerIsOther);
    if (pet) specs.push({ start, end: start + name.length, priority: 50, tag: 'pet', role: pet, name });
    else if (newborn) specs.push({ start, end: start + name.length, priority: 50, tag: 'naming', name, fresh: true, ...newborn });
    else specs.push({ start, end: start + name.length, priority: 50, tag: 'naming', name });
  }
  for (const m of allMatches(D.namesList, scan)) {
    const at = groupStart(m, 1);
    for (const n of allMatches(NAME_IN_LIST, m[1]!)) {
      const name = cleanName(n[0], { loose: true });
      if (name && !ROLE_INFO.has(name.toLowerCase()))
        specs.push({ start: at + n.index!, end: at + n.index! + name.length, priority: 50, tag: 'naming', name, listed: true });
    }
  }
  return specs;
}
