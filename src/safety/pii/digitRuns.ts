// Step 3, runs of digit groups. A number glued to letters belongs to a code (step 2), so runs start after a
// non-word character and a last group glued to letters is dropped.
import { allMatches } from '../../text/matches.js';
import { abaValid, issuedRoutingNumber, knownIssuer, luhnValid, passportFormat, ssnIssuable } from './checks.js';
import { kindsCuedAfter, kindsCuedBefore } from './cues.js';
import type { Scan } from './scan.js';
import type { PiiKind } from './types.js';

// Separators: one or two spaces (the text is normalised: every Unicode space and the tab is a plain space), a dash
// of any kind with a space either side or not (word processors turn "-" into "–"), a dot, or a slash. A window of
// groups must use one separator throughout. Dots and slashes also make decimals, versions, addresses and dates, so
// a window may not end or start at one (the "3" of "3.14" is no number of its own), only SSNs and card numbers,
// whose shapes and checks are strict, may be dotted, and only card numbers may be split by slashes.
const DIGIT_RUN = /(?<![A-Za-z0-9_])\d+(?:(?: {1,2}|[ ]?[-\u2010-\u2013\u2212][ ]?|\.| ?\/ ?)\d+)*/g;

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

/** Every separator of the window is one character (a space, a dash or a dot), as numbers are usually typed. */
function plainSeparators(text: string, g: Groups, first: number, last: number): boolean {
  for (let i = first; i < last; i++) if (!/^[ .\-\u2010-\u2013\u2212]$/.test(separatorAfter(text, g, i))) return false;
  return true;
}

function dotted(text: string, g: Groups, first: number, last: number): boolean {
  return first < last && separatorAfter(text, g, first) === '.';
}

function slashed(text: string, g: Groups, first: number, last: number): boolean {
  return first < last && separatorAfter(text, g, first).includes('/');
}

/** Whether the separator after group i joins it to its neighbour as a decimal, version or date would ("1/2", not "1 / 2"). */
const tightAfter = (text: string, g: Groups, i: number) => /^[./]$/.test(separatorAfter(text, g, i));

// Cards are typed in one block or in groups that start with four digits: 4-4-4-4, 4-6-5 (Amex), 4-4-4-4-3, or
// fours with a short tail: 4-4-4-1 (13-digit Visa), 4-4-4-2 (14-digit Diners Club). Read aloud or copied from a
// form, they also come in pairs or threes ("44 58 47 44 ..."): `evenGroups` allows those.
function cardGrouping(text: string, g: Groups, first: number, last: number, evenGroups: 'pairs' | 'pairs or threes' | 'no' = 'no'): boolean {
  if (first === last) return true;
  const s = sizes(g, first, last);
  const tail = s[s.length - 1]!;
  const shape = s.slice(1).every((n) => n >= 3 && n <= 6) || (s.slice(0, -1).every((n) => n === 4) && tail >= 1 && tail <= 2);
  const evenSize = evenGroups === 'pairs' ? s[0] === 2 : evenGroups === 'pairs or threes' && (s[0] === 2 || s[0] === 3);
  const even = evenSize && s.slice(0, -1).every((n) => n === s[0]) && tail >= 1 && tail <= s[0]!;
  return ((s[0] === 4 && shape) || even) && oneSeparator(text, g, first, last);
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
  if (slashed(text, g, first, last) && kind !== 'credit_card') return false;
  switch (kind) {
    case 'ssn':
      return ssnShape(text, g, first, last);
    case 'credit_card':
      return digits.length >= 13 && digits.length <= 19 && luhnValid(digits) && cardGrouping(text, g, first, last, 'pairs or threes');
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

export function findDigitRuns(scan: Scan): void {
  const { text } = scan;
  for (const m of allMatches(DIGIT_RUN, text)) {
    let g: Groups = { starts: [], ends: [] };
    for (const d of allMatches(/\d+/g, m[0])) {
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
  // ("3.14159...", "1,234,567", "12:30", "05/17/2024"). A digit of a code already found is no part of one: its
  // marker, which holds none, would open the run on a second pass.
  const before = text[runStart - 1] ?? '';
  const freeDigitAt = (i: number) => /\d/.test(text[i] ?? '') && scan.isFree(i, i + 1);
  const startOpen = !/[+$€£¥]/.test(before) && !(/[.,:/]/.test(before) && freeDigitAt(runStart - 2));
  const endOpen = !(/[.,:/]/.test(text[runEnd] ?? '') && freeDigitAt(runEnd + 1)) && text[runEnd] !== '%';
  const edgesOpen = (first: number, lastGroup: number) =>
    (first > 0 ? !tightAfter(text, g, first - 1) : startOpen) && (lastGroup < last ? !tightAfter(text, g, lastGroup) : endOpen);

  let next = 0; // first group not yet claimed
  let stop = last; // last group not yet claimed

  // A cue just before the run: the longest window from the first group that fits the nearest cue's kind. The cue
  // then reaches the groups after it too, as it reaches a list ("bank account 12-34-56 12345678": a UK sort code,
  // then the account number).
  for (let claimed = startOpen; claimed && next <= last; ) {
    claimed = false;
    const from = next;
    for (const { kind, minDigits } of kindsCuedBefore(scan, g.starts[from]!)) {
      const fits = (j: number) => edgesOpen(from, j) && fitsCuedKind(kind, text, g, from, j) && windowDigits(text, g, from, j).length >= minDigits;
      const end = longestFit(last, fits, from, 1);
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
    // Pairs without a cue only when they are the whole run and as long as most cards; threes never: a list of
    // small numbers is more often scores or lottery draws.
    const even = first === 0 && j === g.starts.length - 1 && digits.length >= 16 ? 'pairs' : 'no';
    if (digits.length >= 13 && edgesOpen(first, j) && cardGrouping(text, g, first, j, even) && knownIssuer(digits) && luhnValid(digits)) card = j;
  }
  if (card !== undefined) return { kind: 'credit_card', last: card };
  // SSN written 123-45-6789, 123 45 6789 or 123.45.6789 with an area, group and serial that are issued.
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
  if (lone.length === 9 && edgesOpen(first, first) && issuedRoutingNumber(lone) && scan.inBankingSentence(g.starts[first]!))
    return { kind: 'routing_number', last: first };
  return undefined;
}
