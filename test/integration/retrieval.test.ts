// The read half of the loop on the real Neo4j: /context/items, /query, b2c /retrieve, /context/{user_id}.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { countTokens } from 'gpt-tokenizer';
import { testEnv } from '../helpers/env.js';
import { fullTextMatches, testRead, testWrite } from '../helpers/graphReads.js';
import { admin, bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const FACTS = [
  'My wife Sarah is severely allergic to peanuts.',
  'I work at Acme Robotics as a data engineer.',
  'Sarah loves hiking in the Alps.',
  'Our dog Biscuit is scared of thunderstorms.',
  'I visited Lisbon with my brother Tom in May 2023.',
  'I play the cello in a community orchestra on Tuesdays.',
];

async function seed(key: string, user: string, facts = FACTS, path = '/api/v1/ingest') {
  for (const content of facts) {
    const r = await call('POST', path, { headers: v1(key), body: { user_id: user, content } });
    expect(r.status, r.text).to.equal(201);
  }
}

describe('retrieval', () => {
  let t: { tenantId: string; apiKey: string };
  const user = `ret-${randomUUID()}`;
  before(async () => {
    t = await newTenant('v1', 'scale');
    await seed(t.apiKey, user);
  });
  after(cleanupTenants);

  describe('POST /context/items', () => {
    it('returns plain items {node_id, about, sentence, date}: no scores, no caution wording', async () => {
      const r = await call('POST', '/api/v1/context/items', {
        headers: v1(t.apiKey),
        body: { user_id: user, message: 'What should I cook for my wife tonight?' },
      });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.user_id).to.equal(user);
      expect(r.body.count).to.equal(r.body.items.length).and.be.greaterThan(0);
      for (const item of r.body.items) {
        expect(Object.keys(item).sort()).to.deep.equal(['about', 'date', 'node_id', 'sentence']);
        expect(item.date).to.match(/^\d{4}-\d{2}-\d{2}$/);
        expect(item.sentence).to.not.match(/^(Probably|Check|Not confirmed)/);
      }
      // "my wife" resolves to Sarah, whose allergy must be there, near the top.
      const top = r.body.items
        .slice(0, 3)
        .map((i: { sentence: string }) => i.sentence)
        .join(' ');
      expect(top).to.match(/allergic to peanuts/);
    });

    it('keeps to the token budget, measured with a real tokenizer', async () => {
      for (const budget of [60, 150]) {
        const r = await call('POST', '/api/v1/context/items', {
          headers: v1(t.apiKey),
          body: { user_id: user, message: 'tell me about my family', max_tokens: budget },
        });
        const used = r.body.items.reduce(
          (n: number, i: { about: string; sentence: string; date: string }) => n + countTokens(`${i.about}: ${i.sentence} (${i.date})`) + 1,
          0,
        );
        expect(used, `budget ${budget}`).to.be.at.most(budget);
        expect(r.body.count).to.be.greaterThan(0);
      }
    });

    it('dates a memory without an event date by when it was said, not by when it was imported (regression)', async () => {
      const person = `ret-dated-${randomUUID()}`;
      const r = await call('POST', '/api/v1/ingest/v2', {
        headers: v1(t.apiKey),
        body: { user_id: person, speaker: 'user', message: 'I really enjoy restoring old motorbikes.', event_time: '2023-05-08T13:56:00Z' },
      });
      expect(r.status, r.text).to.equal(202);
      const done = await call('GET', `/api/v1/messages/${r.body.message_id}?wait=20`, { headers: v1(t.apiKey) });
      expect(done.body.status).to.equal('done');
      const items = await call('POST', '/api/v1/context/items', {
        headers: v1(t.apiKey),
        body: { user_id: person, message: 'What are my hobbies with motorbikes?' },
      });
      const item = items.body.items.find((i: { sentence: string }) => /motorbikes/.test(i.sentence));
      expect(item, JSON.stringify(items.body)).to.not.equal(undefined);
      expect(item.date).to.equal('2023-05-08');
      // The interest it showed is dated by when it was said too (interests were dated by the day they were stored).
      const interest = items.body.items.find((i: { node_id: string; sentence: string }) => i !== item && /motorbikes/.test(i.sentence));
      expect(interest, JSON.stringify(items.body)).to.not.equal(undefined);
      expect(interest.date).to.equal('2023-05-08');
      const q = await call('POST', '/api/v1/query', {
        headers: v1(t.apiKey),
        body: { user_id: person, current_input: 'What are my hobbies with motorbikes?' },
      });
      expect(q.body.context).to.include('2023-05-08').and.not.include(new Date().toISOString().slice(0, 10));
    });

    it('prefers memories whose event dates match a temporal question', async () => {
      const r = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: user, message: 'When did I go to Lisbon?' } });
      expect(r.body.items[0].sentence).to.match(/Lisbon/);
    });

    it('an unknown person gets no items; bad input gets 400 naming the field', async () => {
      const r = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: 'nobody-here', message: 'hi' } });
      expect(r.body).to.deep.equal({ user_id: 'nobody-here', items: [], count: 0 });
      const bad = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: user } });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.message).to.include("'message' is required");
      const budget = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: user, message: 'x', max_tokens: -5 } });
      expect(budget.status).to.equal(400);
      expect(budget.body.error.message).to.include("'max_tokens'");
    });

    it('never returns another person or another tenant', async () => {
      const other = await newTenant('v1');
      await seed(other.apiKey, user, ['My wife Sarah is a pilot.']);
      await seed(t.apiKey, `${user}-sibling`, ['My wife Sarah is a surgeon.']);
      const r = await call('POST', '/api/v1/context/items', {
        headers: v1(t.apiKey),
        body: { user_id: user, message: 'What does my wife do for work?' },
      });
      const all = r.body.items.map((i: { sentence: string }) => i.sentence).join(' ');
      expect(all).to.not.match(/pilot|surgeon/);
    });

    it('sees a new write at once (the cache is invalidated)', async () => {
      const q = { user_id: user, message: 'What instrument do I play?' };
      const before = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: q });
      expect(JSON.stringify(before.body)).to.not.include('bassoon');
      await seed(t.apiKey, user, ['I also started learning the bassoon last week.']);
      const after = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: q });
      expect(JSON.stringify(after.body)).to.include('bassoon');
    });

    it('counts every retrieval in /metrics, the same question twice included (nothing is cached in the service)', async () => {
      const counted = async () => {
        const text = (await call('GET', '/metrics', { headers: admin })).text;
        return Number(/^retrievals_total\{outcome="computed"\} (\d+)/m.exec(text)?.[1] ?? 0);
      };
      const q = { user_id: user, message: `Where did I travel with Tom? (${randomUUID()})` };
      const before = await counted();
      for (let i = 0; i < 2; i++) expect((await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: q })).status).to.equal(200);
      expect(await counted()).to.equal(before + 2);
    });

    it('finds what a question asks about the person by their own name, not just their latest memories', async () => {
      // Everything of a person hangs under their self entity: naming them must not rank it all by recency.
      const who = `named-${randomUUID()}`;
      const said = async (message: string) => {
        const r = await call('POST', '/api/v1/ingest/v2', {
          headers: v1(t.apiKey),
          body: { user_id: who, speaker: 'user', speaker_name: 'Renata', message },
        });
        return r.body.message_id as string;
      };
      await said('I am researching summer camps for our family.');
      const topics = ['pottery', 'jazz', 'tennis', 'gardening', 'chess', 'baking', 'hiking', 'painting', 'sailing', 'cycling', 'yoga', 'poetry'];
      let last = '';
      for (const [i, topic] of topics.entries()) last = await said(`Last week I spent day ${i + 1} on ${topic} with my neighbours.`);
      await call('GET', `/api/v1/messages/${last}?wait=20`, { headers: v1(t.apiKey) });
      const r = await call('POST', '/api/v1/context/items', {
        headers: v1(t.apiKey),
        body: { user_id: who, message: 'What did Renata research?', max_tokens: 80 },
      });
      expect(r.body.items.map((i: { sentence: string }) => i.sentence).join(' ')).to.match(/summer camps/);
    });

    it('finds the answer said right after the message a question matches, though it shares no word with the question', async () => {
      const who = `ctx-${randomUUID()}`;
      const at = (minute: number) => new Date(Date.UTC(2024, 2, 1, 10, minute)).toISOString();
      const said = async (speaker: 'user' | 'other', message: string, minute: number) => {
        const r = await call('POST', '/api/v1/ingest/v2', {
          headers: v1(t.apiKey),
          body: { user_id: who, speaker, speaker_name: speaker === 'user' ? 'Dana' : 'Sam', message, event_time: at(minute) },
        });
        expect(r.status, r.text).to.equal(202);
        return r.body.message_id as string;
      };
      // Said just before the question too, but three hours earlier: another conversation, not its context.
      await said('user', 'We adopted a grey cat named Pixel from the shelter.', -180);
      await said('other', 'How are your kids coping after the bike crash?', 0);
      await said('user', 'They were shaken at first, but we calmed them down and they are resilient.', 1);
      // Later memories, so that recency does not bring the answer either.
      const topics = ['pottery', 'jazz', 'tennis', 'gardening', 'chess', 'baking', 'hiking', 'painting', 'sailing', 'cycling', 'yoga', 'poetry'];
      let last = '';
      for (const [i, topic] of topics.entries()) last = await said('user', `Last week I spent day ${i + 1} on ${topic} with my neighbours.`, 10 + i);
      await call('GET', `/api/v1/messages/${last}?wait=20`, { headers: v1(t.apiKey) });
      const r = await call('POST', '/api/v1/context/items', {
        headers: v1(t.apiKey),
        body: { user_id: who, message: 'How did the kids cope after the crash?', max_tokens: 120 },
      });
      expect(r.status, r.text).to.equal(200);
      const sentences = r.body.items.map((i: { sentence: string }) => i.sentence).join(' ');
      expect(sentences, JSON.stringify(r.body.items)).to.match(/shaken at first/);
      expect(sentences, JSON.stringify(r.body.items)).to.not.match(/Pixel/);
    });

    it('removes a suppressed topic before anything else is chosen', async () => {
      const u = `sup-${randomUUID()}`;
      await seed(t.apiKey, u, [
        'I love hiking with my friends.',
        'I am training for a hiking trip to Nepal.',
        'I bake sourdough bread every weekend.',
      ]);
      const before = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: u, message: 'any hiking plans?' } });
      expect(JSON.stringify(before.body)).to.include('hiking');
      await testWrite('addSuppression', { tenantId: t.tenantId, userId: u, topic: 'hiking' });
      await seed(t.apiKey, u, ['I like tea.']); // a write, so the cached answer is not reused
      const after = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: u, message: 'any hiking plans?' } });
      expect(JSON.stringify(after.body)).to.not.match(/hiking/i);
    });
  });

  describe('broader terms', () => {
    it('finds a memory through the broader words of its nouns, below a match on its own words', async () => {
      const u = `ret-broader-${randomUUID()}`;
      await seed(t.apiKey, u, [
        'I spent two weeks in Portugal last spring.',
        'I took up taekwondo in January.',
        'Our European country tour was cancelled.',
      ]);
      const facts = await testRead<{ id: string; summary: string; broader: string }>('userFactBroader', { tenantId: t.tenantId, userId: u });
      expect(facts.find((f) => /Portugal/.test(f.summary))?.broader)
        .to.match(/\beuropean\b/)
        .and.match(/\bcountry\b/);
      const search = async (question: string) => {
        const ids = await fullTextMatches({ tenantId: t.tenantId, userId: u }, question, 10);
        const byId = new Map(facts.map((f) => [f.id, f.summary]));
        return ids.map((id) => byId.get(id) ?? '').filter(Boolean);
      };
      // The question's words are in no summary of Portugal or taekwondo: only the broader words find them.
      expect((await search('Which martial arts do I practise?'))[0]).to.match(/taekwondo/);
      // A memory saying the words themselves comes before one found by its broader words.
      const europe = await search('Which European countries have I been to?');
      expect(europe[0]).to.match(/European country tour/);
      expect(europe).to.satisfy((l: string[]) => l.some((x) => /Portugal/.test(x)));
    });
  });

  describe('POST /query', () => {
    it('answers a framed block with nodes, confidence and channel counts', async () => {
      const r = await call('POST', '/api/v1/query', {
        headers: v1(t.apiKey),
        body: { user_id: user, current_input: 'Plan a weekend trip for me and Sarah' },
      });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.context).to.be.a('string').and.include('Sarah');
      expect(r.body.node_count).to.equal(r.body.nodes.length).and.be.greaterThan(0);
      expect(['HIGH', 'MEDIUM', 'LOW']).to.include(r.body.confidence);
      expect(Object.keys(r.body.retrieval_channels).sort()).to.deep.equal(['constraints', 'recency', 'salience']);
      const total = Object.values(r.body.retrieval_channels as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(total).to.equal(r.body.node_count);
      for (const n of r.body.nodes) {
        expect(Object.keys(n).sort()).to.deep.equal(['framing', 'node_id', 'salience', 'topic']);
        expect(['assert', 'hedged', 'hook']).to.include(n.framing);
        expect(n.salience).to.be.within(0, 1);
      }
      // The peanut allergy is a constraint: it is stated plainly whatever the question.
      expect(r.body.context).to.match(/allergic to peanuts/);
      expect(r.body.retrieval_channels.constraints).to.be.at.least(1);
    });

    it('NONE for a person with no memories; max_tokens and include_weaving honoured', async () => {
      const none = await call('POST', '/api/v1/query', { headers: v1(t.apiKey), body: { user_id: 'nobody' } });
      expect(none.body).to.include({ context: '', node_count: 0, confidence: 'NONE' });
      const small = await call('POST', '/api/v1/query', { headers: v1(t.apiKey), body: { user_id: user, current_input: 'family', max_tokens: 80 } });
      expect(countTokens(small.body.context)).to.be.at.most(80);
      const woven = await call('POST', '/api/v1/query', {
        headers: v1(t.apiKey),
        body: { user_id: user, current_input: 'Sarah hiking allergy', include_weaving: false },
      });
      expect(woven.body.context).to.not.include('Connections:');
      const bad = await call('POST', '/api/v1/query', { headers: v1(t.apiKey), body: { current_input: 'x' } });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.message).to.include("'user_id' is required");
    });

    it('threshold raises the salience floor for the call, never below the profile’s; out of range is 400', async () => {
      const all = await call('POST', '/api/v1/query', { headers: v1(t.apiKey), body: { user_id: user, threshold: 0 } });
      expect(all.body.node_count).to.be.greaterThan(0);
      const floor = Math.min(...all.body.nodes.map((n: { salience: number }) => n.salience));
      const above = all.body.nodes.filter((n: { salience: number }) => n.salience > floor).length;
      const raised = await call('POST', '/api/v1/query', { headers: v1(t.apiKey), body: { user_id: user, threshold: floor + 0.0005 } });
      expect(raised.status, raised.text).to.equal(200);
      expect(raised.body.nodes.every((n: { salience: number }) => n.salience > floor)).to.equal(true);
      expect(raised.body.node_count).to.equal(above);
      const bad = await call('POST', '/api/v1/query', { headers: v1(t.apiKey), body: { user_id: user, threshold: 1.5 } });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.message).to.include("'threshold'");
    });
  });

  describe('reinforcement loop', () => {
    it('a turn that touches an injected memory records a processing event', async () => {
      const u = `loop-${randomUUID()}`;
      await seed(t.apiKey, u, ['My sister Nina is training for the Berlin marathon.']);
      const items = await call('POST', '/api/v1/context/items', { headers: v1(t.apiKey), body: { user_id: u, message: 'How is my sister doing?' } });
      const nina = items.body.items.find((i: { sentence: string }) => /marathon/.test(i.sentence));
      expect(nina, JSON.stringify(items.body)).to.exist;
      // What went into the context is recorded after the answer: wait for that write, as a next turn would come later.
      await (await testEnv()).services.retrieval.recorded();
      const before = (await call('GET', `/api/v1/nodes/${nina.node_id}`, { headers: v1(t.apiKey) })).body.processing_count;
      const sent = await call('POST', '/api/v1/ingest/v2', {
        headers: v1(t.apiKey),
        body: { user_id: u, speaker: 'user', message: 'Nina says her marathon training is going great.' },
      });
      await call('GET', `/api/v1/messages/${sent.body.message_id}?wait=20`, { headers: v1(t.apiKey) });
      const after = (await call('GET', `/api/v1/nodes/${nina.node_id}`, { headers: v1(t.apiKey) })).body.processing_count;
      expect(after).to.equal(before + 1);
    });
  });

  describe('GET /context/{user_id}', () => {
    it('organises the person by domains and entities, with facets and themes as sentences', async () => {
      const r = await call('GET', `/api/v1/context/${user}`, { headers: v1(t.apiKey) });
      expect(r.status).to.equal(200);
      expect(r.body.total_domains).to.equal(r.body.domains.length);
      expect(r.body.total_entities).to.be.greaterThan(2);
      const entities = r.body.domains.flatMap((d: { entities: Array<{ name: string }> }) => d.entities);
      const sarah = entities.find((e: { name: string }) => e.name === 'Sarah');
      expect(sarah.salience).to.be.within(0, 1);
      expect(sarah.facets.join(' ')).to.match(/peanuts/);
      expect(sarah.themes).to.be.an('array');
    });

    it('?format=export is the portability export', async () => {
      const r = await call('GET', `/api/v1/context/${user}?format=export`, { headers: v1(t.apiKey) });
      expect(r.body.user_id).to.equal(user);
      expect(Date.parse(r.body.exported_at)).to.be.closeTo(Date.now(), 60_000);
      expect(r.body.suppressed_topics).to.deep.equal([]);
      expect(r.body.total_nodes).to.be.greaterThan(5);
      expect(r.body.total_edges).to.be.greaterThan(3);
      const facet = r.body.domains[0].entities[0].facets[0];
      expect(Object.keys(facet).sort()).to.deep.equal(['created_at', 'salience', 'summary', 'topic']);
      expect(r.body.domains[0].entities[0]).to.have.property('interests');
      const bad = await call('GET', `/api/v1/context/${user}?format=pdf`, { headers: v1(t.apiKey) });
      expect(bad.status).to.equal(400);
    });
  });

  describe('b2c POST /retrieve', () => {
    it('answers one block; top_k caps the memories; a v1 person is not reachable', async () => {
      const b2c = await newTenant('b2c', 'scale');
      const u = `b2c-${randomUUID()}`;
      const turn = await call('POST', '/api/b2c/memory/ingest', {
        headers: bearer(b2c.apiKey),
        body: {
          user_id: u,
          messages: [
            { role: 'user', content: 'My son Leo is allergic to dairy.', timestamp: '2025-01-10T10:00:00Z' },
            { role: 'user', content: 'Leo starts kindergarten in September.', timestamp: '2025-01-10T10:01:00Z' },
            { role: 'user', content: 'I am a violin teacher.', timestamp: '2025-01-10T10:02:00Z' },
          ],
        },
      });
      for (const id of turn.body.message_ids) await call('GET', `/api/b2c/memory/messages/${id}?wait=20`, { headers: bearer(b2c.apiKey) });
      const r = await call('POST', '/api/b2c/memory/retrieve', {
        headers: bearer(b2c.apiKey),
        body: { user_id: u, query: 'What can Leo eat at the party?' },
      });
      expect(r.status, r.text).to.equal(200);
      expect(Object.keys(r.body)).to.deep.equal(['context_block']);
      expect(r.body.context_block).to.match(/dairy/);
      const capped = await call('POST', '/api/b2c/memory/retrieve', { headers: bearer(b2c.apiKey), body: { user_id: u, query: 'Leo', top_k: 1 } });
      expect(capped.body.context_block.split('\n').filter((l: string) => l.startsWith('- '))).to.have.length(1);
      const crossed = await call('POST', '/api/b2c/memory/retrieve', { headers: bearer(b2c.apiKey), body: { user_id: user, query: 'Sarah' } });
      expect(crossed.body.context_block).to.equal('');
      const bad = await call('POST', '/api/b2c/memory/retrieve', { headers: bearer(b2c.apiKey), body: { query: 'x' } });
      expect(bad.status).to.equal(400);
      expect(bad.body.code).to.equal('MISSING_USER_ID');
      const zero = await call('POST', '/api/b2c/memory/retrieve', { headers: bearer(b2c.apiKey), body: { user_id: u, query: 'x', top_k: 0 } });
      expect(zero.status).to.equal(400);
    });
  });
});
