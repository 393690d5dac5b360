// b2c person controls (spec 4.D) on the real Neo4j: the node list (first page by default, archived left out),
// suppress, pin, fix, the single delete that removes only the memory and its links, the export; the /retrieve
// wording of sure and less-sure memories; b2c error bodies; isolation from other tenants and from v1 keys.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { testRead, testWrite } from '../helpers/graphReads.js';
import { bearer, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

type Node = { node_id: string; type: string; topic: string; summary: string; entity: string | null; pinned: boolean };
type PersonNode = { labels: string[]; id: string | null; props: Record<string, unknown>; degree: number };

const MESSAGES = [
  'My wife Sarah is severely allergic to peanuts.',
  'Sarah loves hiking in the Alps.',
  'Sarah works as a nurse at the city hospital.',
  'I work at Acme Robotics as a data engineer.',
  'Our dog Biscuit is scared of thunderstorms.',
  'I play the cello in a community orchestra on Tuesdays.',
  'My brother Tom lives in Glasgow with his partner Priya.',
  'I am training for the Berlin marathon in September.',
  'My mother Helen retired from teaching last spring.',
  'I drive an old green Volvo estate.',
];

async function seed(key: string, user: string) {
  const r = await call('POST', '/api/b2c/memory/ingest', {
    headers: bearer(key),
    body: {
      user_id: user,
      messages: MESSAGES.map((content, i) => ({ role: 'user', content, timestamp: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() })),
    },
  });
  expect(r.status, r.text).to.equal(202);
  for (const id of r.body.message_ids) {
    const m = await call('GET', `/api/b2c/memory/messages/${id}?wait=20`, { headers: bearer(key) });
    expect(m.body.status).to.equal('done');
  }
}

async function allNodes(key: string, user: string): Promise<Node[]> {
  const r = await call('GET', `/api/b2c/memory/nodes?user_id=${encodeURIComponent(user)}&limit=200`, { headers: bearer(key) });
  expect(r.status, r.text).to.equal(200);
  return r.body.nodes;
}

const personNodes = (tenantId: string, userId: string) => testRead<PersonNode>('controlsPersonNodes', { tenantId, userId });

describe('b2c person controls (/api/b2c/memory)', () => {
  let t: { tenantId: string; apiKey: string; keyId: string };
  let other: { tenantId: string; apiKey: string };
  const user = `b2c-ctl-${randomUUID()}`;
  before(async () => {
    t = await newTenant('b2c', 'scale');
    other = await newTenant('b2c', 'scale');
    await seed(t.apiKey, user);
  });
  after(cleanupTenants);

  it('GET /nodes answers the first page by default and pages on with a cursor, archived memories left out', async () => {
    const all = await allNodes(t.apiKey, user);
    expect(all.length).to.be.greaterThan(20);
    const first = await call('GET', `/api/b2c/memory/nodes?user_id=${user}`, { headers: bearer(t.apiKey) });
    expect(first.body.count).to.equal(20);
    expect(first.body.total).to.equal(all.length);
    expect(first.body.next_cursor).to.be.a('string');
    const second = await call('GET', `/api/b2c/memory/nodes?user_id=${user}&cursor=${first.body.next_cursor}`, { headers: bearer(t.apiKey) });
    expect([...first.body.nodes, ...second.body.nodes].map((n: Node) => n.node_id)).to.deep.equal(
      all.slice(0, 20 + second.body.count).map((n) => n.node_id),
    );
    const node = all.find((n) => /peanuts/.test(n.summary))!;
    expect(node).to.have.keys([
      'node_id',
      'type',
      'topic',
      'summary',
      'domain',
      'entity',
      'salience',
      'pinned',
      'state',
      'processing_count',
      'created_at',
      'updated_at',
    ]);

    const cello = all.find((n) => /cello/.test(n.summary))!;
    await testWrite('controlsSetMemory', { id: cello.node_id, tenantId: t.tenantId, archived: true, baseScore: null, categories: null });
    const after = await allNodes(t.apiKey, user);
    expect(after.map((n) => n.node_id)).to.not.include(cello.node_id);
    expect(after.length).to.equal(all.length - 1);
    const exported = await call('POST', `/api/b2c/memory/users/${user}/export`, { headers: bearer(t.apiKey) });
    expect(exported.status, exported.text).to.equal(200);
    expect(exported.body.nodes.map((n: Node) => n.node_id)).to.not.include(cello.node_id);
    expect(exported.body.count).to.equal(after.length);
    await testWrite('controlsSetMemory', { id: cello.node_id, tenantId: t.tenantId, archived: false, baseScore: null, categories: null });
  });

  it('answers errors as a sentence with a short code', async () => {
    const missing = await call('GET', '/api/b2c/memory/nodes', { headers: bearer(t.apiKey) });
    expect(missing.status).to.equal(400);
    expect(missing.body.code).to.equal('MISSING_USER_ID');
    expect(missing.body.error).to.be.a('string');
    const unknown = await call('PATCH', `/api/b2c/memory/nodes/${randomUUID()}`, {
      headers: bearer(t.apiKey),
      body: { user_id: user, summary: 'x' },
    });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.code).to.equal('NOT_FOUND');
    const badCursor = await call('GET', `/api/b2c/memory/nodes?user_id=${user}&cursor=abc`, { headers: bearer(t.apiKey) });
    expect(badCursor.status).to.equal(400);
    expect(badCursor.body.code).to.equal('INVALID_REQUEST');
  });

  it('suppress, pin and fix answer like the v1 set and take effect in /retrieve at once', async () => {
    const retrieve = async (query: string) =>
      (await call('POST', '/api/b2c/memory/retrieve', { headers: bearer(t.apiKey), body: { user_id: user, query } })).body.context_block as string;
    expect(await retrieve('dinner ideas for my wife')).to.match(/peanuts/);
    const s = await call('POST', '/api/b2c/memory/suppress', { headers: bearer(t.apiKey), body: { user_id: user, topic: 'peanuts' } });
    expect(s.status, s.text).to.equal(201);
    expect(await retrieve('dinner ideas for my wife')).to.not.match(/peanuts/);
    expect((await call('DELETE', `/api/b2c/memory/suppress?user_id=${user}&topic=peanuts`, { headers: bearer(t.apiKey) })).status).to.equal(200);
    expect(await retrieve('dinner ideas for my wife')).to.match(/peanuts/);

    const dog = (await allNodes(t.apiKey, user)).find((n) => /thunderstorms/.test(n.summary))!;
    const pinned = await call('POST', '/api/b2c/memory/pin', { headers: bearer(t.apiKey), body: { user_id: user, node_id: dog.node_id } });
    expect(pinned.body).to.deep.equal({ user_id: user, node_id: dog.node_id, pinned: true });
    const fixed = await call('PATCH', `/api/b2c/memory/nodes/${dog.node_id}`, {
      headers: bearer(t.apiKey),
      body: { user_id: user, summary: 'Biscuit the dog hides from fireworks.' },
    });
    expect(fixed.status, fixed.text).to.equal(200);
    expect(fixed.body.node).to.include({ node_id: dog.node_id, summary: 'Biscuit the dog hides from fireworks.', pinned: true });
    expect(await retrieve('what scares my dog?')).to.include('Biscuit the dog hides from fireworks.');
  });

  it('DELETE /nodes/<id> removes the memory and its links only: no ledger, its details stay, an audit event', async () => {
    const nodes = await allNodes(t.apiKey, user);
    const sarah = nodes.find((n) => n.type === 'entity' && n.topic === 'Sarah')!;
    const sarahFacts = nodes.filter((n) => n.entity === 'Sarah');
    expect(sarahFacts.length).to.be.at.least(2);
    const before = await personNodes(t.tenantId, user);

    const r = await call('DELETE', `/api/b2c/memory/nodes/${sarah.node_id}`, { headers: bearer(t.apiKey), body: { user_id: user } });
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.include({ status: 'deleted', user_id: user, node_id: sarah.node_id });
    expect(r.body.links_removed).to.equal(before.find((n) => n.id === sarah.node_id)!.degree);

    const after = await personNodes(t.tenantId, user);
    const ids = new Set(after.map((n) => n.id));
    expect(ids.has(sarah.node_id)).to.equal(false);
    for (const f of sarahFacts) expect(ids.has(f.node_id), f.summary).to.equal(true);
    expect(after.filter((n) => n.labels.includes('Memory')).length).to.equal(before.filter((n) => n.labels.includes('Memory')).length - 1);
    expect(after.filter((n) => n.labels.includes('LedgerRecord'))).to.deep.equal([]);
    const audit = after.filter((n) => n.labels.includes('AuditEvent'));
    expect(audit).to.have.length(1);
    expect(audit[0]!.props).to.include({ action: 'node_deleted', routeSet: 'b2c', nodes: 1, edges: r.body.links_removed });
    expect(JSON.stringify(audit[0]!.props)).to.not.include('Sarah');
  });

  it('keeps other tenants and v1 keys out', async () => {
    const nodes = await allNodes(t.apiKey, user);
    const node = nodes[0]!;
    expect((await call('GET', `/api/b2c/memory/nodes?user_id=${user}`, { headers: bearer(other.apiKey) })).body.total).to.equal(0);
    for (const [method, path, body] of [
      ['PATCH', `/api/b2c/memory/nodes/${node.node_id}`, { user_id: user, summary: 'hijacked' }],
      ['DELETE', `/api/b2c/memory/nodes/${node.node_id}`, { user_id: user }],
      ['POST', '/api/b2c/memory/pin', { user_id: user, node_id: node.node_id }],
    ] as const) {
      const r = await call(method, path, { headers: bearer(other.apiKey), body });
      expect(r.status, path).to.equal(404);
      expect(r.body.code).to.equal('NOT_FOUND');
    }
    const exported = await call('POST', `/api/b2c/memory/users/${user}/export`, { headers: bearer(other.apiKey) });
    expect(exported.body.nodes).to.deep.equal([]);
    const v1Tenant = await newTenant('v1');
    expect((await call('GET', `/api/b2c/memory/nodes?user_id=${user}`, { headers: v1(v1Tenant.apiKey) })).status).to.equal(401);
    expect((await allNodes(t.apiKey, user)).find((n) => n.node_id === node.node_id)!.summary).to.equal(node.summary);
  });
});

