// The service as a process: start-up on NEO4J_URI, a clean stop on SIGTERM, a refused bad configuration,
// and logs that carry no key and no request content.
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../src/version.js';
import { call, uniqueEmail, trackTenant, cleanupTenants } from '../helpers/http.js';

const MAIN = path.join(projectRoot, 'dist', 'src', 'main.js');

function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, LOG_LEVEL: 'debug', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (l) => lines.push(l));
  createInterface({ input: child.stderr! }).on('line', (l) => lines.push(l));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

async function listeningUrl(lines: string[], child: ChildProcess): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const line = lines.find((l) => l.includes('memory middleware is listening'));
    if (line) return JSON.parse(line).url;
    if (child.exitCode !== null) throw new Error(`service exited: ${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`service did not start: ${lines.join('\n')}`);
}

describe('the service process', () => {
  after(cleanupTenants);

  it('starts on NEO4J_URI, serves, and stops cleanly on SIGTERM without logging keys or request content', async () => {
    const { child, lines, exited } = startProcess({ PORT: '0', ADMIN_TOKEN: 'process-test-admin-token' });
    try {
      const baseUrl = await listeningUrl(lines, child);
      const email = uniqueEmail();
      const signup = await call('POST', '/api/v1/trial/signup', { baseUrl, body: { company_name: 'Secret Co', email, name: 'Private Person' } });
      expect(signup.status).to.equal(201);
      trackTenant(signup.body.tenant_id);
      const key: string = signup.body.api_key;
      await call('GET', '/api/v1/stats', { baseUrl, headers: { 'X-API-Key': key } });
      await call('GET', '/api/v1/stats', { baseUrl, headers: { 'X-API-Key': `${key.slice(0, -1)}x` } });
      // Neo4j has planned every query, in the background of the start.
      for (let i = 0; i < 600 && !lines.some((l) => l.includes('"query plans ready"')); i++) await new Promise((r) => setTimeout(r, 100));
      const plans = JSON.parse(lines.find((l) => l.includes('"query plans ready"')) ?? '{}');
      expect(plans.planned, 'query plans ready').to.be.greaterThan(50);
      expect(plans.failed).to.equal(undefined);
      child.kill('SIGTERM');
      expect(await exited).to.equal(0);
      const log = lines.join('\n');
      expect(log).to.include('"message":"stopped"');
      expect(log).to.include('"route":"/api/v1/stats"');
      for (const secret of [key, key.slice(6), email, 'Secret Co', 'Private Person']) expect(log).to.not.include(secret);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses to start with a bad setting, naming it', async () => {
    const { lines, exited } = startProcess({ PORT: 'eighty' });
    expect(await exited).to.equal(1);
    expect(lines.join('\n')).to.match(/Invalid configuration:[\s\S]*PORT/);
  });
});
