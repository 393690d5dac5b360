// Memories rendered with the words they came from (src/retrieval/quotes.ts), on the real Neo4j: a memory whose
// rewrite dropped words comes back with its message's sentences that state something (courtesy left out); a fix
// or a delete withholds that message from quoting for good; a suppressed topic keeps the quote out; a memory that
// kept every word stays a summary.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { fingerprintWords as contentWords } from '../../src/text/words.js';
import { stem } from '../../src/text/stems.js';
import { compactQuote, saysMore } from '../../src/retrieval/quotes.js';
import { testRead } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const MESSAGES = [
  'Haha yeah, honestly, thanks so much for asking! Anyway my cousin Ottoline restores harpsichords in Bruges.',
  'Thanks so much! Honestly the best bit was the margherita pizza in Naples, with buffalo mozzarella.',
  'Oh wow, cheers for remembering! Honestly my brother Tom still plays the bassoon every Sunday.',
  'Oh wow, cheers for asking! Honestly my aunt Marguerite still breeds alpacas near Lyon.',
  'Yeah we finally adopted a greyhound called Biscuit last month, wonderful news really, she sleeps all day.',
  'My wife Sarah is severely allergic to peanuts.',
];

type Source = { id: string; topic: string; summary: string; messageId: string; text: string; withheld: boolean };
type Item = { node_id: string; about: string; sentence: string };

describe('memories carry the words they came from', function () {
  this.timeout(120_000);
  let t: { tenantId: string; apiKey: string };
  const user = `quotes-${randomUUID()}`;
  const sources = () => testRead<Source>('memorySources', { tenantId: t.tenantId, userId: user });
  const items = async (message: string): Promise<Item[]> => {
    const r = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: user, message } });
    expect(r.status, r.text).to.equal(200);
    return r.body.items;
  };
  const everything = async () => (await items('What do you know about me?')).map((i) => i.sentence).join('\n');
  let quotable: Source[] = [];

  before(async () => {
    t = await newTenant('v1', 'scale');
    for (const content of MESSAGES)
      expect((await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } })).status).to.equal(201);
    quotable = (await sources()).filter((s) => saysMore(compactQuote(s.text), s));
  });
  after(cleanupTenants);

  it('renders a memory whose rewrite dropped words as who said what, and one that kept them as its summary', async () => {
    expect(quotable.length, 'memories whose message says more').to.be.at.least(3);
    for (const s of quotable) {
      const item = (await items(s.topic)).find((i) => i.node_id === s.id);
      expect(item, s.topic).to.not.equal(undefined);
      expect(item!.sentence).to.equal(`The user said: "${compactQuote(s.text)}"`);
    }
    const kept = (await sources()).find((s) => /peanuts/.test(s.text))!;
    expect(saysMore(kept.text, kept)).to.equal(false);
    expect((await items('peanuts')).find((i) => i.node_id === kept.id)!.sentence).to.equal(kept.summary);
    // A message that says more than its memory only by its courtesy ("Thanks so much!") is not quoted.
    const courteous = (await sources()).find((s) => /margherita/.test(s.text))!;
    expect(compactQuote(courteous.text)).to.not.include('Thanks so much');
    expect(saysMore(courteous.text, courteous)).to.equal(true);
    expect(saysMore(compactQuote(courteous.text), courteous)).to.equal(false);
    expect((await items('pizza in Naples')).find((i) => i.node_id === courteous.id)!.sentence).to.not.include('said:');
  });

  it('a fixed memory withholds its message: the old words never come back', async () => {
    const s = quotable[0]!;
    const r = await call('PATCH', `/api/v1/memory/v2/nodes/${s.id}`, {
      headers: v1(t.apiKey),
      body: { user_id: user, sentence: 'The user has a cousin who mends old keyboards.' },
    });
    expect(r.status, r.text).to.equal(200);
    expect((await sources()).find((x) => x.id === s.id)).to.include({ withheld: true });
    const all = await everything();
    expect(all).to.include('The user has a cousin who mends old keyboards.');
    expect(all).to.not.include(compactQuote(s.text));
  });

  it('a deleted memory withholds its message, and a suppressed topic keeps a quote out', async () => {
    const [, deleted, suppressed] = quotable;
    const r = await call('DELETE', `/api/v1/memory/v2/nodes/${deleted!.id}`, { headers: v1(t.apiKey), body: { user_id: user, reason: 'privacy' } });
    expect(r.status, r.text).to.equal(200);
    const [message] = await testRead<{ withheld: boolean }>('messageWithheld', { tenantId: t.tenantId, messageId: deleted!.messageId });
    expect(message, 'what was said survives the delete, withheld').to.deep.equal({ withheld: true });
    expect(await everything()).to.not.include(compactQuote(deleted!.text));

    // A word of the message the memory's own words lack: suppressing it hides the quote, not the memory.
    const have = new Set(contentWords(`${suppressed!.topic} ${suppressed!.summary}`).map(stem));
    const word = contentWords(compactQuote(suppressed!.text)).find((w) => !have.has(stem(w)) && w.length > 4)!;
    expect((await call('POST', '/api/v1/memory/v2/suppress', { headers: v1(t.apiKey), body: { user_id: user, topic: word } })).status).to.equal(201);
    const item = (await items(suppressed!.topic)).find((i) => i.node_id === suppressed!.id);
    expect(item, 'the memory itself stays').to.not.equal(undefined);
    expect(item!.sentence).to.equal(suppressed!.summary.replace(/ \(on \d{4}-\d{2}-\d{2}\)\.$/, '.'));
    expect(await everything()).to.not.include(compactQuote(suppressed!.text));
  });

  it('a quote keeps what its days meant when they were said', async () => {
    const other = `quotes-dated-${randomUUID()}`;
    // Sunday 21 September 2025: "on Wednesday" was the 17th, "next month" October.
    const queued = await call('POST', '/api/v1/ingest/v2', {
      headers: v1(t.apiKey),
      body: {
        user_id: other,
        speaker: 'user',
        event_time: '2025-09-21T10:00:00Z',
        message: 'My neighbour Ingrid rang on Wednesday about the fence. She wants to plant a beech hedge there next month.',
      },
    });
    expect(queued.status, queued.text).to.equal(202);
    const done = await call('GET', `/api/v1/messages/${queued.body.message_id}?wait=20`, { headers: v1(t.apiKey) });
    expect(done.body.status, done.text).to.equal('done');
    const r = await call('POST', '/api/v1/context/items', {
      headers: v1(t.apiKey),
      body: { user_id: other, message: 'When did Ingrid ring about the fence?' },
    });
    expect(r.status, r.text).to.equal(200);
    const quoted = (r.body.items as Item[]).find((i) => i.sentence.includes('said:'));
    expect(quoted, JSON.stringify(r.body.items)).to.not.equal(undefined);
    expect(quoted!.sentence, quoted!.sentence).to.include('rang on Wednesday [2025-09-17] about the fence.');
    expect(quoted!.sentence).to.include('next month [October 2025].');
  });
});
