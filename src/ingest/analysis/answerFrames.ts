// Bare answers to the questions an assistant asks to get to know someone: "How old are you?" "34". The answer alone
// says nothing ("34" was no memory at all, "Sam" became someone called Sam); put back into the question's frame it is
// the statement the speaker would have made ("I'm 34", "My name is Sam"), which the analysis reads like any other.
// Only a bare value is framed: "Not far from the beach" stays an answer quoted with its question.
import { MONTH } from './dates.js';
import {
  AGE_SAID,
  capitalised,
  DIETS,
  FAITHS,
  FAVOURITE,
  isCommonWord,
  isLanguageOrPeople,
  isPhrase,
  lexTags,
  ROLE_ALT,
  ROLE_INFO,
  taggedTerms,
  withThirdPersonEnding,
} from './lexicon.js';
import { statedJob } from './signals.js';

/** Words before the value that are not part of it: "Oh, mostly in Leeds", "Originally from Cork". */
const LEAD =
  /^(?:(?:oh|well|um+|uh+|hmm+|ooh+|so|yeah|yes|yep|sure|haha|lol|honestly|probably|it's|its|just|mostly|originally|currently|right now|born and raised|i'd say)[,!.]?\s+)*/i;
const PLACE_LEAD = /^(?:in|from|near|outside(?: of)?|just outside(?: of)?|around)\s+/i;
/** A name or a place as written: capitalised words, perhaps ", Oregon". */
const CAPITALISED = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}(?:,\s*\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)?)?$/u;

/** Words after the value that are not part of it: "From home, mostly", "Just English, sadly". */
const TRAIL = /,?\s+(?:mostly|mainly|usually|probably|definitely|honestly|sadly|for now|at the moment|i guess|i think|lol|haha)$/i;

const bare = (answer: string) =>
  answer
    .replace(LEAD, '')
    .replace(/[.!?…\s]+$/u, '')
    .replace(TRAIL, '')
    .trim();

const NOT_A_NAME = /^(?:idk|dunno|none|nothing|nobody|no one|not sure|n\/a)$/i;
/** Capitalised, and not a word the lexicon calls a reply, a description or a verb ("Nope", "Busy", "Idk"). */
function looksLikeName(value: string): boolean {
  if (!CAPITALISED.test(value) || NOT_A_NAME.test(value)) return false;
  const tags = lexTags(value.split(/[\s,]+/)[0]!.toLowerCase());
  return !tags.some((t) => /Adjective|Verb|Expression|Adverb|Pronoun|Determiner|Preposition|Conjunction/.test(t));
}

/** The place an answer names, and "near", "outside" or "around" when it says so ("Just outside Manchester" is not in it). */
const placeOf = (answer: string): { place: string; near: string } | null => {
  const value = bare(answer);
  const lead = value.match(PLACE_LEAD)?.[0] ?? '';
  const place = value.slice(lead.length);
  if (!looksLikeName(place)) return null;
  return { place, near: /^(?:in|from)\s+$/i.test(lead) ? '' : lead.toLowerCase() };
};

/** A phrase that gives an answer: "Not much lately", "Nothing really" give none. */
const isValue = (value: string, maxWords = 10) => isPhrase(value, maxWords) && !/^(?:not|nothing|none|no|nobody|never|nowhere)\b/i.test(value);

const lowerFirst = (value: string) => `${value[0]!.toLowerCase()}${value.slice(1)}`;
/** An answer as said within a sentence: "Horses, drawing …" opened the answer, lower-cased; "Polish" is a language and stays. */
const asSaidWithin = (value: string) => {
  const first = value.split(/[\s,]/)[0]!;
  return isCommonWord(first) && !isLanguageOrPeople(first) ? lowerFirst(value) : value;
};

/** What is named by a title or a name: a film, a band, a team. */
const TITLED =
  /\b(?:films?|movies?|books?|novels?|bands?|songs?|albums?|shows?|series|games?|artists?|singers?|authors?|teams?|podcasts?|programmes?|programs?)$/;

/** "March 14th", "14 March", "the 3rd of June": a day of a month, no year. */
const MONTH_DAY = new RegExp(String.raw`^(?:${MONTH}[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}[a-z]*)$`, 'i');

