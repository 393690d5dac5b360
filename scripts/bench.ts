// `npm run bench -- [--quick] [--only floor,retrieval,ingest,scale,locomo] [--skip-locomo] [--seed N] [--out file] [--embeddings local|hash]`
// Issue 7's measurement harness: speed, scale and memory quality of the service built for production, side by side.
//
// A fresh temporary local Neo4j (unless NEO4J_URI is set) with the migrations; the service as a child process
// (`node dist/src/main.js`, PORT=0, JOBS_SCHEDULE=off, EMBEDDINGS=local as offline, no provider keys); tenants
// through the admin API with limits raised so nothing is ever refused; synthetic seeded people written with bench/cypher/seed*;
// HTTP load with autocannon, every response time collected so percentiles are exact. Then the LoCoMo harness.
// A full run writes bench/results/bench-<date>.json (+ bench-<date>-locomo.json from the harness) and regenerates
// bench/RESULTS.md from it, keeping its history section; --quick writes under bench/results/tmp/ and a partial
// run (--only without every HTTP part) writes bench-<date>-<parts>.json; neither touches RESULTS.md.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { HashEmbedder, type Embedder } from '../src/providers/embeddings.js';
import { ModelEmbedder } from '../src/providers/localModel.js';
import { projectRoot } from '../src/version.js';
import { parseOptions, type Options, type Part } from './bench/config.js';
import { cpuPerRequest, cpuSnapshot } from './bench/cpu.js';
import { bq, machineInfo, openDatabase, type BenchDatabase } from './bench/env.js';
import { call, createTenant, keyHeaders, METRICS_TOKEN, queryTimes, type BenchTenant } from './bench/http.js';
import { runLoad, warmAndRun, type LoadRun } from './bench/load.js';
import { conversation, generatePerson, QuestionSource } from './bench/person.js';
import { prng, seedOf } from './bench/prng.js';
import { renderResults, terminalSummary } from './bench/report.js';
import type { AfterWriteRun, BatchRun, BenchResults, LocomoSummary, RetrievalRun, SeedStage } from './bench/results.js';
import { Seeder, type PersonSpec } from './bench/seed.js';
import { startService, type ChildService } from './bench/service.js';
import { bytesPerThousand, perSecond, percentile, queryDeltas, ratio, round, summarize } from './bench/stats.js';

const say = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const today = () => new Date().toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ROUTES = {
  items: '/api/v1/context/items',
  query: '/api/v1/query',
  retrieve: '/api/b2c/memory/retrieve',
} as const;
type RouteKey = keyof typeof ROUTES;

interface Person {
  tenant: BenchTenant;
  userId: string;
  memories: number;
  questions: QuestionSource;
}

class Bench {
  readonly results: BenchResults;
  db?: BenchDatabase;
  svc?: ChildService;
  v1?: BenchTenant;
  b2c?: BenchTenant;
  private locomoChild?: ChildProcess;
  private seeder?: Seeder;
  private seedEmbedder?: Embedder & { close?: () => Promise<void> };
  private readonly people = new Map<string, Person>();
  private floorP50: number | null = null;
  private fillerCount = 0;
  private readonly now = Date.now();
  private readonly started = performance.now();

  constructor(readonly o: Options) {
    this.results = {
      benchmark: 'memory middleware: speed, scale and memory quality',
      date: new Date().toISOString(),
      command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
      commit: gitCommit(),
      mode: o.quick ? 'quick' : 'full',
      parts: [...o.parts],
      seed: o.seed,
      wallSeconds: 0,
      partSeconds: {},
      machine: { cpus: 0, cpuModel: '', memoryBytes: 0, platform: '', node: process.version },
      problems: [],
    };
  }

  private has(p: Part) {
    return this.o.parts.has(p);
  }

