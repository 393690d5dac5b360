// One driver for the process.
import neo4j, { type Driver } from 'neo4j-driver';
import type { Logger } from '../log.js';
import { answersWithin } from './graph.js';
import { version } from '../version.js';

export interface DriverOptions {
  uri: string;
  user: string;
  password?: string;
  maxPoolSize: number;
  timeoutMs: number;
  log?: Logger;
}

export function createDriver(o: DriverOptions): Driver {
  // No password means a server with auth disabled (the embedded local Neo4j).
  const auth = o.password === undefined ? undefined : neo4j.auth.basic(o.user, o.password);
  return neo4j.driver(o.uri, auth, {
    disableLosslessIntegers: true,
    maxConnectionPoolSize: o.maxPoolSize,
    // Fail fast: a request should get a 503 within the timeout, never hang on a dead database.
    connectionAcquisitionTimeout: o.timeoutMs,
    connectionTimeout: o.timeoutMs,
    maxTransactionRetryTime: o.timeoutMs,
    userAgent: `memory-middleware/${version}`,
    logging: o.log ? { level: 'warn', logger: driverLogger(o.log) } : undefined,
  });
}

/**
 * Whether Neo4j takes a new connection and answers on it within `ms`. From the start of its shutdown Neo4j turns new
 * connections away while those it holds still answer (a transaction's, just returned to the pool), so the pool's own
 * check would not tell.
 */
export async function takesNewConnection(o: DriverOptions, database: string, ms: number): Promise<boolean> {
  const probe = createDriver({ ...o, maxPoolSize: 1, timeoutMs: ms, log: undefined });
  try {
    return await answersWithin(probe.getServerInfo({ database }), ms);
  } finally {
    void probe.close().catch(() => {});
  }
}

/** How often one kind of driver warning is logged: during an outage the driver warns once per failed request. */
export const DRIVER_WARNING_EVERY_MS = 10_000;

/**
 * The driver's warnings and errors without their stack traces, each kind (its words, numbers aside) at most once per
 * DRIVER_WARNING_EVERY_MS, with the number of the same left out since.
 */
export function driverLogger(log: Logger, now: () => number = Date.now): (level: string, message: string) => void {
  const last = new Map<string, { at: number; leftOut: number }>();
  return (level, message) => {
    const text = message.replace(/\s*\.?\s*Stacktrace:[\s\S]*$/, '').trim();
    const kind = `${level} ${text.replace(/\d+/g, '#')}`;
    const seen = last.get(kind);
    if (seen && now() - seen.at < DRIVER_WARNING_EVERY_MS) {
      seen.leftOut++;
      return;
    }
    last.set(kind, { at: now(), leftOut: 0 });
    log.log(level === 'error' ? 'error' : 'warn', 'neo4j driver', { message: text, ...(seen?.leftOut ? { sameLeftOut: seen.leftOut } : {}) });
  };
}