describe('b2c /retrieve wording', () => {
  after(cleanupTenants);

  it('states sure memories plainly and words less-sure ones as something to check', async () => {
    const t = await newTenant('b2c', 'scale');
    const user = `b2c-words-${randomUUID()}`;
    await seed(t.apiKey, user);
    const nodes = await allNodes(t.apiKey, user);
    const allergy = nodes.find((n) => /peanuts/.test(n.summary))!;
    const hiking = nodes.find((n) => /hiking/.test(n.summary) && n.type === 'facet')!;
    // A constraint is sure whatever else holds; a plain fact with a modest score is not.
    await testWrite('controlsSetMemory', { id: allergy.node_id, tenantId: t.tenantId, archived: null, baseScore: null, categories: ['constraint'] });
    await testWrite('controlsSetMemory', { id: hiking.node_id, tenantId: t.tenantId, archived: null, baseScore: 0.3, categories: [] });
    const r = await call('POST', '/api/b2c/memory/retrieve', {
      headers: bearer(t.apiKey),
      body: { user_id: user, query: 'Plan a weekend with Sarah' },
    });
    expect(r.status, r.text).to.equal(200);
    const block: string = r.body.context_block;
    const [sure, unsure] = block.split('\n\n');
    expect(sure).to.match(/^What you know about the user:/);
    expect(sure).to.include(`- ${allergy.summary}`);
    expect(unsure).to.match(/^Less certain, so check or ask before relying on it:/);
    expect(unsure).to.include(`- Check: ${hiking.summary}`);
    expect(block).to.not.match(/salience|score|0\.\d/);
  });
});
