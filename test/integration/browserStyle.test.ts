// The Neo4j Browser style shipped for analysts (cypher/browser/style.grass): every kind of node a person's graph
// holds after everyday use gets a colour and a caption naming a property those nodes carry (without a style,
// Browser captioned facts by a number).
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../src/version.js';
import { testRead } from '../helpers/graphReads.js';
import { call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

/** label -> its caption's property, from the GRASS file (`node.Label { … caption: "{prop}"; }`). */
async function captions(): Promise<Map<string, string>> {
  const grass = await readFile(path.join(projectRoot, 'cypher', 'browser', 'style.grass'), 'utf8');
  const out = new Map<string, string>();
  for (const m of grass.matchAll(/node\.(\w+)\s*\{([\s\S]*?)\n\}/g)) {
    const caption = /caption:\s*"\{(\w+)\}"/.exec(m[2]!);
    expect(caption, `node.${m[1]} has a caption naming a property`).to.not.equal(null);
    expect(m[2]).to.match(/color:\s*#[0-9A-F]{6}/i);
    out.set(m[1]!, caption![1]!);
  }
  return out;
}

describe('the Neo4j Browser style', () => {
  after(cleanupTenants);

  it('captions every node of a person graph by a property it has, and colours each kind', async () => {
    const styled = await captions();
    const t = await newTenant('v1', 'scale');
    const user = `style-${randomUUID()}`;
    for (const content of [
      'My wife Sarah is severely allergic to peanuts.',
      'I play the cello in a community orchestra on Tuesdays.',
      'I love jazz.',
      'I really enjoy jazz records.',
    ])
      expect((await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } })).status).to.equal(201);
    const items = (await call('GET', `/api/v1/memory/v2/items?user_id=${user}&limit=100`, { headers: v1(t.apiKey) })).body.items as Array<{
      node_id: string;
      type: string;
    }>;
    const facts = items.filter((i) => i.type === 'facet');
    expect(
      (
        await call('PATCH', `/api/v1/memory/v2/nodes/${facts[0]!.node_id}`, {
          headers: v1(t.apiKey),
          body: { user_id: user, sentence: 'The user plays the viola.' },
        })
      ).status,
    ).to.equal(200);
    expect(
      (await call('DELETE', `/api/v1/memory/v2/nodes/${facts[1]!.node_id}`, { headers: v1(t.apiKey), body: { user_id: user, reason: 'privacy' } }))
        .status,
    ).to.equal(200);
    expect(
      (await call('POST', '/api/v1/memory/v2/suppress', { headers: v1(t.apiKey), body: { user_id: user, topic: 'orchestra' } })).status,
    ).to.equal(201);

    const nodes = await testRead<{ labels: string[]; props: Record<string, unknown> }>('controlsPersonNodes', { tenantId: t.tenantId, userId: user });
    const seen = new Set<string>();
    for (const n of nodes) {
      // Browser draws a node by its last styled label: Facet rather than Memory.
      const label = n.labels.filter((l) => styled.has(l)).at(-1);
      expect(label, `a style for ${n.labels.join(':')}`).to.not.equal(undefined);
      const value = n.props[styled.get(label!)!];
      expect(value, `${label}'s caption {${styled.get(label!)}}`)
        .to.be.a('string')
        .and.not.equal('');
      seen.add(label!);
    }
    expect([...seen]).to.include.members(['EndUser', 'Domain', 'Entity', 'Facet', 'Message', 'Revision', 'Suppression', 'LedgerRecord']);
  });
});
