// v1 person controls under /api/v1/memory/v2 (spec 4.B) and GET /api/v1/export/{user_id}, on the real Neo4j:
// list, suppress, pin, fix, single delete with its ledger, export; what survives each, read back with Cypher;
// cached retrieval results invalidated by every kind of change; errors as sentences; other tenants see nothing.
import { expect } from 'chai';
import { broaderTerms } from '../../src/lexical/broader.js';
import { randomUUID } from 'node:crypto';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const FACTS = [
  'My wife Sarah is severely allergic to peanuts.',
  'Sarah loves hiking in the Alps.',
  'Sarah works as a nurse at the city hospital.',
  'I work at Acme Robotics as a data engineer.',
  'Our dog Biscuit is scared of thunderstorms.',
  'I play the cello in a community orchestra on Tuesdays.',
];

type Item = {
  node_id: string;
  type: string;
  about: string;
  sentence: string;
  entity: string | null;
  archived: boolean;
  pinned: boolean;
  revisions: number;
  created_at: string;
};
type PersonNode = { labels: string[]; id: string | null; props: Record<string, unknown>; degree: number };

async function seed(key: string, user: string, facts = FACTS) {
  for (const content of facts) {
    const r = await call('POST', '/api/v1/ingest', { headers: v1(key), body: { user_id: user, content } });
    expect(r.status, r.text).to.equal(201);
  }
}

async function allItems(key: string, user: string): Promise<Item[]> {
  const r = await call('GET', `/api/v1/memory/v2/items?user_id=${encodeURIComponent(user)}&limit=200`, { headers: v1(key) });
  expect(r.status, r.text).to.equal(200);
  return r.body.items;
}

const contextItems = async (key: string, user: string, message: string) =>
  (await call('POST', '/api/v1/context/items', { headers: v1(key), body: { user_id: user, message } })).body.items as Array<{
    node_id: string;
    sentence: string;
  }>;

const personNodes = (tenantId: string, userId: string) => testRead<PersonNode>('controlsPersonNodes', { tenantId, userId });

