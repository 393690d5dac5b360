// Answer recall: the share of a gold answer's content words found in the text a method returns. Evidence recall
// counts a memory derived from the right turn even when the memory lost the answer; this counts what the model
// would actually read. Words are lower-cased and stemmed, stop words dropped, numbers up to twenty read as digits,
// and a date counts as one term that matches any common written form of it ("7 May 2023", "May 7, 2023",
// "2023-05-07"); a month ("May 2023") is found in any date of that month, a year in any date of that year.
import { stemmer } from 'stemmer';

const STOP_WORDS = new Set(
  (
    'a an the and or but if so than then too very just also only of at by for with about to from in on into onto over ' +
    'under up down out off as is am are was were be been being have has had having do does did doing will would shall ' +
    'should can could may might must i me my mine myself we us our ours you your yours he him his she her hers it its ' +
    'they them their theirs this that these those there here what which who whom whose when where why how all any ' +
    'some no not nor each every such own same other more most much many few again once s t d ll re ve m'
  ).split(' '),
);

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:19|20)\\d{2})';
const NUMBERS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(
    ' ',
  );

const monthOf = (name: string) => MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().replace(/\.$/, '').slice(0, 3))) + 1;
const two = (n: number) => String(n).padStart(2, '0');

/** Date patterns, most specific first; each yields its keys (the most specific first) and is cut from the text. */
const PATTERNS: Array<{ re: RegExp; keys: (m: RegExpExecArray) => string[] | null }> = [
  { re: /\b((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})\b/g, keys: (m) => day(Number(m[1]), Number(m[2]), Number(m[3])) },
  { re: new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH},?\\s+${YEAR}\\b`, 'gi'), keys: (m) => day(Number(m[3]), monthOf(m[2]!), Number(m[1])) },
  { re: new RegExp(`\\b${MONTH}\\s+${DAY},?\\s+${YEAR}\\b`, 'gi'), keys: (m) => day(Number(m[3]), monthOf(m[1]!), Number(m[2])) },
  { re: /\b((?:19|20)\d{2})-(\d{1,2})\b/g, keys: (m) => month(Number(m[1]), Number(m[2])) },
  { re: new RegExp(`\\b${MONTH},?\\s+${YEAR}\\b`, 'gi'), keys: (m) => month(Number(m[2]), monthOf(m[1]!)) },
  { re: new RegExp(`\\b${YEAR}\\b`, 'g'), keys: (m) => [`y:${m[1]}`] },
];

function day(y: number, mo: number, d: number): string[] | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return [`d:${y}-${two(mo)}-${two(d)}`, `m:${y}-${two(mo)}`, `y:${y}`];
}
function month(y: number, mo: number): string[] | null {
  return mo >= 1 && mo <= 12 ? [`m:${y}-${two(mo)}`, `y:${y}`] : null;
}

/** The dates of a text (each as its keys, most specific first) and the text with them cut out. */
function dates(text: string): { dates: string[][]; rest: string } {
  const found: string[][] = [];
  let rest = text;
  for (const p of PATTERNS)
    rest = rest.replace(p.re, (...args) => {
      const keys = p.keys(args.slice(0, -2) as unknown as RegExpExecArray);
      if (!keys) return args[0] as string;
      found.push(keys);
      return ' ';
    });
  return { dates: found, rest };
}

function contentWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .filter((w) => !STOP_WORDS.has(w))
    .map((w) => {
      const n = NUMBERS.indexOf(w);
      return n >= 0 ? String(n) : stemmer(w);
    });
}

/** What an answer asks for: its content words and its dates (each date one term). */
export function answerTerms(answer: string): string[] {
  const { dates: ds, rest } = dates(answer);
  return [...new Set([...contentWords(rest), ...ds.map((keys) => keys[0]!)])];
}

/** Everything a returned text offers: its content words and every key of every date in it. */
export function textTerms(text: string): Set<string> {
  const { dates: ds, rest } = dates(text);
  // Words of the whole text too: a number that is part of a date can still answer "how many".
  return new Set([...contentWords(rest), ...contentWords(text), ...ds.flat()]);
}

/** Share of the answer's terms present in the text; null when the answer has no content word at all. */
export function answerRecall(answer: string, text: string | Set<string>): number | null {
  const terms = answerTerms(answer);
  if (!terms.length) return null;
  const have = typeof text === 'string' ? textTerms(text) : text;
  return terms.filter((t) => have.has(t)).length / terms.length;
}
