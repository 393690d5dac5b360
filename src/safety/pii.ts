// PII scrubber (spec 2.9): all node content passes through scrubPii before it is stored or logged, however the
// node was created, and nothing can switch it off. Each finding becomes `[REDACTED:<kind>]` so the sentence
// stays readable: "My SSN is [REDACTED:ssn] and ...".
//
// Precedence, first claim wins:
//  1. IBANs anywhere (format and mod-97 check).
//  2. Codes mixing letters and digits (passports, driver's licences) right after or before their cue.
//  3. Runs of digit groups ("4111 1111 1111 1111", "123-45-6789", "021000021"). A cue just before the run (or
//     just after it) names the kind and the number must fit that kind (a routing number must pass the ABA
//     checksum, a card number Luhn). Without a cue the number has to prove itself: a card number (known issuer
//     prefix and length, Luhn), an SSN written ddd-dd-dddd or ddd dd dddd with an area, group and serial that
//     are issued, or a routing number (ABA checksum, Federal Reserve range) in a sentence about banking.
//     Nine bare digits are an SSN only after an SSN cue.
// Dates, times, prices, phone numbers, counts and versions fit none of these and are left alone.
//
// Cost: every regex is linear (no nested quantifiers over the same characters) and every look at the context
// reads a bounded slice, so 100 KB takes milliseconds. Idempotence: markers hold no digits, and a cue cannot
// reach a number across a bracket, so scrubbing scrubbed text changes nothing.

export type PiiKind = 'ssn' | 'credit_card' | 'cvv' | 'bank_account' | 'routing_number' | 'passport' | 'drivers_license';

export interface PiiScrubResult {
  text: string;
  /** How many findings of each kind were redacted; kinds without findings are absent. */
  redactions: Partial<Record<PiiKind, number>>;
}

export function redactionMarker(kind: PiiKind): string {
  return `[REDACTED:${kind}]`;
}

export function scrubPii(text: string): PiiScrubResult {
  // Typed as a string, but callers in plain JS (or a JSON body) could hand anything: never throw.
  const input = typeof text === 'string' ? text : text === undefined || text === null ? '' : String(text);
  if (!/\d/.test(input)) return { text: input, redactions: {} }; // every kind needs digits
  const scan = new Scan(input);
  findIbans(scan);
  findLetterDigitCodes(scan);
  findDigitRuns(scan);
  return scan.render();
}

// ---------------------------------------------------------------------------------------------------------
// Cues. Case-insensitive; longer phrases come first because at one position the alternation takes the first
// that matches. 'near' cues reach a number up to MAX_GAP characters away across any words (no digits, no
// brackets, no sentence end: "routing number for my Chase account is 021000021"). 'adjacent' cues are common
// words that count only when filler alone separates them from the number ("account: 12345678", "account
// number is ...", but not "the account has 250000 followers"). Only 'near' cues count after a number
// ("021000021 is my routing number"). A cue also reaches past numbers already redacted, so lists work:
// "passport numbers X1234567 and Y7654321". A cue naming two kinds tries them in order.

type Reach = 'near' | 'adjacent';
interface Cue {
  kinds: readonly PiiKind[];
  reach: Reach;
  pattern: string;
}

