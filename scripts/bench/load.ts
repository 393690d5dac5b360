// HTTP load with autocannon (programmatic API): a fixed number of requests at a fixed concurrency, each body drawn
// from a generator (distinct questions, distinct messages), every response time collected from the instance's
// 'response' event so percentiles are exact (autocannon's own summary has no p95), every status counted.
import { createRequire } from 'node:module';
import os from 'node:os';
import { perSecond, summarize, type LatencySummary } from './stats.js';

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest, context: unknown) => AutocannonRequest;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  amount: number;
  timeout: number;
  method: string;
  headers: Record<string, string>;
  requests: AutocannonRequest[];
}
interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonInstance {
  on(event: 'response', fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
  on(event: 'reqError', fn: (err: Error) => void): void;
  stop(): void;
}
type Autocannon = (opts: AutocannonOptions, cb: (err: Error | null, result: AutocannonResult) => void) => AutocannonInstance;

// autocannon is CommonJS without type declarations: loaded through require, typed by hand above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadSpec {
  baseUrl: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** A fresh JSON body per request (undefined for GET). */
  body?: () => unknown;
  connections: number;
  requests: number;
  /** Seconds before a request counts as timed out. */
  timeoutSeconds?: number;
}

export interface LoadRun {
  connections: number;
  requests: number;
  latency: LatencySummary;
  /** Completed requests per second over the run's wall time. */
  rps: number;
  wallMs: number;
  statuses: Record<string, number>;
  /** Responses outside 2xx, connection errors and timeouts. */
  non2xx: number;
  errors: number;
  timeouts: number;
  meanResponseBytes: number;
  /** Non-2xx responses and errors of the warm-up run before it (not part of the figures, but reported). */
  warmupFailures?: number;
  /** The machine's 1-minute load average when the run started: other work on a shared machine shows here. */
  load1: number;
}

/** Runs `spec.requests` requests at `spec.connections` concurrency and collects every response time. */
export async function runLoad(spec: LoadSpec): Promise<LoadRun> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  let reqErrors = 0;
  const headers: Record<string, string> = { ...(spec.body ? { 'content-type': 'application/json' } : {}), ...(spec.headers ?? {}) };
  const request: AutocannonRequest = { method: spec.method, path: spec.path, headers };
  if (spec.body) {
    const next = spec.body;
    request.setupRequest = (req) => ({ ...req, body: JSON.stringify(next()) });
  }
  const load1 = Math.round(os.loadavg()[0]! * 10) / 10;
  const started = performance.now();
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.baseUrl,
        connections: spec.connections,
        amount: spec.requests,
        timeout: spec.timeoutSeconds ?? 60,
        method: spec.method,
        headers,
        requests: [request],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, resBytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      bytes += resBytes;
    });
    instance.on('reqError', () => reqErrors++);
  });
  const wallMs = performance.now() - started;
  if (latencies.length === 0)
    throw new Error(`${spec.method} ${spec.path}: no response at all (${result.errors} errors, ${result.timeouts} timeouts)`);
  const non2xx = Object.entries(statuses)
    .filter(([s]) => !/^2\d\d$/.test(s))
    .reduce((n, [, c]) => n + c, 0);
  return {
    connections: spec.connections,
    requests: latencies.length,
    latency: summarize(latencies),
    rps: perSecond(latencies.length, wallMs),
    wallMs: Math.round(wallMs),
    statuses,
    non2xx,
    errors: Math.max(result.errors, reqErrors),
    timeouts: result.timeouts,
    meanResponseBytes: Math.round(bytes / latencies.length),
    load1,
  };
}

/** A short warm-up run, then the measured one with the same generator (fresh bodies throughout). */
export async function warmAndRun(spec: LoadSpec, warmup: number): Promise<LoadRun> {
  const warm = warmup > 0 ? await runLoad({ ...spec, requests: Math.max(warmup, spec.connections) }) : undefined;
  const run = await runLoad(spec);
  return warm ? { ...run, warmupFailures: warm.non2xx + warm.errors } : run;
}
