// The operator CLI against the real Neo4j: a key it creates works on the running service, and revoking it bites.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Graph } from '../../src/graph/graph.js';
import { QueryRegistry, type QueryName } from '../../src/graph/queries.js';
import { projectRoot } from '../../src/version.js';
import { testEnv } from '../helpers/env.js';
import { bearer, call, cleanupTenants, newTenant, trackTenant, v1 } from '../helpers/http.js';

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

  it("retrieval-params prints the Browser parameters with which retrievalCandidates.cypher shows the person's candidates by channel", async () => {
    const env = await testEnv();
    const t = await newTenant('v1', 'scale');
    const user = 'cli-ana';
    for (const content of ['I play the cello in a community orchestra.', 'My sister Maya lives in Lisbon.', 'I am allergic to shellfish.'])
      expect((await call('POST', '/api/v1/ingest', { headers: v1(t.apiKey), body: { user_id: user, content } })).status).to.equal(201);
    const { stdout } = await run(
      process.execPath,
      [ADMIN, 'retrieval-params', '--tenant-id', t.tenantId, '--user-id', user, '--question', 'Which instrument does Maya play?'],
      {
        env: { ...process.env, EMBEDDINGS: env.config.EMBEDDINGS },
      },
    );
    const params: Record<string, unknown> = {};
    for (const line of stdout.trim().split('\n')) {
      const m = /^:param (\w+) => (.*)$/.exec(line);
      expect(m, line).to.not.equal(null);
      params[m![1]!] = JSON.parse(m![2]!);
    }
    expect(params).to.include({ tenantId: t.tenantId, userId: user });
    expect(params.memorySearch)
      .to.match(/instrument/)
      .and.match(/maya/);
    expect(params.entityIds).to.have.length(1);
    const browser = new Graph(env.opened.driver, env.config.NEO4J_DATABASE, await QueryRegistry.load(path.join(projectRoot, 'cypher', 'browser')));
    const rows = await browser.read<{ summary: string; channels: string[] }>('retrievalCandidates' as QueryName, params);
    const channelsOf = (re: RegExp) => rows.find((r) => re.test(r.summary ?? ''))?.channels.join(' ') ?? '';
    expect(channelsOf(/cello/))
      .to.match(/vector #\d+/)
      .and.match(/fulltext #\d+ /);
    expect(channelsOf(/Lisbon/)).to.match(/entity #/);
    expect(channelsOf(/shellfish/)).to.match(/constraint #1 /);

    // A question of stop words only has no searches: the query still answers, by meaning and standing alone.
    const bare = await run(process.execPath, [ADMIN, 'retrieval-params', '--tenant-id', t.tenantId, '--user-id', user, '--question', 'What is it?'], {
      env: { ...process.env, EMBEDDINGS: env.config.EMBEDDINGS },
    });
    const bareParams: Record<string, unknown> = {};
    for (const line of bare.stdout.trim().split('\n')) {
      const m = /^:param (\w+) => (.*)$/.exec(line)!;
      bareParams[m[1]!] = JSON.parse(m[2]!);
    }
    expect(bareParams.memorySearch).to.equal(null);
    const bareRows = await browser.read<{ summary: string; channels: string[] }>('retrievalCandidates' as QueryName, bareParams);
    expect(bareRows.find((r) => /shellfish/.test(r.summary ?? ''))?.channels.join(' ')).to.match(/constraint #1 /);
  });
});
