// Relative and absolute time expressions in one sentence, resolved against the message time (UTC calendar).
// Pure: the only clock is the `eventTime` passed in.
import { allMatches, anyCase } from '../../text/matches.js';
import {
  ADVERBS_BEFORE_PARTICIPLE,
  AGE_REACHED,
  IRREGULAR_PARTICIPLE,
  IRREGULAR_SIMPLE_PAST,
  isEdPast,
  PAST_AND_PARTICIPLE,
  REPORTING,
  SAID_BEFORE,
  WILL,
} from './lexicon.js';

export type DatePrecision = 'day' | 'week' | 'month' | 'season' | 'year';
export interface ResolvedDate {
  /** YYYY-MM-DD; for week precision the Monday of that week, for month and season the 1st of the (first) month, for year 1 January. */
  date: string;
  precision: DatePrecision;
  /** The expression names its year ("in June 2019"): the sentence already says when, in full. */
  stated?: true;
}
export type Tense = 'past' | 'future';

const DAY_MS = 86_400_000;
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
export const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** Before a capitalised word: not a day's name ("Her birthday is Saturday and I …"), which is no one's (a month's may be: April, June). */
export const NOT_A_WEEKDAY = String.raw`(?!(?:${WEEKDAYS.map(anyCase).join('|')})\b)`;
const MONTH_NAMES_DISPLAY = MONTHS.map((m) => m[0]!.toUpperCase() + m.slice(1));
const MONTH_ABBREVIATIONS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  sept: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

/** Counting words we accept before a unit ("a few days ago"). "A few" and "several" are taken as three. */
const COUNT_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  couple: 2,
  'a couple': 2,
  'a couple of': 2,
  'couple of': 2,
  few: 3,
  'a few': 3,
  several: 3,
};
/** A count of days, weeks or years as said (group 1). */
export const COUNT = String.raw`(\d{1,3}|a couple of|couple of|a couple|couple|a few|few|several|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
/** The units a count of time is said in ("six weeks today", "three days ago", "in a fortnight"). */
const SPAN_UNIT = 'day|week|fortnight|month|year';
/** A time put off or brought forward: "moved", "pushed it back", "put off" (before the "to" of the time it was moved to). */
const MOVED = String.raw`\b(?:moved|pushed|put|rescheduled|postponed|brought|bumped|delayed|changed)`;
/** What may come between a verb of moving and its "to": "it back", "them forward". */
export const MOVED_ON = String.raw`(?:\s+(?:it|them))?(?:\s+(?:back|forward|off))?`;
/** "moved to October", "pushed it back to March": the "to" of a time something was moved to. */
const TO_AFTER_MOVED = String.raw`(?<=${MOVED}${MOVED_ON}\s+)to`;
export const MONTH = String.raw`(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)`;
export const WEEKDAY = String.raw`(sunday|monday|tuesday|wednesday|thursday|friday|saturday)`;
/** The short forms of the weekdays ("Fri", "Tues", "Thurs"). */
const WEEKDAY_SHORT_FORMS = String.raw`mon|tues?|wed|thu(?:rs?)?|fri|sat|sun`;
/** A weekday, full or short, captured by nothing. */
export const ANY_WEEKDAY = String.raw`(?:${WEEKDAY_SHORT_FORMS})(?:day)?`;
/** A weekday shortened, captured, perhaps with a full stop. */
const SHORT_WEEKDAY = String.raw`(${WEEKDAY_SHORT_FORMS})\.?`;
/** "sat", "sun", "wed" and "mon" in lower case are words of their own ("this sun is brutal"). */
const AMBIGUOUS_SHORT_WEEKDAY = /^(?:mon|wed|sat|sun)/;
/** The weekday a full or shortened name means (0 = Sunday), or null for a short one that may be a word. */
function weekdayOf(word: string): number | null {
  if (AMBIGUOUS_SHORT_WEEKDAY.test(word) && word.length <= 4) return null;
  const i = WEEKDAYS.findIndex((w) => w.startsWith(word.toLowerCase().slice(0, 3)));
  return i < 0 ? null : i;
}
/** "the last Friday of every month", "the first Monday in each month": a day that comes round, not a date. */
const OF_EVERY_MONTH = String.raw`\s+(?:of|in)\s+(?:every|each)\s+month\b`;
/** "by Friday every week", "on Mondays each week": a day that comes round each week. */
const OF_EVERY_WEEK = String.raw`\s+(?:every|each)\s+week\b`;
/** "Monday through Friday", "Mon-Fri": a span of weekdays is a routine, no date. */
export const WEEKDAY_SPAN = String.raw`(?:through|thru|to|till|until|-|–)`;
/** "Sunday evenings", "Friday nights": a weekday's part of the day said in the plural is a routine, no date. */
export const PLURAL_PART_OF_DAY = String.raw`(?:mornings|afternoons|evenings|nights)`;
/**
 * The seasons as the northern hemisphere's meteorological ones, by the month each begins: winter is December to
 * February, named by the year of its December. The service does not know where a person lives.
 */
const SEASON_STARTS: Record<string, number> = { spring: 2, summer: 5, fall: 8, autumn: 8, winter: 11 };
const SEASON = String.raw`(spring|summer|fall|autumn|winter)`;

// --- calendar helpers (all in UTC days) ---

/** Days since the epoch of the UTC calendar day of `t`. */
const dayNumber = (t: Date) => Math.floor(t.getTime() / DAY_MS);
const fromDayNumber = (n: number) => new Date(n * DAY_MS);
const iso = (n: number) => fromDayNumber(n).toISOString().slice(0, 10);
const weekday = (n: number) => fromDayNumber(n).getUTCDay();
/** Monday of the ISO week that contains day `n`. */
const mondayOf = (n: number) => n - ((weekday(n) + 6) % 7);
const ymd = (y: number, m: number, d: number) => Math.floor(Date.UTC(y, m, d) / DAY_MS);
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const day = (n: number): ResolvedDate => ({ date: iso(n), precision: 'day' });
const week = (n: number): ResolvedDate => ({ date: iso(mondayOf(n)), precision: 'week' });
/** The weekend just gone, as the week it ends: this week's on a Sunday, else last week's. */
const lastWeekend = (today: number) => week(today - (weekday(today) === 0 ? 0 : 7));
const month = (y: number, m: number): ResolvedDate => {
  const d = new Date(Date.UTC(y, m, 1)); // normalises month overflow (m = -3 → October of y − 1)
  return { date: `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-01`, precision: 'month' };
};
const year = (y: number): ResolvedDate | null => (y >= 1 && y <= 9999 ? { date: `${pad(y, 4)}-01-01`, precision: 'year' } : null);
const season = (y: number, start: number): ResolvedDate => ({ date: `${pad(y, 4)}-${pad(start + 1)}-01`, precision: 'season' });

function monthIndex(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  const full = MONTHS.indexOf(w);
  return full >= 0 ? full : (MONTH_ABBREVIATIONS[w] ?? -1);
}

function countOf(word: string): number {
  const w = word.toLowerCase().replace(/\s+/g, ' ');
  return /^\d+$/.test(w) ? Number(w) : (COUNT_WORDS[w] ?? 1);
}

/** A valid calendar day or null ("February 30" is no date). */
function calendarDay(y: number, m: number, d: number): number | null {
  if (m < 0 || m > 11 || d < 1 || d > 31) return null;
  const n = ymd(y, m, d);
  const check = fromDayNumber(n);
  return check.getUTCMonth() === m && check.getUTCDate() === d ? n : null;
}

// --- tense ---

/**
 * Words of what is ahead; "got" opening a sentence before an event ("Got my first 10k on Sunday") is having it. A
 * booking just made ("we finally booked the honeymoon, two weeks in Sri Lanka in March", "we've rented a villa for August")
 * dates what was booked.
 */
const FUTURE_MARKERS = new RegExp(
  String.raw`\b(${WILL}|won't|shall|gonna|going to|planning|plan to|plans to|about to|tomorrow|upcoming|this coming|hoping to|hope to|intend to|(?:the|my|our|his|her|their)\s+plan(?:\s+is|'s)|can't wait|looking forward|(?:have|has|got)\s+(?:a|an|my|the|our|his|her)\s+(?:[\w-]+\s+){0,3}?(?:booked|scheduled|planned)\s+for|(?:just|finally|'ve|have|has)\s+(?:(?:just|finally|already|now)\s+)?(?:booked|reserved|(?:rented|hired)(?=\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}?(?:villa|cottage|cabin|lodge|chalet|apartment|house|car|van|campervan|motorhome|boat|caravan)\b.*\bfor\b))\b|(?:(?:'s|'ve|has|have)\s+|^\s*)got\s+(?:a|an|my|the|our|his|her|their)\s+(?:[\w-]+\s+){0,3}?(?:appointment|op|operation|surgery|scan|test|exam|interview|check-?up|jab|race|marathon|10k|5k|match|gig|concert|wedding|meeting|presentation|flight)\s+(?:on|next|this|tomorrow|in)\b|next (?:week|weekend|month|year|time|summer|winter|spring|fall|autumn|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b|\b(i|we|you|he|she|they|it)'ll\b`,
  'i',
);
/** "got" after "have" is having, not getting ("I've got an interview on Thursday"). */
const PAST_MARKERS = new RegExp(
  String.raw`\b(was|were|did|didn't|had|${IRREGULAR_SIMPLE_PAST}|(?<!(?:'ve|\bhave|\bhas)\s+)got|met|told|said|died|yesterday|ago|last(?!\s+(?:day|one|name|resort|chance|minute|bit)\b)|used to)\b`,
  'i',
);
/** A copula, an intensifier or a determiner, after which a past form is an adjective ("I'm so stressed", "a skilled worker"). */
const BEFORE_ADJECTIVE = String.raw`(?:am|is|are|'m|'re|so|very|really|too|be|been|feel|feeling|get|getting|pretty|super|kinda|a|an|the|my|our|his|her|their|its)`;
/** A number before a past form makes it an adjective: "on 4.2% fixed", "a 2 year fixed", "3 days sober". */
const AFTER_NUMBER = String.raw`\d(?:%|\s*(?:years?|yrs?|months?))?\s+`;
/** A thing had done to one: "having his hip replaced", "getting my hair cut" say nothing of the past. */
const HAD_DONE = String.raw`\b(?:having|have|has|getting|get|gets)\s+(?:my|his|her|their|our|your|the|a|an|its)\s+(?:[\w'-]+\s+){1,2}`;
/** Regular past forms, except where they are adjectives. */
const ED_WORD = new RegExp(String.raw`(?<!\b${BEFORE_ADJECTIVE}\s+|${AFTER_NUMBER}|${HAD_DONE})\b\w{3,}ed\b`, 'gi');
/** "I lost my job in March", not "I'm lost": an irregular past form in the same place. */
const PAST_FORM = new RegExp(String.raw`(?<!\b(?:${BEFORE_ADJECTIVE}|'s|got)\s+|${HAD_DONE})\b(?:${PAST_AND_PARTICIPLE})\b(?!-)`, 'i');
/** "fingers crossed": a wish for what is coming, in a past form's shape. */
const NOT_PAST_SAYING = /\b(?:fingers|toes)\s+crossed\b/gi;
const hasPastForm = (sentence: string) => {
  const said = sentence.replace(NOT_PAST_SAYING, ' ');
  return PAST_FORM.test(said) || allMatches(ED_WORD, said).some((m) => isEdPast(m[0]));
};
/** "I can do Friday", "Mum can't come up this weekend": whether one can make a day is about a day to come. */
const CAN_MAKE = String.raw`\b(?:can|can't|cannot|can not)\s+(?:\w+\s+)?(?:do|make|come|go|get|meet|see|join|manage|fit|take|pick|drop|collect|host|visit|travel|fly|drive)\b`;
/** Who a present progressive is said of: "I'm", "we're", "she's", "they are". */
const PROGRESSIVE_SUBJECT = String.raw`(?:i'm|im|i am|we're|we are|he's|she's|they're|they are)`;
/** Verbs in -ing that make "Dad's having", "Mum's getting" a progressive, not a possessive ("Dad's running shoes"). */
const PROGRESSIVE_AFTER_S =
  'having|getting|going|coming|starting|moving|flying|leaving|doing|taking|seeing|visiting|travel?ling|heading|staying|retiring|finishing|graduating|joining|hosting|throwing';
