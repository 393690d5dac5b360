// Crisis detection: flags content suggesting someone may be at risk, so the write path can answer
// `safety.crisis_detected` (spec 4.A) and the app can respond with care. It is a table of phrase rules, each
// used from a sensitivity up: 'standard' rules catch explicit wording and apply at both sensitivities; 'high'
// (the healthcare preset, "safety checks at maximum intensity") adds softer wording.
//
// It errs towards flagging: someone else at risk ("my friend said she wants to kill herself") flags too. Cheap
// guards drop the commonest readings that are no crisis: a figure of speech ("this traffic is killing me" has
// no rule at all; "the Suicide Squad", "a stroke of luck", "you gave me a heart attack" are excluded by the
// rule), an accident ("I cut myself shaving"), and a negation just before an explicit phrase ("I don't want to
// die", "I would never hurt myself"; but "I can't stop thinking about killing myself" still flags).
// Every pattern is a plain alternation of words with bounded gaps, so long inputs cost linear time.

export type CrisisCategory = 'self_harm' | 'suicide' | 'abuse' | 'medical_emergency';
export type CrisisSensitivity = 'standard' | 'high';

export interface CrisisResult {
  crisisDetected: boolean;
  /** Distinct categories found, in a fixed order (suicide, self_harm, abuse, medical_emergency). */
  categories: CrisisCategory[];
}

interface CrisisRule {
  category: CrisisCategory;
  /** The lowest sensitivity that uses the rule. */
  from: CrisisSensitivity;
  pattern: RegExp;
  /** Readings that are no crisis; a match of this overlapping the rule's match cancels it. */
  unless?: RegExp;
  /** A negation in the few words before the match cancels it ("I would never ..."). */
  negatable?: boolean;
}

const CATEGORY_ORDER: readonly CrisisCategory[] = ['suicide', 'self_harm', 'abuse', 'medical_emergency'];

// Word fragments shared by the rules.
const CANT = String.raw`(?:can'?t|cannot|can\s+not|could\s*n'?t|couldn'?t)`;
const DONT = String.raw`(?:don'?t|do\s+not)`;
const THEMSELF = String.raw`(?:him|her|them)sel(?:f|ves)|themself`;
// A person who might hurt the speaker: "he", "she", "they", "my husband", "my step dad"...
const SOMEONE_CLOSE = String.raw`(?:he|she|they|my\s+(?:[a-z-]+\s+)?(?:husband|wife|boyfriend|girlfriend|bf|gf|partner|ex|fianc[eé]e?|dad|father|mom|mum|mother|step-?(?:dad|father|mom|mum|mother)|brother|sister|uncle|aunt|parents?|grandfather|grandmother|boss|teacher|coach|son|daughter|caregiver|carer|roommate|flatmate))`;
// At most one word between subject and verb ("he still hits me"), but not a negation ("he never hits me").
const ADVERB = String.raw`(?:(?!(?:never|not|no|hardly|rarely|[a-z]+n'?t)\b)[a-z]+\s+)?`;
// Accidents that explain "cut/hurt/burned myself" ("shaving", "on the stove", "when I fell"); not "when I'm sad".
const MISHAP = String.raw`(?:shaving|cooking|chopping|slicing|cutting|cleaning|playing|running|skiing|lifting|training|climbing|moving|working\s+out|fell|falling|tripped|slipped)`;
const ACCIDENT = String.raw`(?:${MISHAP}|(?:while|when)\s+(?:i\s+)?(?:was\s+)?${MISHAP}|by\s+accident|accidentally|on\s+(?:a|an|the|some|my)\s+(?!(?:arms?|wrists?|legs?|thighs?|stomach|body|skin|hips?)\b)|at\s+(?:the\s+)?(?:gym|work|practice)|in\s+the\s+(?:kitchen|garden)|doing)`;
const VICTIM_WORDS = String.raw`(?:husband|wife|boyfriend|girlfriend|partner|dad|father|mom|mum|mother|stepdad|stepfather|stepmom|stepmother|parents)`;

const r = (source: string) => new RegExp(source, 'gi');

