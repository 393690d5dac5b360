// The thing a sentence is about, as a noun phrase read off compromise's tags: the object of its main verb ("sketched
// that harbour view"), the noun after its complement ("keen on sailing"), else its subject when that is no
// person ("That book fair sounds great"), else the activity ("Been swimming more"). Topic labels are such
// phrases; word positions alone gave labels like "got to let" or "yeah".
import { lexTags, type TaggedTerm, taggedTerms } from './lexicon.js';

/** Nouns too general to say what a sentence is about. */
const GENERIC =
  /^(thing|things|lot|lots|time|times|way|ways|day|days|week|weeks|weekend|month|months|year|years|people|person|photo|photos|pic|pics|picture|pictures|image|kind|sort|bit|stuff|one|ones|something|anything|everything|nothing|someone|anyone|everyone|moment|moments|today|tonight|tomorrow|yesterday|guys|folks|chat|idea|part|fact|reminder|others|other|deal|sense|end|start|place|side|while|point|lol|haha|yeah|wow|woah|whoa|yay|aww|ooh|omg|hey|hi|thanks|thank|bunch|couple|ton|tons|glad|sure|life|fam|kinda|sorta|sometime|anyway|here|there|seeing|em|morning|mornings|evening|evenings|afternoon|afternoons|night|nights|weekends|worth|do|does|did|doing|done|go|goes|going|get|gets|getting|gonna|wanna|gotta)$/i;
/** Adjectives that judge rather than describe: "a tough issue" is about an issue, "mental health" about mental health. */
const JUDGING =
  /^(great|good|amazing|awesome|tough|nice|cool|fun|special|huge|big|little|small|new|old|last|first|next|beautiful|wonderful|lovely|hard|real|whole|own|best|better|favou?rite|fave|fav|super|important|same|other|different|such|many|few|bad|rough|busy|happy|sad|proud|excited|fantastic|incredible|awful|terrible|perfect|crazy|sweet|cute|fine|true|main|entire|several|various|certain|exact|total|actual|major|minor|fresh|latest|recent|sure|glad|so|very|really|pretty|stoked|thrilled|inspiring|powerful|emotional|difficult|easy|exciting|interesting|tiny|lucky|peaceful|calming|more|most|much|less|some|any|every|each|no|all|both|enough|like)$/i;
/** Verbs that say little of what is done: "Oskar is doing well" is not about "doing". */
const LIGHT_GERUND =
  /^(doing|going|being|getting|having|trying|making|gonna|feeling|looking|starting|keeping|taking|coming|wanting|thinking|hoping|planning|saying|telling|seeing|picking)$/i;
