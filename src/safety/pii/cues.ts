// Cues, the words that name a kind. Case-insensitive; longer phrases come first because at one position the
// alternation takes the first that matches. 'near' cues reach a number up to MAX_GAP characters away across any
// words (no digits, no brackets, no sentence end: "routing number for my Chase account is 021000021"); those of
// kinds whose numbers have a strict shape or checksum (SSN, routing, passport) reach FAR_GAP characters when the
// number is introduced as the cue's value ("my social security number, which I never share with anyone, is ..."). A cue may reach across one line break when the cue
// ends its line or the number starts its own ("SSN:\n..."). 'adjacent' cues are common words that count only when
// filler alone separates them from the number ("account: 12345678", "account number is ...", but not "the account
// has 250000 followers"); a few name a bank or an account type ("my Chase checking is ...") and take only numbers of
// at least `minDigits` digits, longer than most amounts. Only 'near' cues count after a number ("021000021 is my
// routing number"). A cue also reaches past numbers already redacted, so lists work: "passport numbers X1234567
// and Y7654321". A cue naming two kinds tries them in order.
import type { PiiKind } from './types.js';
import type { Scan } from './scan.js';

type Reach = 'near' | 'adjacent';
interface Cue {
  kinds: readonly PiiKind[];
  reach: Reach;
  pattern: string;
  far?: boolean;
  minDigits?: number;
}

/** A kind a cue names for a number, and how many digits that number needs at least. */
export interface Cued {
  kind: PiiKind;
  minDigits: number;
}

const NO = String.raw`(?:\s*(?:numbers?|nos?\.?|num\.?|nr\.?|#))?`; // "number", "no.", "#", ...
const CUES: readonly Cue[] = [
  {
    // "account and routing numbers": the checksummed kind first, so a valid routing number is not an account.
    kinds: ['routing_number', 'bank_account'],
    reach: 'near',
    pattern: String.raw`(?:routing|aba)\s*(?:and|&|/|,)\s*(?:bank\s+)?(?:account|acct\.?)${NO}|(?:bank\s+)?(?:account|acct\.?)\s*(?:and|&|/|,)\s*(?:routing|aba)${NO}`,
  },
  { kinds: ['ssn'], reach: 'near', far: true, pattern: String.raw`social\s+security${NO}|ssn|ss\s*#|soc\.?\s*sec\.?${NO}` },
  {
    kinds: ['cvv'],
    reach: 'near',
    pattern: String.raw`card\s+verification(?:\s+(?:value|code))?|card\s+security\s+code|security\s+code|card\s+code|cvv2?|cvc2?|csc`,
  },
  {
    kinds: ['routing_number'],
    reach: 'near',
    far: true,
    pattern: String.raw`routing(?:\s+(?:and\s+|&\s*)?transit)?${NO}|aba${NO}|rtn|transit${NO}`,
  },
  {
    kinds: ['bank_account'],
    reach: 'near',
    pattern: String.raw`(?:bank|checking|chequing|savings|current|deposit)\s+account${NO}|account\s*(?:numbers?|nos?\.?|num\.?|nr\.?|#)|acct\.?${NO}|a/c${NO}|iban|sort\s+code`,
  },
  { kinds: ['passport'], reach: 'near', far: true, pattern: String.raw`passports?${NO}` },
  {
    kinds: ['drivers_license'],
    reach: 'near',
    pattern: String.raw`driv(?:er['’]?s?|ing)\s+(?:licen[cs]e|lic\.?)${NO}|licen[cs]e\s*(?:numbers?|nos?\.?|num\.?|#)|dl\s*#|dln`,
  },
  {
    kinds: ['credit_card'],
    reach: 'near',
    pattern: String.raw`(?:credit|debit)\s+card${NO}|card${NO}|visa|mastercard|amex|american\s+express|discover`,
  },
  {
    // A bank or an account type named alone: "my Chase checking is ...", "savings number ...".
    kinds: ['bank_account'],
    reach: 'adjacent',
    minDigits: 8,
    pattern: String.raw`(?:chase|wells\s+fargo|bank\s+of\s+america|bofa|citi(?:bank)?|capital\s+one|us\s+bank|pnc|truist|td\s+bank|hsbc|barclays|santander|schwab|navy\s+federal|usaa|chime|lloyds|natwest|monzo|revolut|credit\s+union)(?:\s+(?:checking|chequing|savings))?|checking|chequing|savings`,
  },
  { kinds: ['ssn'], reach: 'adjacent', pattern: 'social' },
  { kinds: ['bank_account'], reach: 'adjacent', pattern: 'account' },
  { kinds: ['drivers_license'], reach: 'adjacent', pattern: String.raw`dl|licen[cs]e` },
];