  async timed<T>(part: string, fn: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      this.results.partSeconds[part] = round((this.results.partSeconds[part] ?? 0) + (performance.now() - t0) / 1000, 1);
    }
  }

  /** Records a run's failures; the figures of a run with any are still reported, and flagged. */
  private check(label: string, run: LoadRun): void {
    const bad = run.non2xx + run.errors + run.timeouts + (run.warmupFailures ?? 0);
    if (bad > 0) {
      const line = `${label}: ${run.non2xx} non-2xx (${JSON.stringify(run.statuses)}), ${run.errors} errors, ${run.timeouts} timeouts, ${run.warmupFailures ?? 0} failures in the warm-up`;
      this.results.problems.push(line);
      say(`PROBLEM ${line}`);
    }
  }

  // --- set-up ----------------------------------------------------------------------------------------------

  async setUp(): Promise<void> {
    this.db = await openDatabase(say);
    this.results.machine = await machineInfo(this.db);
    const adminToken = randomBytes(24).toString('hex');
    const env = {
      NEO4J_URI: this.db.uri,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_TOKEN: adminToken,
      METRICS_TOKEN,
      JOBS_SCHEDULE: 'off',
      EMBEDDINGS: this.o.embeddings,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    };
    // The service's CPU profile, when asked for (--profile): `node dist/scripts/profile-summary.js <file>` reads it.
    const nodeArgs = this.o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(this.o.profileDir)}`] : [];
    this.svc = await startService(env, say, nodeArgs);
    this.results.service = {
      command: 'node dist/src/main.js',
      startMs: this.svc.startMs,
      plansMs: this.svc.plansMs ?? undefined,
      env: {
        ...env,
        NEO4J_URI: this.db.local ? 'bolt://127.0.0.1:<port of the temporary Neo4j>' : env.NEO4J_URI,
        ADMIN_TOKEN: '<random>',
        METRICS_TOKEN: '<random>',
      },
      peakRssBytes: null,
      rssBytesAtEnd: null,
      logProblems: [],
    };
    const stamp = new Date().toISOString();
    this.v1 = await createTenant(this.svc.url, adminToken, 'v1', `bench v1 ${stamp}`);
    this.b2c = await createTenant(this.svc.url, adminToken, 'b2c', `bench b2c ${stamp}`);
    say(`tenants: v1 ${this.v1.tenantId}, b2c ${this.b2c.tenantId} (scale tier, limits raised)`);
    // The seeded vectors come from the embedder the service runs, so its questions are compared with them.
    const hashing = new HashEmbedder(this.db.config.EMBEDDING_DIMENSIONS);
    this.seedEmbedder = this.o.embeddings === 'local' ? new ModelEmbedder() : hashing;
    this.seeder = new Seeder(this.db.bench, this.seedEmbedder, hashing, this.o.seed, this.now);
  }

  async tearDown(measureStore = false): Promise<void> {
    await this.seedEmbedder?.close?.();
    if (this.locomoChild && this.locomoChild.exitCode === null) this.locomoChild.kill('SIGINT');
    if (this.svc) {
      const mem = await this.svc.memory();
      if (this.results.service) {
        this.results.service.peakRssBytes = mem.peakRss ?? this.results.service.peakRssBytes;
        this.results.service.rssBytesAtEnd = mem.rss ?? this.results.service.rssBytesAtEnd;
        this.results.service.logProblems = this.svc.problems.slice(0, 50);
      }
      await this.svc.stop();
      this.svc = undefined;
    }
    if (this.db && measureStore) {
      const [counts] = await this.db.bench.read<{ people: number; memories: number; messages: number }>(bq('databaseCounts'), {});
      const size = await this.db.stopAndMeasure();
      const empty = this.db.emptyStore;
      if (size && empty && counts) {
        this.results.store = {
          method:
            'the bytes of every file under data/databases/neo4j (node, relationship, property, string and array stores and the schema ' +
            'indexes: range, full-text, vector; transaction logs left out), each time after a clean shutdown of the local Neo4j (Community ' +
            'Edition has no db.checkpoint(); the shutdown checkpoint writes everything to the store files): once for the empty database ' +
            'with the migrations, once at the end of the run. The difference divided by the memory nodes at the end (domains, entities, ' +
            'facts, themes, interests), times 1,000. It carries everything those memories bring: their source messages, relationships, ' +
            'vectors and index entries, the people and the tenants.',
          empty,
          final: { ...size, ...counts },
          bytesPer1000Memories: bytesPerThousand(empty.storeBytes, size.storeBytes, counts.memories),
          indexBytesPer1000Memories: bytesPerThousand(empty.indexBytes, size.indexBytes, counts.memories),
        };
        say(
          `store: ${size.storeBytes} bytes for ${counts.memories} memories and ${counts.messages} messages (empty: ${empty.storeBytes}) → ${this.results.store.bytesPer1000Memories} bytes per 1,000 memories`,
        );
      } else if (!this.db.local)
        this.results.storeNotMeasured = 'NEO4J_URI was set: the store size can only be measured on the local Neo4j the benchmark starts';
    }
    if (this.db) {
      if (!this.db.local)
        for (const t of [this.v1, this.b2c])
          if (t) await this.db.bench.runSchemaStatement(this.db.bench.queries.get('deleteTenantData'), { tenantId: t.tenantId }).catch(() => {});
      await this.db.close();
      this.db = undefined;
    }
  }

  // --- data ------------------------------------------------------------------------------------------------

  private async peopleInDatabase(): Promise<number> {
    const [row] = await this.db!.bench.read<{ people: number }>(bq('databaseCounts'), {});
    return row!.people;
  }

  private fillers(count: number): PersonSpec[] {
    const { min, max } = this.o.sizes.filler;
    const out: PersonSpec[] = [];
    for (let i = 0; i < count; i++) {
      const n = ++this.fillerCount;
      const r = prng(seedOf(this.o.seed, 'filler size', String(n)));
      const memories = Math.round(Math.exp(Math.log(min) + r() * (Math.log(max) - Math.log(min))));
      out.push({ userId: `filler-${String(n).padStart(4, '0')}`, memories, cheapVectors: true });
    }
    return out;
  }

  private async seed(stage: string, tenant: BenchTenant, specs: PersonSpec[]): Promise<SeedStage> {
    const totals = await this.seeder!.seed(tenant.tenantId, tenant.routeSet, specs, say);
    for (const s of specs)
      if (!s.userId.startsWith('filler-'))
        this.people.set(`${tenant.routeSet}:${s.userId}`, {
          tenant,
          userId: s.userId,
          memories: s.memories,
          questions: new QuestionSource(this.generated(s, tenant), this.o.seed, `${tenant.routeSet}:${s.userId}`),
        });
    const row: SeedStage = {
      stage,
      people: totals.people,
      memories: totals.memories,
      messages: totals.messages,
      seconds: round(totals.ms / 1000, 1),
      memoriesPerSecond: perSecond(totals.memories, totals.ms),
    };
    say(`seeded ${stage}: ${row.people} people, ${row.memories} memories, ${row.messages} messages in ${row.seconds} s`);
    return row;
  }

  /** The person's vocabulary for questions (generated again: cheap, and the seeder keeps nothing). */
  private generated(s: PersonSpec, tenant: BenchTenant) {
    return generatePerson({ seed: this.o.seed, userId: s.userId, memories: s.memories, tenantLabel: tenant.routeSet, now: this.now });
  }

  /** Stage A: the fixed 500-memory person among `growth[0]` people; stage B: the sized people, up to `growth[1]`. */
  async seedStages(withGrowth: boolean): Promise<void> {
    const z = this.o.sizes;
    const stages: SeedStage[] = (this.results.data ??= {
      description: '',
      retrievalBudget: "the profile's default (6,000 tokens): no max_tokens sent, as an app that does not tune it",
      stages: [],
      people: {},
    }).stages;
    const fixed = z.retrievalSizes[0];
    const fillersA = this.fillers(z.growth[0] - 1);
    stages.push(await this.seed(`A: ${z.growth[0]} people`, this.v1!, [{ userId: sizedId(fixed), memories: fixed }, ...fillersA]));
    await this.warmService(fillersA);
    if (withGrowth) await this.growthPoint();
    const sized = [...new Set([...z.personSizes, ...z.retrievalSizes])].filter((n) => n !== fixed).map((n) => ({ userId: sizedId(n), memories: n }));
    stages.push(await this.seed('B: sized people (v1)', this.v1!, sized));
    stages.push(
      await this.seed(
        'B: sized people (b2c copies)',
        this.b2c!,
        z.retrievalSizes.map((n) => ({ userId: sizedId(n), memories: n })),
      ),
    );
    const have = await this.peopleInDatabase();
    stages.push(await this.seed(`B: up to ${z.growth[1]} people`, this.v1!, this.fillers(Math.max(0, z.growth[1] - have))));
  }

  // --- measurements ----------------------------------------------------------------------------------------

  async floor(): Promise<void> {
    const z = this.o.sizes.floor;
    const run = await warmAndRun(
      { baseUrl: this.svc!.url, method: 'GET', path: '/api/v1/health/ready', connections: 1, requests: z.requests },
      z.warmup,
    );
    this.check('floor GET /api/v1/health/ready', run);
    this.floorP50 = run.latency.p50;
    this.results.floor = { route: 'GET /api/v1/health/ready', ...run };
    say(`floor: p50 ${run.latency.p50} ms, p95 ${run.latency.p95} ms, p99 ${run.latency.p99} ms (${run.rps} req/s at c=1)`);
  }

  private bodyOf(route: RouteKey, p: Person): () => unknown {
    if (route === 'items') return () => ({ user_id: p.userId, message: p.questions.next() });
    if (route === 'query') return () => ({ user_id: p.userId, current_input: p.questions.next() });
    return () => ({ user_id: p.userId, query: p.questions.next() });
  }

  /**
   * The service's first requests run cold (JIT, connection pool, caches): before the first measurement, some
   * retrievals of every v1 route for other people, so the first growth point is not the service warming up.
   */
  private async warmService(others: PersonSpec[]): Promise<void> {
    const headers = keyHeaders(this.v1!);
    const q = new QuestionSource(
      generatePerson({ seed: this.o.seed, userId: 'warm-up', memories: 50, tenantLabel: 'v1', now: this.now }),
      this.o.seed,
      'warm-up',
    );
    let i = 0;
    const who = () => others[i++ % Math.max(1, others.length)]?.userId ?? 'nobody';
    const n = this.o.quick ? 20 : 100;
    await runLoad({
      baseUrl: this.svc!.url,
      method: 'POST',
      path: ROUTES.items,
      headers,
      body: () => ({ user_id: who(), message: q.next() }),
      connections: 2,
      requests: n,
    });
    await runLoad({
      baseUrl: this.svc!.url,
      method: 'POST',
      path: ROUTES.query,
      headers,
      body: () => ({ user_id: who(), current_input: q.next() }),
      connections: 2,
      requests: n / 2,
    });
  }

  /**
   * A long-running service answers from compiled code, while over a fresh database's first thousands of retrievals
   * Neo4j's JIT compiler is still at work: 8–15 ms of compiler CPU per retrieval after 300, under 1 ms after 2,000
   * (bench/RESULTS.md, session 14). Before the retrieval runs, each route asks each sized person questions not asked
   * before, in rounds, until Neo4j's compiler threads take less than JIT_QUIET_MS a retrieval over a round (with a
   * local Neo4j, whose threads /proc shows; a fixed number of rounds otherwise), so that what is measured is that
   * steady state. The rounds and the compiler's last figure are reported.
   */
  private async steadyState(): Promise<void> {
    const z = this.o.sizes;
    const perRound = this.o.quick ? 10 : 50;
    const maxRounds = this.o.quick ? 1 : 16;
    const {
      done: asked,
      rounds,
      jit,
    } = await this.untilCompilerQuiet(MIN_WARM_ROUNDS, maxRounds, async () => {
      let requests = 0;
      for (const memories of z.retrievalSizes)
        for (const route of ['items', 'query', 'retrieve'] as const) {
          const p = this.person(route === 'retrieve' ? 'b2c' : 'v1', memories);
          const run = await runLoad({
            baseUrl: this.svc!.url,
            method: 'POST',
            path: ROUTES[route],
            headers: keyHeaders(p.tenant),
            body: this.bodyOf(route, p),
            connections: 2,
            requests: perRound,
          });
          this.check(`steady-state warm-up ${ROUTES[route]} ${memories} memories`, run);
          requests += run.requests;
        }
      return requests;
    });
    this.results.steadyState = { retrievals: asked, rounds, neo4jJitMsPerRetrieval: jit, quietBelowMs: JIT_QUIET_MS };
    say(
      `steady state: ${asked} retrievals over the routes and sized people in ${rounds} rounds before the measured runs` +
        (jit === null ? ' (no local Neo4j: its compiler not watched)' : `; Neo4j's JIT compiler ${jit} ms of CPU per retrieval in the last round`),
    );
  }

  /**
   * Runs `round` (which answers how many requests it made) again until Neo4j's compiler threads take less than
   * JIT_QUIET_MS of CPU a request over a round, once `minRounds` have run, or `maxRounds` have. Without a local Neo4j
   * (its threads not in /proc) the compiler is not watched and `minRounds` run.
   */
  private async untilCompilerQuiet(minRounds: number, maxRounds: number, round: () => Promise<number>) {
    const neo4j = this.db!.neo4jPid();
    let done = 0;
    let rounds = 0;
    let jit: number | null = null;
    while (rounds < maxRounds) {
      const before = await cpuSnapshot({ neo4j });
      const requests = await round();
      rounds++;
      done += requests;
      jit = cpuPerRequest(before, await cpuSnapshot({ neo4j }), requests).neo4jJit;
      if (rounds >= minRounds && (jit === null || jit < JIT_QUIET_MS)) break;
    }
    return { done, rounds, jit };
  }

  /** One retrieval measurement: warm-up, then the measured run between two /metrics snapshots. */
  async retrieval(route: RouteKey, p: Person, connections: number, requests: number, warmup: number): Promise<RetrievalRun> {
    const headers = keyHeaders(p.tenant);
    const body = this.bodyOf(route, p);
    const sample = await call<{ items?: unknown[]; nodes?: unknown[]; context_block?: string }>(
      this.svc!.url,
      'POST',
      ROUTES[route],
      headers,
      body(),
    );
    const sampleItems =
      sample.items?.length ?? sample.nodes?.length ?? (sample.context_block ?? '').split('\n').filter((l) => l.startsWith('- ')).length;
    const spec = { baseUrl: this.svc!.url, method: 'POST' as const, path: ROUTES[route], headers, body, connections, requests };
    const warm = warmup > 0 ? await runLoad({ ...spec, requests: Math.max(warmup, connections) }) : undefined;
    const before = await queryTimes(this.svc!.url);
    const pids = { service: this.svc!.pid, neo4j: this.db!.neo4jPid() };
    const cpuBefore = await cpuSnapshot(pids);
    const run = await runLoad(spec);
    const cpuAfter = await cpuSnapshot(pids);
    const after = await queryTimes(this.svc!.url);
    const deltas = queryDeltas(before, after, run.requests);
    const people = await this.peopleInDatabase();
    const full: RetrievalRun = {
      ...run,
      warmupFailures: warm ? warm.non2xx + warm.errors : 0,
      route: `POST ${ROUTES[route]}`,
      memories: p.memories,
      people,
      p50xFloor: ratio(run.latency.p50, this.floorP50),
      p95xFloor: ratio(run.latency.p95, this.floorP50),
      queries: connections === 1 ? deltas.filter((d) => !BACKGROUND_QUERIES.test(d.query)) : undefined,
      sampleItems,
      cpu: cpuPerRequest(cpuBefore, cpuAfter, run.requests),
    };
    this.check(`${full.route} ${p.memories} memories c=${connections}`, full);
    say(
      `${full.route} ${p.memories} memories, ${people} people, c=${connections}: p50 ${run.latency.p50} ms, p95 ${run.latency.p95} ms, p99 ${run.latency.p99} ms, ` +
        `${run.rps} req/s (p50 ${full.p50xFloor ?? '-'}× floor; sample answer ${sampleItems} items)`,
    );
    return full;
  }

  private person(routeSet: 'v1' | 'b2c', memories: number): Person {
    const p = this.people.get(`${routeSet}:${sizedId(memories)}`);
    if (!p) throw new Error(`no seeded ${routeSet} person with ${memories} memories`);
    return p;
  }

  async retrievalPart(): Promise<void> {
    const z = this.o.sizes;
    const runs: RetrievalRun[] = (this.results.retrieval = []);
    await this.steadyState();
    for (const memories of z.retrievalSizes)
      for (const route of ['items', 'query', 'retrieve'] as const) {
        const p = this.person(route === 'retrieve' ? 'b2c' : 'v1', memories);
        runs.push(await this.retrieval(route, p, 1, z.c1.requests, z.c1.warmup));
        runs.push(await this.retrieval(route, p, 16, z.c16.requests, z.c16.warmup));
      }
  }

  /**
   * Retrieval as a conversation meets it: each question right after a turn that wrote to the person's memory (the
   * other runs ask a stable memory).
   */
  async retrievalAfterWrite(): Promise<void> {
    const z = this.o.sizes;
    const runs: AfterWriteRun[] = (this.results.afterWrite = []);
    for (const memories of z.retrievalSizes) {
      const p = this.person('v1', memories);
      const headers = keyHeaders(p.tenant);
      const ask = this.bodyOf('items', p);
      const maxRounds = this.o.quick ? 1 : MAX_WRITE_WARM_ROUNDS;
      const says = conversation(this.o.seed, `turns-${p.userId}`, z.afterWrite.turns, this.now);
      const url = this.svc!.url;
      const pids = { service: this.svc!.pid, neo4j: this.db!.neo4jPid() };
      // Warm-up rounds of turns and questions until Neo4j's compiler falls quiet on them, as before the other runs:
      // the write path is new to it after the retrieval runs, and takes about a thousand turns. They go to another
      // person of the tenant, so the measured one keeps its size (the compiled code serves every person).
      const warmUser = `${p.userId}-warm-writes`;
      const warmSays = conversation(this.o.seed, `warm-${p.userId}`, maxRounds * z.afterWrite.warmup, this.now);
      const warmAsk = this.bodyOf('items', { ...p, userId: warmUser });
      let sent = 0;
      const quiet = await this.untilCompilerQuiet(1, maxRounds, async () => {
        for (let i = 0; i < z.afterWrite.warmup; i++) {
          await call(url, 'POST', '/api/v1/ingest', headers, { user_id: warmUser, content: warmSays[sent++]!, event_type: 'message' });
          await call(url, 'POST', ROUTES.items, headers, warmAsk());
        }
        return z.afterWrite.warmup;
      });
      const warm = { turns: quiet.done, rounds: quiet.rounds, neo4jJitMsPerTurn: quiet.jit };
      const cpuBefore = await cpuSnapshot(pids);
      const retrievals: number[] = [];
      const turns: number[] = [];
      let failed = 0;
      const spent = new Map<string, { count: number; sum: number }>();
      for (let i = 0; i < z.afterWrite.turns; i++) {
        const t0 = performance.now();
        await call(url, 'POST', '/api/v1/ingest', headers, { user_id: p.userId, content: says[i]!, event_type: 'message' }).catch(() => failed++);
        turns.push(performance.now() - t0);
        // Only the retrieval's queries count: the snapshot is taken between the turn and the question.
        const turnQueries = await queryTimes(url);
        const t1 = performance.now();
        await call(url, 'POST', ROUTES.items, headers, ask()).catch(() => failed++);
        retrievals.push(performance.now() - t1);
        for (const [q, after] of await queryTimes(url)) {
          const before = turnQueries.get(q) ?? { count: 0, sum: 0 };
          const acc = spent.get(q) ?? { count: 0, sum: 0 };
          spent.set(q, { count: acc.count + after.count - before.count, sum: acc.sum + after.sum - before.sum });
        }
      }
      const cpu = cpuPerRequest(cpuBefore, await cpuSnapshot(pids), z.afterWrite.turns);
      const queries = queryDeltas(new Map(), spent, z.afterWrite.turns).filter((d) => !BACKGROUND_QUERIES.test(d.query));
      const run: AfterWriteRun = {
        route: `POST ${ROUTES.items}`,
        memories: p.memories,
        turns: z.afterWrite.turns,
        latency: summarize(retrievals),
        turnLatency: summarize(turns),
        failed,
        queries,
        warmup: warm,
        cpu,
      };
      if (failed) this.results.problems.push(`after a write, ${p.memories} memories: ${failed} requests failed`);
      runs.push(run);
      say(
        `${run.route} right after a write, ${p.memories} memories: p50 ${run.latency.p50} ms, p95 ${run.latency.p95} ms (the turn before it: p50 ${run.turnLatency.p50} ms; ` +
          `${warm.turns} turns of warm-up, Neo4j's compiler ${warm.neo4jJitMsPerTurn ?? '–'} ms a turn in the last round; ` +
          `CPU per turn and question: service ${cpu.service ?? '–'} ms, Neo4j ${cpu.neo4j ?? '–'} ms, ${cpu.neo4jJit ?? '–'} of it compiling)`,
      );
    }
  }

  async scaleByMemories(): Promise<void> {
    const z = this.o.sizes;
    const scale = (this.results.scale ??= { byMemories: [], byPeople: [] });
    for (const memories of z.personSizes)
      scale.byMemories.push(await this.retrieval('items', this.person('v1', memories), 1, z.scale.requests, z.scale.warmup));
  }

  async growthPoint(): Promise<void> {
    const z = this.o.sizes;
    const scale = (this.results.scale ??= { byMemories: [], byPeople: [] });
    scale.byPeople.push(await this.retrieval('items', this.person('v1', z.retrievalSizes[0]), 1, z.scale.requests, z.scale.warmup));
  }

  async growToLast(): Promise<void> {
    const z = this.o.sizes;
    const have = await this.peopleInDatabase();
    this.results.data!.stages.push(await this.seed(`C: up to ${z.growth[2]} people`, this.v1!, this.fillers(Math.max(0, z.growth[2] - have))));
    await this.growthPoint();
  }

  // --- ingestion -------------------------------------------------------------------------------------------

  private messages(prefix: string, people: number, perPerson: number): Array<{ userId: string; text: string }> {
    const lists = Array.from({ length: people }, (_, i) => {
      const userId = `${prefix}-${String(i).padStart(2, '0')}`;
      return { userId, texts: conversation(this.o.seed, userId, perPerson, this.now) };
    });
    const out: Array<{ userId: string; text: string }> = [];
    for (let k = 0; k < perPerson; k++) for (const l of lists) out.push({ userId: l.userId, text: l.texts[k]! });
    return out;
  }

  private async queueDepth(): Promise<number> {
    const [row] = await this.db!.bench.read<{ depth: number }>(bq('queueDepth'), { tenantId: this.v1!.tenantId });
    return row!.depth;
  }

  /** Polls the tenant's pending and processing messages until none is left; returns the time it happened. */
  private async drain(timeoutMs = 20 * 60_000): Promise<number> {
    const t0 = performance.now();
    while ((await this.queueDepth()) > 0) {
      if (performance.now() - t0 > timeoutMs) throw new Error(`the queue did not drain within ${timeoutMs / 60_000} minutes`);
      await sleep(200);
    }
    return performance.now();
  }

  async ingestPart(): Promise<void> {
    const z = this.o.sizes;
    const url = this.svc!.url;
    const headers = keyHeaders(this.v1!);
    const ingest: NonNullable<BenchResults['ingest']> = (this.results.ingest = {});

    // Synchronous /ingest: analysis, scoring, embedding and the write inside the request.
    {
      const msgs = this.messages(
        'ingest-sync',
        z.ingestSync.people,
        Math.ceil((z.ingestSync.requests + z.ingestSync.warmup + z.ingestSync.people) / z.ingestSync.people) + 1,
      );
      let i = 0;
      const body = () => {
        const m = msgs[i++ % msgs.length]!;
        return { user_id: m.userId, content: m.text, event_type: 'message' };
      };
      // Each person once first: creating the end user is part of the first call only.
      await runLoad({ baseUrl: url, method: 'POST', path: '/api/v1/ingest', headers, body, connections: 1, requests: z.ingestSync.people });
      const run = await warmAndRun(
        { baseUrl: url, method: 'POST', path: '/api/v1/ingest', headers, body, connections: 1, requests: z.ingestSync.requests },
        z.ingestSync.warmup,
      );
      this.check('POST /api/v1/ingest c=1', run);
      ingest.sync = { ...run, people: z.ingestSync.people };
      say(`POST /api/v1/ingest c=1: p50 ${run.latency.p50} ms, p95 ${run.latency.p95} ms (${run.rps} req/s)`);
    }

    // /ingest/v2 acknowledgement at c=1 (the worker processes the backlog meanwhile, as it would in production).
    {
      const msgs = this.messages(
        'ingest-v2',
        z.ingestV2.people,
        Math.ceil((z.ingestV2.requests + z.ingestV2.warmup + z.ingestV2.people) / z.ingestV2.people) + 1,
      );
      let i = 0;
      const body = () => {
        const m = msgs[i++ % msgs.length]!;
        return { user_id: m.userId, speaker: 'user', message: m.text };
      };
      await runLoad({ baseUrl: url, method: 'POST', path: '/api/v1/ingest/v2', headers, body, connections: 1, requests: z.ingestV2.people });
      const t0 = performance.now();
      const timesBefore = await queryTimes(url);
      const run = await warmAndRun(
        { baseUrl: url, method: 'POST', path: '/api/v1/ingest/v2', headers, body, connections: 1, requests: z.ingestV2.requests },
        z.ingestV2.warmup,
      );
      // The acknowledgement's own queries (the worker's, running meanwhile, are left out).
      const queries = queryDeltas(timesBefore, await queryTimes(url), run.requests).filter((d) => !WORKER_QUERIES.test(d.query));
      this.check('POST /api/v1/ingest/v2 c=1', run);
      const drained = await this.drain();
      ingest.v2Ack = { ...run, people: z.ingestV2.people, backlogDrainSeconds: round((drained - t0) / 1000, 1), queries };
      say(
        `POST /api/v1/ingest/v2 c=1 acknowledgement: p50 ${run.latency.p50} ms, p95 ${run.latency.p95} ms; backlog drained ${ingest.v2Ack.backlogDrainSeconds} s after the first`,
      );
    }

    // Background throughput: enqueue N messages over P people as fast as the API takes them, time until drained.
    {
      const per = Math.ceil(z.background.messages / z.background.people);
      // One spare message per person: autocannon builds a connection's first request before sending it.
      const msgs = this.messages('bg', z.background.people, per + 1);
      let i = 0;
      const body = () => {
        const m = msgs[i++ % msgs.length]!;
        return { user_id: m.userId, speaker: 'user', message: m.text };
      };
      const before = await this.statuses();
      const timesBefore = await queryTimes(url);
      const t0 = performance.now();
      const ack = await runLoad({
        baseUrl: url,
        method: 'POST',
        path: '/api/v1/ingest/v2',
        headers,
        body,
        connections: z.background.connections,
        requests: z.background.messages,
      });
      const enqueued = performance.now();
      const backlog = await this.queueDepth();
      this.check(`background: POST /api/v1/ingest/v2 c=${z.background.connections}`, ack);
      const drained = await this.drain();
      // Neo4j time per message by query: where the background path waits (acknowledgements included).
      const queries = queryDeltas(timesBefore, await queryTimes(url), z.background.messages);
      const after = await this.statuses();
      const statuses = Object.fromEntries(Object.entries(after).map(([s, n]) => [s, n - (before[s] ?? 0)]));
      const failed = statuses.failed ?? 0;
      if (failed > 0) this.results.problems.push(`background: ${failed} messages failed`);
      ingest.background = {
        messages: ack.requests,
        people: z.background.people,
        connections: z.background.connections,
        enqueueSeconds: round((enqueued - t0) / 1000, 1),
        drainSeconds: round((drained - t0) / 1000, 1),
        messagesPerSecond: perSecond(ack.requests, drained - t0),
        // The enqueueing client can be the limit of the figure above; this is the worker's pace alone.
        backlogAtEnqueueEnd: backlog,
        backlogPerSecond: backlog >= 50 ? perSecond(backlog, drained - enqueued) : null,
        ack,
        statuses,
        failed,
        queries,
      };
      say(
        `background: ${ack.requests} messages over ${z.background.people} people enqueued in ${ingest.background.enqueueSeconds} s, drained after ${ingest.background.drainSeconds} s → ${ingest.background.messagesPerSecond} messages/s (${failed} failed); the ${backlog} left when the last was acknowledged took ${round((drained - enqueued) / 1000, 1)} s${ingest.background.backlogPerSecond ? ` (${ingest.background.backlogPerSecond}/s)` : ''}`,
      );
    }

    // The worker's pace alone: a backlog stored at once for people who exist, nothing acknowledged meanwhile.
    {
      const per = Math.ceil(z.backlog.messages / z.backlog.people);
      const msgs = this.messages('backlog', z.backlog.people, per + 1);
      // Each person's first message through the API (creating the person), processed before the backlog.
      for (const m of msgs.slice(0, z.backlog.people))
        await call(url, 'POST', '/api/v1/ingest/v2', headers, { user_id: m.userId, speaker: 'user', message: m.text });
      await this.drain();
      const backlog = msgs.slice(z.backlog.people, z.backlog.people + z.backlog.messages).map((m, seq) => ({ ...m, seq }));
      const before = await this.statuses();
      const timesBefore = await queryTimes(url);
      await this.db!.bench.write(bq('enqueueBacklog'), { tenantId: this.v1!.tenantId, messages: backlog });
      const t0 = performance.now();
      const drained = await this.drain();
      const queries = queryDeltas(timesBefore, await queryTimes(url), backlog.length);
      const after = await this.statuses();
      const statuses = Object.fromEntries(Object.entries(after).map(([s, n]) => [s, n - (before[s] ?? 0)]));
      const failed = statuses.failed ?? 0;
      if (failed > 0) this.results.problems.push(`backlog: ${failed} messages failed`);
      ingest.backlog = {
        messages: backlog.length,
        people: z.backlog.people,
        drainSeconds: round((drained - t0) / 1000, 1),
        messagesPerSecond: perSecond(backlog.length, drained - t0),
        statuses,
        failed,
        queries,
      };
      say(
        `backlog: ${backlog.length} messages over ${z.backlog.people} people stored at once, drained after ${ingest.backlog.drainSeconds} s → ${ingest.backlog.messagesPerSecond} messages/s (${failed} failed)`,
      );
    }

    // Batch: POST /ingest/batch with 100 items per call, one call at a time.
    {
      const msgs = this.messages('batch', z.batch.people, Math.ceil(((z.batch.calls + 1) * z.batch.items) / z.batch.people));
      let i = 0;
      const batch = () => ({
        items: Array.from({ length: z.batch.items }, () => {
          const m = msgs[i++ % msgs.length]!;
          return { user_id: m.userId, content: m.text, event_type: 'message' };
        }),
      });
      // Warm-up: one small batch that creates the people, so the measured calls only add memories.
      await call(url, 'POST', '/api/v1/ingest/batch', headers, { items: batch().items.slice(0, z.batch.people) });
      const lat: number[] = [];
      let stored = 0;
      let failed = 0;
      let non2xx = 0;
      const t0 = performance.now();
      for (let c = 0; c < z.batch.calls; c++) {
        const s = performance.now();
        try {
          const r = await call<{ succeeded: number; failed: number }>(url, 'POST', '/api/v1/ingest/batch', headers, batch());
          stored += r.succeeded;
          failed += r.failed;
        } catch (err) {
          non2xx++;
          this.results.problems.push(`batch: ${(err as Error).message.slice(0, 200)}`);
        }
        lat.push(performance.now() - s);
      }
      const wall = performance.now() - t0;
      if (failed) this.results.problems.push(`batch: ${failed} items failed`);
      const run: BatchRun = {
        calls: z.batch.calls,
        itemsPerCall: z.batch.items,
        items: z.batch.calls * z.batch.items,
        stored,
        failed,
        non2xx,
        wallSeconds: round(wall / 1000, 1),
        itemsPerSecond: perSecond(stored, wall),
        callLatency: { p50: round(percentile(lat, 50)), p95: round(percentile(lat, 95)), max: round(Math.max(...lat)) },
      };
      ingest.batch = run;
      say(
        `POST /api/v1/ingest/batch: ${run.stored}/${run.items} items stored in ${run.wallSeconds} s → ${run.itemsPerSecond} items/s (call p50 ${run.callLatency.p50} ms)`,
      );
    }
  }

  private async statuses(): Promise<Record<string, number>> {
    const rows = await this.db!.bench.read<{ status: string; messages: number }>(bq('messageStatuses'), { tenantId: this.v1!.tenantId });
    return Object.fromEntries(rows.map((r) => [r.status, r.messages]));
  }

  // --- LoCoMo ----------------------------------------------------------------------------------------------

  async locomo(): Promise<void> {
    // LOCOMO_DIR: a folder of LoCoMo conversation files (not part of the repository); by default the one the
    // project's own machines keep beside the checkout.
    const dir = path.resolve(process.env.LOCOMO_DIR ?? path.join(projectRoot, '..', 'shared', 'bench', 'locomo'));
    const files = this.o.sizes.locomo.map((f) => path.join(dir, f));
    const missing = files.filter((f) => !existsSync(f));
    if (missing.length) {
      this.results.locomo = { skipped: `conversation files not found: ${missing.join(', ')}` };
      this.results.problems.push(`locomo skipped: ${missing.join(', ')} not found`);
      return;
    }
    // Its own name, next to the benchmark's file: the harness's default (locomo-<date>.json) belongs to `npm run eval:locomo`.
    const out = this.o.quick
      ? path.join('bench', 'results', 'tmp', `bench-${today()}-quick-locomo.json`)
      : path.join('bench', 'results', `bench-${today()}-locomo.json`);
    const args = [path.join(projectRoot, 'dist', 'scripts', 'eval-locomo.js'), ...files.map((f) => path.relative(projectRoot, f)), '--out', out];
    say(`LoCoMo: node ${args.map((a) => path.relative(projectRoot, a) || a).join(' ')}`);
    const t0 = performance.now();
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, args, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
      this.locomoChild = child;
      // Lines of nothing but terminal colour codes (from the embedded Neo4j's start) are dropped.
      const show = (prefix: string) => (l: string) => l.replace(/\x1b\[[0-9;]*m/g, '').trim() && console.log(`  locomo ${prefix} ${l}`);
      createInterface({ input: child.stdout! }).on('line', show('|'));
      createInterface({ input: child.stderr! }).on('line', show('!'));
      child.on('exit', (c) => resolve(c ?? 1));
    });
    this.locomoChild = undefined;
    if (code !== 0) {
      this.results.locomo = { skipped: `the LoCoMo harness exited with code ${code}` };
      this.results.problems.push(`locomo: the harness exited with code ${code}`);
      return;
    }
    const report = JSON.parse(await readFile(path.join(projectRoot, out), 'utf8')) as {
      budgets: number[];
      summary: LocomoSummary['summary'];
      ingestion?: { wallSeconds: number };
      conversations: Array<{ questions: number }>;
    };
    this.results.locomo = {
      file: out,
      command: `node dist/scripts/eval-locomo.js ${args.slice(1).join(' ')}`,
      seconds: round((performance.now() - t0) / 1000, 1),
      questions: report.conversations.reduce((n, c) => n + c.questions, 0),
      budgets: report.budgets,
      categories: { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' },
      summary: report.summary,
      ingestion: report.ingestion ? { wallSeconds: report.ingestion.wallSeconds } : undefined,
    };
  }

  // --- the run ---------------------------------------------------------------------------------------------

  async run(): Promise<void> {
    const http = (['floor', 'retrieval', 'ingest', 'scale'] as const).some((p) => this.has(p));
    if (http) {
      await this.timed('set-up', () => this.setUp());
      await this.timed('floor', () => this.floor());
      if (this.has('retrieval') || this.has('scale')) {
        await this.timed('seeding', () => this.seedStages(this.has('scale')));
        if (this.has('scale'))
          await this.timed('scale', async () => {
            await this.growthPoint();
            await this.scaleByMemories();
          });
        if (this.has('retrieval')) await this.timed('retrieval', () => this.retrievalPart());
        // Last among the retrieval runs: it adds memories to the sized people.
        if (this.has('retrieval')) await this.timed('retrieval after a write', () => this.retrievalAfterWrite());
      }
      if (this.has('ingest')) await this.timed('ingest', () => this.ingestPart());
      if (this.has('scale')) await this.timed('scale', () => this.growToLast());
      const data = this.results.data;
      if (data) {
        data.description =
          `${this.o.sizes.growth.join(' → ')} people in the database; sized people of ${[...new Set([...this.o.sizes.personSizes, ...this.o.sizes.retrievalSizes])].join(', ')} memories ` +
          `(v1; b2c copies of ${this.o.sizes.retrievalSizes.join(' and ')}), the others ${this.o.sizes.filler.min}–${this.o.sizes.filler.max} memories (log-uniform); ` +
          `seed ${this.o.seed}`;
        data.people = Object.fromEntries([...this.people.values()].map((p) => [`${p.tenant.routeSet}:${p.userId}`, p.memories]));
      }
      await this.timed('tear-down', () => this.tearDown(true));
    } else this.results.machine = await machineInfo();
    if (this.has('locomo')) await this.timed('locomo', () => this.locomo());
    else this.results.locomo = { skipped: 'not requested (--skip-locomo or --only without locomo)' };
    this.results.wallSeconds = round((performance.now() - this.started) / 1000, 1);
  }
}

