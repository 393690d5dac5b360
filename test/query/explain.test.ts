// Cypher-shape tier: every query file is declared by the code that runs it, parses and plans on the real
// Neo4j (EXPLAIN), and filters person-owned data by tenant.
import { expect } from 'chai';
import neo4j from 'neo4j-driver';
import '../../src/app.js'; // loads every feature module, so every query() declaration has run
import '../../src/tenants/quotas.js';
import '../../src/graph/migrations.js';
import '../../src/jobs/reembed.js';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Graph } from '../../src/graph/graph.js';
import { QueryRegistry, declaredQueries, hotQueries, query } from '../../src/graph/queries.js';
import { projectRoot } from '../../src/version.js';
import { testEnv } from '../helpers/env.js';

const DDL = /^\s*(?:\/\/[^\n]*\n\s*)*(CREATE|DROP)\s+(CONSTRAINT|(FULLTEXT |VECTOR |RANGE |TEXT |POINT )?INDEX)\b/i;
const PERSON_LABELS = /:(EndUser|Memory|Domain|Entity|Facet|Theme|Interest|Message|Suppression|Revision|LedgerRecord|DeletionRecord|Inbox)\b/;
/** A query over the shared work queue says so, and why, with a `cross-tenant:` comment in its file (not sent to Neo4j). */
const crossTenant = async (reg: QueryRegistry, name: string) => /\/\/ cross-tenant:/.test(await readFile(reg.files.get(name)!, 'utf8'));

/** Parameter names a query uses, each bound to null: EXPLAIN plans without evaluating them. */
function nullParams(text: string): Record<string, null> {
  const out: Record<string, null> = {};
  for (const m of text.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)) out[m[1]!] = null;
  return out;
}