const RULES: readonly CrisisRule[] = [
  // --- suicide, explicit ------------------------------------------------------------------------------------
  {
    category: 'suicide',
    from: 'standard',
    pattern: r(String.raw`\b(?:kill(?:s|ing|ed)?|hang(?:s|ing|ed)?|shoot(?:s|ing)?|shot|off(?:ing)?)\s+myself\b`),
    // "killing myself at the gym", "I could kill myself for forgetting", "I'll kill myself laughing".
    unless: r(
      String.raw`(?:kill|killing)\s+myself\s+(?:laughing|trying|working|studying|at\s+(?:the\s+)?(?:gym|work)|over\s+(?:this|it|work)|for\s+(?:forgetting|not|being|missing|that))`,
    ),
    negatable: true,
  },
  // Someone else: err on the side of flagging real risk.
  {
    category: 'suicide',
    from: 'standard',
    pattern: r(String.raw`\b(?:kill(?:s|ing|ed)?|hang(?:s|ing|ed)?|shoot(?:s|ing)?|shot)\s+(?:${THEMSELF})\b`),
    negatable: true,
  },
  {
    category: 'suicide',
    from: 'standard',
    pattern: r(String.raw`\b(?:end(?:s|ing|ed)?|tak(?:e|es|ing)|took)\s+(?:my|his|her|their)\s+(?:own\s+)?life\b`),
    unless: r(String.raw`life\s+(?:back|into|in\s+(?:my|his|her|their)\s+(?:own\s+)?hands|seriously|for\s+granted)`),
    negatable: true,
  },
  {
    category: 'suicide',
    from: 'standard',
    pattern: r(String.raw`\bsuicid(?:e|al|ality)\b`),
    unless: r(
      String.raw`suicide\s+(?:squad|mission|doors?|runs?|sprints?|drills?|bomb\w*|attack\w*|vests?|king|squeeze|lanes?)|(?:political|career|social|commercial|financial|electoral|fashion|professional|tactical|brand)\s+suicide`,
    ),
    negatable: true,
  },
  {
    category: 'suicide',
    from: 'standard',
    pattern: r(String.raw`\b(?:want(?:s|ed|ing)?\s+to|wanna|ready\s+to|wish\s+i\s+could|going\s+to\s+go\s+and)\s+die\b`),
    unless: r(
      String.raw`die\s+(?:laughing|happy|old|of\s+(?:laughter|boredom|embarrassment|shame|cuteness|old\s+age)|in\s+(?:my\s+sleep\s+at|peace\s+at))`,
    ),
    negatable: true,
  },
  {
    category: 'suicide',
    from: 'standard',
    pattern: r(
      String.raw`\bwish\s+(?:i|i'?d)\s+(?:was|were|had\s+been)\s+(?:dead|never\s+born)\b|\bbetter\s+off\s+dead\b|\bend\s+it\s+all\b|\bunalive\w*|\bnothing\s+(?:left\s+)?to\s+live\s+for\b|\bno\s+(?:reason|will)\s+to\s+(?:live|go\s+on)\b`,
    ),
  },
  {
    category: 'suicide',
    from: 'standard',
    pattern: r(String.raw`\b${DONT}\s+want\s+to\s+(?:live|be\s+alive|exist)\b(?!\s+(?:in|with|near|like|there|here|without))`),
  },

  // --- suicide, softer (high) -------------------------------------------------------------------------------
  {
    category: 'suicide',
    from: 'high',
    pattern: r(
      String.raw`\b(?:${DONT}|${CANT}|doesn'?t)\s+see\s+(?:the|any)\s+point\b|\bno\s+point\s+(?:in\s+)?(?:living|going\s+on|anymore|to\s+(?:anything|life))|\bwhat'?s\s+the\s+point\s+(?:of|in)\s+(?:living|life|anything|going\s+on)`,
    ),
    // "I don't see the point of this meeting".
    unless: r(String.raw`point\s+(?:of|in)\s+(?:this|that|these|those|the|a|an|it|doing\s+(?:this|that|it))\b`),
  },
  {
    category: 'suicide',
    from: 'high',
    pattern: r(String.raw`\b${CANT}\s+go\s+on\b|\b${CANT}\s+do\s+this\s+any\s*more\b|\b${CANT}\s+(?:take|handle)\s+(?:it|this|life)\s+any\s*more\b`),
    unless: r(String.raw`go\s+on\s+(?:a|an|the|my|vacation|holiday|trips?|dates?|tour|stage|air|sale|without\s+(?:coffee|sleep))`),
  },
  {
    category: 'suicide',
    from: 'high',
    pattern: r(String.raw`\bbetter\s+off\s+without\s+me\b|\b(?:nobody|no\s+one|no-one)\s+(?:would|will|'d)\s+(?:even\s+)?(?:miss|notice|care)\b`),
  },
  {
    category: 'suicide',
    from: 'high',
    pattern: r(
      String.raw`\b(?:tired|sick)\s+of\s+(?:living|being\s+alive|life|existing)\b|\bgive\s+up\s+on\s+(?:life|living|everything)\b|\bno\s+way\s+out\b|\bfeel\s+like\s+dying\b|\bwant\s+(?:it\s+all\s+)?to\s+(?:disappear|be\s+over|stop\s+existing)\b|\bwish\s+i\s+could\s+(?:disappear|sleep\s+forever|just\s+not\s+exist|not\s+exist)\b|\b(?:${DONT}\s+want\s+to|hope\s+i\s+(?:never|don'?t))\s+wake\s+up\b`,
    ),
  },
  { category: 'suicide', from: 'high', pattern: r(String.raw`(?<!\d\s?)\bkms\b`), unless: r(String.raw`\d\s*kms`) }, // "kms" = "kill myself", not kilometres

  // --- self-harm ----------------------------------------------------------------------------------------------
  // Harming oneself is never an accident.
  {
    category: 'self_harm',
    from: 'standard',
    pattern: r(String.raw`\bself[-\s]?(?:harm\w*|injur\w*|mutilat\w*)|\bharm(?:s|ed|ing)?\s+myself\b`),
    negatable: true,
  },
  {
    category: 'self_harm',
    from: 'standard',
    pattern: r(String.raw`\b(?:cut(?:s|ting)?|hurt(?:s|ing)?|burn(?:s|ed|t|ing)?|injur(?:e|es|ed|ing))\s+myself\b`),
    unless: r(String.raw`myself\s+${ACCIDENT}`),
    negatable: true,
  },
  {
    category: 'self_harm',
    from: 'high',
    pattern: r(
      String.raw`\b(?:punish(?:es|ed|ing)?|starv(?:e|es|ed|ing)|hit(?:s|ting)?|scratch(?:es|ed|ing)?|bruis(?:e|es|ed|ing))\s+myself\b|\b(?:want|need)\s+to\s+feel\s+pain\b|\bdeserve\s+(?:to\s+(?:be\s+hurt|suffer|feel\s+pain)|pain)\b`,
    ),
    unless: r(String.raw`myself\s+${ACCIDENT}`),
    negatable: true,
  },

  // --- abuse ----------------------------------------------------------------------------------------------------
  {
    category: 'abuse',
    from: 'standard',
    pattern: r(
      String.raw`\b${SOMEONE_CLOSE}\s+${ADVERB}(?:hit(?:s|ting)?|beat(?:s|ing)?|punch(?:es|ed|ing)?|kick(?:s|ed|ing)?|chok(?:es|ed|ing)|strangl(?:es|ed|ing)|slap(?:s|ped|ping)?|rap(?:es|ed)|abus(?:es|ed|ing)|molest(?:s|ed|ing)?|assault(?:s|ed|ing)?)\s+me\b`,
    ),
    // "he hits me up", "she beat me at chess", "hit me with the news", "kicked me out".
    unless: r(
      String.raw`hit(?:s|ting)?\s+me\s+(?:up|back|with\s+(?:the|a|an|some|this|that)\s+(?:news|question|idea|joke|fact|truth|bill))|beat(?:s|ing)?\s+me\s+(?:at|to|by|in\s+(?:a|the)?\s*(?:game|race|match|chess|tennis|cards|round))|kick(?:s|ed|ing)?\s+me\s+(?:out|off)`,
    ),
  },
  {
    category: 'abuse',
    from: 'standard',
    pattern: r(
      String.raw`\b(?:being|been|getting|got|was|were|am|i'?m|is)\s+(?:\w+\s+)?(?:abused|raped|molested|sexually\s+assaulted|assaulted|beaten(?:\s+up)?|trafficked|groomed)\b`,
    ),
    unless: r(String.raw`beaten\s+(?:at|in|by\s+\d|to|the|it)|groomed\s+(?:for|as|to\s+(?:be|take|lead))`),
    negatable: true,
  },
  {
    category: 'abuse',
    from: 'standard',
    pattern: r(String.raw`\b(?:domestic|sexual|physical|emotional|child)\s+(?:violence|abuse)\b|\bsexual(?:ly)?\s+assault(?:ed)?\b`),
  },
  {
    category: 'abuse',
    from: 'standard',
    pattern: r(
      String.raw`\bthreat(?:en|ens|ened|ening)\s+to\s+(?:kill|hurt|beat|hit|rape)\s+me\b|\bafraid\s+(?:he|she|they)(?:'ll|\s+will|\s+might|\s+is\s+going\s+to|'s\s+going\s+to)\s+(?:hurt|kill|hit|beat)\s+me\b`,
    ),
  },
  {
    category: 'abuse',
    from: 'high',
    pattern: r(
      String.raw`\b${SOMEONE_CLOSE}\s+${ADVERB}(?:hurt(?:s|ing)?|push(?:es|ed|ing)?|shov(?:es|ed|ing)|grab(?:s|bed|bing)?|threat(?:en|ens|ened|ening)|yell(?:s|ed|ing)?\s+at|scream(?:s|ed|ing)?\s+at|control(?:s|led|ling)?|lock(?:s|ed|ing)?|humiliat(?:es|ed|ing)|isolat(?:es|ed|ing)|touch(?:es|ed|ing)?)\s+me\b`,
    ),
    unless: r(
      String.raw`push(?:es|ed|ing)?\s+me\s+(?:to\s+(?:do|be|work|try|improve|get|grow)|harder|forward|towards)|touch(?:es|ed|ing)?\s+me\s+(?:deeply|so\s+much)`,
    ),
  },
  {
    category: 'abuse',
    from: 'high',
    pattern: r(
      String.raw`\b(?:afraid|scared|terrified)\s+(?:of\s+my\s+${VICTIM_WORDS}|to\s+go\s+home)\b|\bwon'?t\s+let\s+me\s+(?:leave|see\s+my|go\s+out|have\s+(?:any\s+)?money|talk\s+to)\b|\bcontrols?\s+(?:all\s+)?(?:of\s+)?(?:my|the)\s+money\b`,
    ),
  },

  // --- medical emergency ------------------------------------------------------------------------------------
  {
    category: 'medical_emergency',
    from: 'standard',
    pattern: r(String.raw`\b(?:call(?:s|ed|ing)?|dial(?:s|led|ing)?|ring)\s+(?:911|999|112|an\s+ambulance|the\s+paramedics|emergency\s+services)\b`),
  },
  {
    category: 'medical_emergency',
    from: 'standard',
    pattern: r(String.raw`\bheart\s+attack\b`),
    // "you gave me a heart attack", "I nearly had a heart attack when I saw the bill", "a heart attack on a plate".
    unless: r(
      String.raw`(?:gave|give|giving|gives)\s+(?:me|him|her|us|them|you|everyone)\s+a\s+heart\s+attack|(?:almost|nearly|practically|about\s+to)\s+(?:had|have|having|gave\s+me)\s+a\s+heart\s+attack|heart\s+attack\s+(?:on\s+a\s+plate|in\s+a\s+(?:box|bun|cup))`,
    ),
  },
  {
    category: 'medical_emergency',
    from: 'standard',
    pattern: r(
      String.raw`\b(?:having|had|has|have|suffer(?:s|ed|ing)?(?:\s+from)?|signs\s+of|symptoms\s+of)\s+(?:a\s+|another\s+)?(?:(?:mild|minor|major|massive|small|big|mini)\s+)?stroke\b(?!\s+of\b)|\bstroke\s+(?:symptoms|signs)\b`,
    ),
  },
  {
    category: 'medical_emergency',
    from: 'standard',
    pattern: r(
      String.raw`(?:\b(?:is|are|was|were|went|fell|lying|lay|knocked|still|remains?|became|become|gone|been|found\s+\w+)|'s|'re)\s+(?:completely\s+)?(?:unconscious|unresponsive)\b`,
    ),
    unless: r(
      String.raw`(?:app|site|website|page|screen|computer|laptop|phone|server|program|browser|system|ui|button|game|mouse|keyboard|tab|process|it)\s+(?:is|was|went|became|'s|still)\s+(?:completely\s+)?unresponsive`,
    ),
  },
  {
    category: 'medical_emergency',
    from: 'standard',
    pattern: r(String.raw`\b(?:(?:is|are|was|were)\s*n'?t|isn'?t|aren'?t|wasn'?t|not|stopped|stops)\s+breathing\b`),
    unless: r(String.raw`breathing\s+(?:a\s+word|down|through\s+(?:my|the|his|her)\s+nose|properly\s+during)`),
  },
  {
    category: 'medical_emergency',
    from: 'standard',
    pattern: r(
      String.raw`\boverdos(?:ed|ing)\b|\bod'?d\b|\btook\s+(?:too\s+many|a\s+(?:whole|full)\s+(?:bottle|pack|box))\b|\b(?:having|had|has)\s+(?:a\s+)?seizures?\b|\banaphyla(?:xis|ctic)\b|\b(?:bleeding\s+(?:heavily|badly|a\s+lot|everywhere|profusely)|won'?t\s+stop\s+bleeding|${CANT}\s+stop\s+(?:the\s+)?bleeding)\b`,
    ),
  },
  { category: 'medical_emergency', from: 'standard', pattern: r(String.raw`\bchoking\b(?!\s+(?:up|back|hazards?|on\s+(?:my|the|his|her)\s+words))`) },
  {
    category: 'medical_emergency',
    from: 'high',
    pattern: r(
      String.raw`\bchest\s+pains?\b|\b(?:tightness|pressure)\s+in\s+(?:my|his|her)\s+chest\b|\b(?:${CANT}|unable\s+to|struggling\s+to|hard\s+to|trouble|difficulty)\s+(?:to\s+)?breath(?:e|ing)\b|\bshort(?:ness)?\s+of\s+breath\b`,
    ),
  },
  {
    category: 'medical_emergency',
    from: 'high',
    pattern: r(
      String.raw`\boverdos\w*|\b(?:passed|passing|pass)\s+out\b|\bfaint(?:ed|ing)\b|\bslurred\s+speech\b|\b(?:face|mouth)\s+(?:is\s+)?droop\w*|\b(?:numb(?:ness)?|weak(?:ness)?)\s+(?:on|in)\s+(?:one|the\s+(?:left|right))\s+side\b|\b(?:throat|tongue)\s+(?:is\s+)?(?:closing|swelling)\b|\ballergic\s+reaction\b|\b(?:coughing|vomiting|throwing)\s+(?:up\s+)?blood\b|\bsevere\s+(?:bleeding|pain|allergic)\b`,
    ),
  },
];

