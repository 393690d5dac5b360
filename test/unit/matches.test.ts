// allMatches finds what String.prototype.matchAll finds, with the expression itself rather than a clone (a clone
// is compiled again after a major collection; see src/text/matches.ts), and nothing under src uses matchAll.
import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { allMatches } from '../../src/text/matches.js';
import { projectRoot } from '../../src/version.js';

const shape = (ms: RegExpExecArray[]) => ms.map((m) => [m.index, ...m]);

describe('allMatches', () => {
  it('finds the same matches, groups and positions as matchAll', () => {
    const cases: Array<[RegExp, string]> = [
      [/(\p{Lu})(\p{Ll}+)/gu, 'Ana met Émile and Zoë in Łódź'],
      [/\d+/g, 'a1b22c333'],
      [/\b(?:my|our)\s+(\w+)/giu, 'My sister and OUR dog, my  car'],
      [/x*/g, 'axxb'],
      [/(?:)/gu, 'a😀b'],
    ];
    for (const [re, text] of cases) expect(shape(allMatches(re, text)), String(re)).to.deep.equal(shape([...text.matchAll(re)]));
  });

  it('uses the expression it is given, leaves its lastIndex at 0, and refuses a non-global one', () => {
    const re = /o/g;
    re.lastIndex = 3;
    expect(allMatches(re, 'foo boo').map((m) => m.index)).to.deep.equal([1, 2, 5, 6]);
    expect(re.lastIndex).to.equal(0);
    expect(() => allMatches(/o/, 'foo')).to.throw(TypeError, /global/);
  });

  it('nothing under src calls String.prototype.matchAll', async () => {
    const root = path.join(projectRoot, 'src');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts'));
    const offenders: string[] = [];
    for (const f of files) {
      const lines = (await readFile(path.join(root, f), 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (/\.matchAll\(/.test(line) && !line.trim().startsWith('//')) offenders.push(`src/${f}:${i + 1}`);
      });
    }
    expect(offenders).to.deep.equal([]);
  });
});
