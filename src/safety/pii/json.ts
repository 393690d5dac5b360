// Free-form JSON (metadata): every key and every string or number scanned like text, however deep, and a value
// whose key names a kind of secret replaced whole, whatever its form: {"ssn": 446332460}, {"cardNumber": {...}},
// {"routing-number": ["..."]}. Booleans and null hold no secret and stay.
//
// A key is read as words, whatever its case or separators ("socialSecurityNumber", "SOCIAL_SECURITY_NUMBER",
// "routing-number", "cardnumber"), and names a secret when some run of its words spells a name below, with or
// without a plural "s" or a trailing "number", "no", "num" or "nr" ("passport_no", "dl_number"). Names that are
// also ordinary words ("license" of a software package, "account", "routing", "pin") name a secret only as the
// whole key or with such a trailing word, and then only for a string or number holding at least four digits:
// {"license": "MIT"} and {"account": 42} stay, {"license": "D1575769"} does not. Keys that merely mention a kind
// ("account_type", "card_color", "card_type") name nothing.
import { scrubPii } from '../pii.js';
import { normalise } from './normalise.js';
import { redactionMarker, type SecretKind } from './types.js';

const STRONG: Readonly<Record<string, SecretKind>> = names({
  ssn: ['ssn', 'socialsecurity', 'socsec', 'socialsec', 'socsecurity'],
  credit_card: [
    'creditcard',
    'debitcard',
    'chargecard',
    'paymentcard',
    'cardnumber',
    'cardno',
    'cardnum',
    'ccnumber',
    'ccnum',
    'ccno',
    'primaryaccountnumber',
    'cardpan',
  ],
  cvv: [
    'cvv',
    'cvv2',
    'cvc',
    'cvc2',
    'csc',
    'cvn',
    'securitycode',
    'cardcode',
    'cardverification',
    'cardverificationvalue',
    'cardverificationcode',
    'cardsecuritycode',
  ],
  bank_account: [
    'accountnumber',
    'accountno',
    'accountnum',
    'acctnumber',
    'acctno',
    'acctnum',
    'bankaccount',
    'bankacct',
    'iban',
    'bban',
    'checkingaccount',
    'savingsaccount',
    'chequingaccount',
    'sortcode',
    'bsb',
  ],
  routing_number: ['routingnumber', 'routingno', 'routingnum', 'routingtransit', 'abarouting', 'abanumber', 'aba', 'rtn', 'transitnumber'],
  passport: ['passport'],
  drivers_license: [
    'driverslicense',
    'driverlicense',
    'driverslicence',
    'driverlicence',
    'drivinglicense',
    'drivinglicence',
    'driverslic',
    'driverlic',
    'dln',
    'licensenumber',
    'licencenumber',
  ],
  tax_id: ['taxid', 'taxidentification', 'taxidentificationnumber', 'taxpayerid', 'taxnumber', 'taxno', 'tin', 'itin', 'ein', 'fein', 'tfn', 'utr'],
  national_id: [
    'nationalid',
    'nationalidentity',
    'nationalidentification',
    'nationalinsurance',
    'nino',
    'socialinsurance',
    'aadhaar',
    'aadhar',
    'idcardnumber',
    'identitycard',
    'identitynumber',
    'nhsnumber',
    'medicarenumber',
  ],
  credential: [
    'password',
    'passwd',
    'passcode',
    'passphrase',
    'secret',
    'clientsecret',
    'secretkey',
    'privatekey',
    'apikey',
    'accesstoken',
    'refreshtoken',
    'authtoken',
    'bearertoken',
    'sessiontoken',
    'idtoken',
    'apitoken',
    'otp',
    'mfacode',
    'pincode',
    'pinnumber',
  ],
});

const WEAK: Readonly<Record<string, SecretKind>> = names({
  ssn: ['ss', 'social'],
  credit_card: ['card', 'cc', 'pan'],
  bank_account: ['account', 'acct'],
  routing_number: ['routing'],
  drivers_license: ['license', 'licence', 'lic', 'dl'],
  national_id: ['sin'],
  credential: ['pin', 'pwd'],
});

// Trailing words that make a name a number: "passport_no", "routing_number", "licenseNr".
const NUMBER_WORD = /(?:numbers?|nos?|num|nr)$/;
const MAX_WORDS = 6;

function names(byKind: Partial<Record<SecretKind, string[]>>): Record<string, SecretKind> {
  const out: Record<string, SecretKind> = {};
  for (const [kind, list] of Object.entries(byKind)) for (const n of list!) out[n] = kind as SecretKind;
  return out;
}

/** The key's words in lower case: "socialSecurityNumber" and "SOCIAL-security_number" are both social security number. */
export function keyWords(key: string): string[] {
  const plain = normalise(key)?.text ?? key;
  return plain
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

interface KeyClass {
  kind: SecretKind;
  /** Only values holding at least four digits. */
  weak: boolean;
}

/** The kind of secret a key names, if any. */
export function secretKindOfKey(key: string): KeyClass | undefined {
  const words = keyWords(key);
  for (let i = 0; i < words.length; i++) {
    let joined = '';
    for (let j = i; j < words.length && j < i + MAX_WORDS; j++) {
      joined += words[j];
      for (const name of [joined, joined.replace(/s$/, '')]) {
        const kind = STRONG[name];
        if (kind) return { kind, weak: false };
        const bare = name.replace(NUMBER_WORD, '');
        const named = bare !== name && bare.length > 0 ? (STRONG[bare] ?? WEAK[bare]) : undefined;
        if (named) return { kind: named, weak: false };
      }
    }
  }
  const whole = words.join('');
  const kind = WEAK[whole] ?? WEAK[whole.replace(/s$/, '')];
  return kind ? { kind, weak: true } : undefined;
}

/** Digits in a string or number, in any script. */
function digitCount(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : (normalise(value)?.text ?? value);
  return text.replace(/\D/g, '').length;
}

/**
 * A JSON value with PII redacted: keys and strings scrubbed as text, numbers scrubbed as their decimal text (and
 * replaced by the marker string when anything is found), values under a key naming a secret replaced by its marker.
 * Objects are rebuilt; the input is not changed.
 */
export function scrubPiiDeep(value: unknown): unknown {
  return scrubValue(value, undefined);
}

function scrubValue(value: unknown, under: KeyClass | undefined): unknown {
  if (value === null || value === undefined || typeof value === 'boolean') return value;
  if (under && !under.weak) return redactionMarker(under.kind);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    const scalar = typeof value === 'bigint' ? value.toString() : value;
    if (under && digitCount(scalar) >= 4) return redactionMarker(under.kind);
    if (typeof scalar === 'string') return scrubPii(scalar).text;
    const scrubbed = scrubPii(String(scalar)).text;
    return scrubbed === String(scalar) ? scalar : scrubbed;
  }
  // An array's items are under its key: {"cards": ["4111 ..."]}.
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, under));
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        // Read from the scrubbed key, so that scrubbing again finds what the first pass did.
        const key = scrubPii(k).text;
        return [key, scrubValue(v, secretKindOfKey(key))];
      }),
    );
  return value;
}
