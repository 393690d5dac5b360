// Regression for an outside black-box test that found secrets stored verbatim: metadata whose values were numbers
// or sat under keys naming the secret, and text forms the scanner missed (a cue far from its number or on another
// line, dotted groups, digits of other scripts and widths, unusual spaces, slashes and pairs, banks named instead
// of "account", abbreviated licences). Each goes in through the public HTTP API, and then no property of any node
// of the person, read back with Cypher, may hold the secret's digits in any form.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { testRead } from '../helpers/graphReads.js';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

// The outside test's secrets, and their digits as they must never be stored.
const SSN = '446332460';
const ROUTING = '018470318';
const ACCOUNT = '8623129250';
const PASSPORT = 'X88850809';
const CVV = '779';
const LICENCE = 'D1575769';
const CARD = '4458474452907849';
const LONG_SECRETS = [SSN, ROUTING, ACCOUNT, PASSPORT, LICENCE, CARD].map((s) => s.replace(/\D/g, ''));

const METADATA = {
  ssn: SSN,
  routing_number: ROUTING,
  account_number: ACCOUNT,
  passport: PASSPORT,
  cvv: CVV,
  drivers_license: LICENCE,
  card_number: Number(CARD),
  SSN: Number(SSN),
  socialSecurityNumber: '446-33-2460',
  'routing-number': Number(ROUTING),
  customer: { billing: [{ cardNumber: '4458 4744 5290 7849', security_code: Number(CVV) }, { bank_account: { iban: 'x', number: ACCOUNT } }] },
  note: 'paid with ٤٤٥٨ ٤٧٤٤ ٥٢٩٠ ٧٨٤٩',
  account_type: 'checking',
};

const TEXTS = [
  'My social security number, which I never share with anyone, is 446-33-2460',
  'My social security number, which I never share with anyone, is 446332460',
  'My SSN:\n446332460',
  'my routing number, the one printed on all my cheques, is 018470318',
  'SSN 446.33.2460 and card 4458.4744.5290.7849',
  'my SSN is ４４６３３２４６０',
  'my SSN is ٤٤٦٣٣٢٤٦٠',
  'my SSN is ४४६३३२४६०',
  'my card is 4458\u20094744\u20095290\u20097849',
  'my card is 4458\u202f4744\u202f5290\u202f7849',
  'my card is 4458\u00a04744\u00a05290\u00a07849',
  'my card is 4458\t4744\t5290\t7849',
  'my card is 4458/4744/5290/7849',
  'my card is 44 58 47 44 52 90 78 49',
  'my Chase checking is 8623129250',
  'my savings number 8623129250',
  'my Wells Fargo number is 8623129250',
  'my drivers lic no. D1575769',
  'my DL# D1575769',
  "my driver's lic. D1575769",
];

/** The digit value of any Unicode decimal digit: its distance from the first digit of its run. */
function asciiDigit(d: string): string {
  let cp = d.codePointAt(0)!;
  let v = 0;
  while (/\p{Nd}/u.test(String.fromCodePoint(cp - 1))) [cp, v] = [cp - 1, v + 1];
  return String(v % 10);
}

/**
 * A stored value as plain digits for searching: ids and timestamps (digits by chance) removed, digits of any
 * script as ASCII, and separators between digits dropped so that grouped numbers read as one.
 */
function searchable(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ' ')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?/g, ' ')
    .normalize('NFKC')
    .replace(/\p{Nd}/gu, asciiDigit)
    .replace(/(?<=\d)(?:[\s\p{Z}\p{Cf}./\-\u2010-\u2015\u2212]|\\[nt]){1,3}(?=\d)/gu, '');
}

interface Stored {
  labels: string[];
  props: Record<string, unknown>;
}

async function storedOf(tenantId: string, userId: string): Promise<Stored[]> {
  return testRead<Stored>('personStoredProperties', { tenantId, userId });
}

/** Every stored property that holds a secret's digits (the CVV only as a number of its own, in metadata). */
function leaks(nodes: Stored[]): string[] {
  const out: string[] = [];
  for (const n of nodes)
    for (const [key, value] of Object.entries(n.props)) {
      const text = searchable(value);
      for (const secret of LONG_SECRETS)
        if (text.includes(secret)) out.push(`${n.labels.join(':')}.${key} holds ${secret}: ${JSON.stringify(value).slice(0, 300)}`);
      if (key === 'metadata' && new RegExp(`(?<![\\d.])${CVV}(?![\\d.])`).test(text))
        out.push(`${n.labels.join(':')}.metadata holds the CVV: ${value}`);
    }
  return out;
}

