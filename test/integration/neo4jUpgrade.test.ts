// The upgrade path docs/operators/upgrade-neo4j-2026.md recommends: stop Neo4j 5.26, start 2026.x on the same data
// dir, then start the service (which applies the migrations written for 2026). The store is written by the real 5.26
// (the launcher's own class built against it) with the schema of a 5.26 deployment and data put in through the API.
// Runs only where Maven's cache already holds Neo4j 5.26 (nothing is downloaded for it); else skipped, saying why.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import neo4j from 'neo4j-driver';
import { findJava, javaEnv, type Java } from '../../src/graph/java.js';
import { startLocalNeo4j, type LocalNeo4j } from '../../src/graph/localNeo4j.js';
import { migrate } from '../../src/graph/migrations.js';
import { createLogger } from '../../src/log.js';
import { embedSync, HashEmbedder } from '../../src/providers/embeddings.js';
import { nearestMemories } from '../../src/retrieval/channels.js';
import { MIGRATIONS_DIR, openGraph } from '../../src/runtime.js';
import { projectRoot } from '../../src/version.js';
import { testConfig } from '../helpers/env.js';
import { faultGraph, loadTenant, q, spawnService, timed, until, type ServiceProcess } from './faultKit.js';

const PREVIOUS = '5.26.30';
/** The migrations a deployment on Neo4j 5.26 had: the ones written before the move to 2026 (V0015 on need 2026). */
const LAST_ON_5_26 = '0013';
const M2 = path.join(os.homedir(), '.m2', 'repository', 'org', 'neo4j', 'neo4j', PREVIOUS);

function mvn(args: string[], cwd: string, java: Java): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('mvn', args, { cwd, env: javaEnv(java), stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`mvn exited with ${code}: ${err}`))));
  });
}

