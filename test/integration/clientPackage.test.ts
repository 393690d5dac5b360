// The client as a newcomer gets it: `npm pack` of client/ (its prepare script builds dist/), the tarball
// installed offline into an empty project (it has no dependencies to fetch), its types compiled by a strict
// consumer, and the README's five-minute integration (client/examples/quickstart.mjs, the same text) run as a
// script against the running service.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/version.js';
import { testEnv } from '../helpers/env.js';
import { cleanupTenants, trackTenant } from '../helpers/http.js';

const run = promisify(execFile);
const clientDir = path.join(projectRoot, 'client');
const example = path.join(clientDir, 'examples', 'quickstart.mjs');
const tsc = path.join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc');

describe('client package (@memory-middleware/client)', function () {
  this.timeout(180_000);
  let tmp: string;
  let project: string;
  before(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'mm-client-pack-'));
    project = path.join(tmp, 'app');
    await run('mkdir', ['-p', project]);
    // npm pack runs the package's prepare script: dist/ is built from client/src whatever was there before.
    await rm(path.join(clientDir, 'dist'), { recursive: true, force: true });
    await run('npm', ['pack', '--pack-destination', tmp, '--silent'], { cwd: clientDir });
    const tarball = (await readdir(tmp)).find((f) => f.endsWith('.tgz'));
    expect(tarball, 'npm pack wrote no tarball').to.be.a('string');
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(tmp, tarball!)], { cwd: project });
  });
  after(async () => {
    await cleanupTenants();
    await rm(tmp, { recursive: true, force: true });
  });

  it('the packed tarball holds the built package with no dependencies, and installs offline', async () => {
    const installed = path.join(project, 'node_modules', '@memory-middleware', 'client');
    const pkg = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).to.deep.equal({});
    const files = await readdir(path.join(installed, 'dist'));
    expect(files).to.include.members(['index.js', 'index.d.ts', 'v1.js', 'b2c.js', 'openapi.d.ts']);
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', "const m = await import('@memory-middleware/client'); console.log(Object.keys(m).sort().join(','))"],
      { cwd: project },
    );
    expect(stdout.trim().split(',')).to.include.members(['B2cClient', 'MemoryApiError', 'V1Client']);
  });

  it('its types compile in a strict TypeScript consumer, and refuse a request without a required field', async () => {
    await writeFile(
      path.join(project, 'check.ts'),
      [
        "import { B2cClient, MemoryApiError, V1Client, type Schemas } from '@memory-middleware/client';",
        "const v1 = new V1Client({ apiKey: 'k', baseUrl: 'http://127.0.0.1:8080' });",
        "const answer: Promise<Schemas['ContextItemsResponse']> = v1.contextItems({ user_id: 'u', message: 'm' });",
        '// @ts-expect-error user_id is required',
        "void v1.contextItems({ message: 'm' });",
        "const b2c = new B2cClient({ apiKey: 'k' });",
        "void b2c.retrieve({ user_id: 'u', query: 'q' });",
        'void answer; void MemoryApiError;',
      ].join('\n'),
    );
    const args = [
      tsc,
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      'false',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      'check.ts',
    ];
    const r = await run(process.execPath, args, { cwd: project }).catch((e: { stdout: string }) => ({ stdout: e.stdout, failed: true }));
    expect(r.stdout).to.equal('');
  });

  it("the README's five-minute integration, run from the installed package, signs up and remembers across messages", async () => {
    const readme = await readFile(path.join(projectRoot, 'README.md'), 'utf8');
    const source = await readFile(example, 'utf8');
    expect(readme.includes(source.trim()), "README.md's five-minute integration differs from client/examples/quickstart.mjs").to.equal(true);
    await copyFile(example, path.join(project, 'quickstart.mjs'));
    const { baseUrl } = await testEnv();
    const env = { ...process.env, MEMORY_URL: baseUrl, MEMORY_API_KEY: '' };
    const { stdout, stderr } = await run(process.execPath, ['quickstart.mjs'], { cwd: project, env });
    const tenant = /trial tenant ([0-9a-f-]{36})/.exec(stdout);
    if (tenant) trackTenant(tenant[1]!);
    expect(stderr).to.equal('');
    expect(tenant, stdout).to.not.equal(null);
    expect(stdout).to.match(/remembered: \[[^\]]*peanut/i);
    expect(stdout).to.match(/export holds [1-9]\d* lines/);
    expect(stdout).to.include('not found: NOT_FOUND');
  });
});
