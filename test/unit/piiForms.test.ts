// Written forms of PII that once reached storage verbatim (a cue far before its number or on another line,
// digits of other scripts or widths, unusual spaces, slashes and pairs, banks named instead of "account",
// abbreviated licences) and metadata whose keys name the secret: each must lose its digits, while the ordinary
// numbers around them stay.
import { expect } from 'chai';
import { scrubPii, scrubPiiDeep, secretKindOfKey } from '../../src/safety/pii.js';

/** The digits of a string in any script, as ASCII: a digit's value is its distance from the first digit of its run. */
function asciiDigits(s: string): string {
  const value = (d: string) => {
    let cp = d.codePointAt(0)!;
    let v = 0;
    while (/\p{Nd}/u.test(String.fromCodePoint(cp - 1))) [cp, v] = [cp - 1, v + 1];
    return String(v % 10);
  };
  return Array.from(s.normalize('NFKC'), (c) => (/\p{Nd}/u.test(c) ? value(c) : '')).join('');
}

/** A secret and a sentence that carries it. */
const forms: Array<[text: string, kind: string, secret: string]> = [
  // a cue far before the number, or on the line before it
  ['My social security number, which I never share with anyone, is 446-33-2460', 'ssn', '446332460'],
  ['My social security number, which I never share with anyone, is 446332460', 'ssn', '446332460'],
  ['My SSN:\n446332460', 'ssn', '446332460'],
  ['Social security number\n446-33-2460', 'ssn', '446332460'],
  ['my routing number, the one printed on all my cheques, is 018470318', 'routing_number', '018470318'],
  ['my passport number, printed on the inside page, is X88850809', 'passport', 'X88850809'],
  ['passport:\r\nX88850809', 'passport', 'X88850809'],
  // dotted groups
  ['SSN 446.33.2460', 'ssn', '446332460'],
  ['it is 446.33.2460 I think', 'ssn', '446332460'],
  ['card 4458.4744.5290.7849', 'credit_card', '4458474452907849'],
  // digits of other widths and scripts
  ['SSN ４４６３３２４６０', 'ssn', '446332460'],
  ['SSN ٤٤٦٣٣٢٤٦٠', 'ssn', '446332460'], // Arabic-Indic
  ['SSN ۴۴۶۳۳۲۴۶۰', 'ssn', '446332460'], // Extended Arabic-Indic (Persian)
  ['SSN ४४६-३३-२४६०', 'ssn', '446332460'], // Devanagari
  ['SSN ৪৪৬৩৩২৪৬০', 'ssn', '446332460'], // Bengali
  ['card ๔๔๕๘ ๔๗๔๔ ๕๒๙๐ ๗๘๔๙', 'credit_card', '4458474452907849'], // Thai
  ['card 𝟒𝟒𝟓𝟖 𝟒𝟕𝟒𝟒 𝟓𝟐𝟗𝟎 𝟕𝟖𝟒𝟗', 'credit_card', '4458474452907849'], // mathematical bold
  ['ＳＳＮ：４４６－３３－２４６０', 'ssn', '446332460'], // full-width letters and punctuation too
  ['my SSN is 4⁠4⁠6​3​3​2​4​6​0', 'ssn', '446332460'], // word joiners and zero-width spaces between the digits
  ['SSN ⑷⑷⑹-⑶⑶-⑵⑷⑹⑻', 'ssn', '446332468'], // parenthesised digits, one code point each
  ['card ⒋⒋⒌⒏ ⒋⒎⒋⒋ ⒌⒉⒐⒈ ⒎⒏⒋⒏', 'credit_card', '4458474452917848'], // digits with a full stop
  ['SSN\u200b446332460', 'ssn', '446332460'], // a zero-width space between cue and number keeps them apart
  ['pass\u00adport X88850809', 'passport', 'X88850809'], // a soft hyphen inside the cue joins it
  // card groups split by unusual spaces, tabs, slashes, or in pairs
  ['card 4458\u20094744\u20095290\u20097849', 'credit_card', '4458474452907849'],
  ['card 4458\u202f4744\u202f5290\u202f7849', 'credit_card', '4458474452907849'],
  ['card 4458\u00a04744\u00a05290\u00a07849', 'credit_card', '4458474452907849'],
  ['card 4458\u30004744\u30005290\u30007849', 'credit_card', '4458474452907849'],
  ['card 4458\t4744\t5290\t7849', 'credit_card', '4458474452907849'],
  ['card 4458/4744/5290/7849', 'credit_card', '4458474452907849'],
  ['card 4458 / 4744 / 5290 / 7849', 'credit_card', '4458474452907849'],
  ['SSNs 287-65-4301 / 518-24-6690', 'ssn', '518246690'], // a spaced slash lists numbers, it does not join them
  ['card 44 58 47 44 52 90 78 49', 'credit_card', '4458474452907849'],
  ['my card is 445 847 445 290 784 9', 'credit_card', '4458474452907849'],
  ['44 58 47 44 52 90 78 49', 'credit_card', '4458474452907849'],
  ['paid with 4458\u20094744\u20095290\u20097849', 'credit_card', '4458474452907849'],
  // bank accounts named by the bank or the account type
  ['my Chase checking is 8623129250', 'bank_account', '8623129250'],
  ['savings number 8623129250', 'bank_account', '8623129250'],
  ['my Wells Fargo number is 8623129250', 'bank_account', '8623129250'],
  ['Bank of America savings: 8623129250', 'bank_account', '8623129250'],
  ['my credit union chequing is 8623129250', 'bank_account', '8623129250'],
  // licences abbreviated
  ['drivers lic no. D1575769', 'drivers_license', 'D1575769'],
  ['DL# D1575769', 'drivers_license', 'D1575769'],
  ["driver's lic. D1575769", 'drivers_license', 'D1575769'],
  ['driver lic # D1575769', 'drivers_license', 'D1575769'],
];

