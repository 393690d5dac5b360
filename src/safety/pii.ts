// PII scrubber (spec 2.9): all node content passes through scrubPii before it is stored or logged, however the
// node was created, and nothing can switch it off. Each finding becomes `[REDACTED:<kind>]` so the sentence
// stays readable: "My SSN is [REDACTED:ssn] and ...".
//
// The scan reads a normalised copy (pii/normalise.ts: NFKC, digits of any script as ASCII, every Unicode space and
// the tab as a plain space, invisible format characters dropped), and its findings replace the matching code points
// of the original, so "SSN ４４６３３２４６０" loses its digits while text without findings comes back unchanged.
// Free-form JSON (metadata) goes through scrubPiiDeep (pii/json.ts): keys and values scanned, however deep, and
// values under a key naming a secret redacted whole.
//
// Precedence, first claim wins:
//  1. IBANs anywhere (format and mod-97 check).
//  2. Codes mixing letters and digits (passports, driver's licences) right after or before their cue.
//  3. Runs of digit groups ("4111 1111 1111 1111", "123-45-6789", "021000021"). A cue just before the run (or
//     just after it) names the kind and the number must fit that kind (a routing number must pass the ABA
//     checksum, a card number Luhn). Without a cue the number has to prove itself: a card number (known issuer
//     prefix and length, Luhn), an SSN written ddd-dd-dddd, ddd dd dddd or ddd.dd.dddd with an area, group and
//     serial that are issued, or a routing number (ABA checksum, Federal Reserve range) in a sentence about banking.
//     Nine bare digits are an SSN only after an SSN cue.
// Dates, times, prices, phone numbers, counts and versions fit none of these and are left alone.
//
// Cost: every regex is linear (no nested quantifiers over the same characters) and every look at the context
// reads a bounded slice, so 100 KB takes milliseconds. Idempotence: markers hold no digits, and a cue cannot
// reach a number across a bracket, so scrubbing scrubbed text changes nothing. Normalising is one pass, a code
// point at a time.
//
// The parts, in src/safety/pii/: normalise.ts, cues.ts (the words that name a kind, and how far they reach),
// checks.ts, scan.ts (claimed ranges and rendering), iban.ts (step 1), codes.ts (step 2), digitRuns.ts (step 3),
// json.ts (metadata).
import { findDigitRuns } from './pii/digitRuns.js';
import { findIbans } from './pii/iban.js';
import { findLetterDigitCodes } from './pii/codes.js';
import { normalise } from './pii/normalise.js';
import { Scan } from './pii/scan.js';
import type { PiiScrubResult } from './pii/types.js';

export { redactionMarker, type PiiKind, type PiiScrubResult, type SecretKind } from './pii/types.js';
export { scrubPiiDeep, secretKindOfKey } from './pii/json.js';
export { abaValid, luhnValid } from './pii/checks.js';

export function scrubPii(text: string): PiiScrubResult {
  // Typed as a string, but callers in plain JS (or a JSON body) could hand anything: never throw.
  const input = typeof text === 'string' ? text : text === undefined || text === null ? '' : String(text);
  const normalised = normalise(input);
  const scanned = normalised?.text ?? input;
  if (!/\d/.test(scanned)) return { text: input, redactions: {} }; // every kind needs digits
  const scan = new Scan(scanned);
  findIbans(scan);
  findLetterDigitCodes(scan);
  findDigitRuns(scan);
  return scan.render(normalised && { original: input, ...normalised });
}
