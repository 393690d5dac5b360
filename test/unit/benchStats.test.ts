// The benchmark's figures (scripts/bench/stats.ts and the RESULTS.md history rule): pure functions, nothing timed.
import { expect } from 'chai';
import { cpuOfStat, cpuPerRequest, cpuSnapshot } from '../../scripts/bench/cpu.js';
import { keptHistory } from '../../scripts/bench/report.js';
import {
  bytesPerThousand,
  mean,
  parseQueryTimes,
  percentile,
  perSecond,
  procStatusBytes,
  queryDeltas,
  ratio,
  summarize,
} from '../../scripts/bench/stats.js';

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('bench stats', () => {
  it('percentiles by nearest rank on 1..100', () => {
    const xs = oneTo(100);
    expect(percentile(xs, 50)).to.equal(50);
    expect(percentile(xs, 95)).to.equal(95);
    expect(percentile(xs, 99)).to.equal(99);
    expect(percentile(xs, 100)).to.equal(100);
    expect(percentile(xs, 0)).to.equal(1);
  });

  it('percentiles are measured values, whatever the order and size', () => {
    expect(percentile([5], 95)).to.equal(5);
    expect(percentile([3, 1, 2], 50)).to.equal(2);
    expect(percentile([10, 20, 30, 40], 50)).to.equal(20);
    expect(percentile([10, 20, 30, 40], 51)).to.equal(30);
    // 20 values: p95 is the 19th smallest, p99 the 20th.
    const twenty = oneTo(20)
      .reverse()
      .map((x) => x * 1.5);
    expect(percentile(twenty, 95)).to.equal(28.5);
    expect(percentile(twenty, 99)).to.equal(30);
    // One slow outlier among 1,000 moves p99 not at all and the maximum fully.
    const xs = [...Array.from({ length: 999 }, () => 2), 500];
    expect(percentile(xs, 99)).to.equal(2);
    expect(summarize(xs).max).to.equal(500);
  });

  it('refuses no values and percentiles out of range', () => {
    expect(() => percentile([], 50)).to.throw(RangeError);
    expect(() => percentile([1], 101)).to.throw(RangeError);
    expect(() => percentile([1], -1)).to.throw(RangeError);
    expect(() => summarize([])).to.throw(RangeError);
  });

  it('summarises latencies, rounded to hundredths', () => {
    expect(summarize([1.004, 2, 3, 4, 100])).to.deep.equal({ count: 5, min: 1, mean: 22, p50: 3, p95: 100, p99: 100, max: 100 });
    expect(mean([1, 2, 3, 6])).to.equal(3);
    expect(Number.isNaN(mean([]))).to.equal(true);
  });

  it('ratios to the floor, rates and store bytes per 1,000 memories', () => {
    expect(ratio(12, 2.4)).to.equal(5);
    expect(ratio(10, 3)).to.equal(3.3);
    expect(ratio(10, null)).to.equal(null);
    expect(ratio(10, 0)).to.equal(null);
    expect(perSecond(500, 2000)).to.equal(250);
    expect(bytesPerThousand(1_000_000, 3_000_000, 4000)).to.equal(500_000);
    expect(bytesPerThousand(1, 2, 0)).to.equal(null);
  });

  it('reads Neo4j time per query from /metrics and diffs two snapshots', () => {
    const before = parseQueryTimes(
      [
        '# HELP neo4j_query_duration_seconds Time spent in Neo4j per registered query name',
        'neo4j_query_duration_seconds_bucket{le="0.001",query="retrieval/vectorScan"} 0',
        'neo4j_query_duration_seconds_sum{query="retrieval/vectorScan"} 1.5',
        'neo4j_query_duration_seconds_count{query="retrieval/vectorScan"} 10',
        'neo4j_query_duration_seconds_sum{query="ops/ping"} 0.01',
        'neo4j_query_duration_seconds_count{query="ops/ping"} 5',
      ].join('\n'),
    );
    expect(before.get('retrieval/vectorScan')).to.deep.equal({ count: 10, sum: 1.5 });
    const after = parseQueryTimes(
      [
        'neo4j_query_duration_seconds_sum{query="retrieval/vectorScan"} 3.5',
        'neo4j_query_duration_seconds_count{query="retrieval/vectorScan"} 30',
        'neo4j_query_duration_seconds_sum{query="ops/ping"} 0.01',
        'neo4j_query_duration_seconds_count{query="ops/ping"} 5',
        'neo4j_query_duration_seconds_sum{query="retrieval/hydrate"} 0.2',
        'neo4j_query_duration_seconds_count{query="retrieval/hydrate"} 20',
      ].join('\n'),
    );
    expect(queryDeltas(before, after, 20)).to.deep.equal([
      { query: 'retrieval/vectorScan', calls: 20, meanMs: 100, msPerRequest: 100 },
      { query: 'retrieval/hydrate', calls: 20, meanMs: 10, msPerRequest: 10 },
    ]);
  });

  it('reads CPU from a /proc stat line, whatever the process name holds, and per request from two snapshots', () => {
    // pid (comm) state ppid … utime stime: fields 14 and 15, in ticks of 10 ms; a name may hold spaces and ")".
    const stat = `42 (C2 Compiler) x) S 1 ${Array.from({ length: 9 }, () => '0').join(' ')} 150 25 0 0`;
    expect(cpuOfStat(stat)).to.equal(1750);
    const per = cpuPerRequest({ service: 1000, neo4j: 5000, neo4jJit: 100 }, { service: 3000, neo4j: 9000, neo4jJit: 130 }, 100);
    expect(per).to.deep.equal({ service: 20, neo4j: 40, neo4jJit: 0.3 });
    expect(cpuPerRequest({ service: 1, neo4j: null, neo4jJit: null }, { service: 2, neo4j: null, neo4jJit: null }, 0).service).to.equal(null);
  });

  it("measures this process's CPU, and none of a process that is not running", async function () {
    if (process.platform !== 'linux') this.skip();
    const before = await cpuSnapshot({ service: process.pid });
    // Spins for 120 ms of this process's own CPU (not of wall time: on a busy machine it gets a share of that).
    const start = process.cpuUsage();
    const spentMs = () => {
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    let x = 0;
    while (spentMs() < 120) for (let i = 0; i < 1000; i++) x += Math.sqrt(x + 1);
    const after = await cpuSnapshot({ service: process.pid });
    expect(after.service! - before.service!).to.be.at.least(60);
    expect(before.neo4j).to.equal(null);
    expect((await cpuSnapshot({ neo4j: 2 ** 22 + 7 })).neo4j).to.equal(null);
  });

  it('reads peak and current RSS from /proc/<pid>/status', () => {
    const status = 'Name:\tnode\nVmPeak:\t 1000 kB\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\n';
    expect(procStatusBytes(status, 'VmHWM')).to.equal(204800 * 1024);
    expect(procStatusBytes(status, 'VmRSS')).to.equal(102400 * 1024);
    expect(procStatusBytes('Name: x', 'VmHWM')).to.equal(null);
  });

  it('keeps the text between the history markers of the previous RESULTS.md', () => {
    expect(keptHistory('# x\n<!-- history -->\n- 2026-11-23: p95 40 → 12 ms\n<!-- history -->\n')).to.equal('\n- 2026-11-23: p95 40 → 12 ms\n');
    expect(keptHistory('a <!-- history -->kept<!-- /history --> b')).to.equal('kept');
    expect(keptHistory('no markers')).to.equal(undefined);
    expect(keptHistory('<!-- history --> unterminated')).to.equal(undefined);
  });
});