describe('PII scrubber: forms that reached storage', () => {
  for (const [text, kind, secret] of forms) {
    it(`redacts ${JSON.stringify(text)} as ${kind}`, () => {
      const out = scrubPii(text);
      expect(out.text, out.text).to.include(`[REDACTED:${kind}]`);
      expect(asciiDigits(out.text), out.text).to.not.include(asciiDigits(secret).slice(-4));
      expect(scrubPii(out.text).text, 'idempotent').to.equal(out.text);
    });
  }

  it('maps redactions back onto the original text, which is otherwise unchanged', () => {
    expect(scrubPii('Café ☕ — SSN ４４６３３２４６０, ﬁne.').text).to.equal('Café ☕ — SSN [REDACTED:ssn], ﬁne.');
    expect(scrubPii('my SSN:\u2028446-33-2460\u2029bye').text).to.equal('my SSN:\u2028[REDACTED:ssn]\u2029bye');
  });

  const untouched = [
    // non-ASCII text without PII comes back exactly as it was
    'Café ☕ at ５ pm, ﬁve ｆｒｉｅｎｄｓ, ٣ children, १२ apples, 12\u00a0345 people',
    'Meeting on ２０２４-０５-１７ at １０:３０, call ５５５-１２３-４５６７',
    'Prices: ￥１,２００ and ٤٥٪ off',
    // slashes: dates, fractions, expiry and scores stay numbers
    'on 2024/05/17, 05/17/2024, 1/2 cup, exp 12/27, scored 3/4, 2019/2020 season, 192/168/100/254',
    // the new bank cues need a number as long as an account's, and filler alone between
    'my savings are 125000 dollars, my savings goal is 1500000, checking is 4 minutes away',
    'Chase scored 12345678 points; Chase is my brother and savings of 2000000 yen',
    'the savings account grew by 25 percent this year after 12 months',
    // a far cue still stops at a sentence end, a digit, a bracket or a blank line
    'My SSN is private. The survey had 446332460 answers.',
    'my social security card arrived in the mail, and the order 446332460 too',
    'SSN:\n\n446332460 steps walked',
    // pairs and threes without a cue, when part of a longer run or a list of scores
    'scores 368 275 295 489 823 0 and lottery 12 34 45 56 67',
    // ordinary numbers next to a cue on the next line
    'passport\nrenewal costs 130 dollars and takes 6 weeks',
  ];
  for (const text of untouched) {
    it(`leaves alone ${JSON.stringify(text)}`, () => {
      expect(scrubPii(text).text).to.equal(text);
    });
  }
});

