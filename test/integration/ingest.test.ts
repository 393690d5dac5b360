// v1 ingestion on the real Neo4j: /ingest, /ingest/batch, /score, /process, /nodes, /ingest/v2, /messages.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { admin, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function sendV2(key: string, body: Record<string, unknown>) {
  const r = await call('POST', '/api/v1/ingest/v2', { headers: v1(key), body });
  expect(r.status, r.text).to.equal(202);
  return r.body.message_id as string;
}

async function waitDone(key: string, messageId: string) {
  const r = await call('GET', `/api/v1/messages/${messageId}?wait=20`, { headers: v1(key) });
  expect(r.status).to.equal(200);
  expect(r.body.status, JSON.stringify(r.body)).to.equal('done');
  return r.body;
}

describe('v1 ingestion', () => {
  let t: { tenantId: string; apiKey: string };
  before(async () => {
    t = await newTenant('v1', 'scale');
  });
  after(cleanupTenants);

  describe('POST /ingest (synchronous)', () => {
    it('stores one memory and answers 201 with scores, new entities and safety', async () => {
      const r = await call('POST', '/api/v1/ingest', {
        headers: v1(t.apiKey),
        body: { user_id: 'ana', content: 'My wife Sarah is severely allergic to peanuts.', metadata: { source: 'chat', turn: 3 } },
      });
      expect(r.status, r.text).to.equal(201);
      expect(r.body.node_id).to.match(UUID);
      for (const k of ['base_score', 's1', 's2', 's3', 's4', 's5']) expect(r.body.scoring[k], k).to.be.within(0, 1);
      expect(r.body.scoring.signal_modifiers_applied).to.be.a('boolean');
      expect(r.body.entities_created).to.include('Sarah');
      expect(r.body.safety.crisis_detected).to.equal(false);

      const node = await call('GET', `/api/v1/nodes/${r.body.node_id}`, { headers: v1(t.apiKey) });
      expect(node.status).to.equal(200);
      expect(node.body).to.include({ node_id: r.body.node_id, processing_count: 0, base_score: r.body.scoring.base_score });
      expect(node.body.summary).to.match(/allergic to peanuts/);
      expect(node.body.entities).to.include('Sarah');
      expect(node.body.current_salience).to.be.within(0, 1);
      expect(node.body.created_at).to.be.a('string');
      expect(node.body).to.have.property('last_accessed');
      expect(node.body.domain).to.be.a('string');

      const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: 'ana' });
      const stored = facts.find((f) => f.id === r.body.node_id);
      expect(stored.subject).to.equal('Sarah');
      expect(JSON.parse(stored.metadata)).to.deep.equal({ source: 'chat', turn: 3 });
      expect(stored.sources).to.equal(1);
      expect(stored.dims).to.equal(384);
    });

    it('a constraint such as an allergy scores high', async () => {
      const r = await call('POST', '/api/v1/ingest', {
        headers: v1(t.apiKey),
        body: { user_id: 'ana', content: "I'm allergic to shellfish, never serve me shrimp." },
      });
      expect(r.body.scoring.base_score).to.be.at.least(0.6);
    });

    it('a fact whose speaker dropped the "I" scores as if it were said', async () => {
      const ingest = async (user: string, content: string) =>
        (await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } })).body.scoring;
      const dropped = await ingest('dropped-i', 'Just got back from a weekend canoeing trip on the lakes.');
      const said = await ingest('said-i', 'I just got back from a weekend canoeing trip on the lakes.');
      expect(dropped.s5).to.be.above(0);
      expect(dropped.s5).to.equal(said.s5);
    });

    it('flags crisis wording', async () => {
      const r = await call('POST', '/api/v1/ingest', {
        headers: v1(t.apiKey),
        body: { user_id: 'ana', content: 'Some days I want to kill myself.' },
      });
      expect(r.status).to.equal(201);
      expect(r.body.safety.crisis_detected).to.equal(true);
    });

    it('400 naming a missing user_id or content, and a bad event_type', async () => {
      const noUser = await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { content: 'x' } });
      expect(noUser.status).to.equal(400);
      expect(noUser.body.error.message).to.include("'user_id' is required");
      const noContent = await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: 'u' } });
      expect(noContent.body.error.message).to.include("'content' is required");
      const badType = await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: 'u', content: 'x', event_type: 'chat' } });
      expect(badType.status).to.equal(400);
      expect(badType.body.error.message).to.include("'event_type'");
    });

    it('node_type: stored on Scale, 403 on Starter', async () => {
      const ok = await call('POST', '/api/v1/ingest', {
        headers: v1(t.apiKey),
        body: { user_id: 'nt', content: 'I finished the quarterly report.', node_type: 'work_item' },
      });
      expect(ok.status, ok.text).to.equal(201);
      const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: 'nt' });
      expect(facts[0].nodeType).to.equal('work_item');
      const starter = await newTenant('v1', 'starter');
      const refused = await call('POST', '/api/v1/ingest', {
        headers: v1(starter.apiKey),
        body: { user_id: 'nt', content: 'x y z', node_type: 'work_item' },
      });
      expect(refused.status).to.equal(403);
      expect(refused.body.error.message).to.match(/Scale or Enterprise/);
      const bad = await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: 'nt', content: 'x', node_type: 'Work Item!' } });
      expect(bad.status).to.equal(400);
    });

    it('PII never reaches the graph, on the synchronous and the background path', async () => {
      const user = `pii-${randomUUID()}`;
      const secrets = ['123-45-6789', '4111 1111 1111 1111', '4111111111111111'];
      await call('POST', '/api/v1/ingest', {
        headers: v1(t.apiKey),
        body: { user_id: user, content: 'My SSN is 123-45-6789 and my card is 4111 1111 1111 1111.', metadata: { note: 'card 4111111111111111' } },
      });
      const id = await sendV2(t.apiKey, { user_id: user, speaker: 'user', message: 'Use my social security number 123-45-6789 for the form.' });
      await waitDone(t.apiKey, id);
      const [{ strings }] = await testRead('tenantStrings', { tenantId: t.tenantId });
      const all = (strings as string[]).join('\n');
      for (const s of secrets) expect(all).to.not.include(s);
      expect(all).to.include('[REDACTED:ssn]');
    });
  });

  describe('POST /ingest/batch', () => {
    it('stores good items and fails bad ones alone, with reasons', async () => {
      const r = await call('POST', '/api/v1/ingest/batch', {
        headers: v1(t.apiKey),
        body: {
          items: [
            { user_id: 'b', content: 'I run every morning.' },
            { user_id: 'b' },
            { content: 'no user' },
            { user_id: 'b', content: 'My dog Rex loves the beach.' },
          ],
        },
      });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.include({ total: 4, succeeded: 2, failed: 2 });
      expect(r.body.results[0]).to.include({ status: 'stored' });
      expect(r.body.results[0].node_id).to.match(UUID);
      expect(r.body.results[1].status).to.equal('failed');
      expect(r.body.results[1].error.message).to.include("'content' is required");
      expect(r.body.results[2].error.message).to.include("'user_id' is required");
      expect(r.body.results[3].status).to.equal('stored');
    });

    it('refuses an empty or oversized batch', async () => {
      expect((await call('POST', '/api/v1/ingest/batch', { headers: v1(t.apiKey), body: { items: [] } })).status).to.equal(400);
      const big = Array.from({ length: 101 }, () => ({ user_id: 'b', content: 'x' }));
      const r = await call('POST', '/api/v1/ingest/batch', { headers: v1(t.apiKey), body: { items: big } });
      expect(r.status).to.equal(400);
      expect(r.body.error.message).to.match(/at most 100/);
    });
  });

  describe('POST /score', () => {
    it('scores without storing; signals only when asked', async () => {
      const before = await testRead('userGraphCounts', { tenantId: t.tenantId, userId: 'scorer' });
      const r = await call('POST', '/api/v1/score', { headers: v1(t.apiKey), body: { content: 'We got married last June in Lisbon!' } });
      expect(r.status).to.equal(200);
      expect(r.body.base_score).to.be.within(0, 1);
      expect(r.body.categories).to.include('life_event');
      expect(r.body.decay_modifier).to.be.a('number');
      expect(r.body).to.not.have.property('signal_scores');
      const withSignals = await call('POST', '/api/v1/score', {
        headers: v1(t.apiKey),
        body: { content: 'We got married last June in Lisbon!', include_signals: true },
      });
      expect(Object.keys(withSignals.body.signal_scores)).to.deep.equal(['s1', 's2', 's3', 's4', 's5']);
      const missing = await call('POST', '/api/v1/score', { headers: v1(t.apiKey), body: {} });
      expect(missing.status).to.equal(400);
      expect(missing.body.error.message).to.include("'content' is required");
      const after = await testRead('userGraphCounts', { tenantId: t.tenantId, userId: 'scorer' });
      expect(after).to.deep.equal(before);
    });
  });

  describe('POST /process/{node_id} and GET /nodes/{node_id}', () => {
    it('records processing events; unknown ids and other tenants get the same 404', async () => {
      const stored = await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: 'p', content: 'I play chess on Sundays.' } });
      const id = stored.body.node_id;
      const once = await call('POST', `/api/v1/process/${id}`, { headers: v1(t.apiKey), body: { user_id: 'p' } });
      expect(once.body).to.deep.equal({ node_id: id, status: 'processed', processing_count: 1 });
      const twice = await call('POST', `/api/v1/process/${id}`, { headers: v1(t.apiKey), body: { user_id: 'p' } });
      expect(twice.body.processing_count).to.equal(2);
      const node = await call('GET', `/api/v1/nodes/${id}`, { headers: v1(t.apiKey) });
      expect(node.body.processing_count).to.equal(2);
      expect(node.body.last_accessed).to.be.a('string');

      expect((await call('POST', `/api/v1/process/${id}`, { headers: v1(t.apiKey), body: { user_id: 'someone-else' } })).status).to.equal(404);
      expect((await call('POST', `/api/v1/process/${id}`, { headers: v1(t.apiKey), body: {} })).status).to.equal(400);

      const other = await newTenant('v1');
      const random = randomUUID();
      const foreign = await call('GET', `/api/v1/nodes/${id}`, { headers: v1(other.apiKey) });
      const unknown = await call('GET', `/api/v1/nodes/${random}`, { headers: v1(other.apiKey) });
      expect(foreign.status).to.equal(404);
      expect(unknown.status).to.equal(404);
      expect(foreign.body.error.message.replace(id, 'ID')).to.equal(unknown.body.error.message.replace(random, 'ID'));
      expect((await call('POST', `/api/v1/process/${id}`, { headers: v1(other.apiKey), body: { user_id: 'p' } })).status).to.equal(404);
      expect((await call('GET', '/api/v1/nodes/not-a-uuid', { headers: v1(t.apiKey) })).status).to.equal(404);
    });
  });

  describe('POST /ingest/v2 and the background worker', () => {
    it('acknowledges at once, then the worker files facts under entities with provenance', async () => {
      const user = `v2-${randomUUID()}`;
      const r = await call('POST', '/api/v1/ingest/v2', {
        headers: v1(t.apiKey),
        body: { user_id: user, speaker: 'user', message: 'My wife Sarah loves hiking in the Alps.' },
      });
      expect(r.status).to.equal(202);
      expect(r.body).to.include({ user_id: user, status: 'pending' });
      expect(r.body.message_id).to.match(UUID);
      const done = await waitDone(t.apiKey, r.body.message_id);
      expect(done.memory_ids.length).to.be.at.least(1);
      expect(done.processed_at).to.be.a('string');

      // "my spouse" resolves to the same person as "my wife Sarah".
      const second = await sendV2(t.apiKey, { user_id: user, speaker: 'user', message: 'My spouse just got promoted to head nurse.' });
      await waitDone(t.apiKey, second);
      const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: user });
      const subjects = new Set(facts.map((f) => f.subjectId));
      const sarah = facts.filter((f) => f.subject === 'Sarah');
      expect(sarah.length, JSON.stringify(facts)).to.equal(2);
      expect(subjects.size).to.equal(1);
      expect(sarah[0].relation).to.equal('spouse');
      for (const f of facts) expect(f.sources).to.equal(1);
      const counts = await testRead('userGraphCounts', { tenantId: t.tenantId, userId: user });
      expect(counts[0].entityNames.filter((n: string) => n === 'Sarah')).to.have.length(1);
    });

    it('an assistant message is kept but yields no memories', async () => {
      const id = await sendV2(t.apiKey, { user_id: 'asst', speaker: 'assistant', message: 'Sure! I would recommend trying a walk in the park.' });
      const done = await waitDone(t.apiKey, id);
      expect(done.memory_ids).to.deep.equal([]);
    });

    it('resolves relative times against event_time', async () => {
      const user = `dates-${randomUUID()}`;
      const id = await sendV2(t.apiKey, {
        user_id: user,
        speaker: 'user',
        message: 'Yesterday I ran my first marathon in Boston.',
        event_time: '2023-05-08T13:56:00Z',
      });
      await waitDone(t.apiKey, id);
      const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: user });
      expect(facts.map((f) => f.eventDate)).to.include('2023-05-07');
    });

    it('a restated fact reinforces the memory instead of duplicating it', async () => {
      const user = `dup-${randomUUID()}`;
      await waitDone(t.apiKey, await sendV2(t.apiKey, { user_id: user, speaker: 'user', message: 'I love growing tomatoes.' }));
      await waitDone(t.apiKey, await sendV2(t.apiKey, { user_id: user, speaker: 'user', message: 'i love growing tomatoes!' }));
      const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: user });
      expect(facts).to.have.length(1);
      expect(facts[0].processingCount).to.equal(1);
      expect(facts[0].sources).to.equal(2);
      const interests = await testRead('userInterests', { tenantId: t.tenantId, userId: user });
      expect(interests.map((i) => i.stage)).to.deep.equal(['tentative']);
    });

    it('discards new information on a suppressed topic', async () => {
      const user = `sup-${randomUUID()}`;
      await waitDone(t.apiKey, await sendV2(t.apiKey, { user_id: user, speaker: 'user', message: 'I started a pottery class.' }));
      await testWrite('addSuppression', { tenantId: t.tenantId, userId: user, topic: 'divorce' });
      const done = await waitDone(
        t.apiKey,
        await sendV2(t.apiKey, { user_id: user, speaker: 'user', message: 'My divorce papers were signed today.' }),
      );
      expect(done.memory_ids).to.deep.equal([]);
      expect(done.facts_discarded).to.equal(1);
      const facts = await testRead('userFacts', { tenantId: t.tenantId, userId: user });
      expect(facts.map((f) => f.summary).join(' ')).to.not.match(/divorce/i);
    });

    it('a message the person asks to be kept out leaves no memory, and no search of what they said finds it', async () => {
      const user = `kept-out-${randomUUID()}`;
      await waitDone(t.apiKey, await sendV2(t.apiKey, { user_id: user, speaker: 'user', message: 'My boss Marguerite runs the Bruges office.' }));
      const id = await sendV2(t.apiKey, {
        user_id: user,
        speaker: 'user',
        message: 'Off the record, Marguerite is leaving the Bruges office in June.',
      });
      const done = await waitDone(t.apiKey, id);
      expect(done.memory_ids).to.deep.equal([]);
      expect(await testRead('messageWithheld', { tenantId: t.tenantId, messageId: id })).to.deep.equal([{ withheld: true }]);
      const r = await call('POST', '/api/v1/context/items', {
        headers: v1(t.apiKey),
        body: { user_id: user, message: 'Is Marguerite leaving in June?' },
      });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.items.map((i: { sentence: string }) => i.sentence).join(' ')).to.not.match(/leaving|June/);
      // An ordinary message is not withheld.
      const plain = await sendV2(t.apiKey, { user_id: user, speaker: 'user', message: 'I ride my bike to work.' });
      await waitDone(t.apiKey, plain);
      expect(await testRead('messageWithheld', { tenantId: t.tenantId, messageId: plain })).to.deep.equal([{ withheld: false }]);
    });

    it('validates speaker, message and event_time', async () => {
      const bad = [
        [{ user_id: 'u', speaker: 'bot', message: 'x' }, "'speaker'"],
        [{ user_id: 'u', speaker: 'user' }, "'message' is required"],
        [{ user_id: 'u', speaker: 'user', message: '   ' }, "'message'"],
        [{ user_id: 'u', speaker: 'user', message: 'x', event_time: 'yesterday' }, "'event_time'"],
        [{ speaker: 'user', message: 'x' }, "'user_id' is required"],
      ] as const;
      for (const [body, field] of bad) {
        const r = await call('POST', '/api/v1/ingest/v2', { headers: v1(t.apiKey), body });
        expect(r.status, JSON.stringify(body)).to.equal(400);
        expect(r.body.error.message).to.include(field);
      }
      const long = await call('POST', '/api/v1/ingest/v2', {
        headers: v1(t.apiKey),
        body: { user_id: 'u', speaker: 'user', message: 'x'.repeat(20_001) },
      });
      expect(long.status).to.equal(400);
    });

    it('GET /messages/{id}: 404 for unknown ids and for another tenant', async () => {
      const id = await sendV2(t.apiKey, { user_id: 'm', speaker: 'user', message: 'I moved to Porto.' });
      const other = await newTenant('v1');
      expect((await call('GET', `/api/v1/messages/${id}`, { headers: v1(other.apiKey) })).status).to.equal(404);
      expect((await call('GET', `/api/v1/messages/${randomUUID()}`, { headers: v1(t.apiKey) })).status).to.equal(404);
      expect((await call('GET', `/api/v1/messages/${id}?wait=99`, { headers: v1(t.apiKey) })).status).to.equal(400);
    });
  });

  describe('tier limits on the write path', () => {
    it('refuses memories past max_nodes_per_user: 403 on /ingest, a failed message on /ingest/v2', async () => {
      const small = await newTenant('v1', 'starter');
      const first = await call('POST', '/api/v1/ingest', { headers: v1(small.apiKey), body: { user_id: 'full', content: 'I like tea.' } });
      expect(first.status, first.text).to.equal(201);
      // Allow one node more than the person now holds: a new relative, place and fact need more.
      const [{ memories }] = await testRead('userGraphCounts', { tenantId: small.tenantId, userId: 'full' });
      const limit = memories + 1;
      await call('PATCH', `/admin/tenants/${small.tenantId}`, { headers: admin, body: { limits: { max_nodes_per_user: limit } } });
      const refused = await call('POST', '/api/v1/ingest', {
        headers: v1(small.apiKey),
        body: { user_id: 'full', content: 'My brother Tom lives in Oslo.' },
      });
      expect(refused.status).to.equal(403);
      expect(refused.body.error.message).to.include(`allows ${limit} per user`);
      const id = await sendV2(small.apiKey, { user_id: 'full', speaker: 'user', message: 'My sister Ana teaches math in Lima.' });
      const r = await call('GET', `/api/v1/messages/${id}?wait=20`, { headers: v1(small.apiKey) });
      expect(r.body.status).to.equal('failed');
      expect(r.body.error).to.equal('node_limit_reached');
    });

    it('refuses new end users past max_users with 403', async () => {
      const small = await newTenant('v1', 'starter');
      await call('PATCH', `/admin/tenants/${small.tenantId}`, { headers: admin, body: { limits: { max_users: 1 } } });
      expect(
        (await call('POST', '/api/v1/ingest/v2', { headers: v1(small.apiKey), body: { user_id: 'one', speaker: 'user', message: 'hello there' } }))
          .status,
      ).to.equal(202);
      const r = await call('POST', '/api/v1/ingest/v2', {
        headers: v1(small.apiKey),
        body: { user_id: 'two', speaker: 'user', message: 'hello there' },
      });
      expect(r.status).to.equal(403);
      expect(r.body.error.message).to.match(/limit of 1 end users/);
    });
  });

  it('GET /stats counts new memories and their salience at once, before any salience job has run (regression: they were left out)', async () => {
    const fresh = await newTenant('v1', 'scale');
    const empty = await call('GET', '/api/v1/stats', { headers: v1(fresh.apiKey) });
    expect(empty.body.memory_nodes).to.deep.equal({ total: 0, avg_salience: 0, high_salience: 0 });
    const user = `stats-${randomUUID()}`;
    for (const content of ['My wife Sarah is severely allergic to peanuts.', 'I like the colour green.']) {
      const r = await call('POST', '/api/v1/ingest', { headers: v1(fresh.apiKey), body: { user_id: user, content } });
      expect(r.status, r.text).to.equal(201);
    }
    const stats = await call('GET', '/api/v1/stats', { headers: v1(fresh.apiKey) });
    const [counts] = await testRead('userGraphCounts', { tenantId: fresh.tenantId, userId: user });
    expect(stats.body.memory_nodes.total).to.equal(counts!.memories);
    expect(stats.body.memory_nodes.avg_salience).to.be.greaterThan(0.2).and.at.most(1);
    // The allergy is a constraint: its base score puts it among the highly salient.
    expect(stats.body.memory_nodes.high_salience).to.be.at.least(1).and.below(stats.body.memory_nodes.total);
  });
});
