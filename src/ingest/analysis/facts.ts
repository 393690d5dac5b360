// One fact per kept sentence: the entity it is mainly about, the others it mentions, its date, and its summary,
// topic, domain, categories and interest.
import { allMatches } from '../../text/matches.js';
import { type DatePrecision, datesBySentence, describeDate, detectTense, type ResolvedDate, sentenceCount, type Tense, WEEKDAY } from './dates.js';
import { withoutCaptions } from './media.js';
import { FIRST_PERSON, impliesI, leadInLength, OBJECT_START, saysHabitNotDone, saysNeverDone, STILL_DOING, VERB_ADVERBS } from './sentences.js';
import {
  CARE_OF_SPEAKER,
  capitalised,
  HAS_SOMEONE,
  isLanguageOrPeople,
  lexTags,
  PAST_OPENERS_UNTAGGED,
  ROLE_INFO,
  TOLD_OF_SPEAKER,
} from './lexicon.js';
import { EMOJI, rewrite, withDroppedI, withKnownNames } from './rewrite.js';
import { clip, domainOf, factCategories, interestOf, topicOf, withoutNamesOfThings } from './topics.js';
import type { Accepted, Spec } from './mentions.js';
import type { Registry } from './registry.js';
import type { FactCandidate } from './types.js';

/** A sentence kept for a fact: as said, the statement in it, its scan copy, and its mentions. */
export interface KeptSentence {
  text: string;
  statement: string;
  scan: string;
  specs: Spec[];
  accepted: Accepted[];
  /** The other party's question this answers ("What's your favourite pizza?"), kept with the answer. */
  asked?: string;
  /** The question this sentence, put back into its frame, answers. */
  framedBy?: string;
}

const SUBJECT_PRONOUN = /\b(i|i'm|im|i've|i'd|i'll|we|we're|we've|we'll|we'd|me and|my|our)\b/gi;
const PREPOSITIONS = new Set(
  'with at in to from for of about by on into after before without near like than under over behind around through named called told asked met saw visited'.split(
    ' ',
  ),
);