describe('PII reaches no storage: metadata by key and value, and text forms the scanner once missed (HTTP in, Cypher out)', function () {
  this.timeout(120_000);
  let tv: { tenantId: string; apiKey: string };
  let tb: { tenantId: string; apiKey: string };

  before(async () => {
    tv = await newTenant('v1', 'enterprise');
    tb = await newTenant('b2c', 'enterprise');
  });
  after(cleanupTenants);

  it('v1 /ingest: the metadata of the outside test and every text form leave no digits on the memory or the message', async () => {
    const person = `pii-store-${randomUUID()}`;
    // Metadata on the first request; the others differ in content, so none is taken for a restatement.
    for (const [i, content] of TEXTS.entries()) {
      const body = { user_id: person, content, ...(i === 0 ? { metadata: METADATA } : {}) };
      const r = await call('POST', '/api/v1/ingest', { headers: v1(tv.apiKey), body });
      expect(r.status, r.text).to.equal(201);
    }
    const nodes = await storedOf(tv.tenantId, person);
    const withMetadata = nodes.filter((n) => typeof n.props.metadata === 'string' && n.props.metadata.includes('routing_number'));
    expect(withMetadata, 'the metadata was stored').to.have.length.greaterThan(0);
    expect(JSON.parse(withMetadata[0]!.props.metadata as string).account_type, 'harmless keys kept').to.equal('checking');
    expect(
      nodes.filter((n) => n.labels.includes('Message')),
      'one message per request',
    ).to.have.length(TEXTS.length);
    const found = leaks(nodes);
    expect(found, found.join('\n')).to.deep.equal([]);
  });

  it('a number in metadata too long for JSON to keep exactly is refused, not stored rounded', async () => {
    // 4458474452907849125 parses as 4458474452907849000: not the digits sent, and not always a number the scan knows.
    const person = `pii-store-long-${randomUUID()}`;
    for (const [path, data] of [
      ['/api/v1/ingest', `{"user_id":"${person}","content":"I like tea","metadata":{"ref":4458474452907849125}}`],
      ['/api/v1/score', `{"content":"I like tea","metadata":{"refs":[1,{"n":-12345678901234567}]}}`],
    ] as const) {
      const r = await call('POST', path, { headers: v1(tv.apiKey), raw: { data, contentType: 'application/json' } });
      expect(r.status, r.text).to.equal(400);
      expect(r.text, r.text).to.match(/metadata.*(ref|refs\.1\.n).*send it as a string/);
    }
    const ok = await call('POST', '/api/v1/ingest', {
      headers: v1(tv.apiKey),
      body: { user_id: person, content: 'I like tea', metadata: { ref: '4458474452907849125', n: 9007199254740991 } },
    });
    expect(ok.status, ok.text).to.equal(201);
    const found = leaks(await storedOf(tv.tenantId, person));
    expect(found, found.join('\n')).to.deep.equal([]);
    expect(JSON.stringify(await storedOf(tv.tenantId, person))).to.not.include('4458474452907849');
  });

  it('v1 /ingest/v2: every text form leaves no digits on the message or on what the worker made of it', async () => {
    const person = `pii-store-v2-${randomUUID()}`;
    const ids: string[] = [];
    for (const message of TEXTS) {
      const r = await call('POST', '/api/v1/ingest/v2', { headers: v1(tv.apiKey), body: { user_id: person, speaker: 'user', message } });
      expect(r.status, r.text).to.equal(202);
      ids.push(r.body.message_id);
    }
    for (const id of ids) expect((await call('GET', `/api/v1/messages/${id}?wait=30`, { headers: v1(tv.apiKey) })).body.status).to.equal('done');
    const nodes = await storedOf(tv.tenantId, person);
    expect(nodes.filter((n) => n.labels.includes('Message'))).to.have.length(TEXTS.length);
    const found = leaks(nodes);
    expect(found, found.join('\n')).to.deep.equal([]);
  });

  it("b2c /ingest: every text form, as the message and as the speaker's name, leaves no digits anywhere", async () => {
    const person = `pii-store-b2c-${randomUUID()}`;
    const messages = TEXTS.map((content, i) => ({
      role: i % 2 ? 'other' : 'user',
      content,
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      ...(i % 2 && content.length <= 100 ? { name: content.replace(/[\t\n]/g, ' ') } : {}),
    }));
    const r = await call('POST', '/api/b2c/memory/ingest', { headers: bearer(tb.apiKey), body: { user_id: person, messages } });
    expect(r.status, r.text).to.equal(202);
    for (const id of r.body.message_ids)
      expect((await call('GET', `/api/b2c/memory/messages/${id}?wait=30`, { headers: bearer(tb.apiKey) })).body.status).to.equal('done');
    const nodes = await storedOf(tb.tenantId, person);
    expect(nodes.filter((n) => n.labels.includes('Message'))).to.have.length(TEXTS.length);
    const found = leaks(nodes);
    expect(found, found.join('\n')).to.deep.equal([]);
  });
});
