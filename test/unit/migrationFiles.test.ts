import { expect } from 'chai';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checksumOf, loadMigrations, splitStatements } from '../../src/graph/migrations.js';
import { MIGRATIONS_DIR } from '../../src/runtime.js';

describe('migration files', () => {
  it('split into statements at line-ending semicolons, dropping comment lines', () => {
    const text =
      '// header; not a statement\nCREATE INDEX a IF NOT EXISTS FOR (n:A) ON (n.x);\n\nCREATE INDEX b IF NOT EXISTS\nFOR (n:B) ON (n.y);\n';
    expect(splitStatements(text)).to.deep.equal([
      'CREATE INDEX a IF NOT EXISTS FOR (n:A) ON (n.x)',
      'CREATE INDEX b IF NOT EXISTS\nFOR (n:B) ON (n.y)',
    ]);
  });

  it('have checksums over LF-normalised text', () => {
    expect(checksumOf('a\r\nb\r\n')).to.equal(checksumOf('a\nb\n'));
    expect(checksumOf('a\nb\n')).to.not.equal(checksumOf('a\nc\n'));
  });

  it('must be named V0001__description.cypher with unique versions', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mig-'));
    await writeFile(path.join(dir, 'V1__bad.cypher'), 'RETURN 1;');
    await loadMigrations(dir).then(
      () => expect.fail('should refuse'),
      (err: Error) => expect(err.message).to.match(/V0001__description/),
    );
    const dir2 = await mkdtemp(path.join(os.tmpdir(), 'mig-'));
    await writeFile(path.join(dir2, 'V0001__a.cypher'), 'RETURN 1;');
    await writeFile(path.join(dir2, 'V0001__b.cypher'), 'RETURN 2;');
    await loadMigrations(dir2).then(
      () => expect.fail('should refuse'),
      (err: Error) => expect(err.message).to.match(/share version 0001/),
    );
  });

  it('the project migrations only use idempotent DDL, backfills that set unset properties, or cleanups that remove set ones, in batches', async () => {
    const migrations = await loadMigrations(MIGRATIONS_DIR);
    expect(migrations[0]?.version).to.equal('0001');
    // `CYPHER 25` first: schema that only Cypher 25 can say (a vector index with filter properties, V0015).
    const ddl =
      /^(?:CYPHER 25 )?(CREATE (CONSTRAINT|(FULLTEXT |VECTOR |RANGE |TEXT |POINT )?INDEX) \w+ IF NOT EXISTS|DROP (INDEX|CONSTRAINT) \w+ IF EXISTS$)/;
    // A backfill: reads, then sets only properties it found unset, in batches; never creates, merges, removes or deletes.
    const backfill = (s: string) =>
      /^MATCH /.test(s) &&
      /WHERE [\s\S]*\b(\w+)\.(\w+) IS NULL[\s\S]*IN TRANSACTIONS OF \d+ ROWS$/.test(s) &&
      /\bSET \w+\.\w+ = /.test(s) &&
      !/\b(CREATE|MERGE|REMOVE|DELETE)\b/.test(s);
    // A cleanup: reads, then removes only properties it found set, in batches; never creates, merges, sets or deletes.
    const cleanup = (s: string) =>
      /^MATCH /.test(s) &&
      /WHERE [\s\S]*\b(\w+)\.(\w+) IS NOT NULL[\s\S]*IN TRANSACTIONS OF \d+ ROWS$/.test(s) &&
      /\bREMOVE \w+\.\w+\b/.test(s) &&
      !/\b(CREATE|MERGE|SET|DELETE)\b/.test(s);
    for (const m of migrations) for (const s of m.statements) expect(ddl.test(s) || backfill(s) || cleanup(s), `${m.file}: ${s}`).to.equal(true);
    expect(cleanup('MATCH (n:Message) WHERE n.flag IS NOT NULL CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10 ROWS')).to.equal(false);
    expect(backfill('MATCH (n:Message) WHERE n.flag IS NULL CALL (n) { DELETE n } IN TRANSACTIONS OF 10 ROWS')).to.equal(false);
  });
});
