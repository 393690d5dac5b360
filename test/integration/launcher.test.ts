// The embedded Neo4j's launcher is built by Maven once: after a build its classpath file is newer than the sources,
// so the next start does not run Maven again (the plugin leaves an unchanged file untouched).
import { expect } from 'chai';
import { stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { ensureLauncherBuilt } from '../../src/graph/localNeo4j.js';
import { projectRoot } from '../../src/version.js';

const POM = path.join(projectRoot, 'neo4j-local', 'pom.xml');
const CLASSPATH = path.join(projectRoot, 'neo4j-local', 'target', 'classpath.txt');

describe('the embedded Neo4j launcher build', function () {
  this.timeout(180_000);

  it('after a build with nothing new to resolve, the next start builds nothing', async () => {
    // The pom looks edited (same content, newer time): one build, whose classpath comes out unchanged.
    const later = new Date(Date.now() + 1000);
    await utimes(POM, later, later);
    const said: string[] = [];
    await ensureLauncherBuilt((m) => said.push(m));
    expect(said, 'the first call builds').to.have.length(1);
    expect((await stat(CLASSPATH)).mtimeMs).to.be.at.least((await stat(POM)).mtimeMs);
    await ensureLauncherBuilt((m) => said.push(m));
    expect(said, 'the second call builds nothing').to.have.length(1);
  });
});