describe('upgrading a Neo4j 5.26 data dir to 2026', function () {
  this.timeout(600_000);
  let work: string | undefined;
  let neo: LocalNeo4j | undefined;
  let svc: ServiceProcess | undefined;

  after(async () => {
    await svc?.stop();
    await neo?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('opens the store as it is: what was stored on 5.26 is read and retrieved on 2026, and new writes work', async function () {
    if (!existsSync(path.join(M2, `neo4j-${PREVIOUS}.jar`))) {
      console.log(`      skipped: Neo4j ${PREVIOUS} is not in the Maven cache (${M2})`);
      return this.skip();
    }
    // 5.26 runs on Java 17 or 21: the default java here.
    const java17 = findJava(process.env, { min: 17 });
    work = await mkdtemp(path.join(os.tmpdir(), 'memory-mw-upgrade-'));
    const launcher = path.join(work, 'launcher-5.26');
    await mkdir(launcher);
    await copyFile(path.join(projectRoot, 'neo4j-local', 'pom.xml'), path.join(launcher, 'pom.xml'));
    await cp(path.join(projectRoot, 'neo4j-local', 'src'), path.join(launcher, 'src'), { recursive: true });
    const builtAt = Date.now();
    await mvn(
      [
        '-o',
        '-q',
        '-B',
        '-Dstyle.color=never',
        '-DskipTests',
        `-Dneo4j.version=${PREVIOUS}`,
        '-Dmaven.compiler.release=17',
        'package',
        'dependency:build-classpath',
        '-Dmdep.outputFile=target/classpath.txt',
      ],
      launcher,
      java17,
    );
    const figures: Record<string, number> = { build526Ms: Date.now() - builtAt };
    const dataDir = path.join(work, 'data');
    const opts = { dataDir, boltPort: 0, heap: '512m', pageCache: '64m', onLog: () => {} };

    // On 5.26: the schema of that time, then a person's memories through the API.
    let t = Date.now();
    neo = await startLocalNeo4j({ ...opts, prebuilt: { dir: launcher, java: java17 } });
    figures.start526Ms = Date.now() - t;
    const oldMigrations = path.join(work, 'migrations-5.26');
    await mkdir(oldMigrations);
    for (const f of await readdir(MIGRATIONS_DIR))
      if (f.endsWith('.cypher') && f.slice(1, 5) <= LAST_ON_5_26) await copyFile(path.join(MIGRATIONS_DIR, f), path.join(oldMigrations, f));
    const log = createLogger('warn');
    const old = await openGraph(testConfig({ NEO4J_URI: neo.boltUri }), log, { startLocal: false });
    try {
      await migrate(old.graph, oldMigrations, { params: { embeddingDimensions: neo4j.int(384) } });
      // Today's migrations on 5.26: the first one in Cypher 25 stops, naming the upgrade.
      await migrate(old.graph, MIGRATIONS_DIR, { params: { embeddingDimensions: neo4j.int(384) } }).then(
        () => expect.fail('the Cypher 25 migrations ran on 5.26'),
        (err: Error) => expect(err.message).to.match(/^Migration V0015__\w+\.cypher needs Neo4j 2026\.x or later .*upgrade Neo4j first/),
      );
    } finally {
      await old.close();
    }
    svc = await spawnService({ NEO4J_URI: neo.boltUri, EMBEDDINGS: 'hash', MIGRATE_ON_START: 'false' });
    const tenant = await loadTenant(svc.url, 'v1', 'upgrade 5.26');
    const headers = { 'X-API-Key': tenant.apiKey };
    const said = await timed(svc.url, 'POST', '/api/v1/ingest/v2', {
      headers,
      body: { user_id: 'ana', speaker: 'user', message: 'My sister Ana lives in Lisbon and loves museums.' },
    });
    expect(said.status, said.text).to.equal(202);
    const processed = (id: string) =>
      until(`message ${id} processed`, 120_000, async () => {
        const r = await timed(svc!.url, 'GET', `/api/v1/messages/${id}?wait=20`, { headers });
        return r.body?.status === 'done' ? r : undefined;
      });
    await processed(said.body.message_id);
    const ask = () => timed(svc!.url, 'POST', '/api/v1/context/items', { headers, body: { user_id: 'ana', message: 'Where does my sister live?' } });
    const before = await ask();
    expect(before.status, before.text).to.equal(200);
    const sentences = (r: { body: { items: Array<{ sentence: string }> } }) => r.body.items.map((i) => i.sentence).sort();
    expect(sentences(before).join(' '), 'the 5.26 answer').to.match(/Lisbon/);
    await svc.stop();
    svc = undefined;
    t = Date.now();
    await neo.stop();
    figures.stop526Ms = Date.now() - t;
    neo = undefined;

    // On 2026, same data dir: no setting, no dump/load; the service applies the 2026 migrations on start.
    t = Date.now();
    neo = await startLocalNeo4j(opts);
    figures.start2026OnOldStoreMs = Date.now() - t;
    svc = await spawnService({ NEO4J_URI: neo.boltUri, EMBEDDINGS: 'hash' });
    const after = await until('the retrieval on 2026', 60_000, async () => {
      const r = await ask();
      return r.status === 200 ? r : undefined;
    });
    expect(sentences(after), 'the same memories, retrieved the same way').to.deep.equal(sentences(before));
    const more = await timed(svc.url, 'POST', '/api/v1/ingest/v2', {
      headers,
      body: { user_id: 'ana', speaker: 'user', message: 'My brother Leo works as a nurse in Porto.' },
    });
    expect(more.status, more.text).to.equal(202);
    await processed(more.body.message_id);
    const brother = await timed(svc.url, 'POST', '/api/v1/context/items', { headers, body: { user_id: 'ana', message: 'What does my brother do?' } });
    expect(sentences(brother).join(' ')).to.match(/nurse/);

    const check = await faultGraph(neo.boltUri);
    const opened = await openGraph(testConfig({ NEO4J_URI: neo.boltUri }), log, { startLocal: false });
    try {
      const [server] = await check.graph.read<{ version: string }>(q('serverVersion'));
      expect(server!.version).to.match(/^2026\./);
      // V0015's index holds the memories written on 5.26 too: the same answer as the exact scan.
      const owner = { tenantId: tenant.tenantId, userId: 'ana' };
      const embedder = new HashEmbedder(384);
      const vector = embedSync('Where does my sister live?');
      const hits = await nearestMemories(opened.graph, owner, { values: vector, embedderId: embedder.id }, 20);
      const exact = await check.graph.read<{ id: string }>(q('exactVectorScan'), { ...owner, vector, embeddingModel: embedder.id, limit: 20 });
      expect(exact.length).to.be.greaterThan(1);
      expect(hits.map((h) => h.id)).to.deep.equal(exact.map((h) => h.id));
    } finally {
      await check.close();
      await opened.close();
    }
    console.log(`      figures: ${JSON.stringify(figures)}`);
  });
});
