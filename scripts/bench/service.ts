// The service under test as a child process, built for production: `node dist/src/main.js` with its own
// environment (port 0, local embeddings, no provider keys, jobs off). Its JSON log is read for the listening URL
// and then drained for good; its peak RSS comes from /proc/<pid>/status.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../src/version.js';
import { procStatusBytes } from './stats.js';

export interface ChildService {
  url: string;
  pid: number;
  /** From spawning the process to its log saying it listens (migrations checked, model files found), in ms. */
  startMs: number;
  /** From spawning the process to its log saying Neo4j has planned every query (warmQueryPlans), in ms; null if it did not say so. */
  plansMs: number | null;
  /** Peak and current resident set of the service process, in bytes (null where /proc is unavailable). */
  memory(): Promise<{ peakRss: number | null; rss: number | null }>;
  /** Log lines at warn or error level seen so far (messages only). */
  problems: string[];
  stop(): Promise<void>;
}

const startScript = () =>
  (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/);

/** Node's flags of `npm start` (the heap bounds the service runs with), read from package.json's start script. */
export function startFlags(): string[] {
  return startScript().filter((a) => a.startsWith('--'));
}

/** The environment `npm start` sets before `node` (the allocator's bounds), read from the same script. */
export function startEnv(): Record<string, string> {
  const words = startScript();
  const assignments = words.slice(0, words.indexOf('node')).map((w) => /^([A-Z_][A-Z0-9_]*)=(\S*)$/.exec(w));
  return Object.fromEntries(assignments.filter((m) => m !== null).map((m) => [m[1]!, m[2]!]));
}

export async function startService(env: Record<string, string>, say: (line: string) => void, nodeArgs: string[] = []): Promise<ChildService> {
  const spawnedAt = performance.now();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  // Offline: no model provider may be reached, whatever the shell has set.
  for (const k of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL']) delete childEnv[k];
  Object.assign(childEnv, startEnv(), env);
  const child: ChildProcess = spawn(process.execPath, [...startFlags(), ...nodeArgs, path.join(projectRoot, 'dist', 'src', 'main.js')], {
    cwd: projectRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const problems: string[] = [];
  const keep = (line: string) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
  };
  createInterface({ input: child.stderr! }).on('line', keep);
  let plansDone: (outcome: string) => void = () => {};
  const plans = new Promise<string>((resolve) => {
    plansDone = resolve;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the service did not start within 120 s:\n${tail.join('\n')}`)), 120_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      keep(line);
      let entry:
        | { message?: string; level?: string; url?: string; cause?: { name?: string; code?: string; message?: string }; reason?: string }
        | undefined;
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        return;
      }
      if ((entry?.level === 'warn' || entry?.level === 'error') && problems.length < 200) {
        // With what went wrong: the error's class and code (a 500's cause), or a failed message's reason.
        const why = entry.cause ? [entry.cause.name, entry.cause.code].filter(Boolean).join(' ') : (entry.reason ?? '');
        problems.push(`${entry.level}: ${entry.message ?? ''}${why ? ` (${why})` : ''}`.slice(0, 200));
      }
      if (entry?.message === 'query plans ready' || entry?.message === 'query plans were not warmed') plansDone(entry.message);
      if (entry?.message === 'memory middleware is listening' && entry.url) {
        clearTimeout(timer);
        resolve(entry.url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited with code ${code} before listening:\n${tail.join('\n')}`));
    });
  });
  const startMs = Math.round(performance.now() - spawnedAt);
  say(`service listening at ${url} (pid ${child.pid}) ${startMs} ms after it was started`);
  // Nothing is measured while Neo4j plans the queries in the background: it would compete with the requests.
  const outcome = await Promise.race([plans, new Promise<string>((r) => setTimeout(() => r('no word of the query plans within 300 s'), 300_000))]);
  const afterMs = Math.round(performance.now() - spawnedAt);
  say(`${outcome} ${afterMs} ms after the service was started`);
  const plansMs = outcome === 'query plans ready' ? afterMs : null;
  return {
    url,
    pid: child.pid!,
    startMs,
    plansMs,
    problems,
    async memory() {
      try {
        const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
        return { peakRss: procStatusBytes(status, 'VmHWM'), rss: procStatusBytes(status, 'VmRSS') };
      } catch {
        return { peakRss: null, rss: null };
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
