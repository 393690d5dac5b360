// Soak run (issue 8, "Load"): a fresh local Neo4j on a temporary data dir and the service as a process
// (`node dist/src/main.js`, local embeddings, no provider key), three tenants (v1, v1, b2c), and a steady mixed load
// at fixed rates (open loop: requests are sent on schedule whether or not earlier ones have answered) for
// --minutes. Every 10 s it samples the error rate, latency p50/p95 per kind of route, the service's resident
// memory (VmRSS) and the depth of the write path's queue (pending and processing messages, by Cypher). At the end:
// drift (first minute against last minute), the deepest queue, and whether the queue drains once the load stops.
// Writes bench/results/soak-<date>.json and prints a summary. Not part of `npm test`.
//
//   npm run build && node dist/scripts/soak.js [--minutes 10] [--warmup-seconds 60] [--ingest-rps 20] [--retrieval-rps 40] [--out file]
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createDriver } from '../src/graph/driver.js';
import { Graph } from '../src/graph/graph.js';
import { startLocalNeo4j, type LocalNeo4j } from '../src/graph/localNeo4j.js';
import { QueryRegistry, type QueryName } from '../src/graph/queries.js';
import { projectRoot, version } from '../src/version.js';

// ---------------------------------------------------------------------------------------------------------
// Options

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} needs a positive number`);
  return v;
}
const MINUTES = option('minutes', 10);
const INGEST_RPS = option('ingest-rps', 20);
const RETRIEVAL_RPS = option('retrieval-rps', 40);
/** Load before the measured minutes (JIT, Neo4j's query plans and page cache warm up; excluded from drift). */
const WARMUP_S = process.argv.includes('--warmup-seconds') ? option('warmup-seconds', 60) : 60;
const SAMPLE_MS = 10_000;
const PEOPLE_PER_TENANT = 20;
/** Requests in flight beyond this are not sent (counted as skipped): the load generator must not become the bottleneck. */
const MAX_IN_FLIGHT = 400;
const DRAIN_LIMIT_MS = 180_000;
const outIndex = process.argv.indexOf('--out');
const today = new Date().toISOString().slice(0, 10);
const OUT = outIndex > 0 ? process.argv[outIndex + 1]! : path.join(projectRoot, 'bench', 'results', `soak-${today}.json`);

const say = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);

// ---------------------------------------------------------------------------------------------------------
// A small deterministic PRNG and the texts people say

let seed = 0x5eed1234;
function rand(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const NAMES = ['Ana', 'Tom', 'Priya', 'Lukas', 'Mei', 'Omar', 'Sofia', 'Jonas', 'Aiko', 'Ravi', 'Elena', 'Marco'];
const RELATIONS = ['sister', 'brother', 'wife', 'husband', 'friend', 'colleague', 'daughter', 'son', 'manager', 'neighbour'];
const PLACES = ['Lisbon', 'Vienna', 'Oslo', 'Kyoto', 'Seville', 'Toronto', 'Bergen', 'Porto', 'Krakow', 'Melbourne'];
const HOBBIES = ['climbing', 'pottery', 'chess', 'sailing', 'baking sourdough', 'running', 'painting', 'the cello', 'birdwatching', 'yoga'];
const FOODS = ['peanuts', 'shellfish', 'gluten', 'dairy', 'sesame'];
const JOBS = ['nurse', 'architect', 'teacher', 'software engineer', 'chef', 'pilot', 'lawyer', 'carpenter'];

function statement(): string {
  switch (Math.floor(rand() * 8)) {
    case 0:
      return `My ${pick(RELATIONS)} ${pick(NAMES)} just moved to ${pick(PLACES)}.`;
    case 1:
      return `I have been really into ${pick(HOBBIES)} lately, I do it every weekend.`;
    case 2:
      return `I am allergic to ${pick(FOODS)}, so please keep that in mind.`;
    case 3:
      return `I work as a ${pick(JOBS)} and my shift starts at ${6 + Math.floor(rand() * 6)} am.`;
    case 4:
      return `Last Saturday I went to ${pick(PLACES)} with ${pick(NAMES)} for ${2 + Math.floor(rand() * 5)} days.`;
    case 5:
      return `My ${pick(RELATIONS)} ${pick(NAMES)} loves ${pick(HOBBIES)} more than anything.`;
    case 6:
      return `We are planning a trip to ${pick(PLACES)} next spring to see ${pick(NAMES)}.`;
    default:
      return `I feel a bit stressed about work this week, the ${pick(JOBS)} team is short-staffed.`;
  }
}
function question(): string {
  return pick([
    'What do you know about my family?',
    `Where does ${pick(NAMES)} live?`,
    'What should I cook for dinner tonight?',
    'Any ideas for this weekend?',
    `Remind me what I told you about ${pick(PLACES)}.`,
    'What are my hobbies?',
    'Is there anything I cannot eat?',
    `How is my ${pick(RELATIONS)} doing?`,
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// The service process

interface ServiceProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  warnings: string[];
  errors: string[];
  jobRuns: number;
}

async function startService(env: Record<string, string>): Promise<ServiceProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL', 'LOCAL_NEO4J_DATA_DIR']) delete childEnv[k];
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, [path.join(projectRoot, 'dist', 'src', 'main.js')], {
    cwd: projectRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const svc: Partial<ServiceProcess> = { child, pid: child.pid!, warnings: [], errors: [], jobRuns: 0 };
  createInterface({ input: child.stderr! }).on('line', (l) => tail.push(l));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start within 180 s:\n${tail.slice(-20).join('\n')}`)), 180_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      tail.push(line);
      if (tail.length > 50) tail.shift();
      let entry: { level?: string; message?: string; url?: string; cause?: { name?: string; code?: string; message?: string } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        return;
      }
      // Messages only (never fields): counts and kinds of problems for the report.
      if (entry.level === 'warn' && svc.warnings!.length < 1000) svc.warnings!.push(entry.message ?? '');
      // A failed request's cause: the error's class and its code, or the first words of our own error messages.
      if (entry.level === 'error' && svc.errors!.length < 1000)
        svc.errors!.push(
          entry.cause
            ? `${entry.message}: ${entry.cause.name ?? ''} ${entry.cause.code ?? (entry.cause.message ?? '').slice(0, 80)}`
            : (entry.message ?? ''),
        );
      if (entry.message === 'salience jobs ran') svc.jobRuns!++;
      if (entry.message === 'memory middleware is listening' && entry.url) {
        clearTimeout(timer);
        resolve(entry.url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited with ${code}:\n${tail.slice(-20).join('\n')}`));
    });
  });
  return { ...(svc as ServiceProcess), url };
}

async function rssBytes(pid: number): Promise<number | null> {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Requests

type Kind = 'ingest_v2' | 'b2c_turn' | 'context_items' | 'query' | 'b2c_retrieve';
const KINDS: Kind[] = ['ingest_v2', 'b2c_turn', 'context_items', 'query', 'b2c_retrieve'];

interface Done {
  kind: Kind;
  at: number;
  ms: number;
  status: number;
}

interface Tenant {
  routeSet: 'v1' | 'b2c';
  tenantId: string;
  headers: Record<string, string>;
}

async function request(
  base: string,
  method: string,
  p: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  try {
    const res = await fetch(base + p, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  } catch {
    return { status: 0, json: undefined };
  }
}

// ---------------------------------------------------------------------------------------------------------

function pct(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]! * 10) / 10;
}

function latencyOf(done: Done[]) {
  const out: Record<string, { n: number; p50: number | null; p95: number | null }> = {};
  for (const k of KINDS) {
    const ms = done.filter((d) => d.kind === k).map((d) => d.ms);
    out[k] = { n: ms.length, p50: pct(ms, 50), p95: pct(ms, 95) };
  }
  const all = done.map((d) => d.ms);
  out.all = { n: all.length, p50: pct(all, 50), p95: pct(all, 95) };
  return out;
}

async function main(): Promise<void> {
  const conditions = {
    host: os.hostname(),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: os.loadavg().map((x) => Math.round(x * 100) / 100),
    loadAverageAtEnd: null as number[] | null,
    commit: (() => {
      try {
        return execSync('git rev-parse --short HEAD', { cwd: projectRoot }).toString().trim();
      } catch {
        return null;
      }
    })(),
    workingTreeClean: (() => {
      try {
        return execSync('git status --porcelain --untracked-files=no', { cwd: projectRoot }).toString().trim() === '';
      } catch {
        return null;
      }
    })(),
  };
  say(
    `soak of ${MINUTES} min at ${INGEST_RPS} ingest/s and ${RETRIEVAL_RPS} retrieval/s; ${conditions.cpus} CPUs, load ${conditions.loadAverageAtStart.join(' ')}`,
  );

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'memory-mw-soak-'));
  let neo: LocalNeo4j | undefined;
  let svc: ServiceProcess | undefined;
  const stopAll = async () => {
    if (svc && svc.child.exitCode === null) {
      const exited = new Promise((r) => svc!.child.once('exit', r));
      svc.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      if (svc.child.exitCode === null) svc.child.kill('SIGKILL');
    }
    await neo?.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

  try {
    let t0 = Date.now();
    neo = await startLocalNeo4j({ dataDir, boltPort: 0, heap: '1g', pageCache: '512m', onLog: () => {} });
    say(`local Neo4j at ${neo.boltUri} in ${Date.now() - t0} ms (data in ${dataDir})`);
    const adminToken = randomBytes(24).toString('hex');
    const serviceEnv = { NEO4J_URI: neo.boltUri, PORT: '0', ADMIN_TOKEN: adminToken, LOG_LEVEL: 'info', EMBEDDINGS: 'local', NODE_ENV: 'production' };
    t0 = Date.now();
    svc = await startService(serviceEnv);
    say(`service at ${svc.url} (pid ${svc.pid}) in ${Date.now() - t0} ms`);

    const driver = createDriver({ uri: neo.boltUri, user: 'neo4j', maxPoolSize: 2, timeoutMs: 10_000 });
    const queries = await QueryRegistry.load(path.join(projectRoot, 'cypher', 'queries'));
    const tests = await QueryRegistry.load(path.join(projectRoot, 'test', 'cypher'));
    const graph = new Graph(driver, 'neo4j', queries);
    const testGraph = new Graph(driver, 'neo4j', tests);
    const queueDepth = async () => (await graph.read<{ depth: number }>('messages/countPending' as QueryName))[0]?.depth ?? null;

    // Tenants: enterprise, limits out of the way (this measures the service, not the rate limiter).
    const admin = { Authorization: `Bearer ${adminToken}` };
    const tenants: Tenant[] = [];
    for (const [i, routeSet] of (['v1', 'v1', 'b2c'] as const).entries()) {
      const r = await request(svc.url, 'POST', '/admin/keys', admin, {
        route_set: routeSet,
        tenant_name: `soak ${routeSet} ${i}`,
        tier: 'enterprise',
      });
      if (r.status !== 201) throw new Error(`create-key: ${r.status}`);
      const p = await request(svc.url, 'PATCH', `/admin/tenants/${r.json.tenant_id}`, admin, {
        limits: { rate_limit_rpm: 10_000_000, rate_limit_daily: 100_000_000, max_users: 100_000, max_nodes_per_user: 1_000_000 },
      });
      if (p.status !== 200) throw new Error(`raise limits: ${p.status}`);
      tenants.push({
        routeSet,
        tenantId: r.json.tenant_id,
        headers: routeSet === 'v1' ? { 'X-API-Key': r.json.api_key } : { Authorization: `Bearer ${r.json.api_key}` },
      });
    }
    const v1s = tenants.filter((t) => t.routeSet === 'v1');
    const b2c = tenants.find((t) => t.routeSet === 'b2c')!;
    const person = () => `person-${Math.floor(rand() * PEOPLE_PER_TENANT)}`;

    const done: Done[] = [];
    const errorsByStatus: Record<string, number> = {};
    let inFlight = 0;
    let skipped = 0;
    let skippedInWarmup = 0;
    let acknowledged = 0;
    const base = svc.url;
    const send = (kind: Kind) => {
      if (inFlight >= MAX_IN_FLIGHT) {
        if (Date.now() < loadStart) skippedInWarmup++;
        else skipped++;
        return;
      }
      inFlight++;
      const started = performance.now();
      const at = Date.now();
      let call: Promise<{ status: number; json: any }>;
      switch (kind) {
        case 'ingest_v2':
          call = request(base, 'POST', '/api/v1/ingest/v2', pick(v1s).headers, {
            user_id: person(),
            speaker: pick(['user', 'user', 'user', 'assistant'] as const),
            message: statement(),
          });
          break;
        case 'b2c_turn':
          call = request(base, 'POST', '/api/b2c/memory/turn', b2c.headers, {
            user_id: person(),
            user_message: statement(),
            assistant_response: 'Thanks for telling me.',
          });
          break;
        case 'context_items':
          call = request(base, 'POST', '/api/v1/context/items', pick(v1s).headers, { user_id: person(), message: question() });
          break;
        case 'query':
          call = request(base, 'POST', '/api/v1/query', pick(v1s).headers, { user_id: person(), current_input: question() });
          break;
        case 'b2c_retrieve':
          call = request(base, 'POST', '/api/b2c/memory/retrieve', b2c.headers, { user_id: person(), query: question(), top_k: 20 });
          break;
      }
      void call.then(({ status }) => {
        inFlight--;
        done.push({ kind, at, ms: performance.now() - started, status });
        if (status === 202) acknowledged += kind === 'b2c_turn' ? 2 : 1;
        if (status < 200 || status >= 300) errorsByStatus[`${kind} ${status}`] = (errorsByStatus[`${kind} ${status}`] ?? 0) + 1;
      });
    };

    // Open loop: every 20 ms, send what the rates say is due. Ingest: two thirds v1 /ingest/v2, one third b2c
    // /turn; retrieval: a third each of /context/items, /query and b2c /retrieve.
    const mix: Array<[Kind, number]> = [
      ['ingest_v2', (INGEST_RPS * 2) / 3],
      ['b2c_turn', INGEST_RPS / 3],
      ['context_items', RETRIEVAL_RPS / 3],
      ['query', RETRIEVAL_RPS / 3],
      ['b2c_retrieve', RETRIEVAL_RPS / 3],
    ];
    const sent = new Map<Kind, number>(KINDS.map((k) => [k, 0]));
    const warmStart = Date.now();
    const loadStart = warmStart + WARMUP_S * 1000;
    const loadEnd = loadStart + MINUTES * 60_000;
    const samples: Array<Record<string, unknown>> = [];
    let windowFrom = 0;
    let maxDepth = 0;
    let nextSample = warmStart + SAMPLE_MS;

    say(`load starts (${WARMUP_S} s of warm-up first): ${mix.map(([k, r]) => `${k} ${Math.round(r * 10) / 10}/s`).join(', ')}`);
    while (Date.now() < loadEnd) {
      const elapsed = (Date.now() - warmStart) / 1000;
      for (const [kind, rate] of mix) {
        const due = Math.floor(elapsed * rate) - sent.get(kind)!;
        for (let i = 0; i < due; i++) send(kind);
        sent.set(kind, sent.get(kind)! + Math.max(0, due));
      }
      if (Date.now() >= nextSample) {
        nextSample += SAMPLE_MS;
        const window = done.slice(windowFrom);
        windowFrom = done.length;
        const [rss, depth] = await Promise.all([rssBytes(svc.pid), queueDepth().catch(() => null)]);
        if (depth !== null && Date.now() > loadStart) maxDepth = Math.max(maxDepth, depth);
        const errors = window.filter((d) => d.status < 200 || d.status >= 300).length;
        const sample = {
          t: Math.round((Date.now() - loadStart) / 1000),
          warmup: Date.now() <= loadStart,
          requests: window.length,
          errors,
          errorRate: window.length ? Math.round((errors / window.length) * 10_000) / 10_000 : 0,
          rssMb: rss === null ? null : Math.round(rss / 2 ** 20),
          queueDepth: depth,
          inFlight,
          skipped,
          latencyMs: latencyOf(window),
        };
        samples.push(sample);
        say(
          `t=${sample.t}s ${sample.requests} req, ${errors} errors, p50/p95 all ${sample.latencyMs.all!.p50}/${sample.latencyMs.all!.p95} ms ` +
            `(ingest ${sample.latencyMs.ingest_v2!.p50}/${sample.latencyMs.ingest_v2!.p95}, items ${sample.latencyMs.context_items!.p50}/${sample.latencyMs.context_items!.p95}, ` +
            `retrieve ${sample.latencyMs.b2c_retrieve!.p50}/${sample.latencyMs.b2c_retrieve!.p95}), RSS ${sample.rssMb} MB, queue ${depth}, in flight ${inFlight}`,
        );
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const loadStoppedAt = Date.now();
    say(`load stopped; waiting for ${inFlight} requests in flight`);
    while (inFlight > 0 && Date.now() - loadStoppedAt < 60_000) await new Promise((r) => setTimeout(r, 100));

    // Does the queue drain once the load stops?
    let drainedAfterMs: number | null = null;
    let depth = await queueDepth();
    const depthAtStop = depth;
    while (Date.now() - loadStoppedAt < DRAIN_LIMIT_MS) {
      depth = await queueDepth();
      if (depth === 0) {
        drainedAfterMs = Date.now() - loadStoppedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    say(
      drainedAfterMs === null
        ? `queue NOT drained after ${DRAIN_LIMIT_MS / 1000} s (depth ${depth})`
        : `queue drained ${Math.round(drainedAfterMs / 100) / 10} s after the load stopped`,
    );
    const statuses: Record<string, number> = {};
    for (const t of tenants)
      for (const r of await testGraph.read<{ status: string; count: number }>('faultTenantQueue' as QueryName, { tenantId: t.tenantId }))
        statuses[r.status] = (statuses[r.status] ?? 0) + r.count;
    const rssAtEnd = await rssBytes(svc.pid);
    await driver.close();

    // Drift: the first full minute against the last.
    const minute = (from: number) => done.filter((d) => d.at >= from && d.at < from + 60_000);
    const firstMinute = minute(loadStart);
    const lastMinute = minute(loadEnd - 60_000);
    const rssOf = (from: number, to: number) => {
      const xs = samples
        .filter((s) => (s.t as number) * 1000 > from - loadStart && (s.t as number) * 1000 <= to - loadStart && s.rssMb !== null)
        .map((s) => s.rssMb as number);
      return xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null;
    };
    const warm = done.filter((d) => d.at < loadStart);
    const measured = done.filter((d) => d.at >= loadStart);
    const total = measured.length;
    const errors = measured.filter((d) => d.status < 200 || d.status >= 300).length;
    const summary = {
      minutes: MINUTES,
      offered: { ingestPerSecond: INGEST_RPS, retrievalPerSecond: RETRIEVAL_RPS },
      requests: total,
      achievedPerSecond: Math.round((total / ((loadEnd - loadStart) / 1000)) * 10) / 10,
      errors,
      errorRate: total ? Math.round((errors / total) * 100_000) / 100_000 : 0,
      errorsByStatus,
      skippedByGenerator: skipped,
      messagesAcknowledged: acknowledged,
      messagesByStatusAtEnd: statuses,
      warmup: {
        seconds: WARMUP_S,
        requests: warm.length,
        skippedByGenerator: skippedInWarmup,
        errors: warm.filter((d) => d.status < 200 || d.status >= 300).length,
        latencyMs: latencyOf(warm),
        maxQueueDepth: Math.max(0, ...samples.filter((x) => x.warmup).map((x) => (x.queueDepth as number | null) ?? 0)),
      },
      latencyMs: { whole: latencyOf(measured), firstMinute: latencyOf(firstMinute), lastMinute: latencyOf(lastMinute) },
      rssMb: {
        firstMinuteMean: rssOf(loadStart, loadStart + 60_000),
        lastMinuteMean: rssOf(loadEnd - 60_000, loadEnd),
        max: Math.max(...samples.filter((x) => !x.warmup).map((x) => (x.rssMb as number | null) ?? 0)),
        afterDrain: rssAtEnd === null ? null : Math.round(rssAtEnd / 2 ** 20),
      },
      queue: { maxDepthSampled: maxDepth, depthWhenLoadStopped: depthAtStop, drainedAfterMs },
      serviceLog: {
        warnings: svc.warnings.length,
        errors: svc.errors.length,
        kinds: countKinds([...svc.warnings, ...svc.errors]),
        salienceJobRuns: svc.jobRuns,
      },
    };
    conditions.loadAverageAtEnd = os.loadavg().map((x) => Math.round(x * 100) / 100);
    const result = {
      kind: 'soak',
      date: new Date().toISOString(),
      version,
      conditions,
      service: {
        command: 'node dist/src/main.js',
        env: { ...serviceEnv, NEO4J_URI: 'bolt://127.0.0.1:<temporary local Neo4j>', ADMIN_TOKEN: '<random>' },
      },
      neo4j: { kind: 'embedded local Neo4j 2026.x (neo4j-local/), temporary data dir', heap: '1g', pageCache: '512m' },
      load: {
        mix: Object.fromEntries(mix),
        peoplePerTenant: PEOPLE_PER_TENANT,
        tenants: tenants.map((t) => t.routeSet),
        sampleEverySeconds: SAMPLE_MS / 1000,
        maxInFlight: MAX_IN_FLIGHT,
      },
      summary,
      samples,
    };
    await mkdir(path.dirname(OUT), { recursive: true });
    await writeFile(OUT, `${JSON.stringify(result, null, 2)}\n`);

    const l = summary.latencyMs;
    console.log(
      [
        '',
        `warm-up: ${WARMUP_S} s, ${warm.length} requests, ${summary.warmup.errors} errors, p50/p95 ${summary.warmup.latencyMs.all!.p50}/${summary.warmup.latencyMs.all!.p95} ms, queue up to ${summary.warmup.maxQueueDepth}`,
        `soak: ${MINUTES} min, ${total} requests (${summary.achievedPerSecond}/s), errors ${errors} (${(summary.errorRate * 100).toFixed(3)}%), skipped by the generator ${skipped}`,
        `latency p50/p95 ms, first minute → last minute:`,
        ...[...KINDS, 'all'].map(
          (k) =>
            `  ${k.padEnd(14)} ${l.firstMinute[k]!.p50}/${l.firstMinute[k]!.p95} → ${l.lastMinute[k]!.p50}/${l.lastMinute[k]!.p95}  (whole run ${l.whole[k]!.p50}/${l.whole[k]!.p95}, n=${l.whole[k]!.n})`,
        ),
        `RSS MB: first minute ${summary.rssMb.firstMinuteMean}, last minute ${summary.rssMb.lastMinuteMean}, max ${summary.rssMb.max}, after drain ${summary.rssMb.afterDrain}`,
        `queue: max depth ${maxDepth} (after warm-up), ${depthAtStop} when the load stopped, ${drainedAfterMs === null ? 'NOT drained' : `drained after ${Math.round(drainedAfterMs / 100) / 10} s`}`,
        `messages: ${acknowledged} acknowledged; at the end ${JSON.stringify(statuses)}`,
        `service log: ${summary.serviceLog.warnings} warnings, ${summary.serviceLog.errors} errors ${JSON.stringify(summary.serviceLog.kinds)}; salience job runs ${svc.jobRuns}`,
        `machine: ${conditions.cpus} CPUs, load average ${conditions.loadAverageAtStart.join(' ')} at start, ${conditions.loadAverageAtEnd.join(' ')} at end`,
        `written to ${path.relative(projectRoot, OUT)}`,
      ].join('\n'),
    );
  } finally {
    await stopAll();
  }
}

function countKinds(messages: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of messages) out[m] = (out[m] ?? 0) + 1;
  return out;
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(`soak failed: ${err.message}`);
    process.exit(1);
  },
);