/** Present verbs of a start or an end ("I start in January", "she graduates in July"): of what is coming. */
const STARTS_OR_ENDS = 'start|starts|begin|begins|finish|finishes|leave|leaves|fly|flies|move|moves|return|returns|graduates?|retires?';
/** Present-tense sentences about appointments, starts and ends ("off until Monday"), and the present progressive ("we're flying on Friday"), are usually about what is coming. */
const SCHEDULED = new RegExp(
  String.raw`^\s*\w+ing\b|\b(${STARTS_OR_ENDS}|ends|end(?!\s+of)|break up|off (?:from|until|till|for)|until|till|appointment|interview|exam|test|surgery|recital|concert|wedding|flights?|deadline|booked for|scheduled for|set for|planned for|due|expire|expires|expiring|expiry|renewal|renew|renews|birthday|anniversary|turns|opens|arrives|lands|breaks up|closes|reopens|launches|premieres|off to|off work|excited for|to-do|starting|moving in|(?:come|comes|get|gets|go|goes) (?:back|home))\b|${AGE_REACHED}|\b(?:have|has|(?:'s|'ve) got) (?:a|an|my|our|his|her|their|the)\b|\b(?:${PROGRESSIVE_SUBJECT}|is|are|isn't|aren't)\s+(?:\w+\s+)?\w+ing\b|\w's\s+(?:${PROGRESSIVE_AFTER_S})\b|${CAN_MAKE}`,
  'i',
);

/**
 * "The wedding is in June", "Our party's on Friday", "The party is Saturday", "The move is at the end of May", "It's on
 * the 6th of June", "Her 40th is on 14 March", "It's a week of hiking in the Dolomites in July", "The kids are at
 * their dad's this weekend", "I'm in Paris in March": an event set for a day or a month, told in the present, is coming.
 */
const SET_FOR = new RegExp(
  String.raw`\b(?:is|are|am|'s|'m|'re)\s+(?:(?:in|at|a|an|the|our|my)\s+(?:(?!been\b)[\w'-]+\s+){1,6}?)?(?:(?:(?:this|next)\s+|on\s+|in\s+|(?:early|mid|late)[\s-]+|at\s+the\s+(?:start|end|beginning)\s+of\s+|(?=(?:${WEEKDAYS.join('|')})\b))(?:${[...WEEKDAYS, ...MONTHS].join('|')})\b|this\s+weekend\b|(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)\b(?=\s*(?:[,.!?;)]|$))|(?:on\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?(?:\s*[-–]\s*\d{1,2}(?:st|nd|rd|th)?)?\s+(?:of\s+)?(?:${MONTHS.join('|')})\b)`,
  'i',
);

