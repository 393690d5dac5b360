// npm run seed: the demo people load through the API and every message is processed.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/version.js';
import { testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { admin, call, cleanupTenants, newTenant } from '../helpers/http.js';

const run = promisify(execFile);

describe('npm run seed', () => {
  after(cleanupTenants);

  it('loads the demo people through the running service', async function () {
    this.timeout(120_000);
    const { baseUrl } = await testEnv();
    const t = await newTenant('v1', 'scale');
    const { stdout } = await run(process.execPath, [path.join(projectRoot, 'dist', 'src', 'cli', 'seed.js'), '--url', baseUrl, '--key', t.apiKey]);
    expect(stdout).to.match(/all \d+ messages processed/);
    const [maya] = await testRead('userGraphCounts', { tenantId: t.tenantId, userId: 'demo-maya' });
    expect(maya.facts).to.be.greaterThan(5);
    expect(maya.entityNames).to.include.members(['Daniel', 'Leo', 'Pepper']);
  });

  it('on a key allowed fewer requests a minute than the seed needs, waits out each 429 and still loads everything', async function () {
    this.timeout(240_000);
    const { baseUrl } = await testEnv();
    const t = await newTenant('v1', 'trial');
    const limited = await call('PATCH', `/admin/tenants/${t.tenantId}`, { headers: admin, body: { limits: { rate_limit_rpm: 50 } } });
    expect(limited.status).to.equal(200);
    const { stdout, stderr } = await run(process.execPath, [
      path.join(projectRoot, 'dist', 'src', 'cli', 'seed.js'),
      '--url',
      baseUrl,
      '--key',
      t.apiKey,
    ]);
    expect(stdout).to.match(/all 38 messages processed/);
    // Every message's status was read, none lost to a 429 answer.
    expect(stderr).to.equal('');
    const [grace] = await testRead('userGraphCounts', { tenantId: t.tenantId, userId: 'demo-grace' });
    expect(grace.facts).to.be.greaterThan(3);
  });

  it('fails loudly, naming the problem, when the key is refused', async () => {
    const { baseUrl } = await testEnv();
    const refused = await run(process.execPath, [
      path.join(projectRoot, 'dist', 'src', 'cli', 'seed.js'),
      '--url',
      baseUrl,
      '--key',
      'mm_v1_not-a-key',
    ]).catch((err: { code: number; stderr: string }) => err);
    expect((refused as { code: number }).code).to.not.equal(0);
    expect((refused as { stderr: string }).stderr).to.match(/seed failed: .*malformed/);
  });
});