describe('Cypher query files', () => {
  it('every declared query has a file and every file is declared', async () => {
    const { graph } = await testEnv();
    const files = graph.queries.names();
    const declared = declaredQueries();
    expect(
      declared.filter((n) => !files.includes(n)),
      'declared without a file',
    ).to.deep.equal([]);
    expect(
      files.filter((n) => !declared.includes(n)),
      'files no code runs',
    ).to.deep.equal([]);
  });

  it('EXPLAINs every query against the real Neo4j', async function () {
    this.timeout(120_000); // a hundred plans, each made afresh: slow on a busy machine
    const { graph } = await testEnv();
    const names = graph.queries.names();
    expect(names.length).to.be.greaterThan(10);
    let explained = 0;
    for (const name of names) {
      const text = graph.queries.get(name);
      if (DDL.test(text)) continue;
      try {
        await graph.runSchemaStatement(`EXPLAIN ${text}`, nullParams(text));
        explained++;
      } catch (err) {
        expect.fail(`${name} does not plan: ${(err as Error).message}`);
      }
    }
    expect(explained).to.be.greaterThan(10);
  });

  it('plans the queries callers wait for ahead of them, and names a query Neo4j cannot plan instead of failing', async function () {
    this.timeout(60_000);
    const { graph } = await testEnv();
    const hot = hotQueries();
    // A retrieval's channels and details, the key lookup, the acknowledgement's writes.
    for (const name of ['retrieval/vectorChannel', 'retrieval/candidateDetails', 'tenants/getKeyByHash', 'messages/saveMessages'])
      expect(hot, name).to.include(name);
    expect(hot.filter((n) => !declaredQueries().includes(n))).to.deep.equal([]);
    expect(await graph.warmPlans(hot, 2)).to.deep.equal({ planned: hot.length, failed: [] });
    const dir = await mkdtemp(path.join(tmpdir(), 'plans-'));
    try {
      await writeFile(path.join(dir, 'good.cypher'), 'MATCH (e:EndUser {tenantId: $tenantId}) RETURN count(e) AS n');
      await writeFile(path.join(dir, 'broken.cypher'), 'MATCH (e:EndUser RETURN e');
      const other = new Graph(graph.driver, graph.database, await QueryRegistry.load(dir));
      expect(await other.warmPlans(['broken', 'good'], 1)).to.deep.equal({ planned: 1, failed: ['broken'] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('EXPLAINs every saved analyst query (cypher/browser), scheduled job (cypher/jobs) and test-only query (test/cypher)', async () => {
    const { graph } = await testEnv();
    for (const dir of ['cypher/browser', 'cypher/jobs', 'test/cypher', 'bench/cypher']) {
      const reg = await QueryRegistry.load(path.join(projectRoot, dir));
      expect(reg.names().length, dir).to.be.greaterThan(3);
      for (const name of reg.names()) {
        const text = reg.get(name);
        // A bench's own schema statement (a comparison index) would only slow every later write of the suite.
        if (dir === 'bench/cypher' && DDL.test(text)) continue;
        // Auto-commit, as the jobs run: CALL … IN TRANSACTIONS cannot plan inside a managed transaction.
        await graph
          .runSchemaStatement(`EXPLAIN ${text}`, nullParams(text))
          .catch((err: Error) => expect.fail(`${dir}/${name} does not plan: ${err.message}`));
        if (dir === 'cypher/browser') expect(text, name).to.match(/tenantId/);
        // Jobs run one tenant at a time: a job on person-owned nodes filters by tenant.
        if (dir === 'cypher/jobs' && PERSON_LABELS.test(text) && !(await crossTenant(reg, name))) expect(text, name).to.match(/\$tenantId/);
      }
    }
  });

  it('schema statements among them are idempotent (run twice without error)', async () => {
    const { graph } = await testEnv();
    for (const name of graph.queries.names()) {
      const text = graph.queries.get(name);
      if (!DDL.test(text)) continue;
      expect(text, name).to.match(/IF NOT EXISTS/);
      await graph.runSchemaStatement(text);
      await graph.runSchemaStatement(text);
    }
  });

  it('every query that touches person-owned nodes filters by tenant', async () => {
    const { graph } = await testEnv();
    for (const name of graph.queries.names()) {
      const text = graph.queries.get(name);
      if (PERSON_LABELS.test(text) && !(await crossTenant(graph.queries, name))) expect(text, name).to.match(/tenantId/);
    }
  });

  it("answers every retrieval channel through an index, never a scan of the person's memories or messages", async () => {
    const { graph } = await testEnv();
    const params = {
      tenantId: 't',
      userId: 'u',
      limit: neo4j.int(10),
      candidates: neo4j.int(20),
      ids: ['x'],
      entityIds: ['e'],
      from: '2024-01-01',
      to: '2024-01-31',
      search: 'text:x',
      identity: true,
      contextHits: neo4j.int(20),
      withinMinutes: neo4j.int(60),
      reach: neo4j.int(2),
      vector: [1, 0],
      embeddingModel: 'm',
      minCosine: 0.1,
      question: 'who is my sister?',
      relations: ['sibling'],
      centralGravity: 0.85,
    };
    const planOf = async (name: Parameters<typeof query>[0]) => (await graph.planOf(query(name), params)).join('\n');
    const expected: Array<[Parameters<typeof query>[0], RegExp]> = [
      ['person/getPersonById', /NodeIndexSeek.*RANGE INDEX e:Entity\(tenantId, userId, name\)/],
      ['retrieval/recentChannel', /NodeIndexSeek.*RANGE INDEX m:Facet\(tenantId, userId, lastRelevantAt\)/],
      ['retrieval/dateChannel', /NodeIndexSeek.*RANGE INDEX m:Facet\(tenantId, userId, eventDate\)/],
      ['retrieval/standingChannel', /NodeIndexSeek.*RANGE INDEX m:Memory\(tenantId, userId, pinned\)/],
      ['retrieval/saidChannel', /NodeIndexSeek.*RANGE INDEX x:Message\(tenantId, userId, eventTime\)/],
      ['retrieval/saidMeaningChannel', /message_embedding_owner/],
      ['retrieval/entityChannel', /NodeUniqueIndexSeek.*UNIQUE e:Memory\(id\)/],
      ['retrieval/candidateDetails', /NodeUniqueIndexSeek.*UNIQUE m:Memory\(id\)/],
      ['retrieval/vectorChannel', /memory_embedding_owner/],
    ];
    // Constraints and identity facts through their own index, never a full-text search of categories.
    expect(await planOf('retrieval/standingChannel')).to.match(/NodeIndexSeek.*RANGE INDEX m:Facet\(tenantId, userId, standing, lastRelevantAt\)/);
    for (const [name, index] of expected) {
      const plan = await planOf(name);
      expect(plan, name).to.match(index);
      expect(plan, name).to.not.match(/:(Memory|Message|Facet|Entity)\(tenantId, userId\) WHERE/);
      expect(plan, name).to.not.match(/AllNodesScan|NodeByLabelScan/);
    }
    // Read in index order and stopped at the limit: no sort of every fact.
    for (const name of ['retrieval/recentChannel', 'retrieval/dateChannel'] as const) expect(await planOf(name), name).to.not.match(/\b(Top|Sort)@/);
  });

  it("finds the message before each processed one by its time, never by a scan of the person's messages", async () => {
    const { graph } = await testEnv();
    const plan = (await graph.planOf(query('messages/previousMessages'), { tenantId: 't', userId: 'u', messageIds: ['x'] })).join('\n');
    expect(plan).to.match(/NodeUniqueIndexSeek.*UNIQUE m:Message\(id\)/);
    expect(plan).to.match(/NodeIndexSeek.*RANGE INDEX p:Message\(tenantId, userId, eventTime\)/);
    expect(plan).to.not.match(/p:Message\(tenantId, userId\) WHERE/);
  });
});