const LIVES_IN = 'I live in';
/** "Seven", "12 years old": an age alone. */
const AGE_ANSWER = new RegExp(String.raw`^(${AGE_SAID})(?:\s*(?:years?(?: old)?|yo))?$`, 'i');

type Frame = [question: RegExp, frame: (answer: string, asked: RegExpMatchArray) => string | null];

const FRAMES: Frame[] = [
  [
    /\b(?:what(?:'s| is) your (?:first |full )?name|who am i (?:talking|speaking) (?:to|with)|how should i (?:call|address) you)\b/i,
    (a) => {
      const name = bare(a);
      return looksLikeName(name) && !name.includes(',') ? `My name is ${name}.` : null;
    },
  ],
  [
    /\bhow old are you\b/i,
    (a) => {
      const age = bare(a).match(/^(\d{1,3})(?:\s*(?:years?(?: old)?|yo))?$/i)?.[1];
      return age ? `I'm ${age}.` : null;
    },
  ],
  [
    // "How old is she?" "Seven.": the age of whom the question means, whom the analysis then resolves.
    new RegExp(String.raw`\bhow old (?:is|'s) (he|she|your (?:${ROLE_ALT}))\b`, 'i'),
    (a, asked) => {
      const age = bare(a).match(AGE_ANSWER)?.[1];
      const who = asked[1]!.toLowerCase().replace(/^your\s+/, 'my ');
      return age ? `${capitalised(who)} is ${age.toLowerCase()}.` : null;
    },
  ],
  [
    // "What is she into?" "Gardening and true crime podcasts": what whom the question means is into.
    /\bwhat(?:'s| is| are|'re) (you|he|she|they) (?:really |mostly )?into\b/i,
    (a, asked) => {
      const value = bare(a);
      if (!isValue(value) || NO_THING.test(value)) return null;
      const who = asked[1]!.toLowerCase();
      const be = who === 'you' ? "I'm" : who === 'they' ? "They're" : `${capitalised(who)}'s`;
      return `${be} into ${asSaidWithin(value)}.`;
    },
  ],
  [
    // "What's your favourite cuisine?" "Thai.", "Do you have a favorite film?" "Heat": the favourite, named, spelled as asked.
    new RegExp(
      String.raw`\b(?:what(?:'s| is| are|'re) your|do you have an?|have you got an?|any) (?:all[- ]time |absolute )?(${FAVOURITE}) ([a-z]+(?: [a-z]+)?)\s*\?\s*$`,
      'i',
    ),
    (a, asked) => {
      const value = bare(a);
      const [favourite, what] = [asked[1]!.toLowerCase(), asked[2]!.toLowerCase()];
      // A title keeps its capitals ("Heat"), whatever its words; a thing opening the answer does not ("Pizza, obviously").
      const title = TITLED.test(what) && /^\p{Lu}/u.test(value);
      // A thing named, no clause ("It's tough to pick just one" says none).
      const clause = !title && taggedTerms(value).some((t) => t.tags.has('Verb') && !t.tags.has('Gerund'));
      if (!isValue(value, 6) || NO_THING.test(value) || clause) return null;
      const plural = /s$/.test(what) && !/ss$/.test(what);
      return `My ${favourite} ${what} ${plural ? 'are' : 'is'} ${title ? value : asSaidWithin(value)}.`;
    },
  ],
  [
    /\bwhere (?:did you grow up|are you (?:originally )?from|were you (?:born|raised))\b/i,
    (a) => {
      const at = placeOf(a);
      return at ? `I grew up ${at.near || 'in '}${at.place}.` : null;
    },
  ],
  [
    /\bwhere (?:are you (?:based|located|living)|do you (?:currently )?(?:live|stay))\b/i,
    (a) => {
      const at = placeOf(a);
      return at ? (at.near ? `I live ${at.near}${at.place}.` : `${LIVES_IN} ${at.place}.`) : null;
    },
  ],
  [
    /\bwhere (?:did|do) you (?:go to (?:college|university|uni|school|grad school)|study|studied)\b/i,
    (a) => {
      const school = bare(a).replace(/^(?:at|in)\s+/i, '');
      return looksLikeName(school) ? `I studied at ${school}.` : null;
    },
  ],
  [
    /\bwhen(?:'s| is) your birthday\b/i,
    (a) => {
      const day = bare(a).replace(/^(?:on\s+)?(?:the\s+)?/i, '');
      return MONTH_DAY.test(day) ? `My birthday is ${day}.` : null;
    },
  ],
  [
    /\bwhere do you work\b/i,
    (a) => {
      const org = bare(a).replace(/^(?:at|for)\s+/i, '');
      if (looksLikeName(org)) return `I work at ${org}.`;
      if (/^(?:from home|remotely)$/i.test(org)) return `I work ${org.toLowerCase()}.`;
      // "A small design studio in Brooklyn", "The hospital downtown".
      return /^(?:a|an|the)\s/i.test(org) && isValue(org) ? `I work at ${lowerFirst(org)}.` : null;
    },
  ],
  [
    /\b(?:what|which) languages? do you speak\b|\bdo you speak any (?:other )?languages\b/i,
    (a) => {
      // "English and Tagalog", "Spanish, and a little French": the languages' names, and how much of each.
      // "Only English" is "I speak only English".
      const spoken = bare(a).replace(/^(only|just)\s+(?=\p{Lu})/iu, (w) => w.toLowerCase());
      const words = spoken.split(/[\s,]+/).filter(Boolean);
      const named = (w: string) => /^\p{Lu}/u.test(w) || /^(?:and|a|little|bit|of|some|basic|fluent|conversational|plus|only|just)$/i.test(w);
      return words.length > 0 && words.length <= 10 && words.some((w) => /^\p{Lu}/u.test(w)) && words.every(named) ? `I speak ${spoken}.` : null;
    },
  ],
  [
    /\b(?:what(?:'re| are) your hobbies|any hobbies|what do you (?:like to )?do (?:for fun|(?:in|with) your (?:free|spare) time)|how do you (?:like to )?spend your (?:free|spare) time)\b/i,
    (a) => {
      // "Knitting, baking, and gardening", "Mostly rock climbing": what one does for fun.
      const pastimes = bare(a);
      return /^\p{L}/u.test(pastimes) && isValue(pastimes) ? `For fun, I enjoy ${lowerFirst(pastimes)}.` : null;
    },
  ],
  [
    /\bwhat(?:'re| are) you (reading|watching|listening to)\b/i,
    (a, asked) => {
      // "The Overstory", "Severance": a title, capitalised.
      const title = bare(a);
      // "The new Sally Rooney": an article before an ordinary word opens no title.
      const said = title.replace(/^(?:The|A|An)(?=\s+\p{Ll})/u, (w) => w.toLowerCase());
      return /^\p{Lu}/u.test(title) && isValue(title, 8) ? `I'm ${asked[1]!.toLowerCase()} ${said}.` : null;
    },
  ],
  [
    /\b(?:what do you do(?: for (?:work|a living))?\s*\?|what(?:'s| is) your (?:job|occupation|profession|line of work)\b|what do you work as\b)/i,
    (a) => {
      const job = bare(a).replace(/^(?:i'm|i am|i work as)\s+/i, '');
      const article = /^(?:a|an|the)\s/i.test(job) ? '' : /^[aeiou]/i.test(job) ? 'an ' : 'a ';
      // "I work as …" rather than "I'm …": the work is in its words, which is what a later question asks about.
      const said = `I work as ${article}${job[0]?.toLowerCase() ?? ''}${job.slice(1)}.`;
      return job.split(/\s+/).length <= 8 && statedJob(said) ? said : null;
    },
  ],
  [
    /\b(?:do you (?:have|own)|have you got|you got) (?:any )?(?:pets?|animals|kids|children|siblings|brothers|sisters|grandkids|grandchildren)\b/i,
    (a) => {
      // "A cat named Miso and a goldfish", "Two kids, a boy and a girl": what one has, counted ("Two, a boy and …" is not).
      const had = bare(a);
      return /^(?:a|an|one|two|three|four|five|six|\d+)\s+\p{L}/iu.test(had) && had.split(/\s+/).length <= 12
        ? `I have ${had[0]!.toLowerCase()}${had.slice(1)}.`
        : null;
    },
  ],
  [
    // "What's your sister's name?", and "What's your dog called?".
    new RegExp(String.raw`\bwhat(?:'s| is| are) your (${ROLE_ALT})(?:(?:['’]s|(s)['’]?)? names?|(s)? called)\b`, 'i'),
    (a, asked) => {
      const m = bare(a).match(/^(\p{Lu}[\p{L}'’-]*)(\b.*)?$/u);
      if (!m || !looksLikeName(m[1]!)) return null;
      const role = asked[1]!.toLowerCase();
      // "What are your kids' names?" "Maya and Leo": each of them is named.
      const plural = asked[2] ?? asked[3];
      if (plural || ROLE_INFO.get(role)?.plural) return `My ${role}${plural ?? ''} are called ${m[1]}${m[2] ?? ''}.`;
      return `My ${role}'s name is ${m[1]}${m[2] ?? ''}.`;
    },
  ],
  [
    // "What car do you drive?" "A 2015 Ford Focus", "What does your daughter enjoy?" "Horses and drawing": the thing,
    // said with the question's own verb. Not a question for when, nor for what one thinks, means or wants.
    new RegExp(
      String.raw`\bwhat\s+(?:(?:kind|sort|type|make|model|brand)s?\s+of\s+)?(?:(?!(?:time|day|days|date|year|month|age|size|else)\b)([a-z]+)\s+)?(?:do|does)\s+(you|your\s+(?:[\p{L}-]+\s+)?(?:${ROLE_ALT}))\s+((?:usually|normally|mostly|currently)\s+)?(?!(?:do|think|mean|reckon|suggest|recommend|say|know|call|feel|need|want|get|see|like about)\b)([a-z]+)(\s+(?:to|with|about|on|for)(?=\s*\?|\s+(?:in|at|on|with|for|during|when|while)\b))?((?:\s+[\p{L}'-]+){0,4}?)\s*\?\s*$`,
      'iu',
    ),
    (a, asked) => {
      const [, noun, subject, adverb, verbAsked, particle, rest] = asked;
      const value = bare(a);
      if (!isValue(value, 8) || NO_THING.test(value)) return null;
      const yours = subject!.toLowerCase() !== 'you';
      const verb = yours ? thirdPerson(verbAsked!.toLowerCase()) : verbAsked!.toLowerCase();
      const who = yours ? `my ${subject!.replace(/^your\s+/i, '')}` : 'I';
      const said = `${who} ${adverb ?? ''}${verb}${particle ?? ''} ${asSaidWithin(value)}${rest ?? ''}.`;
      // "Music: I like jazz": what was asked about stays with the answer, which may not name it.
      const heading = noun && !new RegExp(`\\b${noun}`, 'i').test(value) ? `${capitalised(noun.toLowerCase())}: ` : '';
      return heading ? `${heading}${said}` : capitalised(said);
    },
  ],
];

/** An answer that is a clause or a reply, not a thing: "I'm not sure", "sounds good", "depends". */
const NO_THING = /^(?:i|i'm|im|we|we're|you|he|she|they|it|it's|my|our|that|this|these|those|sounds|depends|dunno|idk|yes|yeah|yep|nah|nope|well)\b/i;
/** A verb as said of someone: "have" → "has", else its -s ending. */
const thirdPerson = (verb: string) => (verb === 'have' ? 'has' : withThirdPersonEnding(verb));

/** "Denver" of a framed "I live in Denver.": where "here" is in the sentences after it. */
export const placeLivedIn = (framed: string | null) =>
  framed?.startsWith(LIVES_IN) ? framed.slice(LIVES_IN.length).match(/^ ([^,.!?]+)/)?.[1] : undefined;

/** Whether the question is one of those an answer is framed by ("Where are you from?" names nothing but asks). */
export const hasFrame = (question: string) => FRAMES.some(([asks]) => asks.test(question.replace(/’/g, "'")));

/** The statement a bare answer makes in its question's frame, or null when the question has none or the answer is more than a value. */
export function framedAnswer(question: string, answer: string): string | null {
  const q = question.replace(/’/g, "'");
  const a = answer.replace(/’/g, "'");
  for (const [asks, frame] of FRAMES) {
    const asked = q.match(asks);
    if (!asked) continue;
    const whole = frame(a, asked);
    if (whole) return whole;
    // "Lagos, Nigeria, but I've lived in London for 10 years", "Austin, moved here for work": the value before ", but",
    // ", and" or the first comma is framed, the rest kept.
    for (const split of [/^(.+?)(,\s+(?:but|and)\s+\S.*)$/i, /^([^,]+)(,\s+\S.*)$/]) {
      const [, value, rest] = a.match(split) ?? [];
      const framedValue = value && rest ? frame(value, asked) : null;
      if (framedValue) return `${framedValue.replace(/\.$/, '')}${rest}`;
    }
    return null;
  }
  return null;
}

/** "About me:", "A bit about me -", "Things to know about me:": a heading over what the speaker says of themself. */
export const ABOUT_ME = String.raw`(?:(?:a\s+(?:bit|little)|(?:a\s+)?few\s+(?:things|facts)|some\s+(?:things|facts)|things(?:\s+to\s+know)?|quick\s+facts)\s+)?about\s+(?:me|myself)`;
const ABOUT_ME_LINE = new RegExp(String.raw`^\s*${ABOUT_ME}\s*[:–—-]\s*`, 'i');
/** A heading over what the speaker says of themself, and nothing after it: the list's items follow on lines of their own. */
const ABOUT_ME_ALONE = new RegExp(String.raw`^\s*${ABOUT_ME}\s*[:–—-]?\s*$`, 'i');
export const isAboutMeHeading = (line: string) => ABOUT_ME_ALONE.test(line);

/** "two cats", "3 kids": a count of things one has. */
const COUNTED = /^(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:[\p{L}-]+\s+)?[\p{L}-]+$/iu;
/** What one is, said in a word in a profile ("married", "vegetarian", "retired", "left-handed"). */
const STATE_WORD = new RegExp(
  String.raw`^(?:${DIETS}|married|single|divorced|separated|widowed|engaged|retired|unemployed|self[- ]employed|freelance|left[- ]handed|right[- ]handed|${FAITHS}|introvert|extrovert|neurodivergent|autistic|dyslexic|disabled|deaf|sober|pregnant)$`,
  'i',
);

/**
 * What a speaker's profile says in one of its parts ("34", "she/her", "live in Glasgow", "two cats", "vegetarian",
 * "a nurse"), as the sentence they would have said, or null when the part is none of these.
 */
function profilePart(part: string): string | null {
  const age = part.match(/^(\d{1,3})(?:\s*(?:y\/?o|yrs?(?:\s+old)?|years?\s+old))?$/i);
  if (age) return `I'm ${age[1]}`;
  if (/^(?:she|he|they|ze|xe)\/(?:her|hers|him|his|them|they|she|he|zir|xem)$/i.test(part)) return `my pronouns are ${part.toLowerCase()}`;
  if (STATE_WORD.test(part)) return `I'm ${part.toLowerCase()}`;
  if (COUNTED.test(part)) return `I have ${part}`;
  if (/^(?:a|an)\s/i.test(part) && statedJob(`I'm ${part}`)) return `I'm ${part}`;
  // "live in Glasgow", "work in HR", "trying to run a half marathon": the speaker's verb, its subject left out.
  const first = part.split(/\s+/)[0]!.toLowerCase();
  const verb = /^\p{Ll}/u.test(part) && part.includes(' ') && taggedTerms(`I ${part}`)[1]?.tags.has('Verb');
  if (verb) return /ing$/.test(first) ? `I'm ${part}` : `I ${part}`;
  return null;
}

/** A profile's parts, each as said ("I'm 34, my pronouns are she/her, I live in Glasgow"), or null unless each is one. */
export function profileOf(value: string): string | null {
  const parts = value
    .replace(/[.!\s]+$/, '')
    .split(/\s*[,;]\s*/)
    .filter(Boolean);
  const said = parts.map(profilePart);
  return parts.length && said.every((s) => s !== null) ? `${said.join(', ')}.` : null;
}

/** "About me: 34, she/her, live in Glasgow": the line's profile, said as the speaker would have, or null. */
export function profileLine(line: string): string | null {
  const m = line.match(ABOUT_ME_LINE);
  return m ? profileOf(line.slice(m[0].length)) : null;
}