describe('PII scrubber: metadata, by key and by value, however deep', () => {
  const found = {
    ssn: '446332460',
    routing_number: '018470318',
    account_number: '8623129250',
    passport: 'X88850809',
    cvv: '779',
    drivers_license: 'D1575769',
    card_number: 4458474452907849,
  };

  it('redacts every value of the outside test, strings and numbers alike', () => {
    expect(scrubPiiDeep(found)).to.deep.equal({
      ssn: '[REDACTED:ssn]',
      routing_number: '[REDACTED:routing_number]',
      account_number: '[REDACTED:bank_account]',
      passport: '[REDACTED:passport]',
      cvv: '[REDACTED:cvv]',
      drivers_license: '[REDACTED:drivers_license]',
      card_number: '[REDACTED:credit_card]',
    });
  });

  const keys: Array<[key: string, kind: string]> = [
    ['ssn', 'ssn'],
    ['SSN', 'ssn'],
    ['social_security_number', 'ssn'],
    ['socialSecurityNumber', 'ssn'],
    ['Social-Security-No', 'ssn'],
    ['SOCIALSECURITYNUMBER', 'ssn'],
    ['customer.ssn_last4', 'ssn'],
    ['routing-number', 'routing_number'],
    ['routingNo', 'routing_number'],
    ['ABA', 'routing_number'],
    ['card_number', 'credit_card'],
    ['cardNumber', 'credit_card'],
    ['credit_card', 'credit_card'],
    ['CreditCardNumber', 'credit_card'],
    ['pan', 'credit_card'],
    ['cvv', 'cvv'],
    ['CVC2', 'cvv'],
    ['security_code', 'cvv'],
    ['account_number', 'bank_account'],
    ['acctNo', 'bank_account'],
    ['iban', 'bank_account'],
    ['bank_account', 'bank_account'],
    ['sort code', 'bank_account'],
    ['passport', 'passport'],
    ['passport_number', 'passport'],
    ['passportNo', 'passport'],
    ['drivers_license', 'drivers_license'],
    ['driver_license', 'drivers_license'],
    ["driver's licence", 'drivers_license'],
    ['dl_number', 'drivers_license'],
    ['DLNumber', 'drivers_license'],
    ['licence', 'drivers_license'],
    ['tax_id', 'tax_id'],
    ['TIN', 'tax_id'],
    ['ein', 'tax_id'],
    ['national_insurance_number', 'national_id'],
    ['password', 'credential'],
    ['apiKey', 'credential'],
    ['pin', 'credential'],
  ];
  for (const [key, kind] of keys) {
    it(`a key ${JSON.stringify(key)} redacts its value as ${kind}, string or number`, () => {
      expect(scrubPiiDeep({ [key]: '44583344' })).to.deep.equal({ [key]: `[REDACTED:${kind}]` });
      expect(scrubPiiDeep({ [key]: 44583344 })).to.deep.equal({ [key]: `[REDACTED:${kind}]` });
    });
  }

  it('keys naming a secret redact nested objects and arrays whole, and arrays of values under them', () => {
    expect(
      scrubPiiDeep({ card: { number: 4458474452907849, cvv: 779 }, ssns: ['446332460', 446332460], bank_account: { routing: '018470318' } }),
    ).to.deep.equal({
      card: { number: '[REDACTED:credit_card]', cvv: '[REDACTED:cvv]' },
      ssns: '[REDACTED:ssn]',
      bank_account: '[REDACTED:bank_account]',
    });
    expect(scrubPiiDeep({ customer: { billing: [{ cardNumber: '4458 4744 5290 7849' }, { passport_no: 'X88850809' }] } })).to.deep.equal({
      customer: { billing: [{ cardNumber: '[REDACTED:credit_card]' }, { passport_no: '[REDACTED:passport]' }] },
    });
  });

  it('values under ordinary keys are scanned as text, numbers included, in any script', () => {
    expect(
      scrubPiiDeep({
        note: 'my SSN is 446-33-2460',
        n: 4458474452907849,
        list: ['x', 4458474452907849, '４４５８４７４４５２９０７８４９'],
        deep: { deeper: [{ a: 'routing number 018470318' }] },
      }),
    ).to.deep.equal({
      note: 'my SSN is [REDACTED:ssn]',
      n: '[REDACTED:credit_card]',
      list: ['x', '[REDACTED:credit_card]', '[REDACTED:credit_card]'],
      deep: { deeper: [{ a: 'routing number [REDACTED:routing_number]' }] },
    });
  });

  it('keys that only mention a kind, and ordinary values, are kept as they came', () => {
    const harmless = {
      account_type: 'checking',
      card_color: 'blue',
      card_type: 'visa',
      account: 42,
      account_id: 'acme-42',
      license: 'MIT',
      routing: 'fast',
      phone_number: '555-123-4567',
      order_number: 1234567,
      tracking_number: '1Z999AA10123456784',
      zip: '77304-4973',
      isbn: '978-0-306-40615-7',
      price: 12.99,
      count: 446332460,
      ssn_verified: true,
      passport_expiry: null,
      pinned: true,
      tags: ['a', 2, false],
    };
    expect(scrubPiiDeep(harmless)).to.deep.equal(harmless);
  });

  it('does not change its input, and scrubbing twice changes nothing more', () => {
    const input = { ssn: 446332460, nested: { list: [{ cardNumber: 4458474452907849 }] }, '4458474452907849': 'x', note: 'SSN ٤٤٦٣٣٢٤٦٠' };
    const copy = structuredClone(input);
    const once = scrubPiiDeep(input);
    expect(input).to.deep.equal(copy);
    expect(scrubPiiDeep(once)).to.deep.equal(once);
    expect(JSON.stringify(once)).to.not.match(/446332460|4458474452907849|٤٤٦/);
  });

  it('reads keys as words, whatever their case or separators', () => {
    expect(secretKindOfKey('socialSecurityNumber')?.kind).to.equal('ssn');
    expect(secretKindOfKey('SOCIAL_SECURITY_NUMBER')?.kind).to.equal('ssn');
    expect(secretKindOfKey('account_type')).to.equal(undefined);
    expect(secretKindOfKey('casino')).to.equal(undefined);
  });
});
