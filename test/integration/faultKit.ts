// What the fault tests (faults.test.ts, crash.test.ts) share: the service as a real child process
// (`node dist/src/main.js`), a Neo4j of their own that they can stop and start, a driver of their own for the
// test-only queries (test/cypher/fault*.cypher), and a small HTTP client that times every request.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../../src/config.js';
import { createDriver } from '../../src/graph/driver.js';
import { Graph } from '../../src/graph/graph.js';
import { QueryRegistry, type QueryName } from '../../src/graph/queries.js';
import { createLogger } from '../../src/log.js';
import { openGraph } from '../../src/runtime.js';
import { projectRoot } from '../../src/version.js';

export const FAULT_ADMIN_TOKEN = 'fault-test-admin-token-0123456789';
const MAIN = path.join(projectRoot, 'dist', 'src', 'main.js');

export interface ServiceProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Every line the process wrote (JSON log lines on stdout, anything on stderr). */
  lines: string[];
  exited: Promise<number | null>;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts the service as a process on `env` (NEO4J_URI at least) and waits for its 'listening' line. Provider keys
 * of the calling shell are removed unless `env` sets them; jobs are off; port 0.
 */
export async function spawnService(env: Record<string, string>, startTimeoutMs = 90_000): Promise<ServiceProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL', 'LOCAL_NEO4J_DATA_DIR']) delete childEnv[k];
  Object.assign(childEnv, { PORT: '0', ADMIN_TOKEN: FAULT_ADMIN_TOKEN, LOG_LEVEL: 'info', JOBS_SCHEDULE: 'off', NODE_ENV: 'production' }, env);
  const child = spawn(process.execPath, [MAIN], { cwd: projectRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (l) => lines.push(l));
  createInterface({ input: child.stderr! }).on('line', (l) => lines.push(l));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + startTimeoutMs;
  let url: string | undefined;
  while (!url) {
    const line = lines.find((l) => l.includes('memory middleware is listening'));
    if (line) url = (JSON.parse(line) as { url: string }).url;
    else if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${lines.slice(-30).join('\n')}`);
    else if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the service did not start within ${startTimeoutMs} ms:\n${lines.slice(-30).join('\n')}`);
    } else await sleep(50);
  }
  const done = () => child.exitCode !== null || child.signalCode !== null;
  return {
    url,
    pid: child.pid!,
    child,
    lines,
    exited,
    async kill() {
      if (done()) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop(graceMs = 20_000) {
      if (done()) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface Timed<T = any> {
  status: number;
  body: T;
  text: string;
  retryAfter: string | null;
  /** The service's X-Request-Id: its log lines about this request carry it. */
  requestId: string | null;
  ms: number;
  startedAt: number;
}

/** One request, timed. Status 0 when the service could not be reached (or `timeoutMs` ran out). */
export async function timed<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  o: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Timed<T>> {
  const startedAt = Date.now();
  const t0 = performance.now();
  try {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { ...(o.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...o.headers },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: AbortSignal.timeout(o.timeoutMs ?? 60_000),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return {
      status: res.status,
      body: body as T,
      text,
      retryAfter: res.headers.get('retry-after'),
      requestId: res.headers.get('x-request-id'),
      ms: performance.now() - t0,
      startedAt,
    };
  } catch (err) {
    return { status: 0, body: undefined as T, text: (err as Error).name, retryAfter: null, requestId: null, ms: performance.now() - t0, startedAt };
  }
}

export const adminHeaders = { Authorization: `Bearer ${FAULT_ADMIN_TOKEN}` };

/** A tenant with one key, made through the admin API, with rate limits raised out of the way of a load test. */
export async function loadTenant(baseUrl: string, routeSet: 'v1' | 'b2c', name: string): Promise<{ tenantId: string; apiKey: string }> {
  const r = await timed(baseUrl, 'POST', '/admin/keys', {
    headers: adminHeaders,
    body: { route_set: routeSet, tenant_name: name, tier: 'enterprise' },
  });
  if (r.status !== 201) throw new Error(`create-key failed: ${r.status} ${r.text}`);
  const p = await timed(baseUrl, 'PATCH', `/admin/tenants/${r.body.tenant_id}`, {
    headers: adminHeaders,
    body: { limits: { rate_limit_rpm: 1_000_000, rate_limit_daily: 100_000_000, max_users: 100_000, max_nodes_per_user: 1_000_000 } },
  });
  if (p.status !== 200) throw new Error(`raising limits failed: ${p.status} ${p.text}`);
  return { tenantId: r.body.tenant_id, apiKey: r.body.api_key };
}

/** A driver and the test-only queries (test/cypher), on a Neo4j of the test's choosing. */
export async function faultGraph(uri: string, timeoutMs = 10_000): Promise<{ graph: Graph; close(): Promise<void> }> {
  const driver = createDriver({ uri, user: 'neo4j', maxPoolSize: 5, timeoutMs });
  const queries = await QueryRegistry.load(path.join(projectRoot, 'test', 'cypher'));
  const graph = new Graph(driver, 'neo4j', queries);
  return { graph, close: () => driver.close() };
}

export const q = (name: string) => name as QueryName;

/** The graph as the service opens it (its queries, its check after a failure nothing places), on a Neo4j of the test's. */
export async function serviceGraph(uri: string): Promise<{ graph: Graph; close(): Promise<void> }> {
  const { graph, close } = await openGraph(loadConfig({ NEO4J_URI: uri }), createLogger('silent'), { startLocal: false });
  return { graph, close };
}

/**
 * Whether every thread of the process has stopped (SIGSTOP). The signal stops the threads one by one as each is
 * scheduled, so on a busy machine one may still answer a query a few milliseconds after kill() returned.
 */
export async function isStopped(pid: number): Promise<boolean> {
  const tasks = await readdir(`/proc/${pid}/task`);
  const states = await Promise.all(tasks.map(async (tid) => (await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8')).replace(/^.*\)\s+/s, '')[0]));
  return states.every((state) => state === 'T' || state === 't');
}

/** Whether Neo4j turns a new connection away (as it does from the start of its shutdown); a slow answer is no refusal. */
export async function refuses(uri: string): Promise<boolean> {
  const driver = createDriver({ uri, user: 'neo4j', maxPoolSize: 1, timeoutMs: 2000 });
  try {
    await driver.getServerInfo();
    return false;
  } catch (err) {
    return (err as { code?: string }).code === 'ServiceUnavailable';
  } finally {
    await driver.close().catch(() => {});
  }
}

/**
 * Messages that each become exactly one fact about the person (checked in a clean run by the tests that use it),
 * all different, so a message processed twice shows up as a reinforced fact or a second fact.
 */
export function oneFactMessage(i: number): string {
  const cities = ['Vienna', 'Lisbon', 'Prague', 'Oslo', 'Seville', 'Krakow', 'Ghent', 'Turin', 'Bergen', 'Porto'];
  return `On day ${i + 1} of my trip I visited museum number ${i + 1} in ${cities[i % cities.length]}.`;
}

/** p-th percentile (0..100) of numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Polls `check` until it returns a value (not undefined) or the time is up. */
export async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await sleep(everyMs);
  }
}
