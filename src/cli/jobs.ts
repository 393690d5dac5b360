#!/usr/bin/env node
// `npm run jobs -- run [--now ISO] [--tenant ID]`: runs every salience job for every tenant (or one) once, under
// the same lock as the service's schedule, and prints the counts per job as JSON.
import { JobScheduler } from '../jobs/scheduler.js';
import { ProfileService } from '../tenants/profiles.js';
import { fail, flags, withGraph } from './common.js';

const [command, ...rest] = process.argv.slice(2);
if (command !== 'run') fail('usage: jobs run [--now <ISO time>] [--tenant <tenant id>]');
let opts: Record<string, string>;
try {
  opts = flags(rest);
} catch (err) {
  fail((err as Error).message);
}
const unknown = Object.keys(opts).filter((k) => !['now', 'tenant'].includes(k));
if (unknown.length) fail(`Unknown option: --${unknown[0]}`);
const now = opts.now === undefined ? Date.now() : Date.parse(opts.now);
if (!Number.isFinite(now)) fail(`--now must be an ISO time, got '${opts.now}'`);

await withGraph(async ({ graph }, _config, log) => {
  const profiles = new ProfileService(graph);
  const scheduler = new JobScheduler(graph, log, {
    tenantParams: (tenantId) => profiles.get(tenantId),
    tenants: opts.tenant ? [opts.tenant] : undefined,
  });
  const report = await scheduler.runAll(now);
  console.log(JSON.stringify(report, null, 2));
  if (!report.ran) console.error('skipped: another process holds the job lock');
  if (report.failures.length) process.exitCode = 1;
}).catch((err: Error) => fail(`jobs failed: ${err.message}`));
