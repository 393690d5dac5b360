// docker-compose.yml is validated with Debian's docker-compose (no Docker engine is needed for `config`).
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/version.js';

const run = promisify(execFile);

/** docker-compose is needed (CI installs it); elsewhere the test is skipped without it. */
async function requireDockerCompose(test: Mocha.Context): Promise<void> {
  try {
    await run('docker-compose', ['version']);
  } catch {
    if (process.env.CI) throw new Error('docker-compose is not installed; .ci/run installs it');
    test.skip();
  }
}

describe('docker-compose.yml', () => {
  it('is a valid compose file with neo4j:2026.x (volume, healthcheck) and the service built from the Dockerfile', async function () {
    await requireDockerCompose(this);
    const { stdout } = await run('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
      cwd: projectRoot,
      env: { ...process.env, NEO4J_PASSWORD: 'p', ADMIN_TOKEN: 'x' },
    });
    expect(stdout).to.match(/image: neo4j:2026\.\d\d-community/);
    expect(stdout).to.match(/neo4j-data/);
    expect(stdout).to.match(/healthcheck:/);
    expect(stdout).to.match(/NEO4J_URI: bolt:\/\/neo4j:7687/);
    expect(stdout).to.match(/condition: service_healthy/);
    // Published on this machine only unless MEMORY_BIND says otherwise.
    expect(stdout).to.match(/127\.0\.0\.1:8080:8080|host_ip: 127\.0\.0\.1[^-]*?published: "?8080/);
  });

  it('refuses to start without a Neo4j password (there is no default one), naming the variable and .env.example', async function () {
    await requireDockerCompose(this);
    const env = { ...process.env, NEO4J_PASSWORD: '', ADMIN_TOKEN: 'x' };
    const failed = await run('docker-compose', ['-f', 'docker-compose.yml', 'config'], { cwd: projectRoot, env }).then(
      () => undefined,
      (err: { stderr: string }) => err.stderr,
    );
    expect(failed, 'docker-compose config succeeded without a password').to.be.a('string');
    expect(failed)
      .to.match(/NEO4J_PASSWORD/)
      .and.to.match(/\.env\.example/);
    // The example file itself leaves the password empty, so copying it unchanged is refused too.
    const example = await readFile(path.join(projectRoot, '.env.example'), 'utf8');
    expect(example).to.match(/^NEO4J_PASSWORD=$/m);
  });
});
