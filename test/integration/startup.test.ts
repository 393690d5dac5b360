// Start-up with a port already taken: the service stops at once with one sentence naming the port, what it was
// for and the variable that moves it, before the embedded Neo4j is started (which takes seconds), never with a
// raw stack or after Neo4j's own retries.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/version.js';

const run = promisify(execFile);

/** A port held by a listener of this test until release(). */
async function takenPort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, release: () => new Promise((r) => server.close(() => r())) };
}

async function start(env: Record<string, string>): Promise<{ code: number; stderr: string; stdout: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('NEO4J_') && !k.startsWith('LOCAL_NEO4J_')));
  return run(process.execPath, [path.join(projectRoot, 'dist', 'src', 'main.js')], {
    env: { ...clean, HOST: '127.0.0.1', LOG_LEVEL: 'error', JOBS_SCHEDULE: 'off', EMBEDDINGS: 'hash', ...env },
    timeout: 60_000,
  }).then(
    (r) => ({ code: 0, ...r }),
    (err: { code: number; stderr: string; stdout: string }) => ({ code: err.code, stderr: err.stderr, stdout: err.stdout }),
  );
}

describe('start-up with a port in use', function () {
  this.timeout(90_000);
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'memory-mw-ports-'));
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const cases = [
    { what: 'the HTTP API', variable: 'PORT', env: (p: number) => ({ PORT: String(p), NEO4J_URI: process.env.NEO4J_URI! }) },
    {
      what: "the embedded Neo4j's Bolt connector",
      variable: 'LOCAL_NEO4J_BOLT_PORT',
      env: (p: number) => ({ PORT: '0', LOCAL_NEO4J_BOLT_PORT: String(p), LOCAL_NEO4J_HTTP_PORT: '0', LOCAL_NEO4J_DATA_DIR: dataDir }),
    },
    {
      what: "the embedded Neo4j's Browser",
      variable: 'LOCAL_NEO4J_HTTP_PORT',
      env: (p: number) => ({ PORT: '0', LOCAL_NEO4J_BOLT_PORT: '0', LOCAL_NEO4J_HTTP_PORT: String(p), LOCAL_NEO4J_DATA_DIR: dataDir }),
    },
  ];
  for (const c of cases)
    it(`${c.variable} taken: exits naming the port, ${c.what} and ${c.variable}`, async () => {
      const taken = await takenPort();
      try {
        const r = await start(c.env(taken.port));
        expect(r.code, r.stderr).to.equal(1);
        expect(r.stderr).to.include(`Port ${taken.port} on 127.0.0.1 (${c.what}) is in use by another process`);
        expect(r.stderr).to.include(`set ${c.variable} to another port`);
        expect(r.stderr).to.not.match(/\n\s+at /); // no stack
      } finally {
        await taken.release();
      }
    });
});