const NO = String.raw`(?:\s*(?:numbers?|nos?\.?|num\.?|nr\.?|#))?`; // "number", "no.", "#", ...
const CUES: readonly Cue[] = [
  {
    // "account and routing numbers": the checksummed kind first, so a valid routing number is not an account.
    kinds: ['routing_number', 'bank_account'],
    reach: 'near',
    pattern: String.raw`(?:routing|aba)\s*(?:and|&|/|,)\s*(?:bank\s+)?(?:account|acct\.?)${NO}|(?:bank\s+)?(?:account|acct\.?)\s*(?:and|&|/|,)\s*(?:routing|aba)${NO}`,
  },
  { kinds: ['ssn'], reach: 'near', pattern: String.raw`social\s+security${NO}|ssn|ss\s*#|soc\.?\s*sec\.?${NO}` },
  {
    kinds: ['cvv'],
    reach: 'near',
    pattern: String.raw`card\s+verification(?:\s+(?:value|code))?|card\s+security\s+code|security\s+code|card\s+code|cvv2?|cvc2?|csc`,
  },
  {
    kinds: ['routing_number'],
    reach: 'near',
    pattern: String.raw`routing(?:\s+(?:and\s+|&\s*)?transit)?${NO}|aba${NO}|rtn|transit${NO}`,
  },
  {
    kinds: ['bank_account'],
    reach: 'near',
    pattern: String.raw`(?:bank|checking|chequing|savings|current|deposit)\s+account${NO}|account\s*(?:numbers?|nos?\.?|num\.?|nr\.?|#)|acct\.?${NO}|a/c${NO}|iban|sort\s+code`,
  },
  { kinds: ['passport'], reach: 'near', pattern: String.raw`passports?${NO}` },
  {
    kinds: ['drivers_license'],
    reach: 'near',
    pattern: String.raw`driv(?:er['’]?s?|ing)\s+licen[cs]e${NO}|licen[cs]e\s*(?:numbers?|nos?\.?|num\.?|#)|dl\s*#|dln`,
  },
  {
    kinds: ['credit_card'],
    reach: 'near',
    pattern: String.raw`(?:credit|debit)\s+card${NO}|card${NO}|visa|mastercard|amex|american\s+express|discover`,
  },
  { kinds: ['ssn'], reach: 'adjacent', pattern: 'social' },
  { kinds: ['bank_account'], reach: 'adjacent', pattern: 'account' },
  { kinds: ['drivers_license'], reach: 'adjacent', pattern: String.raw`dl|licen[cs]e` },
];

// A cue starts at a word start and ends at a word end, unless it ends with '#' or '.' ("ss#123456789").
const CUE_SOURCE =
  String.raw`(?<![a-z0-9_])(?:` + CUES.map((c) => `(${c.pattern})(?:(?<=[#.])|(?![a-z0-9_]))`).join('|') + ')';
const CUE_SEARCH = new RegExp(CUE_SOURCE, 'gi');
const CUE_AT = new RegExp(CUE_SOURCE, 'iy');

