// What an erase leaves on disk depends on Neo4j's transaction logs: an erased person's words stay in a log file
// until it is rotated and pruned after a checkpoint. The embedded Neo4j keeps as little as Neo4j allows
// (docs/operators/erasure-on-disk.md); a Neo4j run by an operator (NEO4J_URI) has the operator's settings.
import { expect } from 'chai';
import { testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';

describe('the embedded Neo4j and erased data on disk', () => {
  it('keeps only the newest transaction log file after a checkpoint, rotates every 1 MiB and checkpoints every minute', async function () {
    // Set by `npm test` when it started the embedded Neo4j itself.
    if (!process.env.TEST_LOCAL_NEO4J_DATA_DIR) this.skip();
    await testEnv();
    const rows = await testRead<{ name: string; value: string }>('txLogSettings', {});
    expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).to.deep.equal({
      'db.checkpoint': 'PERIODIC',
      'db.checkpoint.interval.time': '1m',
      'db.tx_log.rotation.retention_policy': 'keep_none',
      'db.tx_log.rotation.size': '1.00MiB',
    });
  });
});
