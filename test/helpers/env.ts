// One running service per test process, on the real Neo4j that `npm test` started (NEO4J_URI).
// Every test makes its own tenants, so suites never see each other's data.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { Graph } from '../../src/graph/graph.js';
import { QueryRegistry, type QueryName } from '../../src/graph/queries.js';
import { Metrics } from '../../src/http/metrics.js';
import { createLogger } from '../../src/log.js';
import type { Services } from '../../src/routes/context.js';
import { openGraph, type OpenGraph } from '../../src/runtime.js';
import { buildServices } from '../../src/services.js';
import { projectRoot } from '../../src/version.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestEnv {
  opened: OpenGraph;
  graph: Graph;
  /** Queries only the tests run (clean-up), from test/cypher. */
  testGraph: Graph;
  config: Config;
  services: ReturnType<typeof buildServices>;
  baseUrl: string;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  // Hashing vectors unless a test asks for the model: most tests need vectors, not meaning.
  return loadConfig({ EMBEDDINGS: 'hash', ...process.env, ADMIN_TOKEN, PORT: '0', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...overrides });
}

export async function startService(services: Services): Promise<{ server: Server; baseUrl: string }> {
  const app = buildApp(services);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export function makeServices(opened: OpenGraph, config: Config, metrics = new Metrics(false), clock: () => number = Date.now) {
  return buildServices(opened.graph, config, createLogger(config.LOG_LEVEL), metrics, { clock, worker: { idlePollMs: 50 } });
}

let shared: Promise<TestEnv> | undefined;

export function testEnv(): Promise<TestEnv> {
  shared ??= (async () => {
    if (!process.env.NEO4J_URI) throw new Error('NEO4J_URI is unset: run the tests with `npm test`, which starts a local Neo4j');
    const config = testConfig();
    const metrics = new Metrics(false);
    const opened = await openGraph(config, createLogger('error'), { startLocal: false, observe: metrics.observeQuery });
    const testQueries = await QueryRegistry.load(path.join(projectRoot, 'test', 'cypher'));
    const testGraph = new Graph(opened.driver, config.NEO4J_DATABASE, testQueries);
    const services = makeServices(opened, config, metrics);
    services.worker.start();
    services.erasure.start();
    const { server, baseUrl } = await startService(services);
    return {
      opened,
      graph: opened.graph,
      testGraph,
      config,
      services,
      baseUrl,
      async close() {
        await new Promise((r) => server.close(r));
        await services.worker.stop();
        await services.erasure.stop();
        await services.usage.stop().catch(() => {});
        await opened.driver.close();
      },
    };
  })();
  return shared;
}

export async function closeTestEnv(): Promise<void> {
  if (shared) await (await shared).close();
  shared = undefined;
}

// Not declared with query(): test queries live outside the service's registry.
const DELETE_TENANT = 'deleteTenant' as QueryName;

export async function deleteTenants(ids: string[]): Promise<void> {
  const env = await testEnv();
  for (const tenantId of ids) await env.testGraph.write(DELETE_TENANT, { tenantId });
}

/**
 * A second service in this process, built like the real one (with the given configuration changes), on the
 * suite's Neo4j: its worker and eraser are not started unless a test starts them (tests that pause or race one).
 */
export async function ownService(configOverrides?: Record<string, string | undefined>) {
  const env = await testEnv();
  const services = makeServices(env.opened, configOverrides ? testConfig(configOverrides) : env.config);
  const { server, baseUrl } = await startService(services);
  return {
    services,
    baseUrl,
    async close() {
      await new Promise((r) => server.close(r));
      await services.usage.stop().catch(() => {});
    },
  };
}
