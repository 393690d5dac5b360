// One driver for the process.
import net from 'node:net';
import neo4j, { type Driver } from 'neo4j-driver';
import type { Logger } from '../log.js';
import { version } from '../version.js';

export interface DriverOptions {
  uri: string;
  user: string;
  password?: string;
  maxPoolSize: number;
  timeoutMs: number;
  log?: Logger;
}

/**
 * neo4j-driver 5 leaves Nagle's algorithm on for its Bolt sockets, so a request larger than one packet (a query
 * carrying an embedding vector) waits for the server's delayed ACK: about 40 ms per query. The driver does not
 * expose its sockets, so every socket this process connects gets TCP_NODELAY (HTTP clients set it already).
 */
let noDelayInstalled = false;
function installNoDelay(): void {
  if (noDelayInstalled) return;
  noDelayInstalled = true;
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    this.setNoDelay(true);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
}

export function createDriver(o: DriverOptions): Driver {
  installNoDelay();
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
