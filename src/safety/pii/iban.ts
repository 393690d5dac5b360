// Step 1, IBANs: country code, two check digits, 11–30 letters or digits, compact or in groups of four (spaces
// or dashes between); valid when the rearranged number is 1 mod 97 (ISO 13616). A grouped match may have
// swallowed a following word, so shorter group-boundary prefixes are tried too.
import type { Scan } from './scan.js';

const IBAN = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ -]?[A-Za-z0-9]{4}){2,7}(?:[ -]?[A-Za-z0-9]{1,3})?/g;

// IBAN lengths per country (SWIFT IBAN registry). Written in capitals, any valid IBAN counts; written in lower or
// mixed case ("gb29nwbk…", typed on a phone), the length must also be its country's, so an ordinary lower-case
// word that happens to pass mod 97 is left alone.
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

function ibanValid(written: string): boolean {
  const compact = written.toUpperCase();
  // Typed in one case or the other; capitals followed by a lower-case word ("NL0919681941 please") are a code and
  // a word, whatever mod 97 says.
  if (compact !== written && written !== written.toLowerCase()) return false;
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

export function findIbans(scan: Scan): void {
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