/** "The plan is: train to Paris Friday, then Lyon": the speaker's plan, whatever places it names. */
const OWN_PLAN = /^(?:the|my|our)\s+(?:plan|idea|itinerary|schedule|goal)\s+(?:is|for\s+\w+\s+is)\b/i;
/** "… a son who's allergic to nuts": what follows says something of the one just named. */
const WHO_AFTER = /^\s+(?:who|that)\b/i;
const IMPERATIVE = /^\s*(?:please\s+)?(?:don't|do not|never|always|stop|avoid)\b/i;
/** An order to the listener, not what the speaker has never done or does without ("Never been skiing", "Don't drink"). */
const isOrder = (s: string) => IMPERATIVE.test(s) && !saysNeverDone(s) && !saysHabitNotDone(s);
/** "on the Friday": a day the context names, not one of the answer's own. */
const THE_WEEKDAY = new RegExp(String.raw`\bthe\s+${WEEKDAY}\b`, 'i');
/** Dates from the most precise. */
const PRECISION: readonly DatePrecision[] = ['day', 'week', 'month', 'season', 'year'];

/**
 * "Lost my keys at the gym, so I'm …", "Just got a new bike": a past verb and its object open the sentence, so its
 * "I" was dropped even when a later clause has one. Only then: an opening -ing or noun ("Seeing the crowd, we
 * knew", "Patience and practice …") is no dropped "I".
 */
function opensWithPastVerb(s: string): boolean {
  const m = s.replace(VERB_ADVERBS, '').match(PAST_VERB_OPENING);
  const verb = m?.[1]?.toLowerCase();
  return Boolean(verb && !/ing$/.test(verb) && (PAST_OPENERS_UNTAGGED.has(verb) || lexTags(verb).includes('PastTense')));
}
const PAST_VERB_OPENING = new RegExp(String.raw`^\s*(?:just\s+)?([\p{L}']+)\s+(?:${OBJECT_START}|into|to)\b`, 'iu');
/** "Haven't seen my dad in years, I miss him", "Been vegan since 2019 but I …": an auxiliary whose "I" was dropped. */
const AUXILIARY_OPENING =
  /^\s*(?:can['’]t|cannot|couldn['’]t|won['’]t|wouldn['’]t|shouldn['’]t|don['’]t|didn['’]t|haven['’]t|hadn['’]t|been)\s+\p{L}/iu;

/** A sentence about the speaker (impliesI) whose "I" is to be said: none is, or the opening dropped it. */
function saysNoSubject(scan: string, lead: number): boolean {
  const rest = scan.slice(lead);
  return !/\b(i|i'm|im|i've|we|we're)\b/i.test(scan) || opensWithPastVerb(rest) || saysNeverDone(rest) || AUXILIARY_OPENING.test(rest);
}

/**
 * A later sentence of a statement about the speaker whose "I" was dropped ("… Named him Biscuit", "… Still miss him
 * every day"). After someone else's news the one who did it is theirs ("Dad fell again. Spent the night in hospital"),
 * but for "can't wait"; an opening -ing is a comment or a subject ("Uplifting.", "Being out there was great").
 */
function laterDropsI(sentence: string, aboutSpeaker: boolean): boolean {
  if (isOrder(sentence)) return false;
  const lead = leadInLength(sentence);
  const rest = sentence.slice(lead).replace(VERB_ADVERBS, '');
  const opensWithIng = /^\s*[\p{L}']+ing\b/iu.test(rest) && !STILL_DOING.test(sentence.slice(lead));
  if (opensWithIng || !(aboutSpeaker || /^\s*can['’]t\s+wait\b/i.test(rest))) return false;
  return !OWN_PLAN.test(sentence.slice(lead)) && impliesI(sentence, lead) && saysNoSubject(sentence, lead);
}

/** Possessive words before a thing that make it an object: "its MOT", "their Netflix" ("my" opens the speaker's own). */
const THINGS_OWNER = new Set(['its', 'his', 'her', 'their', 'your']);

/** The entity a sentence is mainly about: the first subject-like mention (not after a preposition), else the speaker. */
function subjectOf(scan: string, specs: Accepted[], selfKey: string): { key: string; impliedI: boolean; unsaid?: boolean } {
  // Instructions ("please don't mention my ex") are the person's own wishes.
  // ("Never been skiing" tells what the speaker has not done.)
  if (isOrder(scan)) return { key: selfKey, impliedI: false };
  const lead = leadInLength(scan);
  if (OWN_PLAN.test(scan.slice(lead))) return { key: selfKey, impliedI: false };
  if (impliesI(scan, lead)) return { key: selfKey, impliedI: saysNoSubject(scan, lead), unsaid: !FIRST_PERSON.test(scan) };
  // "My boss told me I'm getting a raise", "my doctor put me on metformin": what was told or done is about the speaker,
  // the teller one of those it names.
  if (TOLD_OF_SPEAKER.test(scan.slice(lead)) || CARE_OF_SPEAKER.test(scan.slice(lead))) return { key: selfKey, impliedI: false };
  // … but what is said of someone the speaker has is theirs (not of a thing: "I have a company that makes furniture").
  const has = HAS_SOMEONE.exec(scan.slice(lead));
  const someone = (x: Accepted) => {
    const kind = x.kind ?? (x.role ? ROLE_INFO.get(x.role.toLowerCase())?.kind : undefined);
    return kind === 'person' || kind === 'pet';
  };
  const described = has && specs.find((x) => x.start >= lead + has[0].length - 1 && someone(x) && WHO_AFTER.test(scan.slice(x.end)));
  if (described) return { key: described.key, impliedI: false };
  let best: { at: number; key: string } | null = null;
  for (const m of allMatches(SUBJECT_PRONOUN, scan)) {
    if (m.index! < lead) continue;
    // "my" or "our" that opens an entity mention is that entity, not the speaker ("my wife Sarah loves …").
    if (/^(?:my|our)$/i.test(m[1]!) && specs.some((x) => x.start === m.index)) continue;
    best = { at: m.index!, key: selfKey };
    break;
  }
  for (const x of specs) {
    if (x.tag === 'naming' || x.start < lead || (best && x.start >= best.at)) continue;
    // "English isn't my first language": a language is what is said of someone, never whom.
    if (isLanguageOrPeople(scan.slice(x.start, x.end))) continue;
    const prev = scan
      .slice(0, x.start)
      .match(/([\p{L}']+)[\s,]*$/u)?.[1]
      ?.toLowerCase();
    if (prev && PREPOSITIONS.has(prev)) continue;
    // "The car failed its MOT": a thing that is something's or someone's is what the clause does something to.
    if (prev && THINGS_OWNER.has(prev) && x.kind !== 'person' && x.kind !== 'pet') continue;
    const after = scan.slice(x.end);
    // "my wife and I", "me and my wife", "Three of us: me, my partner Marcus and our son": the speaker is in the
    // subject too ("… on me, Zara put him up to it" is not a list).
    const before = scan.slice(0, x.start);
    const joint =
      /^\s*(?:,\s*)?(?:and|&)\s+(?:i|me)\b/i.test(after) || /\b(?:i|me)\s+and\s*$/i.test(before) || /(?:^|[,:;]\s*)me\s*,\s*$/i.test(before);
    best = { at: x.start, key: joint ? selfKey : (namedAfterRole(scan, x, specs) ?? x).key };
    break;
  }
  if (best) return { key: best.key, impliedI: false };
  if (FIRST_PERSON.test(scan)) return { key: selfKey, impliedI: false };
  // "She moved to Leeds", "The kids are obsessed with Bluey": a place, a thing or an employer after a preposition is not whom.
  return { key: specs.find((x) => x.tag !== 'naming' && (x.kind === 'person' || x.kind === 'pet'))?.key ?? selfKey, impliedI: false };
}

/**
 * "Marcus's mum Pauline is coming", "my sister's husband Tom is a plumber": the one named after a possessive and a
 * role word (an adjective may come between: "Jo's little brother Sam") is the subject, not the one whose they are.
 */
function namedAfterRole(scan: string, x: Accepted, specs: Accepted[]): Accepted | undefined {
  for (const m of [/^['’]s\s+([\p{L}-]+)\s+/u, /^['’]s\s+[\p{L}-]+\s+([\p{L}-]+)\s+/u].map((re) => scan.slice(x.end).match(re))) {
    const named = m && ROLE_INFO.has(m[1]!.toLowerCase()) && specs.find((y) => y.start === x.end + m[0].length && y.tag !== 'naming');
    if (named) return named;
  }
  return undefined;
}

const YES_OR_NO = /^(?:(?:yes|yeah|yep|yup|no|nope|nah|not really|sure|well|but|and|although|though)\b[\s,!.]*)+/i;
/** Words that make the word before them a clause's subject: a verb, an auxiliary, a contraction of one. */
const VERB_TAGS = new Set(['Verb', 'Copula', 'PastTense', 'PresentTense', 'Modal', 'Auxiliary']);
const startsWithVerb = (after: string) => {
  const next = after.match(/^(?:['’](?:s|ll|d|ve|re)\b|\s+(?:just\s+|also\s+|always\s+|never\s+|really\s+|still\s+)*([\p{L}'’]+))/u);
  return Boolean(next && (!next[1] || lexTags(next[1].toLowerCase()).some((t) => VERB_TAGS.has(t))));
};

/**
 * Whose an answer is: someone else's when a person or pet opens it as its subject, followed by a verb ("My sister is
 * vegetarian", "Ananya can't eat nuts"); else the speaker's ("Tom, probably.", "Margherita, obviously!").
 */
function answerSubject(w: KeptSentence, registry: Registry, selfKey: string): string {
  // "Nope, but my son is allergic to eggs": past the yes or no and its conjunction.
  const leadIn = leadInLength(w.scan);
  const lead = leadIn + (w.scan.slice(leadIn).match(YES_OR_NO)?.[0].length ?? 0);
  const first = w.accepted.find((a) => a.tag !== 'naming' && a.start >= lead);
  if (!first || first.start !== lead || first.key === selfKey) return selfKey;
  const kind = registry.ents.get(first.key)?.kind;
  return (kind === 'person' || kind === 'pet') && startsWithVerb(w.scan.slice(first.end)) ? first.key : selfKey;
}

/**
 * The fact a kept sentence states, its entities already resolved in `registry`; `who` names the speaker in summaries,
 * `listener` the other party when the message answers someone named.
 */
export function factOf(
  w: KeptSentence,
  registry: Registry,
  selfKey: string,
  who: string,
  eventTime: Date,
  o: { listener?: string; tenseAsked?: Tense | null } = {},
): FactCandidate {
  const { listener } = o;
  // An answer is the speaker's: "Margherita, obviously!" says what they like, not something about Margherita; but
  // one with someone else as its subject ("My sister is vegetarian") is theirs.
  const {
    key: subjectKey,
    impliedI,
    unsaid,
  } = w.asked ? { key: answerSubject(w, registry, selfKey), impliedI: false } : subjectOf(w.scan, w.accepted, selfKey);
  const subject = registry.ents.get(subjectKey);
  const mentionKeys = [...new Set(w.accepted.map((a) => a.key))].filter((k) => k !== subjectKey && k !== selfKey);
  // A fact filed under someone else that the speaker is part of ("my son broke his arm") names the speaker
  // too: a question about the speaker ("What happened to Nadia's son?") finds it among the speaker's memories.
  if (subjectKey !== selfKey && FIRST_PERSON.test(w.scan)) mentionKeys.push(selfKey);
  // The person's own self entity ('self', named by another participant) is no registry entry: nothing to read off it.
  const mentions = mentionKeys.map((k) => registry.ents.get(k)).filter((e): e is NonNullable<typeof e> => !!e);

  // An answer is read with its question: "What did you do last weekend?" dates it, "favourite pizza" files it.
  const about = w.asked ? `${w.asked} ${w.statement}` : w.statement;
  const timed = withoutCaptions(about);
  const tense = detectTense(timed);
  // A date said with no tense of its own reads in the tense of the question answered ("When's the move?" "End of June.");
  // the answer's own date comes before the question's ("Is a 10k on 7 June realistic?" "The boiler died last Wednesday")
  // when it says as much ("Christmas?" "Poland this year" keeps Christmas) and stands alone ("the Friday" is the
  // question's: "her seventieth on the 22nd?" "We're driving up on the Friday").
  const answerFrom = w.asked && !THE_WEEKDAY.test(w.statement) ? sentenceCount(w.asked) : null;
  let firstDate: ResolvedDate | null = null;
  let ownDate: ResolvedDate | null = null;
  for (const { sentence, date } of datesBySentence(timed, eventTime, o.tenseAsked ?? 'past')) {
    firstDate ??= date;
    if (answerFrom === null) break;
    if (sentence >= answerFrom) {
      ownDate = date;
      break;
    }
  }
  const date = ownDate && (!firstDate || PRECISION.indexOf(ownDate.precision) <= PRECISION.indexOf(firstDate.precision)) ? ownDate : firstDate;
  const interestNames = [...registry.ents.values()].flatMap((e) => [e.name, ...e.aliases]);
  const interest = interestOf(w.statement, interestNames);
  const ahead = date !== null && isAhead(date, eventTime);
  // "Love hiking but hate camping", "Thinking of getting a dog": the dropped "I" is read back for what the statement
  // says of the speaker and what it is about.
  const said = impliedI ? withDroppedI(w.statement) : w.statement;
  const categories = factCategories(
    withoutNamesOfThings(w.asked ? `${w.asked} ${said}` : said, mentions),
    subject,
    subjectKey === selfKey,
    w.accepted,
    interest,
    ahead,
    tense === 'past',
  );

  // A date the statement names in full is not said twice; one from the question is, since the answer is quoted alone.
  const dateNote = date && !(date.stated && !w.asked) ? describeDate(date) : null;
  const summary = w.asked
    ? answered(w.asked, w.statement, who, dateNote)
    : rewrite(withKnownNames(w.statement, w.scan, w.accepted, registry.ents), who, dateNote, impliedI, listener, (part) =>
        laterDropsI(part, subjectKey === selfKey),
      ) || `${capitalised(who)} said something.`;
  const fact: FactCandidate = {
    text: w.text,
    summary,
    topic: topicOf(said, subject, w.accepted, registry.ents, interest, categories, w.asked) || clip(summary),
    subjectKey,
    mentionKeys,
    domain: domainOf(about, subject, mentions, w.accepted),
    categories,
    eventDate: date?.date ?? null,
    datePrecision: date?.precision ?? null,
    ...(w.framedBy ? { askedWith: w.framedBy, framedStatement: w.statement } : {}),
    ...(unsaid ? { speakerUnsaid: true } : {}),
  };
  if (interest) {
    const holder = holderOf(interest.by, registry);
    if (holder === 'speaker') fact.interest = { topic: interest.topic, strength: interest.strength };
    else if (holder) {
      const e = registry.ents.get(holder)!;
      const name = e.named || registry.speakerIsOther ? e.name : `${capitalised(who)}'s ${e.name}`;
      fact.interest = { topic: interest.topic, strength: interest.strength, holderKey: holder, holderName: name };
    }
  }
  return fact;
}

/** The date lies after the day the message was said, whatever its precision ("in October", said in May). */
function isAhead(date: ResolvedDate, eventTime: Date): boolean {
  return date.date > eventTime.toISOString().slice(0, 10);
}

/** A short answer in the speaker's own words with the question it answers: no rewrite can damage it. */
function answered(question: string, answer: string, who: string, dateNote: string | null): string {
  const clean = (t: string) => t.replace(/’/g, "'").replace(EMOJI, ' ').replace(/"/g, "'").replace(/\s+/g, ' ').trim();
  const a = clean(answer).replace(/[\s,;:.]+$/, '');
  return `Asked "${clean(question)}", ${who} answered: "${a}"${dateNote ? ` (${dateNote})` : ''}.`;
}

/**
 * Who holds an interest, by the word for them: "I"/"we" the speaker ('self' key of the caller), a name the person
 * or pet of that name in this message; "he", "she", "they" or anything else no one we can be sure of.
 */
function holderOf(by: string, registry: Registry): string | 'speaker' | undefined {
  const w = by.toLowerCase();
  if (w === 'i' || w === 'we') return 'speaker';
  if (/^(he|she|they)$/.test(w)) return undefined;
  const e = [...registry.ents.values()].find((x) => [x.name, ...x.aliases].some((n) => n.toLowerCase() === w || n.toLowerCase().split(' ')[0] === w));
  return e && (e.kind === 'person' || e.kind === 'pet') ? e.key : undefined;
}
