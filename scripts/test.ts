// `npm test`: when NEO4J_URI is unset, start the local Neo4j on a free port with a temporary data dir; run the
// migrations; run every mocha test (or the test files named: `npm test -- dist/test/unit/x.test.js`); stop Neo4j, also
// when tests fail. With NEO4J_URI set, use that database.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../src/config.js';
import { startLocalNeo4j, type LocalNeo4j } from '../src/graph/localNeo4j.js';
import { createLogger } from '../src/log.js';
import { openGraph, runMigrations } from '../src/runtime.js';
import { projectRoot } from '../src/version.js';

async function main(): Promise<number> {
  let local: LocalNeo4j | undefined;
  let tmp: string | undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };
  const stop = async () => {
    await local?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void stop().then(() => process.exit(130)));
  process.on('SIGTERM', () => void stop().then(() => process.exit(143)));
  try {
    if (!env.NEO4J_URI) {
      tmp = await mkdtemp(path.join(os.tmpdir(), 'memory-mw-test-'));
      const started = Date.now();
      local = await startLocalNeo4j({
        dataDir: tmp,
        boltPort: 0,
        heap: '1g',
        pageCache: '256m',
        onLog: () => {},
        onProgress: (line) => console.error(line),
      });
      env.NEO4J_URI = local.boltUri;
      // Tests of the embedded Neo4j's own settings run only against this instance, not against one given by NEO4J_URI.
      env.TEST_LOCAL_NEO4J_DATA_DIR = tmp;
      console.log(`local Neo4j ready at ${local.boltUri} in ${Date.now() - started} ms on ${local.java} (data in ${tmp})`);
    } else {
      console.log(`using NEO4J_URI=${env.NEO4J_URI}`);
    }
    const config = loadConfig(env);
    const log = createLogger('warn');
    const opened = await openGraph(config, log, { startLocal: false });
    try {
      const { applied } = await runMigrations(opened.graph, config, log);
      console.log(`migrations applied: ${applied.length ? applied.join(', ') : 'none pending'}`);
    } finally {
      await opened.driver.close();
    }
    const mocha = path.join(projectRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');
    const counts = { passing: 0, failing: 0, pending: 0 };
    const code = await new Promise<number>((resolve) => {
      // Test files named on the command line run alone; without any, every test runs.
      const args = process.argv.slice(2);
      const specs = args.some((a) => a.endsWith('.test.js')) ? [] : ['dist/test/**/*.test.js'];
      const child = spawn(process.execPath, [mocha, ...specs, ...args], { stdio: ['inherit', 'pipe', 'inherit'], env, cwd: projectRoot });
      // Pass mocha's report through, and read its summary lines for the closing line below.
      createInterface({ input: child.stdout! }).on('line', (line) => {
        console.log(line);
        const m = /^\s+(\d+) (passing|failing|pending)\b/.exec(line);
        if (m) counts[m[2] as keyof typeof counts] = Number(m[1]);
      });
      child.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    });
    console.log(`tests: ${counts.passing} passed, ${counts.failing} failed, ${counts.pending} skipped`);
    return code !== 0 || counts.passing === 0 ? Math.max(code, 1) : 0;
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