/** "I forgot to mention that …": no past of what is said. */
const SAID_BEFORE_LEAD = new RegExp(String.raw`^\s*(?:(?:so|oh|and|also|btw|by the way)[\s,]+)?${SAID_BEFORE}`, 'i');

/** What the speaker needs, has ("I've got practice on Tuesday"), wants or wants to do, and deadlines ("by Friday", "by September"): ahead unless the sentence is in the past. */
const OBLIGED = new RegExp(
  String.raw`\b(?:need|needs|have to|has to|gotta|must|should|want|wants|wanna|would like|(?:'ve|have|has)\s+got|by (?:${[...WEEKDAYS, ...MONTHS].join('|')}|the weekend))\b`,
  'i',
);

/** An invitation ("Come join us on Friday", "Let's meet on Sunday"): what it asks of the listener is to come. */
const INVITING =
  /^\s*(?:(?:yeah|yes|sure|ok|okay|so|oh|hey|and|please)[\s,!.]+)*(?:come|join|let's|lets|let us|meet (?:me|us)|don't forget|remember to|see you)\b/i;

/** Past unless the sentence speaks of the future; present-tense schedules, events set for a date, obligations and invitations count as future. */
export function detectTense(said: string): Tense {
  return statedTense(said) ?? 'past';
}

/** The tense a text's own words say, or null when nothing in it does. */
function statedTense(said: string): Tense | null {
  const sentence = said.replace(/’/g, "'").replace(SAID_BEFORE_LEAD, '');
  const marked = markedTense(sentence);
  if (marked) return marked;
  return SCHEDULED.test(sentence) || SET_FOR.test(sentence) || OBLIGED.test(sentence) || INVITING.test(sentence) || ASKS_WHEN_AHEAD.test(sentence)
    ? 'future'
    : null;
}

/** Where a text's sentences end, for reading each one's tense. */
const SENTENCE_BREAK = /(?<=[.!?…])\s+(?=\S)/u;
/** How many sentences datesBySentence reads in `text`: where the answer after a question starts. */
export const sentenceCount = (text: string) => text.split(SENTENCE_BREAK).length;

