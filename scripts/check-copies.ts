// `npm run check:copies -- <conv.json>...`: lists the places in the project's tracked sources, tests and docs that
// repeat a run of words from the given benchmark conversations (their turns, questions and answers). Benchmark
// text is for evaluation only; tests and examples are invented. Exits 1 when any run is found.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadConversation } from './locomo/data.js';
import { projectRoot } from '../src/version.js';

/** Words in a row that count as a copy: fewer are common phrases ("thank you so much for"). */
const RUN = 8;
const KINDS = /\.(?:ts|mjs|js|md|cypher)$/;

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/’/g, "'")
    .match(/[a-z0-9']+/g) ?? [];

async function main(): Promise<void> {
  const files = process.argv.slice(2);
  if (!files.length) {
    console.error('usage: npm run check:copies -- <conv.json>...');
    process.exit(2);
  }
  const runs = new Set<string>();
  for (const file of files) {
    const c = await loadConversation(file);
    // A shared photo's caption is a generated description ("a photo of a person holding …"), left out like its marker.
    const said = c.turns.map((t) => t.text.replace(/\s*\[shares a photo:[^\]]*\]$/, ''));
    for (const text of [...said, ...c.questions.flatMap((q) => [q.question, q.answer])]) {
      const w = wordsOf(text);
      for (let i = 0; i + RUN <= w.length; i++) runs.add(w.slice(i, i + RUN).join(' '));
    }
  }
  const tracked = execFileSync('git', ['ls-files'], { cwd: projectRoot, encoding: 'utf8' })
    .split('\n')
    .filter((f) => KINDS.test(f) && !f.startsWith('bench/results/'));
  let found = 0;
  for (const file of tracked) {
    // Words keep their line numbers, so a copy broken over lines (a comment, a wrapped string) is still found.
    const words: Array<{ word: string; line: number }> = [];
    (await readFile(`${projectRoot}/${file}`, 'utf8')).split('\n').forEach((text, i) => {
      for (const word of wordsOf(text)) words.push({ word, line: i + 1 });
    });
    let reportedUpTo = -1;
    for (let i = 0; i + RUN <= words.length; i++) {
      const run = words.slice(i, i + RUN).map((w) => w.word);
      if (i <= reportedUpTo || !runs.has(run.join(' '))) continue;
      console.log(`${file}:${words[i]!.line}: ${run.join(' ')}`);
      reportedUpTo = i + RUN - 1;
      found++;
    }
  }
  console.log(`${found} run(s) of ${RUN} words from the conversations given`);
  process.exit(found ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
