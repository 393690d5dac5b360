// The service in-process for the harness, exactly as `npm start` composes it: NEO4J_URI when set, else a
// temporary local Neo4j (as scripts/test.ts does), migrations, services with the worker running, the app on
// 127.0.0.1:0; plus one enterprise tenant whose limits are raised so the harness is never throttled.
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { Graph } from '../../src/graph/graph.js';
import { startLocalNeo4j, type LocalNeo4j } from '../../src/graph/localNeo4j.js';
import { QueryRegistry, type QueryName } from '../../src/graph/queries.js';
import { Metrics } from '../../src/http/metrics.js';
import { createLogger } from '../../src/log.js';
import { openGraph, runMigrations } from '../../src/runtime.js';
import { buildServices } from '../../src/services.js';
import { itemLine } from '../../src/retrieval/render.js';
import { countTokens } from '../../src/retrieval/tokens.js';
import { projectRoot } from '../../src/version.js';

export interface EvalService {
  baseUrl: string;
  apiKey: string;
  tenantId: string;
  neo4j: string;
  /** The embedder memories and questions are embedded with, e.g. 'local:bge-small-en-v1.5-q:384'. */
  embedderId: string;
  /** The providers of the language model, in the order they are tried, when a key is set (e.g. 'openai'). */
  languageModel?: string;
  /** Runs the harness's own queries (bench/cypher) on the service's database. */
  read<T>(name: string, params: Record<string, unknown>): Promise<T[]>;
  /** The whole ranking /context/items would pack at this budget (for the diagnosis): ids and the tokens of each item's line. */
  ranking(userId: string, text: string, budget: number): Promise<Array<{ id: string; tokens: number; channels: string[]; score: number }>>;
  close(): Promise<void>;
}

/**
 * `keep`: a database kept between runs (ranking changes need no new ingestion): Neo4j's data in `keep.dataDir`, and
 * when `keep.tenant` is given, that tenant's key instead of a new tenant (its conversations are already loaded).
 */
export interface KeepOptions {
  dataDir: string;
  tenant?: { tenantId: string; apiKey: string };
}

export async function startEvalService(
  say: (line: string) => void,
  envOverrides: Record<string, string> = {},
  keep?: KeepOptions,
): Promise<EvalService> {
  let local: LocalNeo4j | undefined;
  let tmp: string | undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', PORT: '0', ...envOverrides };
  const cleanups: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    await local?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
  try {
    if (!env.NEO4J_URI) {
      const dataDir = keep?.dataDir ?? (tmp = await mkdtemp(path.join(os.tmpdir(), 'memory-mw-locomo-')));
      const started = Date.now();
      local = await startLocalNeo4j({ dataDir, boltPort: 0, heap: process.env.LOCAL_NEO4J_HEAP ?? '2g', pageCache: '512m', onLog: () => {} });
      env.NEO4J_URI = local.boltUri;
      say(`local Neo4j ready at ${local.boltUri} in ${Date.now() - started} ms (${tmp ? 'temporary ' : ''}data in ${dataDir})`);
    } else {
      say(`using NEO4J_URI=${env.NEO4J_URI}`);
    }
    const config = loadConfig(env);
    const log = createLogger(config.LOG_LEVEL);
    const opened = await openGraph(config, log, { startLocal: false });
    cleanups.push(() => opened.driver.close());
    await runMigrations(opened.graph, config, log);

    const services = buildServices(opened.graph, config, log, new Metrics(false), { worker: { concurrency: 4 } });
    services.worker.start();
    cleanups.push(() => services.usage.stop());
    // Before the driver closes: what went into the last contexts is written within a moment of the answer.
    cleanups.push(() => services.retrieval.recorded());
    cleanups.push(() => services.worker.stop());
    const server: Server = await new Promise((resolve) => {
      const s = buildApp(services).listen(0, '127.0.0.1', () => resolve(s));
    });
    cleanups.push(() => new Promise((r) => server.close(r)));

    const tenant =
      keep?.tenant ?? (await services.tenants.createTenant({ name: `locomo eval ${new Date().toISOString()}`, routeSet: 'v1', tier: 'enterprise' }));
    if (!keep?.tenant)
      await services.tenants.save(tenant.tenantId, { rateLimitRpm: 1_000_000, rateLimitDaily: 100_000_000, maxNodesPerUser: 1_000_000 });

    const bench = new Graph(opened.driver, config.NEO4J_DATABASE, await QueryRegistry.load(path.join(projectRoot, 'bench', 'cypher')));
    return {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      apiKey: tenant.apiKey,
      tenantId: tenant.tenantId,
      neo4j: local ? 'temporary local Neo4j' : String(env.NEO4J_URI),
      embedderId: services.embeddings.primary.id,
      ...(services.processor.llm ? { languageModel: services.processor.llm.providers.join(', then ') } : {}),
      // Not declared with query(): these queries live outside the service's registry.
      read: <T>(name: string, params: Record<string, unknown>) => bench.read<T>(name as QueryName, params),
      ranking: async (userId, text, budget) => {
        const r = await services.retrieval.retrieve(tenant.tenantId, userId, { text, budget });
        return r.memories.map((m) => ({ id: m.id, tokens: countTokens(itemLine(m)) + 1, channels: m.channels, score: m.score }));
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
