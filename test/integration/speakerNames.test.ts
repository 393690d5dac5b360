// Conversations between two people under one user_id (LoCoMo-style): speaker_name on /ingest/v2 and b2c /ingest
// names the speaker in summaries, makes the other participant one entity across messages, and becomes an alias
// of the person's self entity, so questions naming them find their facts.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { testRead } from '../helpers/graphReads.js';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

describe('speaker names', () => {
  let t: { tenantId: string; apiKey: string };
  before(async () => {
    t = await newTenant('v1', 'scale');
  });
  after(cleanupTenants);

  async function say(user: string, speaker: 'user' | 'other', name: string, message: string, eventTime: string): Promise<string> {
    const r = await call('POST', '/api/v1/ingest/v2', {
      headers: v1(t.apiKey),
      body: { user_id: user, speaker, speaker_name: name, message, event_time: eventTime },
    });
    expect(r.status, r.text).to.equal(202);
    return r.body.message_id as string;
  }

  it('two participants: names in summaries, one entity for the other participant, the person found by name', async () => {
    const user = `conv-${randomUUID()}`;
    const turns: Array<['user' | 'other', string, string]> = [
      ['user', 'Renata', 'I went to a grief support circle yesterday and it was so moving.'],
      ['other', 'Hollis', "I'm buried in shifts and errands. I carved a canoe paddle last year."],
      ['user', 'Renata', "I'm researching language schools now."],
      ['other', 'Hollis', "I ran a charity marathon for the children's hospital last Saturday."],
      ['other', 'Hollis', 'My kids love woodworking, we built birdhouses together.'],
    ];
    const ids: string[] = [];
    // Sequential, as a conversation arrives: each message is stored before the next is sent.
    for (const [i, [speaker, name, text]] of turns.entries())
      ids.push(await say(user, speaker, name, text, `2023-05-08T13:56:${String(i).padStart(2, '0')}Z`));
    for (const id of ids) {
      const r = await call('GET', `/api/v1/messages/${id}?wait=20`, { headers: v1(t.apiKey) });
      expect(r.body.status, JSON.stringify(r.body)).to.equal('done');
    }

    const stored = await testRead('messageSpeakers', { tenantId: t.tenantId, userId: user });
    expect(stored.map((m) => m.speakerName)).to.deep.equal(turns.map(([, name]) => name));

    const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: user });
    const summaries = facts.map((f) => f.summary);
    expect(summaries).to.include('Renata went to a grief support circle yesterday and it was so moving (on 2023-05-07).');
    expect(summaries.join(' ')).to.not.match(/the user|the other speaker/i);
    // Hollis's facts from three messages hang under one entity named Hollis.
    const hollis = facts.filter((f) => f.subject === 'Hollis');
    expect(hollis.length, JSON.stringify(facts)).to.be.at.least(3);
    expect(new Set(hollis.map((f) => f.subjectId)).size).to.equal(1);
    expect(hollis.map((f) => f.summary).join(' ')).to.match(/Hollis ran a charity marathon/);
    const counts = await testRead('userGraphCounts', { tenantId: t.tenantId, userId: user });
    expect(counts[0].entityNames.filter((n: string) => n === 'Hollis')).to.have.length(1);
    // The person's self entity carries their name as an alias.
    const own = facts.find((f) => f.summary.startsWith('Renata went'));
    expect(own.aliases).to.include('renata');

    // A question naming the person finds their facts through the alias (and Hollis's through his name).
    const ask = async (message: string) => {
      const r = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: user, message, max_tokens: 500 } });
      expect(r.status, r.text).to.equal(200);
      return r.body.items.map((i: { sentence: string }) => i.sentence).join(' ');
    };
    expect(await ask('What did Renata research?')).to.match(/Renata is researching language schools/);
    expect(await ask('When did Hollis run a charity marathon?')).to.match(/Hollis ran a charity marathon/);
  });

  it('a name the user gives themself is theirs: no one new, an alias of the person, and questions naming it find them', async () => {
    const b2c = await newTenant('b2c', 'scale');
    const user = `named-${randomUUID()}`;
    const turn = async (user_message: string) => {
      const r = await call('POST', '/api/b2c/memory/turn', {
        headers: bearer(b2c.apiKey),
        body: { user_id: user, user_message, assistant_response: 'Noted.' },
      });
      expect(r.status, r.text).to.equal(202);
      const m = await call('GET', `/api/b2c/memory/messages/${r.body.message_ids[0]}?wait=20`, { headers: bearer(b2c.apiKey) });
      expect(m.body.status).to.equal('done');
    };
    await turn('My name is Samantha, but everyone calls me Sam.');
    await turn('I teach piano to kids on weekends.');
    const counts = await testRead('userGraphCounts', { tenantId: b2c.tenantId, userId: user });
    expect(counts[0].entityNames, 'a person named Samantha or Sam was made').to.not.include.members(['Samantha']);
    expect(counts[0].entityNames).to.not.include('Sam');
    const facts = await testRead('userFacts', { tenantId: b2c.tenantId, userId: user });
    expect(facts.find((f) => /piano/.test(f.summary)).aliases).to.include.members(['samantha', 'sam']);
    const r = await call('POST', '/api/b2c/memory/retrieve', { headers: bearer(b2c.apiKey), body: { user_id: user, query: 'What does Sam teach?' } });
    expect(r.body.context_block).to.match(/piano/);
  });

  it('b2c /ingest takes a name per message', async () => {
    const b2c = await newTenant('b2c', 'scale');
    const user = `b2c-conv-${randomUUID()}`;
    const r = await call('POST', '/api/b2c/memory/ingest', {
      headers: bearer(b2c.apiKey),
      body: {
        user_id: user,
        messages: [
          { role: 'user', name: 'Rolf', content: 'I lost my job as a surveyor last week.', timestamp: '2023-01-20T16:04:00Z' },
          { role: 'other', name: 'Wanda', content: 'I opened my own online bicycle parts store.', timestamp: '2023-01-20T16:04:05Z' },
        ],
      },
    });
    expect(r.status, r.text).to.equal(202);
    for (const id of r.body.message_ids) {
      const m = await call('GET', `/api/b2c/memory/messages/${id}?wait=20`, { headers: bearer(b2c.apiKey) });
      expect(m.body.status).to.equal('done');
    }
    const facts = await testRead('userFacts', { tenantId: b2c.tenantId, userId: user });
    const summaries = facts.map((f) => f.summary).join(' ');
    expect(summaries).to.match(/Rolf lost their job as a surveyor/);
    expect(summaries, JSON.stringify(facts)).to.match(/Wanda opened their own online bicycle parts store/);
    expect(facts.find((f) => f.summary.startsWith('Wanda')).subject).to.equal('Wanda');
  });

  it('400 naming speaker_name (v1) and messages.N.name (b2c) when bad', async () => {
    for (const speaker_name of ['   ', 'x'.repeat(101), 42, 'Ann\u0000']) {
      const r = await call('POST', '/api/v1/ingest/v2', {
        headers: v1(t.apiKey),
        body: { user_id: 'u', speaker: 'user', message: 'hi', speaker_name },
      });
      expect(r.status, JSON.stringify(speaker_name)).to.equal(400);
      expect(r.body.error.message).to.include("'speaker_name'");
    }
    const ok = await call('POST', '/api/v1/ingest/v2', {
      headers: v1(t.apiKey),
      body: { user_id: 'u', speaker: 'user', message: 'hi', speaker_name: 'x'.repeat(100) },
    });
    expect(ok.status).to.equal(202);
    const b2c = await newTenant('b2c', 'scale');
    const bad = await call('POST', '/api/b2c/memory/ingest', {
      headers: bearer(b2c.apiKey),
      body: { user_id: 'u', messages: [{ role: 'user', name: '', content: 'hi', timestamp: '2023-01-20T16:04:00Z' }] },
    });
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.include("'messages.0.name'");
  });
});