const OPENING = /^(the|this|that|these|those|a|an|my|our|his|her|their|your)$/i;
const BREAK = /[,;:.!?()"“”]|\s[-–—]\s?|^\s*[-–—]/;
/** The speaker's possessives, which a topic read by others says as "their". */
const SPEAKERS_OWN = /^(?:my|our)$/i;
const POSSESSIVE_PRONOUN = /^(my|our|your|his|her|their|its)$/i;
const QUOTE = /["“”]/;
/** Verbs a pastime in -ing follows ("go swimming", "do kickboxing"), and words of where or when it is done after it. */
const DO_OR_GO = /^(?:do|does|did|done|go|goes|went|gone)$/i;
const WHERE_OR_WHEN = /^(?:at|in|on|near|with|every|each|twice|once|before|after|most|down|up|round|around|three|four)$/i;
const CLAUSE_WORD = /^(and|but|or|so|because|since|while|when|if|though|although|which|who|that|where|as)$/i;
const TIME_SHIFTER = /^(last|next|this|every|each|past|coming)$/i;
const TIME_NOUN =
  /^(spring|summer|fall|autumn|winter|week|month|year|weekend|night|morning|afternoon|evening|semester|term|season|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)$/i;
/** Kinds of year that are things, not times: "a gap year", "the school year". */
const KIND_OF_YEAR = /^(?:gap|school|leap|tax|financial|academic|sabbatical)$/i;
/** Possessives that name a kind of thing rather than its owner: "driver's license", "master's degree". */
const CLASSIFYING_POSSESSIVE = /^(driver|master|bachelor|doctor|dentist|children|women|men|farmer|farmers|beginner|chef)['’]s?$/i;

/** "reading The Thursday Murder Club", "watched The Bear": "The" and the capitalised words after it, a title. */
const TITLE_AFTER_VERB =
  /\b(?:reading|read|re-reading|rereading|watching|watched|finished|started|loved|playing|played|listening\s+to|seen|saw)\s+(The(?:\s+\p{Lu}[\p{L}\d'’-]*){1,6})/u;

/** A pronoun or "there" with a verb run into it ("they'll", "there'll", "I'm"): a clause goes on, no thing is named. */
export const CONTRACTION = /^(?:i|you|we|they|he|she|it|that|there|here|what|who|where|how)['’](?:m|re|ve|ll|d|s)$/i;

interface Word {
  text: string;
  noun: boolean;
  adjective: boolean;
  gerund: boolean;
  /** A main verb: not an auxiliary or modal ("has been running": "running"). */
  verb: boolean;
  copula: boolean;
  /** A form of "be" or "have" before a verb ("been", "is", "has"). */
  auxiliary: boolean;
  person: boolean;
  preposition: boolean;
  /** Punctuation after it ends the phrase (and the clause). */
  breaks: boolean;
  /** It opens or closes a quotation ("The Salt Road"). */
  opensQuote: boolean;
  closesQuote: boolean;
}

function wordsOf(sentence: string): Word[] {
  const terms = taggedTerms(sentence);
  const words: Word[] = [];
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!;
    let text = t.text;
    let tags = t.tags;
    const pre = t.pre;
    let post = t.post;
    // "me-time", "ice-cream": compromise splits some hyphenated words; whole, they are nouns unless a noun follows.
    let hyphenated = false;
    while (post === '-' && i + 1 < terms.length) {
      const next = terms[++i]!;
      text += `-${next.text}`;
      post = next.post;
      tags = next.tags;
      hyphenated = true;
    }
    text = text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'-]+$/gu, '');
    const classifying = tags.has('Possessive') && CLASSIFYING_POSSESSIVE.test(text);
    if (!classifying) text = text.replace(/['’]s$/i, '');
    // A sentence's capital is no name's: "Woodworking is a huge part of my week" is about woodworking.
    if (!words.length && !tags.has('ProperNoun') && !tags.has('Acronym')) text = text.toLowerCase();
    const pronoun = tags.has('Pronoun') || POSSESSIVE_PRONOUN.test(text) || CONTRACTION.test(text);
    // "hours of sleep", "on this trip": after "of" or a determiner, a word the tagger read as a bare verb is a noun;
    // after "this" or "that" only with no object after it ("things that make them happy"); so is one that ends a noun
    // phrase ("a food bank on Saturdays").
    const before = words[words.length - 1]?.text ?? '';
    const objectAfter = (['Noun', 'Pronoun', 'Determiner'] as const).some((tag) => terms[i + 1]?.tags.has(tag));
    const afterOf =
      tags.has('Infinitive') &&
      (/^(?:of|the|a|an|my|our|your|his|their)$/i.test(before) ||
        (/^(?:this|that)$/i.test(before) && !objectAfter) ||
        endsNounPhrase(words, text, post, terms[i + 1]));
    // "my birthday's 12 October": an "'s" before a number or a date is "is", not whose.
    const isBeforeValue =
      /['’]s$/i.test(t.text) && !tags.has('ProperNoun') && Boolean(terms[i + 1]?.tags.has('Cardinal') || terms[i + 1]?.tags.has('Month'));
    // "My eldest is off to uni": after a word the tagger took for an adjective it may read "is" as a noun; it never is.
    const beOrHave = BE_OR_HAVE.test(text);
    // "a book in months", "Dev is a paramedic": the tagger may read a preposition or an article as a noun; neither is.
    const preposition = tags.has('Preposition') || PREPOSITION_WORD.test(text);
    const noun =
      !beOrHave &&
      !preposition &&
      !ARTICLE.test(text) &&
      (hyphenated ||
        afterOf ||
        classifying ||
        (/^years?$/i.test(text) && KIND_OF_YEAR.test(before)) ||
        (tags.has('Noun') && !pronoun && !tags.has('Date') && !tags.has('Value') && (!tags.has('Possessive') || isBeforeValue)));
    words.push({
      text,
      noun,
      adjective: tags.has('Adjective'),
      gerund: tags.has('Gerund'),
      verb: !hyphenated && !afterOf && tags.has('Verb') && !tags.has('Auxiliary') && !tags.has('Modal') && !tags.has('Particle'),
      copula: tags.has('Copula') || FORM_OF_BE.test(text),
      auxiliary: tags.has('Auxiliary') || tags.has('Copula') || beOrHave,
      person: tags.has('Person'),
      preposition,
      breaks: BREAK.test(post),
      opensQuote: QUOTE.test(pre),
      closesQuote: QUOTE.test(post),
    });
  }
  words.forEach((w, i) => {
    // "before work", "after school": a time of day, not what the sentence is about ("swim before work").
    if (ROUND_THE_DAY.test(w.text) && /^(?:before|after)$/i.test(words[i - 1]?.text ?? '')) Object.assign(w, { noun: false, adjective: false });
    // "last spring", "next week": a time, not part of the thing before it ("bought a car last summer").
    if (words[i - 1]?.noun && TIME_SHIFTER.test(w.text) && TIME_NOUN.test(words[i + 1]?.text ?? '')) {
      for (const t of [w, words[i + 1]!]) Object.assign(t, { noun: false, adjective: false, gerund: false });
    }
    // "loves craft beer", "hates mornings": a liking verb before what is liked, whatever the tagger said ("the loves of").
    if (LIKING.test(w.text) && words[i + 1] && !/^of$/i.test(words[i + 1]!.text) && !w.breaks) {
      Object.assign(w, { noun: false, verb: true });
      // … and a bare verb between it and a noun describes the noun ("craft beer").
      const [next, after] = [words[i + 1]!, words[i + 2]];
      if (next.verb && !next.gerund && after?.noun && !next.breaks) Object.assign(next, { noun: true, verb: false });
    }
    // A hyphenated word before a noun describes it ("hand-painted ones").
    if (w.noun && w.text.includes('-') && words[i + 1]?.noun && !w.breaks) w.noun = false;
    // "a person holding a lantern": an -ing word between a noun and what it does is a verb, whatever the tagger said.
    if (
      w.noun &&
      /ing$/i.test(w.text) &&
      words[i - 1]?.noun &&
      /^(a|an|the|my|his|her|their|our|in|on|at|with|into)$/i.test(words[i + 1]?.text ?? '')
    )
      w.noun = false;
  });
  return words;
}

/**
 * A bare verb that is the last word of a noun phrase: one ending a clause, or before a preposition, after a determiner
 * or a preposition and a noun ("studying for my driving test, it's booked", "at a food bank on Saturdays", "on
 * maternity leave until May"). Not after a plural noun ("all their worries vanish") or a group ("my family live in
 * Leeds"), not a word that may be an adjective ("his mouth open"), nor after a word that asks for a bare verb ("how did
 * the hip cope?", "seeing her vision happen").
 */
function endsNounPhrase(words: Word[], text: string, post: string, next: TaggedTerm | undefined): boolean {
  const noun = words[words.length - 1];
  if (!noun?.noun || /[^s]s$/i.test(noun.text) || GROUP_NOUN.test(noun.text) || lexTags(text).includes('Adjective')) return false;
  if (!/^(?:the|a|an|my|our|your|his|their|on|at|in)$/i.test(words[words.length - 2]?.text ?? '')) return false;
  const ends = BREAK.test(post) || (!post.trim() && (PREPOSITION_WORD.test(next?.text ?? '') || Boolean(next?.tags.has('Preposition'))));
  return ends && !clauseSoFar(words).some((w) => BEFORE_BARE_VERB.test(w.text));
}
/** Nouns of a group, which British English gives a plural verb ("my family live in Leeds", "the team play on Sundays"). */
const GROUP_NOUN =
  /^(?:family|team|staff|band|crew|club|class|couple|council|government|company|firm|school|group|squad|side|board|committee|church|choir|office|department|pair|lot|gang|crowd|audience|public|police|jury|party)$/i;
/** Words after which a clause's bare verb is its verb: auxiliaries, "to", and verbs of letting, making and seeing. */
const BEFORE_BARE_VERB =
  /^(?:do|does|did|will|would|can|could|should|might|must|may|shall|to|let|lets|make|makes|made|see|sees|saw|seeing|watch|watched|watching|hear|heard|help|helped|helps)$/i;
/** The words of the clause being read so far: back to the last one that ends with a break. */
function clauseSoFar(words: Word[]): Word[] {
  let from = words.length;
  while (from > 0 && !words[from - 1]!.breaks) from--;
  return words.slice(from);
}
const PREPOSITION_WORD = /^(?:in|on|at|of|for|with|from|to|by|into|about)$/i;
const ARTICLE = /^(?:a|an|the)$/i;
const ROUND_THE_DAY = /^(?:work|school|college|uni|breakfast|lunch|dinner|tea|bed)$/i;
const FORM_OF_BE = /^(?:is|are|was|were|am)$/i;
const BE_OR_HAVE = /^(?:is|are|was|were|am|be|been|has|have|had)$/i;

/** Third-person liking verbs the tagger may read as plural nouns after a comma ("He's 30, loves craft beer"). */
const LIKING = /^(?:loves|hates|likes|enjoys|adores|prefers|dislikes)$/i;

interface Phrase {
  at: number;
  end: number;
  text: string;
}

/** General nouns that a noun before them makes a thing of its own: "family time", "date night", "wedding day". */
const KIND_HEAD = /^(time|night|nights|day|days|morning|mornings|evening|evenings|weekend|weekends|life|year)$/i;
/** General nouns that make a thing of their own of a noun after them: "night owl", "weekend trip", "day job". */
const KIND_MODIFIER = /^(time|night|day|morning|evening|weekend|life|photo|picture|people)$/i;

/** Whether the run's words at i and i + 1 are a compound of a general noun and one that is not ("family time", "night owl"). */
function compound(run: Array<{ w: Word }>, i: number): boolean {
  const [a, b] = [run[i]?.w, run[i + 1]?.w];
  if (!a || !b || !a.noun || !b.noun || a.person || b.person || a.gerund || b.gerund) return false;
  if (GENERIC.test(a.text)) return KIND_MODIFIER.test(a.text) && !GENERIC.test(b.text);
  return !JUDGING.test(a.text) && KIND_HEAD.test(b.text);
}

/** A capitalised word before another opens a name ("the Great North Run", "New Street"): it is kept whatever it says. */
const namePart = (run: Array<{ w: Word }>) => /^\p{Lu}/u.test(run[0]!.w.text) && /^\p{Lu}/u.test(run[1]?.w.text ?? '');

/** Runs of adjectives and nouns ending in a noun; judging adjectives, generic nouns and the subject's own name left out. */
function phrasesOf(words: Word[], skip: ReadonlySet<string>): Phrase[] {
  const out: Phrase[] = [];
  let run: Array<{ w: Word; i: number }> = [];
  const flush = () => {
    while (run.length && !run[run.length - 1]!.w.noun) run.pop();
    // A general noun before another noun names a kind of it ("night owl", "weekend trip"); alone it says nothing.
    while (run.length && !namePart(run) && (JUDGING.test(run[0]!.w.text) || (GENERIC.test(run[0]!.w.text) && !compound(run, 0)))) run.shift();
    const last = run[run.length - 1];
    // "family time", "date night": a general noun after another noun is named by it.
    if (last && (!GENERIC.test(last.w.text) || compound(run, run.length - 2)))
      out.push({ at: run[0]!.i, end: last.i, text: run.map((r) => r.w.text).join(' ') });
    run = [];
  };
  words.forEach((w, i) => {
    // "Formula 1", "FIFA 24", "Windows 11": a small number right after a name is part of it.
    const last = run[run.length - 1]?.w;
    if (last && !last.breaks && /^\p{Lu}/u.test(last.text) && /^\d{1,3}$/.test(w.text)) {
      run.push({ w: { ...w, noun: true }, i });
      if (w.breaks) flush();
      return;
    }
    // "keen on sailing"; "a sailing course"
    const activity = w.gerund && ((i > 0 && words[i - 1]!.preposition) || (!w.breaks && words[i + 1]?.noun === true));
    const part = w.text && !skip.has(w.text.toLowerCase()) && (w.noun || activity || (w.adjective && !w.verb && !w.gerund));
    // "We're thinking of getting a dog": a light verb after an auxiliary, or a preposition after no thing, names nothing
    // ("a bad feeling" and "the importance of making friends" do).
    const [before, twoBefore] = [words[i - 1], words[i - 2]];
    const ofAThing = twoBefore?.noun && !LIGHT_GERUND.test(twoBefore.text);
    const lightVerb = LIGHT_GERUND.test(w.text) && (before?.auxiliary || (before?.preposition && !ofAThing));
    if (!part || lightVerb) return flush();
    run.push({ w: activity ? { ...w, noun: true } : w, i });
    if (w.breaks || run.length >= 4) flush();
  });
  flush();
  return out;
}

/**
 * The noun phrase a sentence is about, or '' when it names nothing but people, pronouns and generic words. `skip`
 * holds the (lower-case) words of its subject's name: a fact filed under Sarah is not about "Sarah".
 */
export function nounTopic(sentence: string, skip: ReadonlySet<string>): string {
  // A title read, watched or played is named as said ("reading The Thursday Murder Club").
  const title = sentence.match(TITLE_AFTER_VERB);
  if (title) return title[1]!;
  const words = wordsOf(sentence);
  // A title in quotes is named as said ("loved \"The Salt Road\"").
  const opens = words.findIndex((w) => w.opensQuote);
  const closes = words.findIndex((w, i) => i >= opens && w.closesQuote);
  if (opens >= 0 && closes >= opens && closes - opens < 6 && /^\p{Lu}/u.test(words[opens]!.text))
    return words
      .slice(opens, closes + 1)
      .map((w) => w.text)
      .join(' ');
  const phrases = phrasesOf(words, skip);
  const startsAt = new Map(phrases.map((p) => [p.at, p]));
  /** The phrase at i, or after a determiner there. */
  const startsAfter = (i: number) => startsAt.get(i) ?? (OPENING.test(words[i]?.text ?? '') ? startsAt.get(i + 1) : undefined);
  // "a drawing of a lighthouse", "talks about city planning": a phrase goes on through the phrase after, and an
  // activity through its object ("learning the piano").
  const whole = (p: Phrase) => {
    const joint = words[p.end + 1];
    const through =
      joint && !words[p.end]!.breaks && (/^(of|about)$/i.test(joint.text) || (p.at === p.end && words[p.at]!.gerund && OPENING.test(joint.text)));
    const next = through ? startsAfter(p.end + (OPENING.test(joint.text) ? 1 : 2)) : undefined;
    if (!next || next.end - p.at >= 5) return p.text;
    // "a portrait of my grandad": a topic is read by others, so the speaker's "my" is theirs.
    const between = words.slice(p.end + 1, next.at).map((w) => w.text.replace(SPEAKERS_OWN, 'their'));
    return `${p.text} ${between.join(' ')} ${next.text}`;
  };
  let verbAt = words.findIndex((w, i) => (w.verb || w.copula) && !(w.gerund && i > 0 && words[i - 1]!.preposition));
  const first = verbAt;
  // A sentence that opens with a thing is about it ("The greenhouse looks amazing", "This book reminds me …").
  const opening = phrases[0];
  if (
    opening &&
    (verbAt < 0 || opening.at < verbAt) &&
    words.slice(0, opening.at).every((w) => OPENING.test(w.text)) &&
    !words.slice(opening.at, opening.end + 1).every((w) => w.person)
  )
    return whole(opening);
  if (verbAt >= 0) {
    // A main verb that is an activity with its object is the phrase ("been learning Japanese on Duolingo").
    const activity = startsAt.get(verbAt);
    const verb = words[verbAt]!;
    if (activity && verb.gerund && words[verbAt - 1]?.auxiliary && !LIGHT_GERUND.test(verb.text)) return whole(activity);
    // "I go climbing at the wall in town", "I do kickboxing near work": the pastime, not where it is done.
    // (The tagger may read "do" as an auxiliary, the -ing word then being the main verb.)
    const pastimeAt = DO_OR_GO.test(verb.text) ? verbAt + 1 : DO_OR_GO.test(words[verbAt - 1]?.text ?? '') ? verbAt : -1;
    const pastime = words[pastimeAt];
    const after = words[pastimeAt + 1];
    if (pastime?.gerund && !LIGHT_GERUND.test(pastime.text) && (pastime.breaks || !after || WHERE_OR_WHEN.test(after.text)))
      return pastime.text.toLowerCase();
    // The object: the first phrase in the verb's clause; "want to visit Paris" reads on through "to visit".
    for (let i = verbAt + 1; i < words.length; i++) {
      const p = startsAt.get(i);
      if (p) return whole(p);
      const w = words[i]!;
      if (CLAUSE_WORD.test(w.text) || words[i - 1]!.breaks) break;
      if (w.verb && !w.copula) verbAt = i;
    }
    // No object: what they are doing is the topic ("Been swimming more", "cycling further to unwind").
    const doing = words.slice(first, verbAt + 1).find((w) => w.gerund && w.verb && !LIGHT_GERUND.test(w.text));
    if (doing) return doing.text.toLowerCase();
  }
  const subject = phrases.find((p) => verbAt < 0 || p.at < verbAt);
  const p = subject ?? phrases[0];
  return p ? whole(p) : '';
}
