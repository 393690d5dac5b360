// Checks a number must pass to be taken for a kind: checksums, issuer ranges, issued SSNs, document formats.

import validator from 'validator';

// From validator.js: Luhn, and a routing number as the Federal Reserve issues them (checksum and prefix ranges).
export const { isLuhnNumber: luhnValid, isAbaRouting: issuedRoutingNumber } = validator;

/**
 * The ABA checksum alone, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10): a number the text calls a routing
 * number is redacted whatever its prefix, where validator.js would also demand a Federal Reserve range.
 */
export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const d = (i: number) => digits.charCodeAt(i) - 48;
  return (3 * (d(0) + d(3) + d(6)) + 7 * (d(1) + d(4) + d(7)) + (d(2) + d(5) + d(8))) % 10 === 0;
}

// Issuer prefixes (compared on as many leading digits as the bounds have) and the lengths each network issues.
const CARD_NETWORKS: readonly { ranges: readonly [string, string][]; lengths: readonly number[] }[] = [
  { ranges: [['4', '4']], lengths: [13, 16, 19] }, // Visa
  {
    ranges: [
      ['51', '55'],
      ['2221', '2720'],
    ],
    lengths: [16],
  }, // Mastercard
  {
    ranges: [
      ['34', '34'],
      ['37', '37'],
    ],
    lengths: [15],
  }, // American Express
  {
    ranges: [
      ['6011', '6011'],
      ['644', '649'],
      ['65', '65'],
      ['622126', '622925'],
    ],
    lengths: [16, 17, 18, 19],
  }, // Discover
  { ranges: [['3528', '3589']], lengths: [16, 17, 18, 19] }, // JCB
  {
    ranges: [
      ['300', '305'],
      ['36', '36'],
      ['38', '39'],
    ],
    lengths: [14, 15, 16, 17, 18, 19],
  }, // Diners Club
  { ranges: [['62', '62']], lengths: [16, 17, 18, 19] }, // UnionPay
  {
    ranges: [
      ['5018', '5018'],
      ['5020', '5020'],
      ['5038', '5038'],
      ['5893', '5893'],
      ['6304', '6304'],
      ['6759', '6759'],
      ['6761', '6763'],
    ],
    lengths: [13, 14, 15, 16, 17, 18, 19],
  }, // Maestro
];

export function knownIssuer(digits: string): boolean {
  return CARD_NETWORKS.some(
    (n) => n.lengths.includes(digits.length) && n.ranges.some(([lo, hi]) => digits.slice(0, lo.length) >= lo && digits.slice(0, hi.length) <= hi),
  );
}

/** SSN areas 000, 666 and 900–999, group 00 and serial 0000 are never issued. */
export function ssnIssuable(digits: string): boolean {
  const area = digits.slice(0, 3);
  return area !== '000' && area !== '666' && area[0] !== '9' && digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000';
}

// Passports: 1–2 letters then 6–9 digits (US, Canada, India, Japan...), 8–9 digits (US, UK...), or 8–9
// letters and digits with at least 5 digits (Germany C01X00T47, France 12AB34567).
export function passportFormat(code: string): boolean {
  if (/^[A-Z]{1,2}\d{6,9}$/i.test(code) || /^\d{8,9}$/.test(code)) return true;
  return /^[A-Z0-9]{8,9}$/i.test(code) && countDigits(code) >= 5;
}

// Driver's licences vary by state and country: 5–18 letters and digits (dashes or spaces between groups
// allowed) with at least 4 digits; the UK's are 16 characters, 18 with the issue number.
export function licenceFormat(code: string): boolean {
  const compact = code.replace(/[\s-]/g, '');
  return /^[A-Z0-9]{5,18}$/i.test(compact) && countDigits(compact) >= 4;
}

export function countDigits(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) n++;
  return n;
}
