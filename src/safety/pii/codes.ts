// Step 2, codes mixing letters and digits ("A1234567", "D123-4567-8901"): passports and driver's licences, only
// with a cue. Pure digit codes are runs (step 3).
import { allMatches } from '../../text/matches.js';
import { licenceFormat, passportFormat } from './checks.js';
import { kindsCuedAfter, kindsCuedBefore } from './cues.js';
import type { Scan } from './scan.js';

const LETTER_DIGIT_CODE = /(?<![A-Za-z0-9_])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*/g;

export function findLetterDigitCodes(scan: Scan): void {
  const { text } = scan;
  for (const m of allMatches(LETTER_DIGIT_CODE, text)) {
    const code = m[0];
    if (code.length > 24 || !/\d/.test(code) || !/[A-Za-z]/.test(code)) continue;
    const start = m.index;
    const end = start + code.length;
    if (!scan.isFree(start, end)) continue;
    const kinds = [...kindsCuedBefore(scan, start).map((c) => c.kind), ...kindsCuedAfter(text, end)];
    const kind = kinds.find((k) => (k === 'passport' && passportFormat(code)) || (k === 'drivers_license' && licenceFormat(code)));
    if (kind) scan.claim(start, end, kind);
  }
}
