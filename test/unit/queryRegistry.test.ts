import { expect } from 'chai';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QueryRegistry } from '../../src/graph/queries.js';

describe('query registry', () => {
  async function dirWith(files: Record<string, string>): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'queries-'));
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
    return dir;
  }

  it('names queries feature/name and strips a trailing semicolon', async () => {
    const reg = await QueryRegistry.load(await dirWith({ 'users/findUser.cypher': 'MATCH (u) RETURN u;\n' }));
    expect(reg.names()).to.deep.equal(['users/findUser']);
    expect(reg.get('users/findUser')).to.equal('MATCH (u) RETURN u');
  });

  it('sends a statement without its comment lines and indentation, keeping what is inside it', async () => {
    const file = "// What it does.\n// Why.\nMATCH (u:User)\n  // a step\n  WHERE u.url = 'http://x//y'\nRETURN u;\n";
    const reg = await QueryRegistry.load(await dirWith({ 'users/findUser.cypher': file }));
    expect(reg.get('users/findUser')).to.equal("MATCH (u:User)\nWHERE u.url = 'http://x//y'\nRETURN u");
  });

  it('fails when a declared query has no file', async () => {
    const reg = await QueryRegistry.load(await dirWith({ 'a/one.cypher': 'RETURN 1' }));
    expect(() => reg.verify(['a/one', 'a/two', 'b/three'])).to.throw('Missing query files: a/two, b/three');
    expect(() => reg.get('a/two')).to.throw('Unknown query: a/two');
  });

  it('fails on names that differ only in case', async () => {
    const dir = await dirWith({ 'a/findUser.cypher': 'RETURN 1', 'a/finduser.cypher': 'RETURN 2' });
    await QueryRegistry.load(dir).then(
      () => expect.fail('should refuse'),
      (err: Error) => expect(err.message).to.match(/Duplicate query name/),
    );
  });

  it('fails on an empty file', async () => {
    await QueryRegistry.load(await dirWith({ 'a/empty.cypher': '  \n' })).then(
      () => expect.fail('should refuse'),
      (err: Error) => expect(err.message).to.match(/empty/),
    );
  });
});
