// Idempotency-Key on the routes that acknowledge messages: a retried request answers with what the first stored,
// and stores nothing again, also when the copies arrive at once; a key binds one request for one person.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

describe('Idempotency-Key on acknowledging routes', () => {
  let t: { tenantId: string; apiKey: string };
  let b: { tenantId: string; apiKey: string };
  before(async () => {
    t = await newTenant('v1', 'scale');
    b = await newTenant('b2c', 'scale');
  });
  after(cleanupTenants);

  const messagesOf = async (tenantId: string, userId: string) =>
    (await testRead<{ id: string }>('messageSpeakers', { tenantId, userId })).map((m) => m.id);
  const ingestV2 = (user: string, message: string, key?: string) =>
    call('POST', '/api/v1/ingest/v2', {
      headers: { ...v1(t.apiKey), ...(key ? { 'Idempotency-Key': key } : {}) },
      body: { user_id: user, speaker: 'user', message },
    });

  it('a retried /ingest/v2 answers with the first message id and stores nothing again', async () => {
    const user = `idem-${randomUUID()}`;
    const key = randomUUID();
    const first = await ingestV2(user, 'I adopted a cat named Miso.', key);
    expect(first.status, first.text).to.equal(202);
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    const again = await ingestV2(user, 'I adopted a cat named Miso.', key);
    expect(again.status, again.text).to.equal(202);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body.message_id).to.equal(first.body.message_id);
    expect(again.body.received_at).to.equal(first.body.received_at);
    expect(await messagesOf(t.tenantId, user)).to.deep.equal([first.body.message_id]);
    // Without a key, the same request is a new message, as before.
    const plain = await ingestV2(user, 'I adopted a cat named Miso.');
    expect(plain.body.message_id).to.not.equal(first.body.message_id);
  });

  it('the same key with a different request is 409 and stores nothing', async () => {
    const user = `idem-${randomUUID()}`;
    const key = randomUUID();
    await ingestV2(user, 'My brother Ravi lives in Pune.', key);
    const other = await ingestV2(user, 'My brother Ravi lives in Mumbai.', key);
    expect(other.status, other.text).to.equal(409);
    expect(other.body.error.code).to.equal('CONFLICT');
    expect(other.body.error.message).to.match(/Idempotency-Key was used with a different request/);
    expect(await messagesOf(t.tenantId, user)).to.have.length(1);
  });

  it('a key belongs to one person: another user of the tenant may use it for their own request', async () => {
    const key = randomUUID();
    const a = await ingestV2(`idem-a-${randomUUID()}`, 'I run marathons.', key);
    const other = await ingestV2(`idem-b-${randomUUID()}`, 'I run marathons.', key);
    expect(other.status).to.equal(202);
    expect(other.body.message_id).to.not.equal(a.body.message_id);
    expect(other.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('copies sent at once store one message and all answer with its id', async () => {
    const user = `idem-race-${randomUUID()}`;
    await ingestV2(user, 'First sight of this person.'); // the person exists: the copies race on the insert itself
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => ingestV2(user, 'I started learning Korean.', key)));
    for (const a of answers) expect(a.status, a.text).to.equal(202);
    const ids = new Set(answers.map((a) => a.body.message_id));
    expect(ids.size).to.equal(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).to.have.length(5);
    expect(await messagesOf(t.tenantId, user)).to.have.length(2);
  });

  it('b2c /ingest and /turn replay their message ids in order', async () => {
    const user = `idem-b2c-${randomUUID()}`;
    const key = randomUUID();
    const body = {
      user_id: user,
      messages: [
        { role: 'user', content: 'We moved to Leeds in 2021.', timestamp: '2023-01-02T10:00:00Z' },
        { role: 'assistant', content: 'How do you like Leeds?', timestamp: '2023-01-02T10:00:05Z' },
        { role: 'user', content: 'My daughter Ada loves it there.', timestamp: '2023-01-02T10:01:00Z' },
      ],
    };
    const first = await call('POST', '/api/b2c/memory/ingest', { headers: { ...bearer(b.apiKey), 'Idempotency-Key': key }, body });
    expect(first.status, first.text).to.equal(202);
    const again = await call('POST', '/api/b2c/memory/ingest', { headers: { ...bearer(b.apiKey), 'Idempotency-Key': key }, body });
    expect(again.status).to.equal(202);
    expect(again.body.message_ids).to.deep.equal(first.body.message_ids);
    expect(await messagesOf(b.tenantId, user)).to.have.length(3);
    // The same key on /turn is another request (another route): refused, not replayed.
    const turn = await call('POST', '/api/b2c/memory/turn', {
      headers: { ...bearer(b.apiKey), 'Idempotency-Key': key },
      body: { user_id: user, user_message: 'Hi', assistant_response: 'Hello' },
    });
    expect(turn.status).to.equal(409);
    const turnKey = randomUUID();
    const turnBody = { user_id: user, user_message: 'Ada starts school in May.', assistant_response: 'Exciting!' };
    const t1 = await call('POST', '/api/b2c/memory/turn', { headers: { ...bearer(b.apiKey), 'Idempotency-Key': turnKey }, body: turnBody });
    const t2 = await call('POST', '/api/b2c/memory/turn', { headers: { ...bearer(b.apiKey), 'Idempotency-Key': turnKey }, body: turnBody });
    expect(t2.body.message_ids).to.deep.equal(t1.body.message_ids);
    expect(await messagesOf(b.tenantId, user)).to.have.length(5);
  });

  it('a key whose 24 hours are up may be used again, for a new request', async () => {
    const user = `idem-old-${randomUUID()}`;
    const key = randomUUID();
    const first = await ingestV2(user, 'I bought a sailboat.', key);
    await testWrite('ageIdempotentMessages', { tenantId: t.tenantId, userId: user, key, hours: 25 });
    const later = await ingestV2(user, 'I sold the sailboat.', key);
    expect(later.status, later.text).to.equal(202);
    expect(later.body.message_id).to.not.equal(first.body.message_id);
    expect(await messagesOf(t.tenantId, user)).to.have.length(2);
  });

  it('a malformed key is a 400 naming the header, and nothing is stored', async () => {
    const user = `idem-bad-${randomUUID()}`;
    for (const key of ['has space', 'x'.repeat(256), 'tab\there']) {
      const r = await call('POST', '/api/v1/ingest/v2', {
        headers: { ...v1(t.apiKey), 'Idempotency-Key': key },
        body: { user_id: user, speaker: 'user', message: 'Hello there.' },
      });
      expect(r.status, key).to.equal(400);
      expect(r.body.error.message).to.include('Idempotency-Key');
    }
    expect(await messagesOf(t.tenantId, user)).to.have.length(0);
  });
});