/** "When is it?", "When's the move?", "When will you know?": a question for when something is to happen. */
const ASKS_WHEN_AHEAD = /\bwhen(?:'s|\s+is|\s+are|\s+will)\b/i;

/**
 * The tense the last question of a message asks in, by an explicit word ("Will he be okay by then?", "Did you go?")
 * or as a question for when something is to happen ("When's the move?"); null when it says none ("Are you managing?").
 */
export function tenseAsked(message: string): Tense | null {
  const question = message
    .replace(/’/g, "'")
    .split(SENTENCE_BREAK)
    .reverse()
    .find((s) => /\?\s*$/.test(s));
  if (!question) return null;
  return markedTense(question) ?? (ASKS_WHEN_AHEAD.test(question) ? 'future' : null);
}

/** The tense only an explicit word says (will, going to, was, yesterday, a past form), or null. */
function markedTense(said: string): Tense | null {
  const sentence = said.replace(/’/g, "'").replace(SAID_BEFORE_LEAD, '');
  if (FUTURE_MARKERS.test(sentence)) return 'future';
  return PAST_MARKERS.test(sentence) || hasPastForm(sentence) ? 'past' : null;
}

/**
 * The date a text of several sentences names first, in the tense of the sentence that names it ("They've invited me to
 * interview. It's on the 6th of June." is coming); when that sentence says none, in the tense of what came before it
 * ("When is your surgery? Friday."), else of an explicit word anywhere in the text, else `fallback` (the tense the
 * message answered asked in, when the analysis knows it). A schedule or a progressive in a
 * later sentence ("Gnocchi cut his paw on Wednesday. He's walking into every doorframe.") says nothing of the date.
 */
export function resolveFirstDate(text: string, eventTime: Date, fallback: Tense = 'past'): ResolvedDate | null {
  for (const { date } of datesBySentence(text, eventTime, fallback)) return date;
  return null;
}

/** The first date of each sentence of `text` that names one, with the sentence's index, read as resolveFirstDate reads them, one at a time. */
export function* datesBySentence(text: string, eventTime: Date, fallback: Tense = 'past'): Generator<{ sentence: number; date: ResolvedDate }> {
  for (const [sentence, parts] of sentencesWithTense(text, fallback).entries())
    for (const { text: part, tense } of parts) {
      const date = resolveDate(part, eventTime, tense);
      if (date) {
        yield { sentence, date };
        break;
      }
    }
}

/** "My boss told me I'm getting a raise in April": what was said has a tense of its own, the telling another. */
const REPORTED = new RegExp(String.raw`\b${REPORTING}(?=(?:i|i'm|im|we|we're|he|he's|she|she's|they|they're)\s)`, 'i');

/**
 * A text's sentences, each with the tense its dates are read in (resolveFirstDate); a sentence that reports what was
 * said in two parts, the telling and what was said, which keeps its own tense when its words say one.
 */
function sentencesWithTense(text: string, fallback: Tense = 'past'): Array<Array<{ text: string; tense: Tense }>> {
  const sentences = text.split(SENTENCE_BREAK);
  return sentences.map((sentence, i) => {
    const before = sentences.slice(0, i).join(' ');
    const toldBefore = i > 0 && A_BOOKING.test(sentences[i - 1]!) ? 'future' : before ? statedTense(before) : null;
    const tense = statedTense(sentence) ?? toldBefore ?? markedTense(text) ?? fallback;
    const reported = sentence.replace(/’/g, "'").match(REPORTED);
    if (!reported) return [{ text: sentence, tense }];
    const at = reported.index! + reported[0].length;
    const said = sentence.slice(at);
    return [
      { text: sentence.slice(0, at), tense },
      { text: said, tense: statedTense(said) ?? tense },
    ];
  });
}

/**
 * The text with the date each sentence names first written after it in brackets, as its memory's summary dates it
 * ("Estate agent rang on Wednesday [2025-09-17], …"): quoted words keep what "Wednesday" meant on the day they were
 * said. A date that names its year is left as it is.
 */
export function withDatesResolved(text: string, eventTime: Date): string {
  return sentencesWithTense(text)
    .map((parts) => {
      let dated = false;
      return parts
        .map(({ text: part, tense }) => {
          const found = dated ? null : earliestDate(part, eventTime, tense);
          if (!found) return part;
          dated = true;
          if (found.value.stated) return part;
          const end = found.index + found.length;
          return `${part.slice(0, end)} [${describeDate(found.value).replace(/^(?:on|in) /, '')}]${part.slice(end)}`;
        })
        .join('');
    })
    .join(' ');
}

// --- rules: each finds its expressions; the earliest one in the sentence wins (the longest on a tie) ---

interface Ctx {
  today: number;
  y: number;
  m: number;
  tense: Tense;
  /**
   * A birth, or a birthday or anniversary stated: a month or day named without a year is no recent one ("I was born
   * on the 3rd of March"), nor this year's ("My birthday is July 14th" holds every year); "her 100th birthday is in
   * October" is one day.
   */
  birth: boolean;
  /** A birthday or anniversary stated: a day of the month named alone ("is on the 9th") is its next one. */
  recurring: boolean;
  /** The tense only an explicit word of the sentence says (markedTense), or null. */
  marked: Tense | null;
  /** A pregnancy told: its weeks count how far along it is. */
  pregnancy: boolean;
}
type Rule = { re: RegExp; resolve: (m: RegExpMatchArray, c: Ctx) => ResolvedDate | null };

/** "12 September next year", "in May last year": the year said in words after a month. */
const YEAR_WORD = String.raw`\s+(next|last|this)\s+year\b`;
const yearSaid = (c: Ctx, word: string | undefined): number | null => (word ? c.y + ({ next: 1, last: -1, this: 0 }[word.toLowerCase()] ?? 0) : null);

/** "My birthday is July 14th", "my birthday's 12 October", "our anniversary falls on the 9th" (not "her 100th birthday is in October", one day). */
const RECURRING = /(?<!\d(?:st|nd|rd|th)\s+)\b(?:birthday|anniversary)(?:['’]s| (?:is|falls))\b/i;

/** Year for a month (and day) named without one: the nearest past or coming occurrence, by tense. */
function yearFor(c: Ctx, m: number, d: number | null): number | null {
  if (c.birth) return null;
  const today = fromDayNumber(c.today);
  const sameMonth = m === c.m;
  const after = m > c.m || (sameMonth && d !== null && d > today.getUTCDate());
  const before = m < c.m || (sameMonth && d !== null && d < today.getUTCDate());
  if (c.tense === 'past' && after) return c.y - 1;
  if (c.tense === 'future' && before) return c.y + 1;
  return c.y;
}

/** Day `d` of month `mi` in the year said, else in the nearest year the tense allows; null when there is no such day. */
function dayOfMonth(c: Ctx, mi: number, d: number, year: number | null = null): ResolvedDate | null {
  const y = year ?? yearFor(c, mi, d);
  const n = y === null ? null : calendarDay(y, mi, d);
  return n === null ? null : day(n);
}

/** The closest given weekday strictly before (past) or after (future) `today`. */
function nearestWeekday(today: number, target: number, direction: 'past' | 'future'): number {
  const current = weekday(today);
  if (direction === 'past') return today - ((current - target + 7) % 7 || 7);
  return today + ((target - current + 7) % 7 || 7);
}

/** Holidays on a fixed day: [pattern, month index, day]; US Thanksgiving (the fourth Thursday of November) apart. */
const FIXED_HOLIDAYS: Array<[RegExp, number, number]> = [
  [/^christmas eve$/i, 11, 24],
  [/^(?:christmas(?: day)?|xmas)$/i, 11, 25],
  [/^new year'?s eve$/i, 11, 31],
  [/^new year'?s(?: day)?$/i, 0, 1],
  [/^halloween$/i, 9, 31],
  [/^valentine'?s(?: day)?$/i, 1, 14],
  [/^(?:(?:the )?(?:fourth|4th) of july|july (?:4th|fourth)|independence day)$/i, 6, 4],
  [/^st\.? patrick'?s(?: day)?$/i, 2, 17],
  [/^boxing day$/i, 11, 26],
  [/^(?:bonfire night|guy fawkes(?: night| day)?)$/i, 10, 5],
];
/** Holidays counted from Easter Sunday: [pattern, days after it]. The longer names first, as the pattern tries them. */
const EASTER_HOLIDAYS: Array<[RegExp, number]> = [
  [/^good friday$/i, -2],
  [/^(?:easter saturday|holy saturday)$/i, -1],
  [/^easter monday$/i, 1],
  [/^easter(?: sunday| day)?$/i, 0],
];
/** Any holiday's name: the fixed ones' and Easter's patterns unanchored, and Thanksgiving; HOLIDAY captures it. */
const HOLIDAY_WORDS = `(?:${[...[...EASTER_HOLIDAYS, ...FIXED_HOLIDAYS].map(([re]) => re.source.replace(/^\^|\$$/g, '')), 'thanksgiving'].join('|')})`;
const HOLIDAY = `(${HOLIDAY_WORDS})`;
const HOLIDAY_NAME = new RegExp(
  String.raw`^(?:${HOLIDAY_WORDS}|mother'?s day|father'?s day|remembrance (?:day|sunday)|pancake day|shrove tuesday|black friday|cyber monday)$`,
  'i',
);
const HOLIDAYS_IN_TEXT = new RegExp(String.raw`\b${HOLIDAY_WORDS}\b`, 'gi');
/** The text less the holidays it names ("sowed them on Boxing Day"), whose words say nothing of what it is about. */
export const withoutHolidays = (text: string) => text.replace(HOLIDAYS_IN_TEXT, ' ');
/** "Valentine's Day", "Boxing Day", "Mother's Day": a day of the year, which names no one. */
export const isHolidayName = (name: string) => HOLIDAY_NAME.test(name.replace(/’/g, "'"));

/** Easter Sunday of a year (the Gregorian computus, as in Meeus's Astronomical Algorithms). */
function easterSunday(y: number): number {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return ymd(y, Math.floor(n / 31) - 1, (n % 31) + 1);
}

/** The day of a holiday in a year: Thanksgiving counts on from 1 November to its fourth Thursday, Easter's from the computus. */
function holidayIn(name: string, y: number): number | null {
  if (/^thanksgiving$/i.test(name)) {
    const first = ymd(y, 10, 1);
    return first + ((4 - weekday(first) + 7) % 7) + 21;
  }
  const easter = EASTER_HOLIDAYS.find(([re]) => re.test(name));
  if (easter) return easterSunday(y) + easter[1];
  const fixed = FIXED_HOLIDAYS.find(([re]) => re.test(name));
  return fixed ? calendarDay(y, fixed[1], fixed[2]) : null;
}

const ORDINALS: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: -1 };

/** The nth (or last) given weekday of a month, as a day number; null when the month has no such day. */
function nthWeekday(y: number, m: number, target: number, nth: number): number | null {
  if (nth < 0) {
    const end = ymd(y, m + 1, 0);
    return end - ((weekday(end) - target + 7) % 7);
  }
  const first = ymd(y, m, 1);
  const n = first + ((target - weekday(first) + 7) % 7) + 7 * (nth - 1);
  return fromDayNumber(n).getUTCMonth() === ((m % 12) + 12) % 12 ? n : null;
}

/** "The Thursday Murder Club", "The Sunday Times": a weekday after "The" and before a capitalised word names a title. */
const IN_A_TITLE = (m: RegExpMatchArray) =>
  /\bThe\s+$/.test(m.input!.slice(0, m.index)) && /^\s+\p{Lu}\p{Ll}/u.test(m.input!.slice(m.index! + m[0].length));

const RULES: Rule[] = [
  // from the 2nd to the 9th of June, 2 to 9 June: the span's first day, in the month named at its end
  {
    re: new RegExp(
      String.raw`\b(?:from\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s*(?:to|until|till|-|–)\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}\b(?:,?\s+(\d{4})\b)?`,
      'gi',
    ),
    resolve: (m, c) => dayOfMonth(c, monthIndex(m[2]!), Number(m[1]), m[3] ? Number(m[3]) : null),
  },
  // the first Friday in April, the last Monday of the month: that day of the month named, in its nearest year by tense
  {
    re: new RegExp(
      String.raw`\b(first|1st|second|2nd|third|3rd|fourth|4th|last)\s+${WEEKDAY}\s+(?:in|of)\s+(?:${MONTH}\b|(this|next|the)\s+month\b)`,
      'gi',
    ),
    resolve: (m, c) => {
      const nth = ORDINALS[m[1]!.toLowerCase()]!;
      const target = WEEKDAYS.indexOf(m[2]!.toLowerCase());
      const mi = m[3] ? monthIndex(m[3]) : m[4]!.toLowerCase() === 'next' ? c.m + 1 : c.m;
      const y = m[3] ? yearFor(c, mi, null) : c.y;
      if (mi < 0 || y === null) return null;
      const n = nthWeekday(y, mi, target, nth);
      return n === null ? null : day(n);
    },
  },
  // "for Christmas", "last Thanksgiving", "on Halloween 2021", "Christmas is in Croydon this year", "hosting Christmas": a
  // holiday after a word that makes it a time (not "Christmas movies"), hosted or spent, or said to be somewhere or with
  // someone, the nearest one the tense allows (ahead when told of in the present); "every Christmas" and "once a year at
  // Christmas" are routines, "Christmas is my favourite" no day.
  {
    re: new RegExp(
      String.raw`(?<!\b(?:every|each)\s+|\b(?:a|per)\s+year,?\s+|\b(?:usually|always|normally)\s+)\b(?:(last|next|this|on|for|at|over|during|by|before|after|until|till|since|around)\s+|(?<=\b(?:host|hosts|hosting|hosted|spend|spends|spending|spent|celebrate|celebrates|celebrating|celebrated)\s+)|(?=${HOLIDAY_WORDS}\s+(?:is|was|will\s+be|['’]s)\s+(?:in|at|with|on|spent|going\s+to\s+be)\s))${HOLIDAY}(?!\s+(?:movies?|trees?|lights?|cards?|music|songs?|party|parties|dinner|presents?|gifts?|shopping|costumes?|candy|decorations?)\b)(?:,?\s+(\d{4})\b)?`,
      'gi',
    ),
    resolve: (m, c) => {
      const name = m[2]!.replace(/’/g, "'").replace(/\s+/g, ' ');
      if (m[3]) {
        const n = holidayIn(name, Number(m[3]));
        return n === null ? null : day(n);
      }
      const told = m[1] ? c.tense : c.marked === 'past' ? 'past' : 'future';
      const tense: Tense = /^last$/i.test(m[1] ?? '') ? 'past' : /^next$/i.test(m[1] ?? '') ? 'future' : told;
      const thisYear = holidayIn(name, c.y);
      if (thisYear === null || c.birth) return null;
      if (tense === 'past') return day(thisYear < c.today ? thisYear : (holidayIn(name, c.y - 1) ?? thisYear));
      return day(thisYear > c.today || (thisYear === c.today && !/^next$/i.test(m[1] ?? '')) ? thisYear : (holidayIn(name, c.y + 1) ?? thisYear));
    },
  },
  // ISO dates: 2023-05-07, 2023/05/07
  {
    re: /\b(\d{4})[-/](\d{1,2})[-/](\d{1,2})\b/g,
    resolve: (m) => {
      const n = calendarDay(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
      return n === null ? null : day(n);
    },
  },
  // May 5, May 5th, May 5, 2023, Sept. 3rd 2021
  {
    re: new RegExp(String.raw`\b${MONTH}\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b|${YEAR_WORD})?`, 'gi'),
    resolve: (m, c) => dayOfMonth(c, monthIndex(m[1]!), Number(m[2]), m[3] ? Number(m[3]) : yearSaid(c, m[4])),
  },
  // in September, the 21st; June, on the 14th: the month, then its day
  {
    re: new RegExp(String.raw`\b(?:(?:in|for|of)\s+)?${MONTH},?\s+(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b`, 'gi'),
    resolve: (m, c) => dayOfMonth(c, monthIndex(m[1]!), Number(m[2])),
  },
  // 5 May, 5th of May 2023
  {
    re: new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}\b\.?(?:,?\s+(\d{4})\b|${YEAR_WORD})?`, 'gi'),
    resolve: (m, c) => dayOfMonth(c, monthIndex(m[2]!), Number(m[1]), m[3] ? Number(m[3]) : yearSaid(c, m[4])),
  },
  // last May, next March (strictly before / after the current month)
  {
    re: new RegExp(String.raw`\b(last|next|this)\s+${MONTH}\b(?!\s+\d)`, 'gi'),
    resolve: (m, c) => {
      const mi = monthIndex(m[2]!);
      const which = m[1]!.toLowerCase();
      if (which === 'this') return month(c.y, mi);
      if (which === 'last') return month(mi < c.m ? c.y : c.y - 1, mi);
      return month(mi > c.m ? c.y : c.y + 1, mi);
    },
  },
  // in May, since March 2021, back in June, early April, moved to October; "May 2022" (a bare month needs a
  // preposition: "I may go")
  {
    re: new RegExp(
      String.raw`\b(?:(?:in|since|during|until|till|by|of|from|for|early|late|mid|around|before|after|${TO_AFTER_MOVED})\s+|mid-)${MONTH}\b\.?(?!\s+\d{1,2}(?:st|nd|rd|th)?\b)(?:\s+(\d{4})\b|${YEAR_WORD})?|\b${MONTH}\s+(\d{4})\b`,
      'gi',
    ),
    resolve: (m, c) => {
      const word = m[1] ?? m[4]!;
      const y = m[2] ?? m[5];
      const mi = monthIndex(word);
      // Abbreviations only with a year or a clear preposition; "in mar" is too odd to guess.
      const year = y ? Number(y) : (yearSaid(c, m[3]) ?? yearFor(c, mi, null));
      if (mi < 0 || year === null) return null;
      return month(year, mi);
    },
  },
  // the summer of 2019, summer 2019, winter of 2021 (before the bare year: "the summer of 2019" is a season)
  {
    re: new RegExp(String.raw`\b(?:the\s+)?${SEASON}\s+(?:of\s+)?((?:1[89]|20)\d{2})\b`, 'gi'),
    resolve: (m) => season(Number(m[2]), SEASON_STARTS[m[1]!.toLowerCase()]!),
  },
  // last summer, this winter, next fall, this past spring; in the summer, over the winter (by tense). "Spring" and
  // "fall" alone are too often something else ("I fall asleep"), so a season needs one of these words before it.
  {
    re: new RegExp(String.raw`\b(last|next|this past|this coming|this|(?:in|during|over|through|for)\s+the)\s+${SEASON}\b(?!\s+(?:of\s+)?\d)`, 'gi'),
    resolve: (m, c) => {
      const which = m[1]!.toLowerCase();
      // "in the summer" may mean one under way; "last summer" and "next summer" one over or to come.
      const loose = which.endsWith('the');
      const start = SEASON_STARTS[m[2]!.toLowerCase()]!;
      const begins = (y: number) => ymd(y, start, 1);
      const ends = (y: number) => ymd(y, start + 3, 1); // the day after it ends
      // In January and February, this winter began the December before; told in the past before it begins ("broke
      // down again, third time this winter", in May), it is the one just over.
      if (which === 'this') {
        const y = start === 11 && c.m < 2 ? c.y - 1 : c.y;
        return season(c.marked === 'past' && begins(y) > c.today ? y - 1 : y, start);
      }
      // "for the autumn" is what something is meant for: the one to come, unless a word of the sentence says past.
      const past = which === 'last' || which === 'this past' || (loose && (which.startsWith('for') ? c.marked === 'past' : c.tense === 'past'));
      let y = c.y + 1;
      // The latest one over before today, or under way for "in the summer" told in the past; else the first to come.
      // Within a month of its end "in the spring" is next year's, and within a month of its start "next summer" is the
      // one after (in mid-May, this summer is "this summer").
      if (past) while (loose ? begins(y) > c.today : ends(y) > c.today) y--;
      else {
        y = c.y - 1;
        while (loose ? ends(y) - 30 <= c.today : begins(y) - (which === 'next' ? 30 : 0) <= c.today) y++;
      }
      return season(y, start);
    },
  },
  // in 2022, since 2019, back in 2015, the summer of 2019
  {
    re: /\b(?:in|since|during|from|until|till|by|around|circa|of)\s+((?:1[89]|20)\d{2})\b(?!\s*[-/:])/gi,
    resolve: (m) => year(Number(m[1])),
  },
  { re: /\bthe day before yesterday\b/gi, resolve: (_m, c) => day(c.today - 2) },
  { re: /\bthe day after tomorrow\b/gi, resolve: (_m, c) => day(c.today + 2) },
  { re: /\b(yesterday|last night)\b/gi, resolve: (_m, c) => day(c.today - 1) },
  // "I quit smoking, six weeks today": the day that many days or weeks ago ("Three weeks today I fly" is ahead);
  // months and years as "ago" reads them. A pregnancy's weeks are how far along it is ("pregnant! 12 weeks today").
  {
    re: new RegExp(String.raw`\b${COUNT}\s+(${SPAN_UNIT})s?\s+today\b`, 'gi'),
    resolve: (m, c) => {
      if (c.pregnancy) return null;
      const n = (c.tense === 'future' ? 1 : -1) * countOf(m[1]!);
      const days = { day: 1, week: 7, fortnight: 14 }[m[2]!.toLowerCase()];
      return days ? day(c.today + days * n) : shiftBy(c, n, m[2]!);
    },
  },
  // ("12 weeks today" is the rule above's, dated there or not at all)
  {
    re: new RegExp(String.raw`\b(?<!\b(?:${SPAN_UNIT})s?\s+)(today|tonight|this morning|this afternoon|this evening|earlier today)\b`, 'gi'),
    resolve: (_m, c) => day(c.today),
  },
  { re: /\btomorrow\b/gi, resolve: (_m, c) => day(c.today + 1) },
  // three days ago, a couple of weeks ago, 2 years ago; "it's been three years since"
  {
    re: new RegExp(String.raw`\b${COUNT}\s+(${SPAN_UNIT})s?\s+(?:ago|since)\b`, 'gi'),
    resolve: (m, c) => shiftBy(c, -countOf(m[1]!), m[2]!),
  },
  // in two weeks, in 3 days, in a fortnight (from now); in the past tense it is a duration ("I finished it in two days")
  {
    re: new RegExp(String.raw`\bin\s+${COUNT}\s+(${SPAN_UNIT})s?\b`, 'gi'),
    resolve: (m, c) => (c.tense === 'future' ? shiftBy(c, countOf(m[1]!), m[2]!) : null),
  },
  // the end of the month, the start of next year: that month or year
  {
    re: /\b(?:end|start|beginning|middle)\s+of\s+(the|this|next|last)\s+(week|month|year)\b/gi,
    resolve: (m, c) => {
      const which = m[1]!.toLowerCase();
      return shift(c, which === 'next' ? 1 : which === 'last' ? -1 : 0, m[2]!.toLowerCase());
    },
  },
  // last week, next month, this year, this past weekend
  {
    re: /\b(last|next|this past|this|past)\s+(week|weekend|month|year)\b/gi,
    resolve: (m, c) => {
      const which = m[1]!.toLowerCase();
      const offset = which === 'next' ? 1 : which === 'this' ? 0 : -1;
      const unit = m[2]!.toLowerCase();
      // A weekend is reported as the week it ends (Saturday and Sunday close the ISO week).
      if (unit === 'week' || unit === 'weekend') {
        // "this past weekend", and "this weekend" told in the past ("What did you do this weekend?" on a Monday): the last one.
        if (unit === 'weekend' && (which === 'this past' || (which === 'this' && c.tense === 'past'))) return lastWeekend(c.today);
        return week(c.today + 7 * offset);
      }
      if (unit === 'month') return month(c.y, c.m + offset);
      return year(c.y + offset);
    },
  },
  // "over the weekend": the last one told in the past, the coming one ahead; "at the weekend" only ahead ("I surf at
  // the weekend" is a habit, and the present is read as the past)
  {
    re: /\b(over|at|on|during)\s+the\s+weekend\b/gi,
    resolve: (m, c) => (c.tense === 'future' ? week(c.today) : /^(?:over|during)$/i.test(m[1]!) ? lastWeekend(c.today) : null),
  },
  // the Wednesday before last: a week before the last one
  {
    re: new RegExp(String.raw`\b(?:the\s+)?${WEEKDAY}\s+before\s+last\b`, 'gi'),
    resolve: (m, c) => day(nearestWeekday(c.today, WEEKDAYS.indexOf(m[1]!.toLowerCase()), 'past') - 7),
  },
  // "Saturday week", "a week on Saturday" (British): a week after the coming one
  {
    re: new RegExp(String.raw`\b(?:${WEEKDAY}\s+week|a\s+week\s+(?:on|from)\s+${WEEKDAY})\b`, 'gi'),
    resolve: (m, c) => day(nearestWeekday(c.today, WEEKDAYS.indexOf((m[1] ?? m[2])!.toLowerCase()), 'future') + 7),
  },
  // the Saturday after next, the week after next: a week beyond the next one
  {
    re: new RegExp(String.raw`\b(?:the\s+)?(?:${WEEKDAY}|(week|weekend))\s+after\s+next\b`, 'gi'),
    resolve: (m, c) => (m[2] ? week(c.today + 14) : day(nearestWeekday(c.today, WEEKDAYS.indexOf(m[1]!.toLowerCase()), 'future') + 7)),
  },
  // last Monday, next Friday, this Saturday, this past Sunday, last Fri
  {
    re: new RegExp(String.raw`\b(last|next|this past|this coming|this)\s+(?:${WEEKDAY}|${SHORT_WEEKDAY})\b(?!${OF_EVERY_MONTH})`, 'gi'),
    resolve: (m, c) => {
      const which = m[1]!.toLowerCase();
      const target = m[2] ? WEEKDAYS.indexOf(m[2].toLowerCase()) : weekdayOf(m[3]!);
      if (target === null) return null;
      if (which === 'last' || which === 'this past') return day(nearestWeekday(c.today, target, 'past'));
      if (which === 'next' || which === 'this coming') return day(nearestWeekday(c.today, target, 'future'));
      return day(mondayOf(c.today) + ((target + 6) % 7)); // "this Friday": the Friday of the current week
    },
  },
  // Sunday 26th, Sunday the 26th: the nearest 26th that is a Sunday, either way (a weekday with its day is exact
  // whatever the tense; "we now fly out Sunday 26th" after "the airline moved our flight"); Friday 5th June
  {
    re: new RegExp(String.raw`\b(?:on\s+)?${WEEKDAY},?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b(?:\s+(?:of\s+)?(${MONTHS.join('|')})\b)?`, 'gi'),
    resolve: (m, c) => {
      // A bare number after a weekday is no day ("On Monday 3 people came") without "the", a suffix or a month.
      if (!m[3] && !/(?:\d(?:st|nd|rd|th)|\bthe\s+\d)/i.test(m[0])) return null;
      const target = WEEKDAYS.indexOf(m[1]!.toLowerCase());
      const d = Number(m[2]);
      // "Saturday 6th December": that day of the month named, in the nearest year it falls on that weekday, else in its
      // nearest year by tense.
      if (m[3]) {
        const on = [c.y, c.y + 1, c.y - 1]
          .map((y) => calendarDay(y, monthIndex(m[3]!), d))
          .filter((n): n is number => n !== null && weekday(n) === target)
          .sort((a, b) => Math.abs(a - c.today) - Math.abs(b - c.today))[0];
        return on !== undefined ? day(on) : dayOfMonth(c, monthIndex(m[3]), d);
      }
      let nearest: number | null = null;
      for (let k = -12; k <= 12; k++) {
        const months = c.m + k;
        const n = calendarDay(c.y + Math.floor(months / 12), ((months % 12) + 12) % 12, d);
        if (n !== null && weekday(n) === target && (nearest === null || Math.abs(n - c.today) < Math.abs(nearest - c.today))) nearest = n;
      }
      return nearest === null ? null : day(nearest);
    },
  },
  // on the 14th, by the 3rd, "last day is the 28th": a day of this month, or of the next or the last by tense ("on the
  // 3rd floor", "the 3rd time" are no date)
  {
    re: /\b(?:on|by|until|till|before|after|since|for|from|to|is|was|'s|’s)\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b(?=\s*(?:[,.!?;)]|$|(?:at|and|for|to|with|so|but|because|when|or)\b))/gi,
    resolve: (m, c) => {
      if (c.birth && !c.recurring) return null;
      const d = Number(m[1]);
      const today = fromDayNumber(c.today).getUTCDate();
      const tense = c.recurring ? 'future' : c.tense;
      const shift = tense === 'future' && d < today ? 1 : tense === 'past' && d > today ? -1 : 0;
      const months = c.m + shift;
      const n = calendarDay(c.y + Math.floor(months / 12), ((months % 12) + 12) % 12, d);
      return n === null ? null : day(n);
    },
  },
  // on Monday, Friday night (never "Mondays", "Sunday evenings", "every Sunday" or "the first Monday of each month":
  // that is a routine; nor a "Sunday roast" or "Sunday school", a kind of thing)
  {
    re: new RegExp(
      String.raw`(?<!\b(?:every|each|most|other)\s+|${ANY_WEEKDAY}\s*${WEEKDAY_SPAN}\s*)\b(?:on\s+)?${WEEKDAY}\b(?!s\b|\s+${PLURAL_PART_OF_DAY}\b|\s*${WEEKDAY_SPAN}\s*${ANY_WEEKDAY}|\s+(?:roasts?|best|school|league|papers?|service|blues|scaries)\b|${OF_EVERY_MONTH}|${OF_EVERY_WEEK})`,
      'gi',
    ),
    resolve: (m, c) => (IN_A_TITLE(m) ? null : day(nearestWeekday(c.today, WEEKDAYS.indexOf(m[1]!.toLowerCase()), c.tense))),
  },
  // on Fri, on Tues.
  {
    re: new RegExp(String.raw`\bon\s+${SHORT_WEEKDAY}(?![\w-])`, 'gi'),
    resolve: (m, c) => {
      const target = weekdayOf(m[1]!);
      return target === null ? null : day(nearestWeekday(c.today, target, c.tense));
    },
  },
];

/** `n` of a unit as said ("fortnight" is two weeks) from today. */
const shiftBy = (c: Ctx, n: number, unit: string) => (/^fortnight$/i.test(unit) ? shift(c, 2 * n, 'week') : shift(c, n, unit.toLowerCase()));

function shift(c: Ctx, n: number, unit: string): ResolvedDate | null {
  if (unit === 'day') return day(c.today + n);
  if (unit === 'week') return week(c.today + 7 * n);
  if (unit === 'month') return month(c.y, c.m + n);
  return year(c.y + n);
}

/**
 * "we're rebooking for October", "My son's girlfriend is coming for Christmas": a clause of its own in the present
 * progressive, which is as often ahead; so is one its subject left out opens with doing again or starting ("I failed
 * my first driving test, retaking in June", "Got the job, starting in September").
 */
const UNDER_WAY = new RegExp(
  String.raw`\b${PROGRESSIVE_SUBJECT}\s+(?:\w+\s+)?\w+ing\b|\b(?:is|are)\s+(?:\w+\s+)?(?:coming|going|flying|moving|visiting|staying|arriving|leaving|starting|getting married)\b|^\s*(?:retaking|resitting|rebooking|rescheduling|restarting|reapplying|redoing|starting)\b`,
  'i',
);
/**
 * Where a clause of its own begins: "He told me he's selling, which means I have to move out by August"; "so" only
 * before its subject ("so we left"), not as an intensifier ("I'm so excited for Friday").
 */
const CLAUSE_START =
  /[,;:]\s+|\s+[-–—]\s+|\s+(?:which|and|but|because|while|although|though)\s+|\s+so\s+(?=(?:i|i'm|we|you|he|she|they|it|my|our|the)\b)/gi;

/** "My boss is retiring in March and I've applied for her job": a clause in the present progressive, with its subject, is of what is coming. */
const PROGRESSIVE = new RegExp(
  String.raw`\b(?:${PROGRESSIVE_SUBJECT}|is|are|isn't|aren't)\s+(?:\w+\s+)?\w+ing\b|\w's\s+(?:${PROGRESSIVE_AFTER_S})\b`,
  'i',
);

/** "I got the job, I start in January": a present verb of a start or an end, with its subject, is what is coming. */
const STARTS_IN = new RegExp(String.raw`\b(?:i|we|you|he|she|they)\s+(?:${STARTS_OR_ENDS})\b`, 'i');

/**
 * The tense of the clause a date is said in, when the clause has a word that tells it and is not the whole
 * sentence: the deadline of "told me … which means I have to move out by August" lies ahead, whatever "told" says.
 */
function clauseTense(sentence: string, at: number): Tense | null {
  let start = 0;
  let end = sentence.length;
  for (const m of allMatches(CLAUSE_START, sentence)) {
    const i = m.index ?? 0;
    if (i + m[0].length <= at) start = i + m[0].length;
    else if (i >= at) {
      end = i;
      break;
    }
  }
  if (start === 0 && end === sentence.length) return null;
  const clause = sentence.slice(start, end).replace(/’/g, "'");
  const told =
    FUTURE_MARKERS.test(clause) ||
    PAST_MARKERS.test(clause) ||
    hasPastForm(clause) ||
    OBLIGED.test(clause) ||
    SET_FOR.test(clause) ||
    UNDER_WAY.test(clause) ||
    STARTS_IN.test(clause) ||
    PROGRESSIVE.test(clause);
  return told ? detectTense(clause) : null;
}

/** "Since the 3rd", "ever since Monday": a span reaching back to now starts in the past, whatever the sentence's tense. */
const SINCE = /^since\b/i;
const SINCE_BEFORE = /\bsince\s+(?:the\s+)?$/i;
/**
 * "Gareth said he'd have Mum up for a week in the summer", "She promised she would come in June": what someone said
 * would be is ahead of when they said it ("he told me he'd moved in March" is "had": a participle follows).
 */
const REPORTED_AHEAD = new RegExp(
  String.raw`\b(?:said|told\s+\w+|promised|offered|agreed|reckons|reckoned|thinks|thought)\s+(?:that\s+)?(?:he|she|they|\p{Lu}\p{Ll}+)(?:'d|\s+would)\s+(?!${ADVERBS_BEFORE_PARTICIPLE}(?:${IRREGULAR_PARTICIPLE}|\w+ed)\b)[^,.;:!?]*$`,
  'iu',
);
/** "We've decided to homeschool our youngest from September": what was decided starts then. */
const DECIDED_FROM = /\bdecided\s+to\b[^,.;:!?]*\bfrom\s+\S+$/i;
/**
 * "Colin's promised a video call on Easter Sunday", "They invited us for Friday", "I've been asked to present to the
 * board in March": what was promised or asked of one is ahead.
 */
const PROMISED = /\b(?:promised|offered|invited|(?:'ve|’ve|have|has|'s|’s)\s+been\s+asked\s+to)\b[^,.;:!?]*$/i;
/**
 * "My surgery got moved to the 12th", "pushed it back to March", "rescheduled for Friday": a day put off or brought
 * forward is ahead.
 */
const MOVED_TO = new RegExp(String.raw`${MOVED}${MOVED_ON}\s+(?:to|till|until|for)\s+(?:the\s+)?$`, 'i');
/** "Signed off until after Easter": a span reaching to a day ends ahead, unless the sentence tells of a past state ("I was off until Monday"). */
const UNTIL_BEFORE = /\b(?:until|till)\s+(?:after\s+|(?:the\s+)?(?:end|start|beginning|middle)(?:\s+of)?\s+)?$/i;
/** "I want the certificate finished by the end of April": a deadline of what one wants or has to do. */
const BY_BEFORE = /\bby\s+(?:the\s+)?(?:(?:end|start|beginning|middle)(?:\s+of)?\s+)?$/i;
const PAST_STATE = /\b(?:was|were|wasn't|weren't|had|hadn't|did|didn't|stayed|lasted)\b/i;
/** Verbs of booking a place or a day. */
const BOOKING = String.raw`\b(?:booked|signed up|registered|entered|enrolled|reserved|got tickets|bought tickets|got a place|got a spot)\b`;
/**
 * "We've booked Porto for our anniversary in May", "I've signed up for a 10k in September", "booked a table for Friday",
 * "booked Lisbon for half term, flying out on the 26th".
 */
const BOOKED_FOR = new RegExp(String.raw`${BOOKING}[^,.;:!?]*?\bfor\b[^,.;:!?]*(?:,\s+\w+ing\b[^,.;:!?]*)?$`, 'i');
/** "finally booked my driving test, 19th june at 8:40am": the day after what was booked, set off by a comma, is its day. */
const BOOKED_THEN = new RegExp(
  String.raw`${BOOKING}\s+(?:in\s+)?(?:my|our|a|an|the|his|her|their)\s+[^,.;:!?]{1,40},\s*(?:(?:on|for)\s+)?(?:the\s+)?$`,
  'i',
);
/** "Booked! A campsite from the 11th to the 14th of August": the sentence after a booking says what is booked. */
const A_BOOKING = new RegExp(BOOKING, 'i');
const A_WEEKDAY = new RegExp(String.raw`^(?:on\s+)?${WEEKDAY}`, 'i');
const FOR_BEFORE = /\bfor\s+(?:the\s+)?$/i;
const LEADING_PREPOSITION = /^(?:for|to|until|till)\s+/i;

/**
 * The tense the words before a date (`before`, up to its `expression`) fix for it, whatever the sentence's: a span
 * "since" a day is past; what was booked, promised or said would happen, a span until a day, and a deadline ("by") of
 * what one wants or has to do, are ahead. A weekday further on from a booking is more often the booking's own day
 * ("signed up for the race on Thursday"). Null when nothing fixes it.
 */
function tenseAround(expression: string, before: string, sentence: string): Tense | null {
  if (DECIDED_FROM.test(`${before}${expression}`)) return 'future';
  if (SINCE.test(expression) || SINCE_BEFORE.test(before)) return 'past';
  // "for August", "to the 3rd": the expression may hold the preposition of a booking or of a day moved.
  const said = before + (LEADING_PREPOSITION.exec(expression)?.[0] ?? '');
  const booked = (BOOKED_FOR.test(said) && (!A_WEEKDAY.test(expression) || FOR_BEFORE.test(said))) || BOOKED_THEN.test(said);
  const until = (UNTIL_BEFORE.test(before) || (BY_BEFORE.test(before) && OBLIGED.test(sentence))) && !PAST_STATE.test(sentence);
  const moved = MOVED_TO.test(said);
  return booked || moved || REPORTED_AHEAD.test(before.replace(/’/g, "'")) || PROMISED.test(before) || until ? 'future' : null;
}

/**
 * The earliest time expression of the sentence, resolved against `eventTime` (UTC), or null.
 * `tense` decides bare weekdays and month names ("on Friday", "in May"); detected from the sentence when omitted.
 * A date in a clause with a tense word of its own takes that clause's tense instead (clauseTense).
 */
export function resolveDate(sentence: string, eventTime: Date, tense?: Tense): ResolvedDate | null {
  return earliestDate(sentence, eventTime, tense)?.value ?? null;
}

/** resolveDate's answer, with where its expression stands in the sentence. */
function earliestDate(sentence: string, eventTime: Date, tense?: Tense): { index: number; length: number; value: ResolvedDate } | null {
  if (Number.isNaN(eventTime.getTime())) return null;
  const today = dayNumber(eventTime);
  const recurring = RECURRING.test(sentence);
  const c: Ctx = {
    today,
    y: eventTime.getUTCFullYear(),
    m: eventTime.getUTCMonth(),
    tense: tense ?? detectTense(sentence),
    birth: recurring || /\b(?:was|were) born\b/i.test(sentence),
    recurring,
    marked: markedTense(sentence),
    pregnancy: /\bpregnan|\bweeks along\b|\bweeks\b.*\bdue\s+(?:in|on|any|next|this|around|early|late|mid)\b/i.test(sentence),
  };
  let best: { index: number; length: number; value: ResolvedDate } | null = null;
  for (const rule of RULES) {
    for (const m of allMatches(rule.re, sentence)) {
      const index = m.index ?? 0;
      if (best && (index > best.index || (index === best.index && m[0].length <= best.length))) continue;
      const fixed = tenseAround(m[0], sentence.slice(0, index), sentence);
      const value = rule.resolve(m, { ...c, tense: fixed ?? clauseTense(sentence, index) ?? c.tense });
      if (value) best = { index, length: m[0].length, value };
    }
  }
  if (!best) return null;
  return /\b\d{4}\b/.test(sentence.slice(best.index, best.index + best.length)) ? { ...best, value: { ...best.value, stated: true } } : best;
}

/** How a summary states the date: "on 2023-05-07", "week of 2023-05-01", "in May 2023", "in summer 2023", "in 2023". */
export function describeDate(d: ResolvedDate): string {
  if (d.precision === 'day') return `on ${d.date}`;
  if (d.precision === 'week') return `week of ${d.date}`;
  const y = d.date.slice(0, 4).replace(/^0+/, '');
  if (d.precision === 'month') return `in ${MONTH_NAMES_DISPLAY[Number(d.date.slice(5, 7)) - 1]} ${y}`;
  if (d.precision === 'season') {
    const name = Object.keys(SEASON_STARTS).find((k) => SEASON_STARTS[k] === Number(d.date.slice(5, 7)) - 1)!;
    return name === 'winter' ? `in winter ${y}–${String((Number(y) + 1) % 100).padStart(2, '0')}` : `in ${name} ${y}`;
  }
  return `in ${y}`;
}