// A cue starts at a word start and ends at a word end, unless it ends with '#' or '.' ("ss#123456789").
const CUE_SOURCE = `${String.raw`(?<![a-z0-9_])(?:` + CUES.map((c) => `(${c.pattern})(?:(?<=[#.])|(?![a-z0-9_]))`).join('|')})`;
const CUE_SEARCH = new RegExp(CUE_SOURCE, 'gi');
const CUE_AT = new RegExp(CUE_SOURCE, 'iy');

const MAX_GAP = 25; // characters between a cue and its number
const FAR_GAP = 80; // the same for cues of strictly shaped kinds
const LOOK_BEHIND = 200; // room for the longest cue phrase, the far gap and a redacted number or two
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
function gapIsOpen(scan: Scan, from: number, to: number, cue: Cue): boolean {
  const [gap, ...between] = scan.unclaimedSegments(from, to, cue.far ? FAR_GAP : MAX_GAP) ?? [];
  if (gap === undefined) return false;
  if (!between.every((s) => LIST_WORDS.test(s))) return false;
  if (cue.reach === 'adjacent') return FILLER.test(gap);
  if (!lineBreaksOpen(gap)) return false;
  // Past the usual gap the number must be introduced as the cue's value: "..., is 446332460", not "the order 4463...".
  if (gap.length > MAX_GAP && !/(?:(?<![a-z])(?:is|was|are)|[:=#])\s*$/i.test(gap)) return false;
  // A sentence end is ". " before a capitalised word; "Passport No. A1234567" is not one.
  return !/[\d[\]!?;]/.test(gap) && !/\.\s+[A-Z][a-z]/.test(gap + scan.text.slice(to, to + 2));
}

/** At most one line break, with only punctuation on one side of it: "SSN:\n..." or "... is\n123-45-6789". */
function lineBreaksOpen(gap: string): boolean {
  const lines = gap.split(/\r\n?|\n/);
  if (lines.length === 1) return true;
  return lines.length === 2 && (LINE_EDGE.test(lines[0]!) || LINE_EDGE.test(lines[1]!));
}
const LINE_EDGE = /^[\s:#=(),.\-–—]*$/;

/** Kinds named by cues that reach the number starting at `start`, nearest cue first. */
export function kindsCuedBefore(scan: Scan, start: number): Cued[] {
  const { text } = scan;
  const from = Math.max(0, start - LOOK_BEHIND);
  const slice = text.slice(from, start);
  const kinds: Cued[] = [];
  CUE_SEARCH.lastIndex = 0;
  for (let m = CUE_SEARCH.exec(slice); m; m = CUE_SEARCH.exec(slice)) {
    const cue = cueAt(m);
    const at = from + m.index;
    const end = at + m[0].length;
    // The slice may cut a word: "xacct" must not count as "acct".
    if (!cue || (m.index === 0 && at > 0 && /[A-Za-z0-9_]/.test(text[at - 1] ?? '')) || !scan.isFree(at, end)) continue;
    if (gapIsOpen(scan, end, start, cue)) kinds.unshift(...cue.kinds.map((kind) => ({ kind, minDigits: cue.minDigits ?? 0 })));
  }
  return kinds;
}

/**
 * Kinds named by a 'near' cue right after the number ending at `end`, unless that cue has a number of its own
 * ("zip 77304-4973 was CVV 0000": the CVV is 0000, not 4973).
 */
export function kindsCuedAfter(text: string, end: number): readonly PiiKind[] {
  const slice = text.slice(end, end + LOOK_BEHIND);
  AFTER_LEAD.lastIndex = 0;
  AFTER_LEAD.exec(slice);
  CUE_AT.lastIndex = AFTER_LEAD.lastIndex;
  const m = CUE_AT.exec(slice);
  const cue = m ? cueAt(m) : undefined;
  if (!m || cue?.reach !== 'near' || CUE_TAKES_NEXT.test(slice.slice(m.index + m[0].length))) return [];
  return cue.kinds;
}
