// The README and docs/ as a cloner reads them: every relative link names a file of the repository (and a heading
// of it, for a #fragment), nothing points outside the repository (no ../shared), and no internal shorthand
// (spec sections, issue or session numbers) that a reader outside the project cannot look up.
import { expect } from 'chai';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/version.js';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? markdownFiles(full) : name.endsWith('.md') ? [full] : [];
  });
}

const FILES = [path.join(projectRoot, 'README.md'), path.join(projectRoot, 'client', 'README.md'), ...markdownFiles(path.join(projectRoot, 'docs'))];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of stripCode(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = m[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** Fenced code blocks out: their text is not read as links or headings. */
function stripCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

function links(markdown: string): string[] {
  const text = stripCode(markdown).replace(/`[^`\n]*`/g, (code) => (code.includes('](') ? '' : code));
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('README and docs/', () => {
  it(`every relative link resolves to a file of the repository and, with a #fragment, to one of its headings (${FILES.length} files)`, () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of FILES) {
      for (const link of links(readFileSync(file, 'utf8'))) {
        if (/^[a-z]+:/i.test(link)) continue;
        checked++;
        const [target, fragment] = link.split('#') as [string, string | undefined];
        const resolved = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
        const where = `${path.relative(projectRoot, file)}: ${link}`;
        if (!resolved.startsWith(projectRoot + path.sep)) broken.push(`${where} (outside the repository)`);
        else if (!existsSync(resolved)) broken.push(`${where} (no such file)`);
        else if (fragment && resolved.endsWith('.md') && !anchors(readFileSync(resolved, 'utf8')).has(fragment))
          broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).to.deep.equal([]);
    expect(checked).to.be.greaterThan(20);
  });

  it('no reference to files outside the repository, and no internal shorthand', () => {
    const found: string[] = [];
    for (const file of FILES) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const re of [/\.\.\/shared\b/, /(^|[\s`(])shared\/(spec|bench|DESIGN)/, /\bspec \d/i, /\bissue \d\b/i, /\bsession \d\b/i])
          if (re.test(line)) found.push(`${path.relative(projectRoot, file)}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).to.deep.equal([]);
  });
});
