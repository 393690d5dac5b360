// docker-compose.yml is validated with Debian's docker-compose (no Docker engine is needed for `config`).
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/version.js';

const run = promisify(execFile);

describe('docker-compose.yml', () => {
  it('is a valid compose file with neo4j:2026.x (volume, healthcheck) and the service built from the Dockerfile', async function () {
    try {
      await run('docker-compose', ['version']);
    } catch {
      if (process.env.CI) throw new Error('docker-compose is not installed; .ci/run installs it');
      this.skip();
    }
    const { stdout } = await run('docker-compose', ['-f', 'docker-compose.yml', 'config'], { cwd: projectRoot, env: { ...process.env, NEO4J_PASSWORD: 'p', ADMIN_TOKEN: 'x' } });
    expect(stdout).to.match(/image: neo4j:2026\.\d\d-community/);
    expect(stdout).to.match(/neo4j-data/);
    expect(stdout).to.match(/healthcheck:/);
    expect(stdout).to.match(/NEO4J_URI: bolt:\/\/neo4j:7687/);
    expect(stdout).to.match(/condition: service_healthy/);
  });
});