describe('v1 person controls (/api/v1/memory/v2)', () => {
  let t: { tenantId: string; apiKey: string; keyId: string };
  let other: { tenantId: string; apiKey: string };
  before(async () => {
    t = await newTenant('v1', 'scale');
    other = await newTenant('v1', 'scale');
  });
  after(cleanupTenants);

  describe('GET /items', () => {
    const user = `items-${randomUUID()}`;
    before(() => seed(t.apiKey, user));

    it('lists everything held, newest first, in pages that together cover every memory once', async () => {
      const all = await allItems(t.apiKey, user);
      const [counts] = await testRead('userGraphCounts', { tenantId: t.tenantId, userId: user });
      expect(all.length).to.equal(counts.memories);
      const types = new Set(all.map((i) => i.type));
      for (const type of ['domain', 'entity', 'facet']) expect(types, type).to.include(type);
      const fact = all.find((i) => /allergic to peanuts/.test(i.sentence))!;
      expect(fact).to.include({ type: 'facet', entity: 'Sarah', archived: false, pinned: false, revisions: 0 });
      expect(fact).to.have.keys([
        'node_id',
        'type',
        'about',
        'sentence',
        'domain',
        'entity',
        'salience',
        'pinned',
        'state',
        'processing_count',
        'created_at',
        'updated_at',
        'archived',
        'revisions',
      ]);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = `/api/v1/memory/v2/items?user_id=${user}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const r = await call('GET', q, { headers: v1(t.apiKey) });
        expect(r.status, r.text).to.equal(200);
        expect(r.body.count).to.equal(r.body.items.length).and.be.at.most(3);
        expect(r.body.total).to.equal(all.length);
        seen.push(...r.body.items.map((i: Item) => i.node_id));
        cursor = r.body.next_cursor;
        pages++;
      } while (cursor && pages < 50);
      expect(seen).to.deep.equal(all.map((i) => i.node_id));
    });

    it('marks archived lines instead of hiding them', async () => {
      const fact = (await allItems(t.apiKey, user)).find((i) => /cello/.test(i.sentence))!;
      await testWrite('controlsSetMemory', { id: fact.node_id, tenantId: t.tenantId, archived: true, baseScore: null, categories: null });
      const again = (await allItems(t.apiKey, user)).find((i) => i.node_id === fact.node_id)!;
      expect(again.archived).to.equal(true);
    });

    it('answers bad input with a sentence alone, and an unknown person with an empty list', async () => {
      for (const q of ['', '?user_id=', `?user_id=${user}&limit=0`, `?user_id=${user}&limit=1000`, `?user_id=${user}&cursor=not-a-cursor`]) {
        const r = await call('GET', `/api/v1/memory/v2/items${q}`, { headers: v1(t.apiKey) });
        expect(r.status, q).to.equal(400);
        expect(Object.keys(r.body), q).to.deep.equal(['error']);
        expect(r.body.error).to.be.a('string');
      }
      const r = await call('GET', `/api/v1/memory/v2/items?user_id=nobody-${randomUUID()}`, { headers: v1(t.apiKey) });
      expect(r.body).to.deep.include({ items: [], count: 0, total: 0, next_cursor: null });
    });

    it("shows another tenant nothing of this tenant's person", async () => {
      const r = await call('GET', `/api/v1/memory/v2/items?user_id=${user}`, { headers: v1(other.apiKey) });
      expect(r.status).to.equal(200);
      expect(r.body.total).to.equal(0);
    });
  });

  describe('suppress, pin and fix, each invalidating cached retrieval at once', () => {
    const user = `ctl-${randomUUID()}`;
    before(() => seed(t.apiKey, user));

    it('suppress hides a topic from retrieval until lifted; the memories are not deleted', async () => {
      const ask = 'What should I cook for my wife tonight?';
      expect((await contextItems(t.apiKey, user, ask)).map((i) => i.sentence).join(' ')).to.match(/peanuts/); // now cached
      const added = await call('POST', '/api/v1/memory/v2/suppress', { headers: v1(t.apiKey), body: { user_id: user, topic: 'Peanuts' } });
      expect(added.status, added.text).to.equal(201);
      expect(added.body).to.include({ user_id: user, topic: 'Peanuts', suppressed: true });
      const again = await call('POST', '/api/v1/memory/v2/suppress', { headers: v1(t.apiKey), body: { user_id: user, topic: '  peanuts ' } });
      expect(again.status).to.equal(200);
      const listed = await call('GET', `/api/v1/memory/v2/suppress?user_id=${user}`, { headers: v1(t.apiKey) });
      expect(listed.body.topics.map((x: { topic: string }) => x.topic)).to.deep.equal(['Peanuts']);

      expect((await contextItems(t.apiKey, user, ask)).map((i) => i.sentence).join(' ')).to.not.match(/peanuts/);
      expect(
        (await allItems(t.apiKey, user)).some((i) => /peanuts/.test(i.sentence)),
        'still held',
      ).to.equal(true);

      const lifted = await call('DELETE', '/api/v1/memory/v2/suppress', { headers: v1(t.apiKey), body: { user_id: user, topic: 'PEANUTS' } });
      expect(lifted.status, lifted.text).to.equal(200);
      expect(lifted.body).to.deep.equal({ user_id: user, topic: 'PEANUTS', suppressed: false });
      expect((await contextItems(t.apiKey, user, ask)).map((i) => i.sentence).join(' ')).to.match(/peanuts/);
      const gone = await call('DELETE', `/api/v1/memory/v2/suppress?user_id=${user}&topic=peanuts`, { headers: v1(t.apiKey) });
      expect(gone.status).to.equal(404);
      expect(gone.body.error).to.match(/not suppressed/);
    });

    it('pin keeps a memory eligible whatever its salience; unpin lets the threshold apply again', async () => {
      const ask = 'anything about my dog?';
      const dog = (await allItems(t.apiKey, user)).find((i) => /thunderstorms/.test(i.sentence))!;
      const strict = await call('PUT', '/api/v1/profile', {
        headers: v1(t.apiKey),
        body: { updates: { injection_template: { injection_threshold: 0.99 } } },
      });
      expect(strict.status, strict.text).to.equal(200);
      try {
        // Cached; only a constraint as certain as a severe allergy clears 0.99, the dog's memory does not.
        const ids = async () => (await contextItems(t.apiKey, user, ask)).map((i) => i.node_id);
        expect(await ids()).to.not.include(dog.node_id);
        const pinned = await call('POST', '/api/v1/memory/v2/pin', { headers: v1(t.apiKey), body: { user_id: user, node_id: dog.node_id } });
        expect(pinned.status, pinned.text).to.equal(200);
        expect(pinned.body).to.deep.equal({ user_id: user, node_id: dog.node_id, pinned: true });
        expect(await ids()).to.include(dog.node_id);
        expect((await allItems(t.apiKey, user)).find((i) => i.node_id === dog.node_id)!.pinned).to.equal(true);
        const unpinned = await call('DELETE', '/api/v1/memory/v2/pin', { headers: v1(t.apiKey), body: { user_id: user, node_id: dog.node_id } });
        expect(unpinned.body.pinned).to.equal(false);
        expect(await ids()).to.not.include(dog.node_id);
      } finally {
        await call('PUT', '/api/v1/profile', { headers: v1(t.apiKey), body: { updates: { injection_template: { injection_threshold: 0.25 } } } });
      }
    });

    it('fix rewords a memory, re-embeds and re-scores it, and keeps the replaced wording only as a revision', async () => {
      const job = (await allItems(t.apiKey, user)).find((i) => /Acme Robotics/.test(i.sentence))!;
      expect((await contextItems(t.apiKey, user, 'Where do I work?')).map((i) => i.sentence).join(' ')).to.match(/Acme Robotics/);
      const r = await call('PATCH', `/api/v1/memory/v2/nodes/${job.node_id}`, {
        headers: v1(t.apiKey),
        body: { user_id: user, sentence: 'The user works at Globex Corporation as a machine learning engineer.', about: 'job at Globex' },
      });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.item).to.include({
        node_id: job.node_id,
        about: 'job at Globex',
        sentence: 'The user works at Globex Corporation as a machine learning engineer.',
        revisions: 1,
      });
      expect(Date.parse(r.body.item.updated_at)).to.be.greaterThan(Date.parse(job.created_at));

      const found = (await contextItems(t.apiKey, user, 'Tell me about Globex')).map((i) => i.sentence).join(' ');
      expect(found).to.match(/Globex Corporation/);
      expect(found).to.not.include(job.sentence);
      const listed = (await allItems(t.apiKey, user)).map((i) => i.sentence);
      expect(listed).to.not.include(job.sentence);
      const revisions = (await personNodes(t.tenantId, user)).filter((n) => n.labels.includes('Revision'));
      expect(revisions).to.have.length(1);
      expect(revisions[0]!.props).to.include({ memoryId: job.node_id });
      expect(String(revisions[0]!.props.text)).to.match(/Acme Robotics/);
      // Searched by the new wording's broader words, not the old wording's.
      const fixed = (await personNodes(t.tenantId, user)).find((n) => n.props.id === job.node_id)!;
      const now = broaderTerms('job at Globex. The user works at Globex Corporation as a machine learning engineer.').join(' ');
      expect(now).to.not.equal(broaderTerms(`${job.about}. ${job.sentence}`).join(' '));
      expect(fixed.props.broader).to.equal(now);
    });

    it('scrubs personal numbers out of a fix before it is stored', async () => {
      const dog = (await allItems(t.apiKey, user)).find((i) => /thunderstorms/.test(i.sentence))!;
      const r = await call('PATCH', `/api/v1/memory/v2/nodes/${dog.node_id}`, {
        headers: v1(t.apiKey),
        body: { user_id: user, sentence: 'Biscuit is scared of storms; vet bill paid with card 4111 1111 1111 1111.' },
      });
      expect(r.status, r.text).to.equal(200);
      expect(r.body.item.sentence).to.not.include('4111');
      const stored = (await personNodes(t.tenantId, user)).find((n) => n.id === dog.node_id)!;
      expect(JSON.stringify(stored.props)).to.not.include('4111 1111');
    });

    it('refuses bad fixes with a sentence: empty wording, domains, unknown and foreign ids', async () => {
      const items = await allItems(t.apiKey, user);
      const fact = items.find((i) => i.type === 'facet')!;
      const domain = items.find((i) => i.type === 'domain')!;
      const cases: Array<[string, unknown, number]> = [
        [fact.node_id, { user_id: user, sentence: '   ' }, 400],
        [fact.node_id, { user_id: user }, 400],
        [fact.node_id, { sentence: 'x' }, 400],
        [domain.node_id, { user_id: user, sentence: 'renamed' }, 400],
        [randomUUID(), { user_id: user, sentence: 'x' }, 404],
        ['not-an-id', { user_id: user, sentence: 'x' }, 404],
        [fact.node_id, { user_id: `someone-else-${randomUUID()}`, sentence: 'x' }, 404],
      ];
      for (const [id, body, status] of cases) {
        const r = await call('PATCH', `/api/v1/memory/v2/nodes/${id}`, { headers: v1(t.apiKey), body });
        expect(r.status, JSON.stringify(body)).to.equal(status);
        expect(Object.keys(r.body)).to.deep.equal(['error']);
      }
      const foreign = await call('PATCH', `/api/v1/memory/v2/nodes/${fact.node_id}`, {
        headers: v1(other.apiKey),
        body: { user_id: user, sentence: 'hijacked' },
      });
      expect(foreign.status).to.equal(404);
      expect(foreign.body.error).to.not.match(/another tenant/i);
      expect((await allItems(t.apiKey, user)).find((i) => i.node_id === fact.node_id)!.sentence).to.equal(fact.sentence);
      const pinForeign = await call('POST', '/api/v1/memory/v2/pin', { headers: v1(other.apiKey), body: { user_id: user, node_id: fact.node_id } });
      expect(pinForeign.status).to.equal(404);
    });
  });

  describe('DELETE /nodes/<id>, the ledger and the export', () => {
    const user = `del-${randomUUID()}`;
    before(() => seed(t.apiKey, user));

    it('writes a ledger record without words, removes the memory and its details, and leaves what was said and replaced', async () => {
      const items = await allItems(t.apiKey, user);
      const sarah = items.find((i) => i.type === 'entity' && i.about === 'Sarah')!;
      const sarahFacts = items.filter((i) => i.entity === 'Sarah' && i.type !== 'theme');
      expect(sarahFacts.length).to.be.at.least(2);
      // A fix first, so a replaced wording exists to survive the delete.
      const fixed = await call('PATCH', `/api/v1/memory/v2/nodes/${sarahFacts[0]!.node_id}`, {
        headers: v1(t.apiKey),
        body: { user_id: user, sentence: 'Sarah is a paediatric nurse.' },
      });
      expect(fixed.status, fixed.text).to.equal(200);
      const before = await personNodes(t.tenantId, user);
      const messagesBefore = before.filter((n) => n.labels.includes('Message')).length;

      // Cached now; the delete must invalidate it.
      expect((await contextItems(t.apiKey, user, 'What should I cook for my wife?')).map((i) => i.sentence).join(' ')).to.match(/peanuts/);
      const r = await call('DELETE', `/api/v1/memory/v2/nodes/${sarah.node_id}`, {
        headers: v1(t.apiKey),
        body: { user_id: user, reason: 'privacy' },
      });
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.include({ status: 'deleted', user_id: user, node_id: sarah.node_id, nodes_deleted: 1 + sarahFacts.length });
      expect(r.body.edges_deleted).to.be.greaterThan(sarahFacts.length);

      const after = await personNodes(t.tenantId, user);
      const ids = new Set(after.map((n) => n.id));
      for (const gone of [sarah, ...sarahFacts]) expect(ids.has(gone.node_id), gone.sentence).to.equal(false);
      expect(after.filter((n) => n.labels.includes('Message')).length, 'copies of what was said survive').to.equal(messagesBefore);
      const revisions = after.filter((n) => n.labels.includes('Revision'));
      expect(revisions, 'the replaced wording survives').to.have.length(1);
      expect(revisions[0]!.degree).to.equal(0);
      expect(after.filter((n) => n.labels.includes('Memory')).length).to.equal(
        before.filter((n) => n.labels.includes('Memory')).length - 1 - sarahFacts.length,
      );

      const ledger = after.filter((n) => n.labels.includes('LedgerRecord'));
      expect(ledger).to.have.length(1);
      expect(ledger[0]!.props).to.include({ nodeId: sarah.node_id, nodeType: 'entity', reason: 'privacy', requestedBy: 'person', keyId: t.keyId });
      const audits = after.filter((n) => n.labels.includes('AuditEvent'));
      expect(audits).to.have.length(1);
      expect(audits[0]!.props).to.include({ action: 'node_deleted', nodes: 1 + sarahFacts.length, requestedBy: `key:${t.keyId}`, routeSet: 'v1' });
      for (const record of [...ledger, ...audits]) {
        const json = JSON.stringify(record.props);
        for (const word of ['Sarah', 'nurse', 'hiking', 'peanuts', 'paediatric']) expect(json, word).to.not.include(word);
      }

      expect((await call('GET', `/api/v1/nodes/${sarah.node_id}`, { headers: v1(t.apiKey) })).status).to.equal(404);
      expect((await contextItems(t.apiKey, user, 'What should I cook for my wife?')).map((i) => i.sentence).join(' ')).to.not.match(/Sarah|peanuts/);
      const again = await call('DELETE', `/api/v1/memory/v2/nodes/${sarah.node_id}?user_id=${user}`, { headers: v1(t.apiKey) });
      expect(again.status).to.equal(404);
      expect(again.body).to.have.keys(['error']);
    });

    it("lists the ledger newest first, and refuses to delete the person's own entity or bad reasons", async () => {
      const items = await allItems(t.apiKey, user);
      const dog = items.find((i) => /thunderstorms/.test(i.sentence))!;
      const bad = await call('DELETE', `/api/v1/memory/v2/nodes/${dog.node_id}`, {
        headers: v1(t.apiKey),
        body: { user_id: user, reason: 'because Biscuit bites' },
      });
      expect(bad.status).to.equal(400);
      const self = items.find((i) => i.type === 'entity' && i.about === 'self')!;
      const refused = await call('DELETE', `/api/v1/memory/v2/nodes/${self.node_id}`, { headers: v1(t.apiKey), body: { user_id: user } });
      expect(refused.status).to.equal(400);
      expect(refused.body.error).to.match(/erase the person/);
      const ok = await call('DELETE', `/api/v1/memory/v2/nodes/${dog.node_id}?user_id=${user}&reason=incorrect&requested_by=app`, {
        headers: v1(t.apiKey),
      });
      expect(ok.status, ok.text).to.equal(200);

      const ledger = await call('GET', `/api/v1/memory/v2/ledger?user_id=${user}`, { headers: v1(t.apiKey) });
      expect(ledger.status).to.equal(200);
      expect(ledger.body.records.map((r: { node_id: string }) => r.node_id)[0]).to.equal(dog.node_id);
      expect(ledger.body.records[0]).to.include({ node_type: 'facet', reason: 'incorrect', requested_by: 'app' });
      expect(ledger.body.records[0]).to.have.keys(['ledger_id', 'node_id', 'node_type', 'reason', 'requested_by', 'at']);
      const paged = await call('GET', `/api/v1/memory/v2/ledger?user_id=${user}&limit=1`, { headers: v1(t.apiKey) });
      expect(paged.body.count).to.equal(1);
      const next = await call('GET', `/api/v1/memory/v2/ledger?user_id=${user}&limit=1&cursor=${paged.body.next_cursor}`, { headers: v1(t.apiKey) });
      expect(next.body.records[0].ledger_id).to.not.equal(paged.body.records[0].ledger_id);
      expect((await call('GET', `/api/v1/memory/v2/ledger?user_id=${user}`, { headers: v1(other.apiKey) })).body.records).to.deep.equal([]);
    });

    it('exports every line with archived ones and replaced wordings, plus the ledger, and no copies of what was said', async () => {
      const items = await allItems(t.apiKey, user);
      const cello = items.find((i) => /cello/.test(i.sentence))!;
      await testWrite('controlsSetMemory', { id: cello.node_id, tenantId: t.tenantId, archived: true, baseScore: null, categories: null });
      const job = items.find((i) => /Acme/.test(i.sentence))!;
      await call('PATCH', `/api/v1/memory/v2/nodes/${job.node_id}`, {
        headers: v1(t.apiKey),
        body: { user_id: user, sentence: 'The user works at Initech.' },
      });
      await call('POST', '/api/v1/memory/v2/suppress', { headers: v1(t.apiKey), body: { user_id: user, topic: 'politics' } });

      const r = await call('GET', `/api/v1/memory/v2/export?user_id=${user}`, { headers: v1(t.apiKey) });
      expect(r.status, r.text).to.equal(200);
      const doc = r.body;
      expect(doc.items.length).to.equal(items.length);
      expect(doc.items.find((i: Item) => i.node_id === cello.node_id).archived).to.equal(true);
      const fixedItem = doc.items.find((i: Item) => i.node_id === job.node_id);
      expect(fixedItem.sentence).to.equal('The user works at Initech.');
      expect(fixedItem.replaced_wordings.map((w: { sentence: string }) => w.sentence).join(' ')).to.match(/Acme Robotics/);
      expect(doc.replaced_wordings_of_deleted_items.map((w: { sentence: string }) => w.sentence).join(' ')).to.match(/nurse/);
      expect(doc.suppressed_topics.map((s: { topic: string }) => s.topic)).to.deep.equal(['politics']);
      expect(doc.ledger).to.have.length(2);
      expect(doc.totals).to.deep.equal({ items: items.length, archived: 1, replaced_wordings: 2, ledger_records: 2 });
      // Messages are not exported: the raw turn "Our dog Biscuit is scared of thunderstorms." is gone as a memory
      // (deleted above) and must not come back through the messages it was derived from.
      expect(r.text).to.not.include('Our dog Biscuit');

      const reference = await call('GET', `/api/v1/export/${user}`, { headers: v1(t.apiKey) });
      expect(reference.status).to.equal(200);
      expect({ ...reference.body, exported_at: null }).to.deep.equal({ ...doc, exported_at: null });
      const foreign = await call('GET', `/api/v1/export/${user}`, { headers: v1(other.apiKey) });
      expect(foreign.body.items).to.deep.equal([]);
      expect(foreign.body.ledger).to.deep.equal([]);
    });

    it('is closed to b2c keys', async () => {
      const b2c = await newTenant('b2c');
      const r = await call('GET', `/api/v1/memory/v2/items?user_id=${user}`, { headers: v1(b2c.apiKey) });
      expect(r.status).to.equal(401);
      const r2 = await call('GET', `/api/v1/memory/v2/items?user_id=${user}`, { headers: bearer(b2c.apiKey) });
      expect(r2.status).to.equal(401);
    });
  });
});