// "never", "not", "no longer", "don't", "won't"... then at most two words ("I'm not going to"), but not
// "can't stop", "couldn't help", "not sure": those keep the phrase meant.
const NEGATED =
  /(?:\b(?:not|never|no\s+longer)|\b(?:do|does|did|would|could|should|wo|ca|is|are|was|were|have|has|had|ai)n'?t|\bcannot)\s+(?!(?:stop|help|sure|know|resist|stand|shake|handle|bear|wait|promise|say)\b)(?:[\w']+\s+){0,2}$/i;

function negatedBefore(text: string, at: number): boolean {
  return NEGATED.test(text.slice(Math.max(0, at - 40), at));
}

/** Whether an `unless` reading covers part of the match at start..end. */
function excused(unless: RegExp, text: string, start: number, end: number): boolean {
  const from = Math.max(0, start - 40);
  const context = text.slice(from, Math.min(text.length, end + 60));
  unless.lastIndex = 0;
  for (let m = unless.exec(context); m; m = unless.exec(context)) {
    if (from + m.index < end && from + m.index + m[0].length > start) return true;
    if (m[0].length === 0) unless.lastIndex++;
  }
  return false;
}

function ruleFires(rule: CrisisRule, text: string): boolean {
  rule.pattern.lastIndex = 0;
  for (let m = rule.pattern.exec(text); m; m = rule.pattern.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[0].length === 0) rule.pattern.lastIndex++;
    if (rule.negatable && negatedBefore(text, start)) continue;
    if (rule.unless && excused(rule.unless, text, start, end)) continue;
    return true;
  }
  return false;
}

export function detectCrisis(text: string, sensitivity: CrisisSensitivity = 'standard'): CrisisResult {
  if (typeof text !== 'string' || text.length === 0) return { crisisDetected: false, categories: [] };
  // Curly apostrophes become straight ones (same length, so positions stay put).
  const normalised = text.replace(/[’‘ʼ`´]/g, "'");
  const found = new Set<CrisisCategory>();
  for (const rule of RULES) {
    if (rule.from === 'high' && sensitivity !== 'high') continue;
    if (found.has(rule.category)) continue;
    if (ruleFires(rule, normalised)) found.add(rule.category);
  }
  const categories = CATEGORY_ORDER.filter((c) => found.has(c));
  return { crisisDetected: categories.length > 0, categories };
}
