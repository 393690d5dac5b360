#!/usr/bin/env node
// `npm start` runs the built code: it compiles only when a source, tsconfig.json or package.json is newer than the
// last build (a fresh clone has none), so an unchanged tree starts without the ten seconds of tsc.
// Plain JavaScript: it runs before anything is compiled. Options for its test: --root <dir>, --command <cmd>.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const root = path.resolve(arg('--root', path.join(path.dirname(fileURLToPath(import.meta.url)), '..')));
const command = arg('--command', 'npx tsc -p tsconfig.json');
const stamp = path.join(root, 'dist', '.build-stamp');
const SOURCES = ['src', 'test', 'scripts', 'client/src'];

function newest(p) {
  let s;
  try {
    s = statSync(p);
  } catch {
    return 0;
  }
  if (!s.isDirectory()) return s.mtimeMs;
  let latest = s.mtimeMs;
  for (const e of readdirSync(p)) latest = Math.max(latest, newest(path.join(p, e)));
  return latest;
}

const built = newest(stamp);
const changed = Math.max(...[...SOURCES, 'tsconfig.json', 'package.json'].map((f) => newest(path.join(root, f))));
if (built > 0 && changed <= built) {
  console.error('build: up to date');
  process.exit(0);
}
console.error(built ? 'build: sources changed since the last build, compiling' : 'build: compiling (first start)');
const started = Date.now();
const r = spawnSync(command, { cwd: root, shell: true, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
mkdirSync(path.dirname(stamp), { recursive: true });
writeFileSync(stamp, `${new Date(started).toISOString()}\n`);
// Dated when the build began: a source saved while it ran is newer, and the next start compiles again.
utimesSync(stamp, started / 1000, started / 1000);
