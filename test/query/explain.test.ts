// Cypher-shape tier: every query file is declared by the code that runs it, parses and plans on the real
// Neo4j (EXPLAIN), and filters person-owned data by tenant.
import { expect } from 'chai';
import '../../src/app.js'; // loads every feature module, so every query() declaration has run
import '../../src/tenants/quotas.js';
import '../../src/graph/migrations.js';
import { declaredQueries } from '../../src/graph/queries.js';
import { testEnv } from '../helpers/env.js';

const DDL = /^\s*(?:\/\/[^\n]*\n\s*)*(CREATE|DROP)\s+(CONSTRAINT|(FULLTEXT |VECTOR |RANGE |TEXT |POINT )?INDEX)\b/i;
const PERSON_LABELS = /:(EndUser|Memory|Domain|Entity|Facet|Theme|Interest|Message|Suppression|Revision|LedgerRecord|DeletionRecord)\b/;

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
    expect(declared.filter((n) => !files.includes(n)), 'declared without a file').to.deep.equal([]);
    expect(files.filter((n) => !declared.includes(n)), 'files no code runs').to.deep.equal([]);
  });

  it('EXPLAINs every query against the real Neo4j', async function () {
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
      if (PERSON_LABELS.test(text)) expect(text, name).to.match(/tenantId/);
    }
  });
});
