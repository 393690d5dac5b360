// The database under the benchmark: a fresh temporary local Neo4j (store size measurable) unless NEO4J_URI is set,
// the migrations, the bench query registry (bench/cypher), store sizes on disk and what machine this is.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.js';
import { Graph } from '../../src/graph/graph.js';
import { startLocalNeo4j, type LocalNeo4j } from '../../src/graph/localNeo4j.js';
import { QueryRegistry, type QueryName } from '../../src/graph/queries.js';
import { createLogger } from '../../src/log.js';
import { openGraph, runMigrations, type OpenGraph } from '../../src/runtime.js';
import { projectRoot } from '../../src/version.js';

export const NEO4J_HEAP = '2g';
export const NEO4J_PAGE_CACHE = '2g';

export interface BenchDatabase {
  uri: string;
  local: boolean;
  config: Config;
  opened: OpenGraph;
  /** Runs bench/cypher queries by name. */
  bench: Graph;
  /** The process id of the local Neo4j the benchmark started (undefined with NEO4J_URI). */
  neo4jPid(): number | undefined;
  /** The store of the empty database with the migrations applied, measured after a clean shutdown (local only). */
  emptyStore?: StoreSize;
  /**
   * Stops the local Neo4j cleanly (its shutdown writes a checkpoint, so the store files hold everything) and measures
   * the store; undefined with NEO4J_URI. Community Edition has no db.checkpoint(), hence the shutdown.
   */
  stopAndMeasure(): Promise<StoreSize | undefined>;
  close(): Promise<void>;
}

export interface StoreSize {
  /** Bytes of every file under data/databases/neo4j (apparent sizes). */
  storeBytes: number;
  /** The same as allocated on disk. */
  storeAllocatedBytes: number;
  /** Of the store: the schema indexes (range, full-text, vector) under schema/. */
  indexBytes: number;
  /** data/transactions/neo4j, not part of the store. */
  txLogBytes: number;
  /** Where the bytes are: store files by name, schema indexes by kind (range, full-text, vector, token lookup), largest first. */
  parts: Array<{ part: string; bytes: number }>;
}

async function measure(dataDir: string, database: string): Promise<StoreSize> {
  const storeDir = path.join(dataDir, 'data', 'databases', database);
  const store = await dirBytes(storeDir);
  const schema = await dirBytes(path.join(storeDir, 'schema')).catch(() => ({ apparent: 0 }));
  const tx = await dirBytes(path.join(dataDir, 'data', 'transactions', database)).catch(() => ({ apparent: 0 }));
  const parts = new Map<string, number>();
  for (const f of await listFiles(storeDir)) {
    const rel = path.relative(storeDir, f.path).split(path.sep);
    const part = rel[0] === 'schema' && rel[1] === 'index' && rel[2] ? `schema index: ${rel[2]}` : rel.join('/');
    parts.set(part, (parts.get(part) ?? 0) + f.bytes);
  }
  return {
    storeBytes: store.apparent,
    storeAllocatedBytes: store.allocated,
    indexBytes: schema.apparent,
    txLogBytes: tx.apparent,
    parts: [...parts]
      .map(([part, bytes]) => ({ part, bytes }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 12),
  };
}

async function listFiles(dir: string): Promise<Array<{ path: string; bytes: number }>> {
  const out: Array<{ path: string; bytes: number }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(p)));
    else if (entry.isFile()) out.push({ path: p, bytes: (await stat(p)).size });
  }
  return out;
}

export async function openDatabase(say: (line: string) => void): Promise<BenchDatabase> {
  const env = { ...process.env };
  let local: LocalNeo4j | undefined;
  let tmp: string | undefined;
  let opened: OpenGraph | undefined;
  const log = createLogger('warn');
  const cleanup = async () => {
    await opened?.driver.close().catch(() => {});
    await local?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
  const startLocal = async () => {
    const started = Date.now();
    local = await startLocalNeo4j({ dataDir: tmp!, boltPort: 0, heap: NEO4J_HEAP, pageCache: NEO4J_PAGE_CACHE, onLog: () => {} });
    say(
      `local Neo4j at ${local.boltUri} in ${Date.now() - started} ms (temporary data in ${tmp}; heap ${NEO4J_HEAP}, page cache ${NEO4J_PAGE_CACHE})`,
    );
    return local.boltUri;
  };
  try {
    let emptyStore: StoreSize | undefined;
    if (!env.NEO4J_URI) {
      tmp = await mkdtemp(path.join(os.tmpdir(), 'memory-mw-bench-'));
      env.NEO4J_URI = await startLocal();
      // The empty database with the migrations, measured after a clean shutdown; then started again on the same data.
      const config = loadConfig(env);
      opened = await openGraph(config, log, { startLocal: false });
      const { applied } = await runMigrations(opened.graph, config, log);
      say(`migrations applied: ${applied.length ? applied.join(', ') : 'none pending'}`);
      await opened.driver.close();
      opened = undefined;
      await local!.stop();
      emptyStore = await measure(tmp, config.NEO4J_DATABASE);
      env.NEO4J_URI = await startLocal();
    } else {
      say(`using NEO4J_URI=${env.NEO4J_URI}: the store size cannot be measured (only on the local Neo4j this benchmark starts)`);
    }
    const config = loadConfig(env);
    opened = await openGraph(config, log, { startLocal: false });
    const { applied } = await runMigrations(opened.graph, config, log);
    if (applied.length) say(`migrations applied: ${applied.join(', ')}`);
    const bench = new Graph(opened.driver, config.NEO4J_DATABASE, await QueryRegistry.load(path.join(projectRoot, 'bench', 'cypher')));
    const db: BenchDatabase = {
      uri: env.NEO4J_URI!,
      local: Boolean(local),
      config,
      opened,
      bench,
      neo4jPid: () => local?.pid,
      emptyStore,
      async stopAndMeasure() {
        if (!local || !tmp) return undefined;
        await opened?.driver.close().catch(() => {});
        opened = undefined;
        await local.stop();
        local = undefined;
        return measure(tmp, config.NEO4J_DATABASE);
      },
      close: cleanup,
    };
    return db;
  } catch (err) {
    await cleanup();
    throw err;
  }
}

export const bq = (name: string) => name as QueryName;

/** Bytes of every file under a directory: apparent size (file lengths) and allocated size (disk blocks). */
export async function dirBytes(dir: string): Promise<{ apparent: number; allocated: number; files: number }> {
  const out = { apparent: 0, allocated: 0, files: 0 };
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = await dirBytes(p);
      out.apparent += sub.apparent;
      out.allocated += sub.allocated;
      out.files += sub.files;
    } else if (entry.isFile()) {
      const s = await stat(p);
      out.apparent += s.size;
      out.allocated += s.blocks * 512;
      out.files++;
    }
  }
  return out;
}

export async function machineInfo(db?: BenchDatabase) {
  const cpus = os.cpus();
  let neo4j: { version: string; edition: string } | undefined;
  if (db) {
    const [row] = await db.bench.read<{ name: string; version: string; edition: string }>(bq('neo4jVersion'), {}).catch(() => []);
    if (row) neo4j = { version: row.version, edition: row.edition };
  }
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryBytes: os.totalmem(),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    neo4j: neo4j
      ? { ...neo4j, where: db!.local ? `fresh temporary local Neo4j (heap ${NEO4J_HEAP}, page cache ${NEO4J_PAGE_CACHE})` : 'NEO4J_URI' }
      : undefined,
  };
}
