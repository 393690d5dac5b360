// npm run seed: the demo people load through the API and every message is processed.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/version.js';
import { testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { cleanupTenants, newTenant } from '../helpers/http.js';

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
});
