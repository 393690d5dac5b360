// bench/RESULTS.md from a results file: the goals with met/missed, then every table. The text between
// the `<!-- history -->` markers of the previous RESULTS.md (before/after records of profiling work) is kept.
import type { LoadRun } from './load.js';
import type { BenchResults, LocomoSummary, RetrievalRun } from './results.js';

const HISTORY = '<!-- history -->';
const HISTORY_END = /<!-- \/?history -->/;

const DEFAULT_HISTORY = `
Record profiling work here: what was measured (command, date, commit), what was changed, the figures before and
after. \`npm run bench\` keeps everything between the two history markers when it regenerates this file.
`;

/** The text between the first `<!-- history -->` and the next history marker of a previous RESULTS.md. */
export function keptHistory(previous: string): string | undefined {
  const start = previous.indexOf(HISTORY);
  if (start < 0) return undefined;
  const rest = previous.slice(start + HISTORY.length);
  const end = rest.search(HISTORY_END);
  return end < 0 ? undefined : rest.slice(0, end);
}

const n = (x: number | null | undefined, places = 1) =>
  x === null || x === undefined || Number.isNaN(x)
    ? '–'
    : x.toLocaleString('en-US', { minimumFractionDigits: places, maximumFractionDigits: places });
const int = (x: number | null | undefined) => n(x, 0);
const mb = (b: number | null | undefined) => (b === null || b === undefined ? '–' : `${n(b / 1024 / 1024, 1)} MiB`);
const kb = (b: number | null | undefined) => (b === null || b === undefined ? '–' : `${n(b / 1024, 0)} KiB`);
const times = (r: number | null | undefined) => (r === null || r === undefined ? '–' : `${n(r, 1)}×`);

