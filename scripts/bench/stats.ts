// Pure figures for the benchmark: exact percentiles of every response time collected (autocannon's own summary
// has no p95 and buckets its histogram), summaries, ratios, rates, and the per-query Neo4j time the service's
// /metrics exposes. No I/O here: test/unit/benchStats.test.ts checks these on known arrays.

/**
 * The p-th percentile by the nearest-rank method: the smallest value such that at least p% of all values are less
 * than or equal to it (p in (0, 100]; p = 0 gives the minimum). Exact, no interpolation: always a measured value.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('percentile of no values');
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  if (p === 0) return sorted[0]!;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const round = (x: number, places = 2) => {
  const f = 10 ** places;
  return Math.round(x * f) / f;
};

export const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

export interface LatencySummary {
  count: number;
  min: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Latencies in milliseconds, rounded to hundredths. */
export function summarize(ms: readonly number[]): LatencySummary {
  if (ms.length === 0) throw new RangeError('summary of no values');
  return {
    count: ms.length,
    min: round(Math.min(...ms)),
    mean: round(mean(ms)),
    p50: round(percentile(ms, 50)),
    p95: round(percentile(ms, 95)),
    p99: round(percentile(ms, 99)),
    max: round(Math.max(...ms)),
  };
}

/** A latency as a multiple of the floor's p50 (one decimal); null without a floor. */
export function ratio(value: number, floor: number | null | undefined): number | null {
  if (floor === null || floor === undefined || !(floor > 0)) return null;
  return round(value / floor, 1);
}

/** Events per second over a wall time in milliseconds. */
export function perSecond(count: number, wallMs: number): number {
  return wallMs > 0 ? round((count * 1000) / wallMs, 1) : NaN;
}

/** Bytes per 1,000 memories from a before/after pair. */
export function bytesPerThousand(bytesBefore: number, bytesAfter: number, memoriesAdded: number): number | null {
  return memoriesAdded > 0 ? Math.round(((bytesAfter - bytesBefore) / memoriesAdded) * 1000) : null;
}

export interface QueryTime {
  count: number;
  /** Seconds in total. */
  sum: number;
}

/** `neo4j_query_duration_seconds_{sum,count}{query="…"}` from a Prometheus text exposition, by query name. */
export function parseQueryTimes(text: string): Map<string, QueryTime> {
  const out = new Map<string, QueryTime>();
  const re = /^neo4j_query_duration_seconds_(sum|count)\{([^}]*)\}\s+([0-9.eE+-]+|NaN)\s*$/gm;
  for (const m of text.matchAll(re)) {
    const name = /(?:^|,)query="([^"]*)"/.exec(m[2]!)?.[1];
    if (name === undefined) continue;
    const t = out.get(name) ?? { count: 0, sum: 0 };
    t[m[1] as 'sum' | 'count'] = Number(m[3]);
    out.set(name, t);
  }
  return out;
}

export interface QueryDelta {
  query: string;
  calls: number;
  /** Mean milliseconds per call. */
  meanMs: number;
  /** Milliseconds per request of the measured run. */
  msPerRequest: number;
}

/** What happened between two snapshots: calls and mean time per query, most time per request first. */
export function queryDeltas(before: Map<string, QueryTime>, after: Map<string, QueryTime>, requests: number): QueryDelta[] {
  const out: QueryDelta[] = [];
  for (const [query, a] of after) {
    const b = before.get(query) ?? { count: 0, sum: 0 };
    const calls = a.count - b.count;
    if (calls <= 0) continue;
    const ms = (a.sum - b.sum) * 1000;
    out.push({ query, calls, meanMs: round(ms / calls), msPerRequest: requests > 0 ? round(ms / requests) : NaN });
  }
  return out.sort((x, y) => y.msPerRequest - x.msPerRequest || x.query.localeCompare(y.query));
}

/** `VmHWM` (peak resident set) or another field of /proc/<pid>/status, in bytes. */
export function procStatusBytes(status: string, field: 'VmHWM' | 'VmRSS'): number | null {
  const m = new RegExp(`^${field}:\\s+(\\d+)\\s*kB`, 'm').exec(status);
  return m ? Number(m[1]) * 1024 : null;
}
