// Opens the graph the way every entry point needs it (service, CLIs, test runner): NEO4J_URI when set,
// otherwise the embedded local Neo4j on the persistent data dir (reusing one the service already started).
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import neo4j, { type Driver } from 'neo4j-driver';
import type { Config } from './config.js';
import { createDriver, takesNewConnection } from './graph/driver.js';
import { Graph, type QueryObserver } from './graph/graph.js';
import { startLocalNeo4j, type LocalNeo4j } from './graph/localNeo4j.js';
import { requireFreePort } from './ops/ports.js';
import { migrate } from './graph/migrations.js';
import { QueryRegistry, declaredQueries, hotQueries } from './graph/queries.js';
import type { Logger } from './log.js';
import { projectRoot } from './version.js';

export const QUERIES_DIR = path.join(projectRoot, 'cypher', 'queries');
export const MIGRATIONS_DIR = path.join(projectRoot, 'cypher', 'migrations');

export interface OpenGraph {
  graph: Graph;
  driver: Driver;
  local?: LocalNeo4j;
  uri: string;
  close(): Promise<void>;
}

const instanceFile = (dataDir: string) => `${path.resolve(dataDir)}.instance.json`;

/** A local Neo4j that another process of ours started on this data dir and that still answers. */
async function runningLocal(dataDir: string): Promise<string | undefined> {
  try {
    const { boltUri, pid } = JSON.parse(await readFile(instanceFile(dataDir), 'utf8')) as { boltUri: string; pid: number };
    process.kill(pid, 0);
    return boltUri;
  } catch {
    return undefined;
  }
}

export async function openGraph(config: Config, log: Logger, opts: { observe?: QueryObserver; startLocal?: boolean } = {}): Promise<OpenGraph> {
  let uri = config.NEO4J_URI;
  let local: LocalNeo4j | undefined;
  if (!uri) uri = await runningLocal(config.LOCAL_NEO4J_DATA_DIR);
  if (!uri && opts.startLocal !== false) {
    const orElse = ' (or NEO4J_URI to use a Neo4j that is running)';
    await requireFreePort(config.LOCAL_NEO4J_BOLT_PORT, '127.0.0.1', "the embedded Neo4j's Bolt connector", 'LOCAL_NEO4J_BOLT_PORT', orElse);
    await requireFreePort(config.LOCAL_NEO4J_HTTP_PORT, '127.0.0.1', "the embedded Neo4j's Browser", 'LOCAL_NEO4J_HTTP_PORT', orElse);
    log.info('NEO4J_URI is unset: starting the embedded local Neo4j', { dataDir: path.resolve(config.LOCAL_NEO4J_DATA_DIR) });
    local = await startLocalNeo4j({
      dataDir: config.LOCAL_NEO4J_DATA_DIR,
      boltPort: config.LOCAL_NEO4J_BOLT_PORT,
      httpPort: config.LOCAL_NEO4J_HTTP_PORT,
      heap: config.LOCAL_NEO4J_HEAP,
      onLog: (line) => log.debug('local neo4j', { line }),
      onProgress: (line) => log.info(line),
    });
    uri = local.boltUri;
    await writeFile(instanceFile(local.dataDir), JSON.stringify({ boltUri: local.boltUri, browserUrl: local.browserUrl, pid: local.pid }));
    log.info('local Neo4j is running', { bolt: local.boltUri, browser: local.browserUrl, dataDir: path.resolve(local.dataDir), java: local.java });
  }
  if (!uri) throw new Error('NEO4J_URI is unset and no local Neo4j is running');

  const driverOptions = {
    uri,
    user: config.NEO4J_USER,
    password: config.NEO4J_PASSWORD,
    maxPoolSize: config.NEO4J_MAX_POOL_SIZE,
    timeoutMs: config.NEO4J_TIMEOUT_MS,
    log,
  };
  const driver = createDriver(driverOptions);
  const close = async () => {
    await driver.close();
    if (local) {
      await local.stop();
      await rm(instanceFile(local.dataDir), { force: true });
    }
  };
  try {
    await driver.verifyConnectivity({ database: config.NEO4J_DATABASE });
    const queries = await QueryRegistry.load(QUERIES_DIR);
    queries.verify(declaredQueries());
    const graph = new Graph(driver, config.NEO4J_DATABASE, queries, {
      observe: opts.observe,
      unavailableAfterMs: config.NEO4J_TIMEOUT_MS,
      requestBudgetMs: config.NEO4J_REQUEST_BUDGET_MS,
      answers: (withinMs) => takesNewConnection(driverOptions, config.NEO4J_DATABASE, withinMs),
    });
    return { graph, driver, local, uri, close };
  } catch (err) {
    await close();
    throw err;
  }
}

export function runMigrations(graph: Graph, config: Config, log: Logger) {
  return migrate(graph, MIGRATIONS_DIR, {
    // Index options need a Cypher INTEGER; a plain JS number travels as a FLOAT.
    params: { embeddingDimensions: neo4j.int(config.EMBEDDING_DIMENSIONS) },
    log: (message, meta) => log.info(message, meta),
  });
}

/**
 * Neo4j plans every query once after it starts, and the first retrieval on a Neo4j just started planned its own
 * queries while its caller waited: the queries callers wait for are planned now, two at a time, then the rest, one at
 * a time, in the background. On a Neo4j that has them already, each costs a cache lookup.
 */
export async function warmQueryPlans(graph: Graph, log: Logger): Promise<void> {
  const started = performance.now();
  const hot = hotQueries();
  const first = await graph.warmPlans(hot, 2);
  const rest = await graph.warmPlans(
    graph.queries.names().filter((name) => !hot.includes(name)),
    1,
  );
  const failed = [...first.failed, ...rest.failed];
  log.info('query plans ready', {
    planned: first.planned + rest.planned,
    ms: Math.round(performance.now() - started),
    ...(failed.length ? { failed } : {}),
  });
}