function gitCommit(): { id: string; dirty: boolean } | undefined {
  try {
    const id = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: projectRoot, encoding: 'utf8' }).trim() !== '';
    return { id, dirty };
  } catch {
    return undefined;
  }
}

/** Neo4j's JIT compiler counts as settled below this much CPU per retrieval over a warm-up round. */
const JIT_QUIET_MS = 1;
/** Warm-up rounds before the compiler is asked about: the 1,500 retrievals of the fixed warm-up before it was watched. */
const MIN_WARM_ROUNDS = 5;
/** At most this many rounds of turns and questions before the runs right after a write (the write path compiles for ~1,000 turns). */
const MAX_WRITE_WARM_ROUNDS = 40;
/** Queries of the service's background loops (worker, usage flush, eraser, jobs): not part of a request. */
const BACKGROUND_QUERIES = /^(messages|usage|erase|jobs)\//;
/** Queries of the background worker (processing a message), apart from the acknowledgement's. */
const WORKER_QUERIES = /^(ingest\/|person\/|tenants\/|messages\/(claim|fence|complete|release|countPending|getMessage))/;

const sizedId = (memories: number) => `person-${String(memories).padStart(5, '0')}`;

async function main(): Promise<void> {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const bench = new Bench(options);
  let interrupted = false;
  const onSignal = (signal: string) => {
    if (interrupted) return;
    interrupted = true;
    say(`${signal}: stopping the service and Neo4j`);
    void bench.tearDown().finally(() => process.exit(130));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  try {
    await bench.run();
  } catch (err) {
    if (interrupted) return;
    console.error((err as Error).stack ?? String(err));
    await bench.tearDown().catch(() => {});
    process.exit(1);
  }
  if (interrupted) return;
  const results = bench.results;
  // RESULTS.md always shows one whole run: only a full-size run of every HTTP part (LoCoMo or not) regenerates it.
  const complete = !options.quick && (['floor', 'retrieval', 'ingest', 'scale'] as const).every((p) => options.parts.has(p));
  const name = options.quick
    ? `bench-${today()}-quick.json`
    : complete
      ? `bench-${today()}.json`
      : `bench-${today()}-${[...options.parts].join('-')}.json`;
  const out = path.resolve(projectRoot, options.out ?? path.join('bench', 'results', options.quick ? 'tmp' : '', name));
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(results, null, 1)}\n`);
  say(`results written to ${path.relative(projectRoot, out)}`);
  const mdFile = path.join(projectRoot, 'bench', 'RESULTS.md');
  const previous = existsSync(mdFile) ? await readFile(mdFile, 'utf8') : '';
  const md = renderResults(results, path.relative(projectRoot, out), previous);
  if (!complete) say(`${options.quick ? 'quick' : 'partial'} run: bench/RESULTS.md left as it is (a full run regenerates it)`);
  else {
    await writeFile(mdFile, md);
    say('bench/RESULTS.md regenerated');
  }
  console.log(`\n${terminalSummary(results)}`);
  process.exit(0);
}

void main();
