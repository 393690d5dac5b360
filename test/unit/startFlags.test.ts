// The service's heap bounds are set where it is started: `npm start` and the container image carry the same flags
// (the benchmark reads them from package.json), so what is measured is what runs.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEnv, startFlags } from '../../scripts/bench/service.js';
import { projectRoot } from '../../src/version.js';

describe('start flags', () => {
  it('npm start and the Dockerfile start the service with the same bounded heap', () => {
    const flags = startFlags();
    expect(
      flags.some((f) => /^--max-old-space-size=\d+$/.test(f)),
      flags.join(' '),
    ).to.equal(true);
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8'))?.[1];
    const args = JSON.parse(cmd ?? '[]') as string[];
    expect(args.filter((a) => a.startsWith('--'))).to.deep.equal(flags);
    expect(args.at(-1)).to.equal('dist/src/main.js');
  });

  it('npm start and the Dockerfile set the same allocator bounds, which the benchmark passes on', () => {
    const env = startEnv();
    expect(env).to.have.property('MALLOC_ARENA_MAX');
    const dockerfile = readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8');
    for (const [k, v] of Object.entries(env)) expect(dockerfile).to.match(new RegExp(`^ENV ${k}=${v}$`, 'm'));
  });
});
