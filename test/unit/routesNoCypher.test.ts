// Routes parse, call a feature module and shape the answer; the queries run behind those modules (graph access
// in src/**, Cypher in cypher/*.cypher). A route that names a query or runs one on the graph is caught here.
import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../src/version.js';

const ROUTES = path.join(projectRoot, 'src', 'routes');
/** Naming a query, or running anything on the graph: read, write, their transactions, a schema statement. */
const RUNS_CYPHER = /graph\/queries\.js|\.graph\.(read|write|writeOnce|readTx|writeTx|runSchemaStatement|planOf)\b|\bgraph\.driver\b|\.session\(/;

describe('routes hold no Cypher', () => {
  it('no module under src/routes names a query or runs one on the graph', async () => {
    const files = (await readdir(ROUTES, { recursive: true })).filter((f) => f.endsWith('.ts'));
    expect(files.length).to.be.greaterThan(10);
    const offenders: string[] = [];
    for (const f of files) {
      const lines = (await readFile(path.join(ROUTES, f), 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (RUNS_CYPHER.test(line)) offenders.push(`src/routes/${f}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).to.deep.equal([]);
  });
});
