// The operator CLI against the real Neo4j: a key it creates works on the running service, and revoking it bites.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/version.js';
import { bearer, call, cleanupTenants, trackTenant, v1 } from '../helpers/http.js';

const run = promisify(execFile);
const ADMIN = path.join(projectRoot, 'dist', 'src', 'cli', 'admin.js');

describe('npm run admin', () => {
  after(cleanupTenants);

  it('create-key makes a tenant and key for either route set; revoke-key revokes', async () => {
    const { stdout } = await run(process.execPath, [ADMIN, 'create-key', '--route-set', 'b2c', '--tenant-name', 'CLI app', '--tier', 'scale']);
    const issued = JSON.parse(stdout);
    trackTenant(issued.tenant_id);
    expect(issued.api_key).to.match(/^mm_b2c_/);
    expect((await call('GET', '/api/b2c/memory/nodes', { headers: bearer(issued.api_key) })).status).to.not.equal(401);
    expect((await call('GET', '/api/v1/stats', { headers: v1(issued.api_key) })).status).to.equal(401);

    const more = JSON.parse((await run(process.execPath, [ADMIN, 'create-key', '--route-set', 'b2c', '--tenant-id', issued.tenant_id])).stdout);
    expect(more.tenant_id).to.equal(issued.tenant_id);

    await run(process.execPath, [ADMIN, 'revoke-key', '--key-id', issued.key_id]);
    const shown = JSON.parse((await run(process.execPath, [ADMIN, 'show-tenant', '--tenant-id', issued.tenant_id])).stdout);
    expect(shown.keys).to.have.length(2);
    expect(shown.keys.filter((k: { revokedAt?: string }) => k.revokedAt)).to.have.length(1);
  });

  it('explains bad arguments and exits with 2', async () => {
    const err = await run(process.execPath, [ADMIN, 'create-key', '--route-set', 'v9']).then(
      () => expect.fail('should fail'),
      (e: { code: number; stderr: string }) => e,
    );
    expect(err.code).to.equal(2);
    expect(err.stderr).to.match(/--route-set/);
    expect(err.stderr).to.match(/usage:/);
  });
});
