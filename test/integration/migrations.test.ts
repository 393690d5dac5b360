// The migration runner on the real Neo4j: applied once, recorded as a chain, edits refused, a lock.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { QueryName } from '../../src/graph/queries.js';
import { LeaseTerms, NamedLease } from '../../src/graph/leases.js';
import { checksumOf, DEFAULT_CHAIN, migrate, migrationStatus, loadMigrations } from '../../src/graph/migrations.js';
import { MIGRATIONS_DIR } from '../../src/runtime.js';
import { testEnv } from '../helpers/env.js';

const CHAIN_OF = 'migrationChain' as QueryName;
const DELETE_CHAIN = 'deleteMigrationChain' as QueryName;

// Each test migration leaves a marker node, so running one twice would show as two markers.
const step = (version: string) => `// step ${version}\nCREATE (:MigTest {chain: $chain, step: '${version}'});\n`;

describe('migrations', () => {
  let dir: string;
  let chain: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    chain = `test-${randomUUID()}`;
  });
  afterEach(async () => {
    const env = await testEnv();
    await env.testGraph.write(DELETE_CHAIN, { chain });
    await rm(dir, { recursive: true, force: true });
  });

  async function chainRows() {
    const env = await testEnv();
    return env.testGraph.read<{ version: string; checksum: string; previous: string | null; markers: number }>(CHAIN_OF, { chain });
  }

  it('the project migrations are recorded once with their checksums', async () => {
    const env = await testEnv();
    const status = await migrationStatus(env.graph, MIGRATIONS_DIR, DEFAULT_CHAIN);
    expect(status.pending).to.deep.equal([]);
    const files = await loadMigrations(MIGRATIONS_DIR);
    expect(status.applied.map((a) => [a.version, a.checksum])).to.deep.equal(files.map((f) => [f.version, f.checksum]));
  });

  it('applies pending migrations in order, once, linked into a chain', async () => {
    const env = await testEnv();
    await writeFile(path.join(dir, 'V0002__second.cypher'), step('0002'));
    await writeFile(path.join(dir, 'V0001__first.cypher'), step('0001'));
    expect((await migrate(env.graph, dir, { chain, params: { chain } })).applied).to.deep.equal(['0001', '0002']);
    expect((await migrate(env.graph, dir, { chain, params: { chain } })).applied).to.deep.equal([]);
    await writeFile(path.join(dir, 'V0003__third.cypher'), step('0003'));
    expect((await migrate(env.graph, dir, { chain, params: { chain } })).applied).to.deep.equal(['0003']);
    const rows = await chainRows();
    expect(rows.map((r) => [r.version, r.previous, r.markers])).to.deep.equal([
      ['0001', null, 1],
      ['0002', '0001', 1],
      ['0003', '0002', 1],
    ]);
    expect(rows[0]!.checksum).to.equal(checksumOf(step('0001')));
  });

  it('refuses to run when a landed migration was edited, and applies nothing', async () => {
    const env = await testEnv();
    await writeFile(path.join(dir, 'V0001__first.cypher'), step('0001'));
    await migrate(env.graph, dir, { chain, params: { chain } });
    await writeFile(path.join(dir, 'V0001__first.cypher'), `${step('0001')}// a quiet edit\n`);
    await writeFile(path.join(dir, 'V0002__second.cypher'), step('0002'));
    await migrate(env.graph, dir, { chain, params: { chain } }).then(
      () => expect.fail('should refuse'),
      (err: Error) => expect(err.message).to.match(/V0001__first\.cypher was edited after it was applied/),
    );
    expect((await chainRows()).map((r) => r.version)).to.deep.equal(['0001']);
  });

  it('does not count a change of line endings as an edit', async () => {
    const env = await testEnv();
    await writeFile(path.join(dir, 'V0001__first.cypher'), step('0001'));
    await migrate(env.graph, dir, { chain, params: { chain } });
    await writeFile(path.join(dir, 'V0001__first.cypher'), step('0001').replace(/\n/g, '\r\n'));
    expect((await migrate(env.graph, dir, { chain, params: { chain } })).applied).to.deep.equal([]);
  });

  it('refuses when an applied migration is missing from disk', async () => {
    const env = await testEnv();
    await writeFile(path.join(dir, 'V0001__first.cypher'), step('0001'));
    await migrate(env.graph, dir, { chain, params: { chain } });
    await rm(path.join(dir, 'V0001__first.cypher'));
    await migrate(env.graph, dir, { chain, params: { chain } }).then(
      () => expect.fail('should refuse'),
      (err: Error) => expect(err.message).to.match(/V0001 .* its file is missing/),
    );
  });

  it('two runners racing apply each migration exactly once (the lock)', async () => {
    const env = await testEnv();
    for (const v of ['0001', '0002', '0003']) await writeFile(path.join(dir, `V${v}__step.cypher`), step(v));
    const runs = await Promise.all([1, 2, 3].map(() => migrate(env.graph, dir, { chain, params: { chain } })));
    expect(runs.flatMap((r) => r.applied).sort()).to.deep.equal(['0001', '0002', '0003']);
    expect((await chainRows()).map((r) => r.markers)).to.deep.equal([1, 1, 1]);
  });

  it('waits for a held lock, gives up with a clear error, and breaks a stale one', async () => {
    const env = await testEnv();
    await writeFile(path.join(dir, 'V0001__first.cypher'), step('0001'));
    await migrate(env.graph, dir, { chain, params: { chain } }); // creates the bootstrap constraints
    await new NamedLease(env.graph, `migrations/${chain}`, new LeaseTerms('another-replica', 60_000)).acquire();
    await writeFile(path.join(dir, 'V0002__second.cypher'), step('0002'));
    await migrate(env.graph, dir, { chain, params: { chain }, lockWaitMs: 600 }).then(
      () => expect.fail('should wait and give up'),
      (err: Error) => expect(err.message).to.match(/holds the lock for chain/),
    );
    // A runner whose clock is past the other replica's lease takes it over.
    const run = await migrate(env.graph, dir, { chain, params: { chain }, clock: () => Date.now() + 61_000 });
    expect(run.applied).to.deep.equal(['0002']);
  });
});
