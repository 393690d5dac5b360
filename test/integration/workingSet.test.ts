// The in-process working set (src/retrieval/workingSet.ts) on the real Neo4j: its channels and hydration answer
// what the Cypher channels they replaced answered (kept as test/cypher/ws*.cypher), a write is seen at the next
// retrieval with only new or changed records read again, and the set keeps to its bound.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { loadPerson } from '../../src/memory/person.js';
import { queryTerms } from '../../src/retrieval/lexical.js';
import { PersonWorkingSets, type MemoryRecord, type PersonMemories } from '../../src/retrieval/workingSet.js';
import { testEnv } from '../helpers/env.js';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const FACTS = [
  'My wife Sarah is severely allergic to peanuts.',
  'Sarah loves hiking in the Alps.',
  'I work at Acme Robotics as a data engineer.',
  'Our dog Biscuit is scared of thunderstorms.',
  'I never eat pork.',
  'My brother Tom lives in Glasgow.',
  'Tom and Sarah went to a jazz concert together.',
  'I eat meat every day.',
  'I love jazz.',
  "I don't eat meat anymore.",
];

describe('in-process working set', () => {
  let t: { tenantId: string; apiKey: string };
  const user = `ws-${randomUUID()}`;
  const owner = () => ({ tenantId: t.tenantId, userId: user });

  before(async () => {
    t = await newTenant('v1', 'scale');
    const on = await call('PUT', '/api/v1/profile', { headers: v1(t.apiKey), body: { updates: { scoring: { contradiction_flagging: true } } } });
    expect(on.status, on.text).to.equal(200);
    for (const content of FACTS) expect((await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } })).status).to.equal(201);
    // Facts with dates, for the temporal channel ("yesterday" resolved against the message's time).
    for (const [message, event_time] of [
      ['Yesterday I ran the Berlin half marathon.', '2026-03-15T10:00:00Z'],
      ['Yesterday I visited Lisbon with Sarah.', '2026-05-03T10:00:00Z'],
    ]) {
      const r = await call('POST', '/api/v1/ingest/v2', { headers: v1(t.apiKey), body: { user_id: user, speaker: 'user', message, event_time } });
      expect(r.status, r.text).to.equal(202);
      const done = await call('GET', `/api/v1/messages/${r.body.message_id}?wait=30`, { headers: v1(t.apiKey) });
      expect(done.body.status, done.text).to.equal('done');
    }
  });
  after(cleanupTenants);

  const version = async () => (await testRead<{ version: number }>('endUserVersion', owner()))[0]!.version;
  const fresh = async (): Promise<{ sets: PersonWorkingSets; memories: PersonMemories }> => {
    const sets = new PersonWorkingSets((await testEnv()).graph, 100_000);
    return { sets, memories: await sets.get(owner(), await version()) };
  };
  const allIds = async () =>
    ((await call('GET', `/api/v1/memory/v2/items?user_id=${user}&limit=200`, { headers: v1(t.apiKey) })).body.items as Array<{ node_id: string; sentence: string; type: string }>);

  it('answers what the Cypher channels answered: standing, recency, dates, entity expansion, hydration', async () => {
    const { memories } = await fresh();
    const o = owner();

    const standing = await testRead<{ id: string; channel: string }>('wsStanding', { ...o, includeIdentity: true, identityGravity: 0.85, limit: 100 });
    expect(standing.length).to.be.greaterThan(1);
    expect(sortById(memories.standing(true, 0.85, 100))).to.deep.equal(sortById(standing));
    expect(memories.standing(false, 0.85, 100).map((s) => s.channel)).to.not.include('identity');

    const recent = await testRead<{ id: string }>('wsRecent', { ...o, limit: 100 });
    expect(memories.recent(100)).to.have.members(recent.map((r) => r.id));
    expect(memories.recent(3)).to.deep.equal(memories.recent(100).slice(0, 3));

    const range = { from: '2026-03-01', to: '2026-05-31' };
    const dated = await testRead<{ id: string }>('wsByEventDate', { ...o, ...range, limit: 100 });
    expect(dated).to.have.length(2);
    expect(memories.byEventDate(range.from, range.to, 100)).to.deep.equal(dated.map((r) => r.id));
    expect(memories.byEventDate('2026-04-01', '2026-04-30', 100)).to.deep.equal([]);

    const entities = await testRead<{ id: string; name: string }>('entityByName', { ...o, name: 'Sarah' });
    expect(entities).to.have.length(1);
    const expansion = await testRead<{ id: string }>('wsEntityExpansion', { ...o, entityIds: [entities[0]!.id], limit: 100 });
    expect(expansion.length).to.be.greaterThan(2);
    expect(memories.entityExpansion([entities[0]!.id], 100)).to.have.members(expansion.map((r) => r.id));

    // Domains are never candidates (the full-text channels leave them out): the working set does not hold them.
    const ids = (await allIds()).filter((i) => i.type !== 'domain').map((i) => i.node_id);
    expect(ids.length).to.be.greaterThan(10);
    const hydrated = await testRead<Record<string, unknown>>('wsHydrate', { ...o, ids });
    const mine = memories.hydrate(ids);
    expect(mine).to.have.length(hydrated.length);
    const byId = new Map(mine.map((h) => [h.memory.id, h]));
    for (const row of hydrated as Array<{ memory: Record<string, unknown>; nodeKind: string; owner: unknown; related: string[]; contradicts: string[] }>) {
      const h = byId.get(row.memory.id as string)!;
      expect(h, `hydrated ${row.memory.id as string}`).to.exist;
      expect(h.nodeKind).to.equal(row.nodeKind);
      expect(h.owner).to.deep.equal(row.owner === null ? null : { ...(row.owner as object) });
      expect([...h.related].sort()).to.deep.equal([...row.related].sort());
      expect([...h.contradicts].sort()).to.deep.equal([...row.contradicts].sort());
      for (const [k, v] of Object.entries(row.memory)) expect((h.memory as unknown as Record<string, unknown>)[k], `${k} of ${row.memory.id as string}`).to.deep.equal(v);
    }
    // The contradiction is seen from both sides.
    expect(mine.filter((h) => h.contradicts.length > 0)).to.have.length(2);
  });

  it("knows the person's entities as the write path's person lookup does (names, aliases, kinds, fact counts)", async () => {
    const { memories } = await fresh();
    const person = await loadPerson((await testEnv()).graph, t.tenantId, user);
    expect(person.known.length).to.be.greaterThan(3);
    expect(sortById(memories.known())).to.deep.equal(sortById(person.known));
    expect(memories.known().find((k) => k.name === 'Sarah')!.facets).to.be.greaterThan(0);
  });

  it('keeps nobody for a person with no memories (unknown ids cannot grow it)', async () => {
    const sets = new PersonWorkingSets((await testEnv()).graph, 100_000);
    for (let i = 0; i < 5; i++) expect((await sets.get({ tenantId: t.tenantId, userId: `nobody-${i}` }, 0)).size).to.equal(0);
    expect(sets.size.people).to.equal(0);
  });

  it('sees a write at the next version and reads again only what changed: a pin, a fix, a new fact, a delete', async () => {
    const { sets, memories: before } = await fresh();
    const loaded = sets.fetchedRecords;
    expect(loaded).to.equal(before.records.size);
    // Everything the person said is read once; a message never changes, so only new ones are read later.
    const said = sets.fetchedMessages;
    expect(said).to.equal(before.messages.size).and.be.greaterThan(0);
    const items = await allIds();
    const dog = items.find((i) => /thunderstorms/.test(i.sentence))!;
    const job = items.find((i) => /Acme/.test(i.sentence))!;

    expect((await call('POST', '/api/v1/memory/v2/pin', { headers: v1(t.apiKey), body: { user_id: user, node_id: dog.node_id } })).status).to.equal(200);
    let now = await sets.get(owner(), await version());
    expect(sets.fetchedRecords - loaded, 'only the pinned memory is read again').to.equal(1);
    expect(sets.fetchedMessages, 'no message is read again').to.equal(said);
    expect(now.standing(true, 0.85, 100)).to.deep.include({ id: dog.node_id, channel: 'pinned' });

    const fixed = await call('PATCH', `/api/v1/memory/v2/nodes/${job.node_id}`, { headers: v1(t.apiKey), body: { user_id: user, sentence: 'The user works at Globex as a data engineer.' } });
    expect(fixed.status, fixed.text).to.equal(200);
    now = await sets.get(owner(), await version());
    expect(now.hydrate([job.node_id])[0]!.memory.summary).to.equal('The user works at Globex as a data engineer.');

    const mark = sets.fetchedRecords;
    expect((await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content: 'I started learning the violin.' } })).status).to.equal(201);
    now = await sets.get(owner(), await version());
    const violin = (await allIds()).find((i) => /violin/.test(i.sentence))!;
    expect(now.hydrate([violin.node_id])).to.have.length(1);
    // The new message alone is read, and what it said is searchable at once.
    expect(sets.fetchedMessages - said).to.equal(1);
    const heard = now.texts().said(queryTerms(['violin']), 10);
    expect(heard).to.have.length(1);
    expect(heard[0]!.ids).to.include(violin.node_id);
    // The new fact and whatever the write touched (its owner, reinforced memories): a handful, not the person.
    expect(sets.fetchedRecords - mark).to.be.within(1, 4);

    expect((await call('DELETE', `/api/v1/memory/v2/nodes/${dog.node_id}?user_id=${user}`, { headers: v1(t.apiKey) })).status).to.equal(200);
    now = await sets.get(owner(), await version());
    expect(now.hydrate([dog.node_id])).to.deep.equal([]);
    expect(now.standing(true, 0.85, 100).map((s) => s.id)).to.not.include(dog.node_id);
  });

  it('after each kind of write holds what a full read holds, reading only what the write changed (no scan)', async () => {
    const u = `ws-rev-${randomUUID()}`;
    const o = { tenantId: t.tenantId, userId: u };
    const headers = v1(t.apiKey);
    const ver = async () => (await testRead<{ version: number }>('endUserVersion', o))[0]!.version;
    const ingest = async (content: string) => expect((await call('POST', '/api/v1/ingest', { headers, body: { user_id: u, content } })).status).to.equal(201);
    const turn = async (message: string) => {
      const r = await call('POST', '/api/v1/ingest/v2', { headers, body: { user_id: u, speaker: 'user', message } });
      expect(r.status, r.text).to.equal(202);
      expect((await call('GET', `/api/v1/messages/${r.body.message_id}?wait=30`, { headers })).body.status).to.equal('done');
    };
    await ingest('My sister Ana lives in Porto.');
    await ingest('Ana teaches chemistry at a school.');
    await ingest('I eat meat every day.');
    // Old enough to be dormant: talking about Ana again spikes her facts (ingest/spikeDormant).
    await testWrite('jobsAgeMemories', { ...o, days: 60 });

    const graph = (await testEnv()).graph;
    const sets = new PersonWorkingSets(graph, 100_000);
    (await sets.get(o, await ver())).texts();
    const scans = sets.scans;
    const matches = async (step: string) => {
      const held = await sets.get(o, await ver());
      const whole = await new PersonWorkingSets(graph, 100_000).get(o, await ver());
      expect(snapshot(held), step).to.deep.equal(snapshot(whole));
      // Full-text carried over from the version before (built there) finds what a fresh build finds.
      for (const q of [['Ana'], ['meat'], ['chemistry', 'lab'], ['Porto', 'night']]) {
        const terms = queryTerms(q);
        expect(held.texts().memories(terms, 50), `${step}: ${q}`).to.have.members(whole.texts().memories(terms, 50));
        expect(held.texts().said(terms, 50).map((m) => m.messageId), `${step}: said ${q}`).to.have.members(whole.texts().said(terms, 50).map((m) => m.messageId));
      }
      expect(sets.scans, `${step}: read without a scan`).to.equal(scans);
      expect((await testRead<{ pending: number }>('pendingRevisions', o))[0]!.pending, `${step}: every rev settled`).to.equal(0);
      return held;
    };

    await turn('Ana called me from Porto last night.');
    const spiked = await matches('a turn about a dormant entity (new fact, spikes, a processed message)');
    const justSpiked = (r: MemoryRecord) => r.memory.spikeAt !== null && Date.now() - Date.parse(r.memory.spikeAt) < 60_000;
    expect([...spiked.records.values()].filter((r) => justSpiked(r) && /chemistry/.test(r.memory.summary ?? ''))).to.have.length(1);
    await turn("I don't eat meat anymore.");
    const flagged = await matches('a contradiction (both sides)');
    expect([...flagged.records.values()].filter((r) => r.contradicts.length > 0)).to.have.length(2);
    await ingest('Ana teaches chemistry at a school.');
    await matches('a restatement (reinforced, derived from one more message)');
    const items = (await call('GET', `/api/v1/memory/v2/items?user_id=${u}&limit=200`, { headers })).body.items as Array<{ node_id: string; sentence: string }>;
    const porto = items.find((i) => /lives in Porto/.test(i.sentence))!;
    expect((await call('POST', `/api/v1/process/${porto.node_id}`, { headers, body: { user_id: u } })).status).to.equal(200);
    await matches('a processing event');
    expect((await call('POST', '/api/v1/context/items', { headers, body: { user_id: u, message: 'What does Ana teach?' } })).status).to.equal(200);
    await turn('Ana says her chemistry students love the lab.');
    await matches('a turn touching what the last context injected (reinforced)');

    expect((await call('DELETE', `/api/v1/memory/v2/nodes/${porto.node_id}?user_id=${u}`, { headers })).status).to.equal(200);
    const after = await sets.get(o, await ver());
    expect(sets.scans, 'a deletion makes the set read whole').to.equal(scans + 1);
    expect(after.records.has(porto.node_id)).to.equal(false);
  });

  it('is trusted for at most its time to live without a version change (jobs change memories without one)', async () => {
    let clock = 1_000_000;
    const sets = new PersonWorkingSets((await testEnv()).graph, 100_000, 60_000, () => clock);
    const v = await version();
    await sets.get(owner(), v);
    const loaded = sets.fetchedRecords;
    clock += 30_000;
    await sets.get(owner(), v);
    expect(sets.fetchedRecords).to.equal(loaded);
    clock += 31_000;
    const again = await sets.get(owner(), v);
    expect(again.scannedAt).to.equal(clock);
    expect(sets.fetchedRecords, 'stamps compared; nothing changed, nothing read').to.equal(loaded);
  });

  it('keeps to its bound by forgetting the least recently used person', async () => {
    const other = `ws-other-${randomUUID()}`;
    expect((await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: other, content: 'I collect vintage postcards.' } })).status).to.equal(201);
    const small = new PersonWorkingSets((await testEnv()).graph, 1000);
    const first = await small.get(owner(), await version());
    expect(small.size.records).to.equal(first.size);
    const [row] = await testRead<{ version: number }>('endUserVersion', { tenantId: t.tenantId, userId: other });
    const tiny = new PersonWorkingSets((await testEnv()).graph, first.size);
    await tiny.get(owner(), await version());
    await tiny.get({ tenantId: t.tenantId, userId: other }, row!.version);
    expect(tiny.size.people).to.equal(1);
    expect(tiny.size.records).to.be.at.most(first.size);
  });
});

/** What a set holds, in a comparable form: records by id (their id lists sorted), message ids. */
function snapshot(p: PersonMemories) {
  const records = [...p.records.values()]
    .map((r) => ({ ...r, relatedIds: [...r.relatedIds].sort(), contradicts: [...r.contradicts].sort(), sourceIds: [...r.sourceIds].sort() }))
    .sort((a, b) => a.memory.id.localeCompare(b.memory.id));
  return { version: p.version, records, messages: [...p.messages.keys()].sort() };
}

function sortById<T extends { id: string }>(xs: T[]): T[] {
  return [...xs].sort((a, b) => a.id.localeCompare(b.id));
}
