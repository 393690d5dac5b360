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
    logging: o.log
      ? { level: 'warn', logger: (level, message) => o.log?.log(level === 'error' ? 'error' : 'warn', 'neo4j driver', { message }) }
      : undefined,
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
