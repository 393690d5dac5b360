// The copy check: a conversation repeating eight words of a tracked file is found there, and exits 1.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { projectRoot } from '../../src/version.js';

const script = path.join(projectRoot, 'dist', 'scripts', 'check-copies.js');

function check(file: string): { status: number; out: string } {
  try {
    return { status: 0, out: execFileSync(process.execPath, [script, file], { encoding: 'utf8' }) };
  } catch (err) {
    const e = err as { status: number; stdout: string };
    return { status: e.status, out: e.stdout };
  }
}

describe('check:copies', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'copies-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const conversation = (text: string) => ({
    speaker_a: 'Ada',
    speaker_b: 'Ben',
    session_1_date_time: '4:05 pm on 12 June, 2021',
    session_1: [{ speaker: 'Ada', dia_id: 'D1:1', text }],
    qa: [],
  });

  it("finds a turn that repeats eight words of the README, and exits 1; a turn of the project's words in another order passes", async () => {
    const copied = path.join(dir, 'copied.json');
    await writeFile(copied, JSON.stringify(conversation('Honestly, it runs every test against a real Neo4j (a temporary local one).')));
    const found = check(copied);
    expect(found.status).to.equal(1);
    expect(found.out).to.match(/^README\.md:\d+: runs every test against a real neo4j a/m);

    const own = path.join(dir, 'own.json');
    // Written backwards here, or the check would find this file repeating it.
    const reordered = 'one local a with said they test every against runs Neo4j real A'.split(' ').reverse().join(' ');
    await writeFile(own, JSON.stringify(conversation(reordered)));
    expect(check(own).status).to.equal(0);
  });
});
