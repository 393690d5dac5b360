// Measures the two ways to find a person's nearest memories (issue 4): the exact per-person scan the service
// uses (retrieval/vectorScan) and the global vector index filtered to the person afterwards. Latency and
// recall@20 against the exact answer, for people with 500 and 5,000 memories among many others.
//   node dist/scripts/bench-vector.js [--users 10] [--out bench/results/vector-<date>.json]
// NEO4J_URI when set, else a temporary local Neo4j. Synthetic, seeded data: runs are comparable.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import neo4j from 'neo4j-driver';
import { loadConfig } from '../src/config.js';
import { Graph } from '../src/graph/graph.js';
import { startLocalNeo4j, type LocalNeo4j } from '../src/graph/localNeo4j.js';
import { QueryRegistry, type QueryName } from '../src/graph/queries.js';
import { createLogger } from '../src/log.js';
import { openGraph, runMigrations } from '../src/runtime.js';
import { projectRoot } from '../src/version.js';

const DIM = 384;
const MODEL = 'bench-synthetic:384';

/** mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const unit = (v: number[]) => {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
};

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function main() {
  const args = process.argv.slice(2);
  const arg = (name: string, def: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1]! : def;
  };
  const users = Number(arg('users', '10'));
  const out = arg('out', `bench/results/vector-${new Date().toISOString().slice(0, 10)}.json`);
  let local: LocalNeo4j | undefined;
  let tmp: string | undefined;
  const env = { ...process.env };
  if (!env.NEO4J_URI) {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'bench-vector-'));
    local = await startLocalNeo4j({ dataDir: tmp, boltPort: 0, heap: '2g', pageCache: '1g' });
    env.NEO4J_URI = local.boltUri;
  }
  const config = loadConfig(env);
  const log = createLogger('warn');
  const opened = await openGraph(config, log, { startLocal: false });
  const bench = new Graph(opened.driver, config.NEO4J_DATABASE, await QueryRegistry.load(path.join(projectRoot, 'bench', 'cypher')));
  const q = (name: string) => name as QueryName;
  const tenantId = `bench-${randomUUID()}`;
  const rand = prng(42);
  const centers = Array.from({ length: 60 }, () => unit(Array.from({ length: DIM }, () => rand() - 0.5)));
  const sample = () => {
    const c = centers[Math.floor(rand() * centers.length)]!;
    return unit(c.map((x) => x + (rand() - 0.5) * 0.08));
  };
  const results: Record<string, unknown>[] = [];
  try {
    await runMigrations(opened.graph, config, log);
    await opened.graph.runSchemaStatement(bench.queries.get(q('createVectorIndex')), { dimensions: neo4j.int(DIM) });
    const people: Array<{ userId: string; size: number; vectors: number[][] }> = [];
    for (const size of [500, 5000])
      for (let u = 0; u < users; u++) {
        const userId = `u${size}-${u}`;
        const vectors = Array.from({ length: size }, sample);
        for (let i = 0; i < size; i += 1000)
          await bench.write(q('seedVectors'), {
            tenantId,
            userId,
            embeddingModel: MODEL,
            rows: vectors.slice(i, i + 1000).map((v, j) => ({ id: randomUUID(), topic: `memory ${i + j}`, vector: v })),
          });
        people.push({ userId, size, vectors });
      }
    await opened.graph.runSchemaStatement(opened.graph.queries.get('migrations/awaitIndexes'), { timeoutSeconds: 600 });
    console.log(`seeded ${people.reduce((n, p) => n + p.size, 0)} memories for ${people.length} people`);

    for (const size of [500, 5000]) {
      const person = people.find((p) => p.size === size)!;
      const queries = Array.from({ length: 40 }, () => unit(person.vectors[Math.floor(rand() * size)]!.map((x) => x + (rand() - 0.5) * 0.1)));
      const timed = async (run: (v: number[]) => Promise<string[]>) => {
        const ms: number[] = [];
        const answers: string[][] = [];
        for (const v of queries) await run(v); // warm-up
        for (const v of queries) {
          const t0 = performance.now();
          answers.push(await run(v));
          ms.push(performance.now() - t0);
        }
        return { ms, answers };
      };
      const exact = await timed(async (vector) =>
        (await bench.read<{ id: string }>(q('vectorScan'), { tenantId, userId: person.userId, vector, embeddingModel: MODEL, limit: 20 })).map(
          (r) => r.id,
        ),
      );
      results.push({
        method: 'exact per-person scan',
        memoriesPerPerson: size,
        p50: percentile(exact.ms, 50),
        p95: percentile(exact.ms, 95),
        recallAt20: 1,
      });
      for (const k of [100, 500, 2000]) {
        const idx = await timed(async (vector) =>
          (
            await bench.read<{ id: string }>(q('vectorIndexFiltered'), {
              tenantId,
              userId: person.userId,
              vector,
              embeddingModel: MODEL,
              k: neo4j.int(k),
              limit: 20,
            })
          ).map((r) => r.id),
        );
        const recall = idx.answers.reduce((s, a, i) => s + a.filter((id) => exact.answers[i]!.includes(id)).length / 20, 0) / queries.length;
        results.push({
          method: `global index k=${k}, then filter`,
          memoriesPerPerson: size,
          p50: percentile(idx.ms, 50),
          p95: percentile(idx.ms, 95),
          recallAt20: Math.round(recall * 1000) / 1000,
        });
      }
    }
    console.table(results.map((r) => ({ ...r, p50: Number((r.p50 as number).toFixed(2)), p95: Number((r.p95 as number).toFixed(2)) })));
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(
      out,
      JSON.stringify({ benchmark: 'vector candidates', date: new Date().toISOString(), peopleOfEachSize: users, dimensions: DIM, results }, null, 2),
    );
    console.log(`written to ${out}`);
  } finally {
    await bench.runSchemaStatement(bench.queries.get('deleteBenchTenant'), { tenantId }).catch(() => {});
    await opened.driver.close();
    await local?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
