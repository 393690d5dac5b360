#!/usr/bin/env node
// `npm run migrate` (apply pending migrations) and `npm run migrate -- status`.
import { migrationStatus } from '../graph/migrations.js';
import { MIGRATIONS_DIR, runMigrations } from '../runtime.js';
import { fail, withGraph } from './common.js';

const command = process.argv[2] ?? 'up';
if (!['up', 'status'].includes(command)) fail('usage: migrate [up|status]');

await withGraph(async ({ graph }, config, log) => {
  if (command === 'status') {
    const s = await migrationStatus(graph, MIGRATIONS_DIR);
    for (const a of s.applied) console.log(`applied  V${a.version}  ${a.description}  ${a.appliedAt}`);
    for (const p of s.pending) console.log(`pending  V${p.version}  ${p.description}`);
    return;
  }
  const { applied } = await runMigrations(graph, config, log);
  console.log(applied.length ? `applied: ${applied.map((v) => `V${v}`).join(', ')}` : 'nothing to apply: the schema is current');
}).catch((err: Error) => fail(`migrate failed: ${err.message}`));
