// `npm start` compiles only when something changed since the last build (bin/build-if-changed.mjs), on a throwaway
// project whose "compiler" counts its runs.
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../src/version.js';

describe('npm start builds only what changed', () => {
  it('compiles on the first start, not on an unchanged tree, again after a source changes', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'build-if-changed-'));
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'src', 'main.ts'), 'export {};\n');
    await writeFile(path.join(root, 'package.json'), '{}\n');
    await writeFile(path.join(root, 'tsconfig.json'), '{}\n');
    const start = () =>
      execFileSync(process.execPath, [path.join(projectRoot, 'bin', 'build-if-changed.mjs'), '--root', root, '--command', 'echo run >> builds.txt'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const builds = async () => (await readFile(path.join(root, 'builds.txt'), 'utf8')).trim().split('\n').length;

    start();
    expect(await builds(), 'first start').to.equal(1);
    start();
    expect(await builds(), 'unchanged tree').to.equal(1);
    // A source saved after the build (a second later, whatever the file system's time resolution).
    const later = new Date(Date.now() + 2000);
    await utimes(path.join(root, 'src', 'main.ts'), later, later);
    start();
    expect(await builds(), 'after a change').to.equal(2);
  });
});