const MAX_GAP = 25; // characters between a cue and its number
const LOOK_BEHIND = 120; // room for the longest cue phrase, the gap and a redacted number or two
// Filler between an 'adjacent' cue and its number; one alternative per character or word, so it cannot backtrack.
const FILLER = /^(?:[\s:#=(),.'"\-–—]|(?:is|was|are|numbers?|num|nos?|nr|my|the|of)(?![a-z]))*$/i;
// A cue followed by a number (or by a redaction, which was one) has a number of its own.
const CUE_TAKES_NEXT = /^[\s:#=(),.\-–—]*(?:(?:is|was|are|numbers?|nos?|num)(?![a-z])[\s:#=.]*)?(?:[A-Za-z]{0,5}\d|\[)/i;
const LIST_WORDS = /^(?:[\s,&/]|(?:and|or)(?![a-z]))*$/i;
// What may sit between a number and a cue after it: "123 (CVV)", "021000021 is my routing number".
const AFTER_LEAD = /[\s(:,=\-–—]*(?:(?:is|was|are)\s+)?(?:(?:my|the|our|his|her|their|your|a|an)\s+)?/iy;

function cueAt(match: RegExpExecArray): Cue | undefined {
  for (let i = 0; i < CUES.length; i++) if (match[i + 1] !== undefined) return CUES[i];
  return undefined;
}

/**
 * Whether a cue ending at `from` reaches a number starting at `to`. Numbers already redacted in between are
 * skipped when only list words separate them from this one ("passport numbers X1234567 and Y7654321").
 */
function gapIsOpen(scan: Scan, from: number, to: number, reach: Reach): boolean {
  const [gap, ...between] = scan.unclaimedSegments(from, to, MAX_GAP) ?? [];
  if (gap === undefined) return false;
  if (!between.every((s) => LIST_WORDS.test(s))) return false;
  if (reach === 'adjacent') return FILLER.test(gap);
  // A sentence end is ". " before a capitalised word; "Passport No. A1234567" is not one.
  return !/[\d[\]\n!?;]/.test(gap) && !/\.\s+[A-Z][a-z]/.test(gap + scan.text.slice(to, to + 2));
}

/** Kinds named by cues that reach the number starting at `start`, nearest cue first. */
function kindsCuedBefore(scan: Scan, start: number): PiiKind[] {
  const { text } = scan;
  const from = Math.max(0, start - LOOK_BEHIND);
  const slice = text.slice(from, start);
  const kinds: PiiKind[] = [];
  CUE_SEARCH.lastIndex = 0;
  for (let m = CUE_SEARCH.exec(slice); m; m = CUE_SEARCH.exec(slice)) {
    const cue = cueAt(m);
    const at = from + m.index;
    const end = at + m[0].length;
    // The slice may cut a word: "xacct" must not count as "acct".
    if (!cue || (m.index === 0 && at > 0 && /[A-Za-z0-9_]/.test(text[at - 1] ?? '')) || !scan.isFree(at, end)) continue;
    if (gapIsOpen(scan, end, start, cue.reach)) kinds.unshift(...cue.kinds);
  }
  return kinds;
}

/**
 * Kinds named by a 'near' cue right after the number ending at `end`, unless that cue has a number of its own
 * ("zip 77304-4973 was CVV 0000": the CVV is 0000, not 4973).
 */
function kindsCuedAfter(text: string, end: number): readonly PiiKind[] {
  const slice = text.slice(end, end + LOOK_BEHIND);
  AFTER_LEAD.lastIndex = 0;
  AFTER_LEAD.exec(slice);
  CUE_AT.lastIndex = AFTER_LEAD.lastIndex;
  const m = CUE_AT.exec(slice);
  const cue = m ? cueAt(m) : undefined;
  if (!m || cue?.reach !== 'near' || CUE_TAKES_NEXT.test(slice.slice(m.index + m[0].length))) return [];
  return cue.kinds;
}

// ---------------------------------------------------------------------------------------------------------
// Checks on numbers.

/** Luhn: every second digit from the right doubled (minus 9 when over 9); the sum ends in 0. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** ABA routing checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const d = (i: number) => digits.charCodeAt(i) - 48;
  return (3 * (d(0) + d(3) + d(6)) + 7 * (d(1) + d(4) + d(7)) + (d(2) + d(5) + d(8))) % 10 === 0;
}

/** First two digits in a Federal Reserve range: 00–12 (banks), 21–32 (thrifts), 61–72 (electronic), 80 (travellers' cheques). */
function fedRangeValid(digits: string): boolean {
  const p = Number(digits.slice(0, 2));
  return p <= 12 || (p >= 21 && p <= 32) || (p >= 61 && p <= 72) || p === 80;
}

// Issuer prefixes (compared on as many leading digits as the bounds have) and the lengths each network issues.
const CARD_NETWORKS: readonly { ranges: readonly [string, string][]; lengths: readonly number[] }[] = [
  { ranges: [['4', '4']], lengths: [13, 16, 19] }, // Visa
  { ranges: [['51', '55'], ['2221', '2720']], lengths: [16] }, // Mastercard
  { ranges: [['34', '34'], ['37', '37']], lengths: [15] }, // American Express
  { ranges: [['6011', '6011'], ['644', '649'], ['65', '65'], ['622126', '622925']], lengths: [16, 17, 18, 19] }, // Discover
  { ranges: [['3528', '3589']], lengths: [16, 17, 18, 19] }, // JCB
  { ranges: [['300', '305'], ['36', '36'], ['38', '39']], lengths: [14, 15, 16, 17, 18, 19] }, // Diners Club
  { ranges: [['62', '62']], lengths: [16, 17, 18, 19] }, // UnionPay
  { ranges: [['5018', '5018'], ['5020', '5020'], ['5038', '5038'], ['5893', '5893'], ['6304', '6304'], ['6759', '6759'], ['6761', '6763']], lengths: [13, 14, 15, 16, 17, 18, 19] }, // Maestro
];

function knownIssuer(digits: string): boolean {
  return CARD_NETWORKS.some(
    (n) => n.lengths.includes(digits.length) && n.ranges.some(([lo, hi]) => digits.slice(0, lo.length) >= lo && digits.slice(0, hi.length) <= hi),
  );
}

/** SSN areas 000, 666 and 900–999, group 00 and serial 0000 are never issued. */
function ssnIssuable(digits: string): boolean {
  const area = digits.slice(0, 3);
  return area !== '000' && area !== '666' && area[0] !== '9' && digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000';
}

// Passports: 1–2 letters then 6–9 digits (US, Canada, India, Japan...), 8–9 digits (US, UK...), or 8–9
// letters and digits with at least 5 digits (Germany C01X00T47, France 12AB34567).
function passportFormat(code: string): boolean {
  if (/^[A-Z]{1,2}\d{6,9}$/i.test(code) || /^\d{8,9}$/.test(code)) return true;
  return /^[A-Z0-9]{8,9}$/i.test(code) && countDigits(code) >= 5;
}

// Driver's licences vary by state and country: 5–18 letters and digits (dashes or spaces between groups
// allowed) with at least 4 digits; the UK's are 16 characters, 18 with the issue number.
function licenceFormat(code: string): boolean {
  const compact = code.replace(/[\s-]/g, '');
  return /^[A-Z0-9]{5,18}$/i.test(compact) && countDigits(compact) >= 4;
}

function countDigits(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------------------
// The scan: findings claim character ranges; a later finding may not overlap an earlier one.

interface Finding {
  start: number;
  end: number;
  kind: PiiKind;
}

class Scan {
  readonly findings: Finding[] = [];
  private readonly claimed: Uint8Array;
  private banking?: { breaks: number[]; words: number[] };

  constructor(readonly text: string) {
    this.claimed = new Uint8Array(text.length);
  }

  isFree(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.claimed[i]) return false;
    return true;
  }

  /**
   * The unclaimed stretches of start..end, split where findings sit (always at least one, maybe empty);
   * undefined when they hold more than `limit` characters in all.
   */
  unclaimedSegments(start: number, end: number, limit: number): string[] | undefined {
    const segments: string[] = [];
    let current = '';
    let count = 0;
    for (let i = start; i < end; i++) {
      if (!this.claimed[i]) {
        if (++count > limit) return undefined;
        current += this.text[i];
      } else if (i + 1 === end || !this.claimed[i + 1]) {
        segments.push(current);
        current = '';
      }
    }
    segments.push(current);
    return segments;
  }

  claim(start: number, end: number, kind: PiiKind): void {
    this.claimed.fill(1, start, end);
    this.findings.push({ start, end, kind });
  }

  /** Whether the sentence around `at` talks about banks (for routing numbers without a cue). */
  inBankingSentence(at: number): boolean {
    if (!this.banking) {
      const positions = (re: RegExp) => Array.from(this.text.matchAll(re), (m) => m.index);
      this.banking = {
        breaks: positions(/[.!?;\n]/g),
        words: positions(/\b(?:bank(?:ing)?|routing|aba|wire|ach|(?:direct\s+)?deposit|checking|chequing|savings|transfer|payroll|credit\s+union)\b/gi),
      };
    }
    const { breaks, words } = this.banking;
    const i = firstAtOrAfter(breaks, at);
    const sentenceStart = i > 0 ? breaks[i - 1]! : -1;
    const sentenceEnd = i < breaks.length ? breaks[i]! : this.text.length;
    const w = firstAtOrAfter(words, sentenceStart + 1);
    return w < words.length && words[w]! < sentenceEnd;
  }

  render(): PiiScrubResult {
    const redactions: Partial<Record<PiiKind, number>> = {};
    if (this.findings.length === 0) return { text: this.text, redactions };
    this.findings.sort((a, b) => a.start - b.start);
    let out = '';
    let at = 0;
    for (const f of this.findings) {
      out += this.text.slice(at, f.start) + redactionMarker(f.kind);
      at = f.end;
      redactions[f.kind] = (redactions[f.kind] ?? 0) + 1;
    }
    return { text: out + this.text.slice(at), redactions };
  }
}

/** Index of the first element ≥ value in a sorted array (its length when none). */
function firstAtOrAfter(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---------------------------------------------------------------------------------------------------------
// 1. IBAN: country code, two check digits, 11–30 letters or digits, compact or in groups of four (spaces or
// dashes between); valid when
// the rearranged number is 1 mod 97 (ISO 13616). A grouped match may have swallowed a following word, so
// shorter group-boundary prefixes are tried too.

const IBAN = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ -]?[A-Za-z0-9]{4}){2,7}(?:[ -]?[A-Za-z0-9]{1,3})?/g;

// IBAN lengths per country (SWIFT IBAN registry). Written in capitals, any valid IBAN counts; written in lower or
// mixed case ("gb29nwbk…", typed on a phone), the length must also be its country's, so an ordinary lower-case
// word that happens to pass mod 97 is left alone.
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28, CZ: 24,
  DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28,
  HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29,
  RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22,
  VG: 24, XK: 20,
};

function ibanValid(written: string): boolean {
  const compact = written.toUpperCase();
  if (compact !== written && IBAN_LENGTHS[compact.slice(0, 2)] !== compact.length) return false;
  if (compact.length < 15 || compact.length > 34) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48; // A=10 ... Z=35
    rest = (rest * (value > 9 ? 100 : 10) + value) % 97;
  }
  return rest === 1;
}

function findIbans(scan: Scan): void {
  const { text } = scan;
  IBAN.lastIndex = 0;
  for (let m = IBAN.exec(text); m; m = IBAN.exec(text)) {
    const start = m.index;
    // An IBAN may start inside a failed match ("XX12 DE89 3704 ..."): resume at the next character, where
    // the look-behind lets only the next code start through.
    IBAN.lastIndex = start + 1;
    // Ends worth trying: the match end, then each earlier space (group boundary), longest first.
    const ends = [start + m[0].length];
    for (let i = m[0].length - 1; i > 0; i--) if (m[0][i] === ' ' || m[0][i] === '-') ends.push(start + i);
    for (const end of ends) {
      if (/[A-Za-z0-9]/.test(text[end] ?? '')) continue;
      if (ibanValid(text.slice(start, end).replace(/[ -]/g, ''))) {
        scan.claim(start, end, 'bank_account');
        IBAN.lastIndex = end;
        break;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// 2. Codes mixing letters and digits ("A1234567", "D123-4567-8901"): passports and driver's licences, only
// with a cue. Pure digit codes are runs (step 3).

const LETTER_DIGIT_CODE = /(?<![A-Za-z0-9_])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*/g;

function findLetterDigitCodes(scan: Scan): void {
  const { text } = scan;
  for (const m of text.matchAll(LETTER_DIGIT_CODE)) {
    const code = m[0];
    if (code.length > 24 || !/\d/.test(code) || !/[A-Za-z]/.test(code)) continue;
    const start = m.index;
    const end = start + code.length;
    if (!scan.isFree(start, end)) continue;
    const kinds = [...kindsCuedBefore(scan, start), ...kindsCuedAfter(text, end)];
    const kind = kinds.find((k) => (k === 'passport' && passportFormat(code)) || (k === 'drivers_license' && licenceFormat(code)));
    if (kind) scan.claim(start, end, kind);
  }
}

// ---------------------------------------------------------------------------------------------------------
// 3. Runs of digit groups. A number glued to letters belongs to a code (step 2), so runs start after a non-word
// character and a last group glued to letters is dropped.

// Separators: one or two spaces (no-break spaces too), a dash of any kind with a space either side or not (word
// processors turn "-" into "–"), or a dot. A window of groups must use one separator throughout. Dots also make
// decimals, versions, addresses and dates, so a window may not end or start at a dot (the "3" of "3.14" is no
// number of its own), and only SSNs and card numbers, whose shapes and checks are strict, may be dotted.
const DIGIT_RUN = /(?<![A-Za-z0-9_])\d+(?:(?:[ \u00a0]{1,2}|[ \u00a0]?[\-\u2010-\u2013\u2212][ \u00a0]?|\.)\d+)*/g;

/** A window of groups first..last (inclusive) inside one run. */
interface Groups {
  starts: number[];
  ends: number[];
}

function windowDigits(text: string, g: Groups, first: number, last: number): string {
  let digits = '';
  for (let i = first; i <= last; i++) digits += text.slice(g.starts[i], g.ends[i]);
  return digits;
}

function sizes(g: Groups, first: number, last: number): number[] {
  const out: number[] = [];
  for (let i = first; i <= last; i++) out.push(g.ends[i]! - g.starts[i]!);
  return out;
}

/** What separates group i from group i + 1. */
const separatorAfter = (text: string, g: Groups, i: number) => text.slice(g.ends[i], g.starts[i + 1]);

/** The same separator between every pair of groups of the window. */
function oneSeparator(text: string, g: Groups, first: number, last: number): boolean {
  for (let i = first + 1; i < last; i++) if (separatorAfter(text, g, i) !== separatorAfter(text, g, first)) return false;
  return true;
}

/** Every separator of the window is one plain character (a space or a dash), as numbers are usually typed. */
function plainSeparators(text: string, g: Groups, first: number, last: number): boolean {
  for (let i = first; i < last; i++) if (!/^[ \u00a0\-\u2010-\u2013\u2212]$/.test(separatorAfter(text, g, i))) return false;
  return true;
}

function dotted(text: string, g: Groups, first: number, last: number): boolean {
  return first < last && separatorAfter(text, g, first) === '.';
}

// Cards are typed in one block or in groups that start with four digits: 4-4-4-4, 4-6-5 (Amex), 4-4-4-4-3, or
// fours with a short tail: 4-4-4-1 (13-digit Visa), 4-4-4-2 (14-digit Diners Club).
function cardGrouping(text: string, g: Groups, first: number, last: number): boolean {
  if (first === last) return true;
  const s = sizes(g, first, last);
  const tail = s[s.length - 1]!;
  const shape = s.slice(1).every((n) => n >= 3 && n <= 6) || (s.slice(0, -1).every((n) => n === 4) && tail >= 1 && tail <= 2);
  return s[0] === 4 && shape && oneSeparator(text, g, first, last);
}

function ssnShape(text: string, g: Groups, first: number, last: number): boolean {
  const s = sizes(g, first, last);
  return (s.length === 1 && s[0] === 9) || (s.length === 3 && s[0] === 3 && s[1] === 2 && s[2] === 4 && oneSeparator(text, g, first, last));
}

/** Three groups that read as a date: 2019-05-17, 17-05-2019, 05 17 2019 ("licence issued 2019-05-17"). */
function dateShape(text: string, g: Groups, first: number, last: number): boolean {
  if (last - first !== 2) return false;
  const [a, b, c] = [0, 1, 2].map((i) => text.slice(g.starts[first + i], g.ends[first + i]));
  const dayOrMonth = (s: string) => s.length <= 2 && Number(s) >= 1 && Number(s) <= 31;
  if (a!.length === 4) return dayOrMonth(b!) && dayOrMonth(c!) && Number(b) <= 12;
  return c!.length === 4 && dayOrMonth(a!) && dayOrMonth(b!) && (Number(a) <= 12 || Number(b) <= 12);
}

/** Whether groups first..last overlap a date in the run (so "2019-05" is not taken from "2019-05-17"). */
function partOfDate(text: string, g: Groups, first: number, last: number): boolean {
  for (let t = Math.max(0, first - 2); t <= last && t + 2 < g.starts.length; t++) if (dateShape(text, g, t, t + 2)) return true;
  return false;
}

/** Whether groups first..last fit `kind` once a cue has named it. */
function fitsCuedKind(kind: PiiKind, text: string, g: Groups, first: number, last: number): boolean {
  const digits = windowDigits(text, g, first, last);
  const single = first === last;
  if (dotted(text, g, first, last) && kind !== 'ssn' && kind !== 'credit_card') return false;
  switch (kind) {
    case 'ssn':
      return ssnShape(text, g, first, last);
    case 'credit_card':
      return digits.length >= 13 && digits.length <= 19 && luhnValid(digits) && cardGrouping(text, g, first, last);
    case 'cvv':
      return single && (digits.length === 3 || digits.length === 4);
    case 'routing_number':
      // One block, or three groups of three ("021-000-021").
      return (single || (sizes(g, first, last).join() === '3,3,3' && oneSeparator(text, g, first, last))) && abaValid(digits);
    case 'bank_account':
      return digits.length >= 6 && digits.length <= 17 && oneSeparator(text, g, first, last) && !partOfDate(text, g, first, last);
    case 'passport':
      return single && passportFormat(digits);
    case 'drivers_license':
      return digits.length >= 5 && digits.length <= 15 && oneSeparator(text, g, first, last) && !partOfDate(text, g, first, last);
  }
}

function findDigitRuns(scan: Scan): void {
  const { text } = scan;
  for (const m of text.matchAll(DIGIT_RUN)) {
    let g: Groups = { starts: [], ends: [] };
    for (const d of m[0].matchAll(/\d+/g)) {
      const start = m.index + d.index;
      const end = start + d[0].length;
      // Groups inside an IBAN or code found earlier split the run: "IBAN DE89 3704 ..." is done.
      if (!scan.isFree(start, end)) {
        if (g.starts.length > 0) scanRun(scan, g);
        g = { starts: [], ends: [] };
        continue;
      }
      g.starts.push(start);
      g.ends.push(end);
    }
    const runEnd = m.index + m[0].length;
    if (g.ends[g.ends.length - 1] === runEnd && /[A-Za-z_]/.test(text[runEnd] ?? '')) {
      g.starts.pop();
      g.ends.pop();
    }
    if (g.starts.length > 0) scanRun(scan, g);
  }
}

function scanRun(scan: Scan, g: Groups): void {
  const { text } = scan;
  const last = g.starts.length - 1;
  const runStart = g.starts[0]!;
  const runEnd = g.ends[last]!;
  // A run is no number of its own after "+" (phone), a currency sign, or inside a decimal, time or date
  // ("3.14159...", "1,234,567", "12:30", "05/17/2024").
  const before = text[runStart - 1] ?? '';
  const startOpen = !/[+$€£¥]/.test(before) && !(/[.,:/]/.test(before) && /\d/.test(text[runStart - 2] ?? ''));
  const endOpen = !(/[.,:/]/.test(text[runEnd] ?? '') && /\d/.test(text[runEnd + 1] ?? '')) && text[runEnd] !== '%';
  const edgesOpen = (first: number, lastGroup: number) =>
    (first > 0 ? separatorAfter(text, g, first - 1) !== '.' : startOpen) && (lastGroup < last ? separatorAfter(text, g, lastGroup) !== '.' : endOpen);

  let next = 0; // first group not yet claimed
  let stop = last; // last group not yet claimed

  // A cue just before the run: the longest window from the first group that fits the nearest cue's kind. The cue
  // then reaches the groups after it too, as it reaches a list ("bank account 12-34-56 12345678": a UK sort code,
  // then the account number).
  for (let claimed = startOpen; claimed && next <= last; ) {
    claimed = false;
    const from = next;
    for (const kind of kindsCuedBefore(scan, g.starts[from]!)) {
      const end = longestFit(last, (j) => edgesOpen(from, j) && fitsCuedKind(kind, text, g, from, j), from, 1);
      if (end !== undefined) {
        scan.claim(g.starts[from]!, g.ends[end]!, kind);
        next = end + 1;
        claimed = true;
        break;
      }
    }
  }
  // A cue just after the run: the longest window ending at the last group.
  if (next <= last && endOpen) {
    for (const kind of kindsCuedAfter(text, runEnd)) {
      const first = longestFit(last, (i) => i >= next && edgesOpen(i, last) && fitsCuedKind(kind, text, g, i, last), last, -1);
      if (first !== undefined) {
        scan.claim(g.starts[first]!, runEnd, kind);
        stop = first - 1;
        break;
      }
    }
  }
  // No cue: numbers that prove themselves, left to right.
  for (let i = next; i <= stop; ) {
    const found = provenAt(scan, g, i, stop, edgesOpen);
    if (found) {
      scan.claim(g.starts[i]!, g.ends[found.last]!, found.kind);
      i = found.last + 1;
    } else i++;
  }
}

/**
 * Walks windows from one fixed end while they hold at most 19 digits, returning the index of the farthest
 * window end that passes `fits`.
 */
function longestFit(last: number, fits: (end: number) => boolean, from: number, step: 1 | -1): number | undefined {
  let best: number | undefined;
  for (let k = from, span = 0; k >= 0 && k <= last && span < 19; k += step, span++) if (fits(k)) best = k;
  return best;
}

function provenAt(
  scan: Scan,
  g: Groups,
  first: number,
  stop: number,
  edgesOpen: (first: number, last: number) => boolean,
): { kind: PiiKind; last: number } | undefined {
  const { text } = scan;
  // Card: 13–19 digits with a known issuer prefix and length, Luhn-valid; the longest such window.
  let digits = '';
  let card: number | undefined;
  for (let j = first; j <= stop; j++) {
    digits += text.slice(g.starts[j], g.ends[j]);
    if (digits.length > 19) break;
    if (digits.length >= 13 && edgesOpen(first, j) && cardGrouping(text, g, first, j) && knownIssuer(digits) && luhnValid(digits)) card = j;
  }
  if (card !== undefined) return { kind: 'credit_card', last: card };
  // SSN written 123-45-6789 or 123 45 6789 with an area, group and serial that are issued.
  if (
    first + 2 <= stop &&
    edgesOpen(first, first + 2) &&
    ssnShape(text, g, first, first + 2) &&
    plainSeparators(text, g, first, first + 2) &&
    ssnIssuable(windowDigits(text, g, first, first + 2))
  )
    return { kind: 'ssn', last: first + 2 };
  // A lone 9-digit number needs a cue, except a valid routing number in a sentence about banking.
  const lone = text.slice(g.starts[first], g.ends[first]);
  if (lone.length === 9 && edgesOpen(first, first) && abaValid(lone) && fedRangeValid(lone) && scan.inBankingSentence(g.starts[first]!))
    return { kind: 'routing_number', last: first };
  return undefined;
}
