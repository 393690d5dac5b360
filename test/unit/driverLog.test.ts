// The driver's own warnings: one line per kind and interval, never a stack trace (an outage made one per request).
import { expect } from 'chai';
import { DRIVER_WARNING_EVERY_MS, driverLogger } from '../../src/graph/driver.js';
import type { Logger } from '../../src/log.js';

describe('neo4j driver warnings', () => {
  it('logs each kind once per interval without its stack trace, then says how many were left out', () => {
    const lines: Array<{ level: string; meta: Record<string, unknown> }> = [];
    const log = { log: (level: string, _message: string, meta: Record<string, unknown>) => lines.push({ level, meta }) } as unknown as Logger;
    let clock = 0;
    const warn = driverLogger(log, () => clock);
    const refused = (port: number) =>
      `Failed to connect to server. Caused by: connect ECONNREFUSED 127.0.0.1:${port}. Stacktrace: Neo4jError: Failed\n    at newError (error.js:314:12)`;
    for (let i = 0; i < 50; i++) warn('warn', refused(7687 + (i % 2)));
    warn('error', 'Connection acquisition timed out in 2000 ms.');
    clock += DRIVER_WARNING_EVERY_MS;
    warn('warn', refused(7687));
    expect(lines).to.deep.equal([
      { level: 'warn', meta: { message: 'Failed to connect to server. Caused by: connect ECONNREFUSED 127.0.0.1:7687' } },
      { level: 'error', meta: { message: 'Connection acquisition timed out in 2000 ms.' } },
      { level: 'warn', meta: { message: 'Failed to connect to server. Caused by: connect ECONNREFUSED 127.0.0.1:7687', sameLeftOut: 49 } },
    ]);
  });
});