function table(head: string[], rows: Array<Array<string | number>>): string {
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const failures = (r: LoadRun) => r.non2xx + r.errors + r.timeouts + (r.warmupFailures ?? 0);

interface Goal {
  goal: string;
  measured: string;
  met: boolean | null;
}

function isLocomo(l: BenchResults['locomo']): l is LocomoSummary {
  return !!l && 'summary' in l;
}

export function goals(r: BenchResults): Goal[] {
  const out: Goal[] = [];
  const big = r.retrieval?.length ? Math.max(...r.retrieval.map((x) => x.memories)) : undefined;
  const atBig = (r.retrieval ?? []).filter((x) => x.memories === big && x.connections === 1);
  const quickNote = big !== undefined && big < 5000 ? ` (quick run: ${int(big)} memories)` : '';
  if (atBig.length) {
    out.push({
      goal: `Retrieval p95 ≤ 25 ms at 5,000 memories per person, c=1, the question's embedding included${quickNote}`,
      measured: atBig.map((x) => `${x.route.replace('POST ', '')} ${n(x.latency.p95)} ms`).join('; '),
      met: atBig.every((x) => x.latency.p95 <= 25),
    });
    out.push({
      goal: `Retrieval p50 ≤ 5× the floor's p50, same runs${quickNote}`,
      measured: atBig.map((x) => `${x.route.replace('POST ', '')} ${times(x.p50xFloor)}`).join('; '),
      met: atBig.every((x) => x.p50xFloor !== null && x.p50xFloor <= 5),
    });
  } else out.push({ goal: 'Retrieval p95 ≤ 25 ms at 5,000 memories, and p50 ≤ 5× floor', measured: 'not measured in this run', met: null });
  const afterWrite = (r.afterWrite ?? []).filter((x) => x.memories === big);
  if (afterWrite.length)
    out.push({
      goal: `Retrieval right after a write p95 ≤ 40 ms at 5,000 memories${quickNote}`,
      measured: afterWrite.map((x) => `${n(x.latency.p95)} ms`).join('; '),
      met: afterWrite.every((x) => x.latency.p95 <= 40),
    });
  const peak = r.service?.peakRssBytes;
  out.push({
    goal: 'Peak RSS of the service ≤ 400 MB, whatever the number of people',
    measured: peak ? mb(peak) : 'not measured in this run',
    met: peak ? peak <= 400 * 1024 * 1024 : null,
  });
  const ack = r.ingest?.v2Ack;
  out.push({
    goal: '`/ingest/v2` acknowledgement p95 ≤ 10 ms',
    measured: ack ? `${n(ack.latency.p95)} ms (p50 ${n(ack.latency.p50)} ms)` : 'not measured in this run',
    met: ack ? ack.latency.p95 <= 10 : null,
  });
  const bg = r.ingest?.background;
  out.push({
    goal: 'Background processing ≥ 200 messages/s offline',
    measured: bg ? `${n(bg.messagesPerSecond)} messages/s` : 'not measured in this run',
    met: bg ? bg.messagesPerSecond >= 200 : null,
  });
  const l = r.locomo;
  if (isLocomo(l)) {
    const at2000 = l.summary['2000']?.memory?.overall;
    out.push({
      goal: 'LoCoMo evidence recall ≥ 0.92 within 2,000 tokens',
      measured: at2000 === undefined ? 'budget 2,000 not measured' : `${n(at2000, 3)} (BM25 ${n(l.summary['2000']?.bm25?.overall, 3)})`,
      met: at2000 === undefined ? null : at2000 >= 0.92,
    });
    const answerRatios = l.budgets.map((b) => ({ b, ours: l.summary[b]?.memory?.answer?.overall, bm25: l.summary[b]?.bm25?.answer?.overall }));
    if (answerRatios.every((a) => a.ours !== undefined && a.bm25))
      out.push({
        goal: 'LoCoMo answer recall ≥ 1.15× BM25 over turns at every budget',
        measured: answerRatios.map((a) => `${int(a.b)}: ${n(a.ours! / a.bm25!, 2)}×`).join(', '),
        met: answerRatios.every((a) => a.ours! >= 1.15 * a.bm25!),
      });
    const below = l.budgets.filter((b) => (l.summary[b]?.memory?.overall ?? 0) < (l.summary[b]?.bm25?.overall ?? 0));
    out.push({
      goal: 'LoCoMo never below BM25 at any budget',
      measured: below.length
        ? `below at ${below.map((b) => int(b)).join(', ')} tokens`
        : `at or above at ${l.budgets.map((b) => int(b)).join(', ')} tokens`,
      met: below.length === 0,
    });
  } else
    out.push({
      goal: 'LoCoMo evidence recall ≥ 0.92 at 2,000 tokens, answer recall ≥ 1.15× BM25',
      measured: l && 'skipped' in l ? `not run: ${l.skipped}` : 'not run',
      met: null,
    });
  return out;
}

const cpuCell = (ms: number | null | undefined) => (ms === null || ms === undefined ? '–' : n(ms));

function retrievalTable(runs: RetrievalRun[], withConnections = true): string {
  return table(
    [
      'route',
      'memories',
      'people in DB',
      ...(withConnections ? ['c'] : []),
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'req/s',
      'p50 ÷ floor',
      'p95 ÷ floor',
      'requests',
      'failed',
      'load',
    ],
    runs.map((r) => [
      `\`${r.route.replace('POST ', '')}\``,
      int(r.memories),
      int(r.people),
      ...(withConnections ? [r.connections] : []),
      n(r.latency.p50),
      n(r.latency.p95),
      n(r.latency.p99),
      n(r.rps),
      times(r.p50xFloor),
      times(r.p95xFloor),
      int(r.requests),
      failures(r),
      n(r.load1),
    ]),
  );
}

function loadRow(label: string, r: LoadRun, extra = ''): Array<string | number> {
  return [label, r.connections, n(r.latency.p50), n(r.latency.p95), n(r.latency.p99), n(r.rps), int(r.requests), failures(r), n(r.load1), extra];
}

/** The range of the machine's load average over the run's measurements: other work on a shared machine. */
function loadNote(r: BenchResults): string {
  const runs: LoadRun[] = [
    ...(r.floor ? [r.floor] : []),
    ...(r.retrieval ?? []),
    ...(r.scale ? [...r.scale.byMemories, ...r.scale.byPeople] : []),
    ...[r.ingest?.sync, r.ingest?.v2Ack, r.ingest?.background?.ack].filter((x): x is LoadRun => !!x),
  ].filter((x) => typeof x.load1 === 'number');
  if (!runs.length) return '';
  const loads = runs.map((x) => x.load1);
  const lo = Math.min(...loads);
  const hi = Math.max(...loads);
  return (
    ` During the measurements the 1-minute load average ranged from ${n(lo)} to ${n(hi)}` +
    // The benchmark's own processes (Neo4j, the service, the load generator, the worker draining a backlog) count
    // in it; past the CPU count, requests queue for a CPU, whoever else runs.
    (hi > m2(r)
      ? `: more runnable processes than the ${m2(r)} CPUs (the benchmark's own included), so requests also queued for a CPU and latencies are higher and noisier than with a CPU each.`
      : '.')
  );
}
const m2 = (r: BenchResults) => r.machine.cpus || 2;

export function renderResults(r: BenchResults, jsonPath: string, previous: string): string {
  const m = r.machine;
  const out: string[] = [];
  out.push('# Benchmarks');
  out.push('');
  out.push(
    `Generated by \`npm run bench\` from \`${jsonPath}\`; do not edit by hand except between the history markers at the end. ` +
      `Run ${r.date.slice(0, 16).replace('T', ' ')} UTC with \`${r.command}\` (${r.mode} run, seed ${r.seed}) in ${n(r.wallSeconds / 60, 1)} minutes` +
      (r.commit ? `, at commit ${r.commit.id}${r.commit.dirty ? ' with uncommitted changes' : ''}.` : '.'),
  );
  out.push('');
  out.push(
    `Machine: ${m.cpus} × ${m.cpuModel}, ${n(m.memoryBytes / 1024 ** 3, 1)} GiB, ${m.platform}, Node ${m.node}` +
      (m.neo4j ? `; Neo4j ${m.neo4j.version} ${m.neo4j.edition} (${m.neo4j.where})` : '') +
      '. The load generator (autocannon), the service and Neo4j share these CPUs, so every figure includes their competition for them.' +
      loadNote(r),
  );
  out.push('');
  out.push('## Goals');
  out.push('');
  out.push(
    table(
      ['goal', 'measured', ''],
      goals(r).map((g) => [g.goal, g.measured, g.met === null ? '–' : g.met ? 'met' : '**missed**']),
    ),
  );
  out.push('');
  if (r.problems.length) {
    out.push(`**Problems in this run** (non-2xx responses, errors, failed messages): ${r.problems.map((p) => `\`${p}\``).join('; ')}`);
  } else out.push('Every request of every run was answered 2xx; no message or batch item failed.');
  out.push('');

  out.push('## How it was measured');
  out.push('');
  out.push(
    [
      `- The service runs as \`${r.service?.command ?? 'node dist/src/main.js'}\` (built for production, \`NODE_ENV=production\`, \`EMBEDDINGS=${r.service?.env.EMBEDDINGS ?? 'local'}\`, ` +
        `\`JOBS_SCHEDULE=${r.service?.env.JOBS_SCHEDULE ?? 'off'}\`, no model provider key), ` +
        `against ${m.neo4j?.where ?? 'Neo4j'}, migrations applied. Tenants come from the admin API (scale tier, limits raised with \`PATCH /admin/tenants/{id}\` so nothing is throttled).`,
      `- Data: ${r.data?.description ?? 'none seeded'}. Each synthetic person is written with \`bench/cypher/seed*.cypher\` as the write path would leave them ` +
        "(end user, domains, entities with aliases and gravity, facts with scores from the service's own signal scoring, fingerprints, event dates, " +
        `interests, source messages, vectors of ${r.service?.env.EMBEDDINGS === 'hash' ? 'the hashing embedder' : "the local model the service embeds questions with; the filler people, whom no question reaches, get hashing vectors stored under the model's id"}). "Memories" counts memory nodes (domains, entities, facts, interests), as the tier limits do.`,
      `- Questions and messages come from the same seeded vocabulary (people, places, activities, foods, jobs, dates); each request asks a question never asked before.`,
      `- Retrieval budget: ${r.data?.retrievalBudget ?? '–'}.`,
      ...(r.steadyState
        ? [
            `- Steady state: before the retrieval runs, ${int(r.steadyState.retrievals)} retrievals (every route, every sized person, new questions) in ` +
              `${r.steadyState.rounds} rounds, until Neo4j's JIT compiler threads used less than ${n(r.steadyState.quietBelowMs)} ms of CPU per retrieval over a round ` +
              (r.steadyState.neo4jJitMsPerRetrieval === null
                ? '(not watched: Neo4j was not local).'
                : `(last round: ${n(r.steadyState.neo4jJitMsPerRetrieval)} ms${r.steadyState.neo4jJitMsPerRetrieval >= r.steadyState.quietBelowMs ? ', the bound of rounds reached first' : ''}). A long-running Neo4j answers from compiled code; a fresh one compiles for its first thousands of queries.`),
          ]
        : []),
      '- HTTP load: autocannon 8 (programmatic), a short warm-up before each run, then a fixed number of requests at concurrency c; every response time is kept and ' +
        'p50/p95/p99 are exact (nearest rank). req/s = completed requests ÷ wall time of the run. "÷ floor" divides by the floor\'s p50. ' +
        '"load" is the machine\'s 1-minute load average when the run started (2 CPUs: above 2, other work was competing).',
    ].join('\n'),
  );
  out.push('');

  if (r.floor) {
    out.push('## Floor');
    out.push('');
    out.push(`\`${r.floor.route}\`: one trivial Cypher (\`RETURN 1\`) per request, c=1 — the round trip this stack cannot beat on this machine.`);
    out.push('');
    out.push(
      table(['route', 'c', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'requests', 'failed', 'load', ''], [loadRow(`\`${r.floor.route}\``, r.floor)]),
    );
    out.push('');
  }

  if (r.retrieval?.length) {
    out.push('## Retrieval');
    out.push('');
    out.push(retrievalTable(r.retrieval));
    out.push('');
    const c1 = r.retrieval.filter((x) => x.connections === 1 && x.queries?.length);
    if (c1.length) {
      out.push(
        "Where the time goes at c=1: Neo4j time per request by query (from the service's `/metrics`: time and calls per query name during the run, " +
          'divided by the requests), the largest first; "in Neo4j" is their sum, the rest of the mean latency is the service\'s own work (ranking, ' +
          'token counting, rendering, JSON, HTTP) and waiting. CPU per request (from /proc, during the same run): the service process (all its ' +
          "threads, the embedding model's included) and Neo4j, and of Neo4j's the share its JIT compiler threads took (compiling, not answering).",
      );
      out.push('');
      out.push(
        table(
          ['route', 'memories', 'mean ms', 'in Neo4j', 'service CPU ms', 'Neo4j CPU ms', 'of it JIT', 'queries (ms per request)'],
          c1.map((x) => {
            const qs = x.queries ?? [];
            return [
              `\`${x.route.replace('POST ', '')}\``,
              int(x.memories),
              n(x.latency.mean),
              n(qs.reduce((t, q) => t + q.msPerRequest, 0)),
              cpuCell(x.cpu?.service),
              cpuCell(x.cpu?.neo4j),
              cpuCell(x.cpu?.neo4jJit),
              qs
                .slice(0, 6)
                .map((q) => `${q.query} ${n(q.msPerRequest)}`)
                .join(', '),
            ];
          }),
        ),
      );
      out.push('');
    }
  }

  if (r.afterWrite?.length) {
    out.push('### Right after a write');
    out.push('');
    out.push(
      'As a conversation meets it: each question (c=1) right after a turn written with the synchronous `/ingest`, whose memories the ' +
        'answer must include (the runs above ask a memory that does not change), after such turns to another person of the tenant, ' +
        "in rounds until Neo4j's compiler fell quiet on them as before the other runs (or a bound of rounds was reached). Neo4j time by query is the retrievals' alone; CPU is per turn " +
        'and question together.',
    );
    out.push('');
    out.push(
      table(
        [
          'route',
          'memories',
          'turns',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'p50 ÷ floor',
          'the turn before, p50 ms',
          'failed',
          'warm-up turns',
          'CPU ms: service / Neo4j / compiling',
          'queries (ms per request)',
        ],
        r.afterWrite.map((x) => [
          `\`${x.route.replace('POST ', '')}\``,
          int(x.memories),
          int(x.turns),
          n(x.latency.p50),
          n(x.latency.p95),
          n(x.latency.p99),
          r.floor ? `${n(x.latency.p50 / r.floor.latency.p50)}×` : '–',
          n(x.turnLatency.p50),
          int(x.failed),
          x.warmup ? int(x.warmup.turns) : '–',
          `${cpuCell(x.cpu?.service)} / ${cpuCell(x.cpu?.neo4j)} / ${cpuCell(x.cpu?.neo4jJit)}`,
          x.queries
            .slice(0, 6)
            .map((q) => `${q.query} ${n(q.msPerRequest)}`)
            .join(', '),
        ]),
      ),
    );
    out.push('');
  }

  const ing = r.ingest;
  if (ing && (ing.sync || ing.v2Ack || ing.background || ing.batch)) {
    out.push('## Ingestion');
    out.push('');
    const rows: Array<Array<string | number>> = [];
    if (ing.sync) rows.push(loadRow('`POST /api/v1/ingest` (synchronous)', ing.sync, `${ing.sync.people} people`));
    if (ing.v2Ack)
      rows.push(
        loadRow(
          '`POST /api/v1/ingest/v2` acknowledgement',
          ing.v2Ack,
          `${ing.v2Ack.people} people; worker busy with the backlog meanwhile (drained ${n(ing.v2Ack.backlogDrainSeconds)} s after the first)`,
        ),
      );
    if (ing.background)
      rows.push(loadRow(`\`POST /api/v1/ingest/v2\` acknowledgement while enqueueing ${int(ing.background.messages)}`, ing.background.ack, ''));
    if (rows.length) out.push(table(['what', 'c', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'requests', 'failed', 'load', 'note'], rows));
    out.push('');
    if (ing.background) {
      const b = ing.background;
      out.push(
        `Background processing: ${int(b.messages)} messages over ${b.people} people enqueued through \`/ingest/v2\` at c=${b.connections} in ${n(b.enqueueSeconds)} s; ` +
          `the tenant's queue (pending + processing, polled with \`bench/cypher/queueDepth.cypher\`) was empty ${n(b.drainSeconds)} s after the first message: ` +
          `**${n(b.messagesPerSecond)} messages/s** (${b.failed} failed; statuses ${JSON.stringify(b.statuses)}).` +
          (b.backlogAtEnqueueEnd !== undefined
            ? ` When the last was acknowledged ${int(b.backlogAtEnqueueEnd)} were still waiting` +
              (b.backlogPerSecond
                ? `; they took ${n(b.backlogAtEnqueueEnd / b.backlogPerSecond)} s, ${n(b.backlogPerSecond)} messages/s: the worker's pace without the enqueueing beside it.`
                : '.')
            : ''),
      );
      out.push('');
    }
    if (ing.backlog) {
      const b = ing.backlog;
      out.push(
        `Backlog alone: ${int(b.messages)} pending messages over ${b.people} people (who exist already) stored in one transaction with \`bench/cypher/enqueueBacklog.cypher\`, ` +
          `nothing acknowledged meanwhile; the queue was empty ${n(b.drainSeconds)} s after the commit: **${n(b.messagesPerSecond)} messages/s**, the worker's own pace ` +
          `(${b.failed} failed; statuses ${JSON.stringify(b.statuses)}).`,
      );
      out.push('');
    }
    const perMessage = [
      ['acknowledgement at c=1 (`/ingest/v2`, the worker busy meanwhile)', ing.v2Ack?.queries],
      ['background: acknowledgement and processing, per message', ing.background?.queries],
      ['backlog alone: processing, per message', ing.backlog?.queries],
    ] as const;
    if (perMessage.some(([, qs]) => qs?.length)) {
      out.push(
        "Neo4j time per message by query (the service's `/metrics`, time and calls per query name over the run, divided by the messages), the largest first:",
      );
      out.push('');
      out.push(
        table(
          ['what', 'in Neo4j, ms per message', 'queries (ms per message)'],
          perMessage.flatMap(([what, qs]) =>
            qs?.length
              ? [
                  [
                    what,
                    n(qs.reduce((t, q) => t + q.msPerRequest, 0)),
                    qs
                      .slice(0, 8)
                      .map((q) => `${q.query} ${n(q.msPerRequest)}`)
                      .join(', '),
                  ],
                ]
              : [],
          ),
        ),
      );
      out.push('');
    }
    if (ing.batch) {
      const b = ing.batch;
      out.push(
        `Batch: ${b.calls} calls of \`POST /api/v1/ingest/batch\` with ${b.itemsPerCall} items each, one at a time: ${int(b.stored)} of ${int(b.items)} items stored in ${n(b.wallSeconds)} s, ` +
          `**${n(b.itemsPerSecond)} items/s** (a call takes p50 ${n(b.callLatency.p50, 0)} ms, p95 ${n(b.callLatency.p95, 0)} ms; ${b.failed} items failed, ${b.non2xx} calls failed).`,
      );
      out.push('');
    }
  }

  const s = r.scale;
  if (s) {
    out.push('## Scale');
    out.push('');
    if (s.byMemories.length) {
      out.push("Retrieval (`/context/items`, c=1) as one person's memories grow:");
      out.push('');
      out.push(retrievalTable(s.byMemories, false));
      out.push('');
    }
    if (s.byPeople.length) {
      out.push(`Retrieval (\`/context/items\`, c=1) for the same ${int(s.byPeople[0]?.memories)}-memory person as the database grows:`);
      out.push('');
      out.push(retrievalTable(s.byPeople, false));
      out.push('');
    }
    out.push(
      `Peak RSS of the service process (VmHWM from /proc/<pid>/status, whole run): **${mb(r.service?.peakRssBytes)}** (RSS at the end ${mb(r.service?.rssBytesAtEnd)}).`,
    );
    if (r.service?.startMs !== undefined)
      out.push(
        `Start of the service on the run's database (process spawned to listening; the model files already installed): ${int(r.service.startMs)} ms${
          r.service.plansMs !== undefined
            ? `; every query planned by Neo4j, which had just started, in the background ${int(r.service.plansMs)} ms after the spawn (nothing is measured before)`
            : ''
        }.`,
      );
    out.push('');
  }
  if (r.store) {
    const st = r.store;
    out.push(
      `Neo4j store: **${kb(st.bytesPer1000Memories)} per 1,000 memories** (of which indexes ${kb(st.indexBytesPer1000Memories)}): ` +
        `${mb(st.final.storeBytes)} for ${int(st.final.memories)} memories, ${int(st.final.messages)} messages and ${int(st.final.people)} people at the end of the run, ` +
        `${mb(st.empty.storeBytes)} empty. Method: ${st.method}`,
    );
    out.push('');
    out.push(
      table(
        ['when', 'store', 'of which indexes', 'allocated on disk', 'transaction logs (not in the store)'],
        [
          ['empty, migrations applied', mb(st.empty.storeBytes), mb(st.empty.indexBytes), mb(st.empty.storeAllocatedBytes), mb(st.empty.txLogBytes)],
          ['end of the run', mb(st.final.storeBytes), mb(st.final.indexBytes), mb(st.final.storeAllocatedBytes), mb(st.final.txLogBytes)],
        ],
      ),
    );
    out.push('');
    out.push(`Where the bytes are at the end: ${st.final.parts.map((p) => `${p.part} ${mb(p.bytes)}`).join(', ')}.`);
    out.push('');
  } else if (r.storeNotMeasured) {
    out.push(`Store size: not measured (${r.storeNotMeasured}).`);
    out.push('');
  }

  if (r.data?.stages.length) {
    out.push('Seeding (bench/cypher/seed*.cypher in UNWIND batches, vectors computed in the benchmark process):');
    out.push('');
    out.push(
      table(
        ['stage', 'people', 'memories', 'messages', 'seconds', 'memories/s'],
        r.data.stages.map((x) => [x.stage, int(x.people), int(x.memories), int(x.messages), n(x.seconds), int(x.memoriesPerSecond)]),
      ),
    );
    out.push('');
  }

  const l = r.locomo;
  out.push('## Memory quality (LoCoMo)');
  out.push('');
  if (isLocomo(l)) {
    out.push(
      `Evidence recall at a token budget (docs/benchmarks.md), ${l.questions} questions, from \`${l.file}\` (ids and numbers only), in ${n(l.seconds / 60, 1)} minutes; ` +
        `ours is \`/context/items\`, BM25 and recency run over the same raw turns and budgets in the same run.`,
    );
    out.push('');
    const cats = Object.keys(l.categories);
    const rows: Array<Array<string | number>> = [];
    const names: Record<string, string> = { memory: 'ours (`/context/items`)', bm25: 'BM25 over turns', recency: 'recency' };
    for (const b of l.budgets)
      for (const method of ['memory', 'bm25', 'recency']) {
        const sc = l.summary[b]?.[method];
        if (!sc) continue;
        rows.push([int(b), names[method] ?? method, n(sc.overall, 3), ...cats.map((c) => n(sc.byCategory[c], 3)), int(sc.meanTokens)]);
      }
    out.push(table(['budget', 'method', 'overall', ...cats.map((c) => l.categories[c] ?? c), 'mean tokens'], rows));
    out.push('');
    // Answer recall: the share of the gold answer's words in the returned text (scripts/locomo/answers.ts).
    const answerRows: Array<Array<string | number>> = [];
    for (const b of l.budgets)
      for (const method of ['memory', 'bm25', 'recency']) {
        const sc = l.summary[b]?.[method]?.answer;
        if (sc) answerRows.push([int(b), names[method] ?? method, n(sc.overall, 3), ...cats.map((c) => n(sc.byCategory[c], 3))]);
      }
    if (answerRows.length) {
      out.push(
        `Answer recall, same runs: the share of the gold answer's content words (stemmed, stop words out, dates in any written form) in the returned text.`,
      );
      out.push('');
      out.push(table(['budget', 'method', 'overall', ...cats.map((c) => l.categories[c] ?? c)], answerRows));
      out.push('');
    }
  } else out.push(l && 'skipped' in l ? `Not run: ${l.skipped}.` : 'Not run.');
  out.push('');

  out.push('## Time per part');
  out.push('');
  out.push(
    table(
      ['part', 'seconds'],
      Object.entries(r.partSeconds).map(([k, v]) => [k, n(v)]),
    ),
  );
  out.push('');

  out.push('## Before/after');
  out.push('');
  out.push(HISTORY + (keptHistory(previous) ?? DEFAULT_HISTORY) + HISTORY);
  out.push('');
  return out.join('\n');
}

/** The goals and the main figures, for the terminal. */
export function terminalSummary(r: BenchResults): string {
  const lines = ['Goals:'];
  for (const g of goals(r)) lines.push(`  [${g.met === null ? ' – ' : g.met ? 'met' : 'MISSED'}] ${g.goal}: ${g.measured}`);
  if (r.problems.length) lines.push(`Problems: ${r.problems.join('; ')}`);
  else lines.push('No non-2xx response, error or failed message in any run.');
  lines.push(
    `Whole run: ${n(r.wallSeconds / 60, 1)} minutes (${Object.entries(r.partSeconds)
      .map(([k, v]) => `${k} ${n(v, 0)} s`)
      .join(', ')}).`,
  );
  return lines.join('\n');
}
