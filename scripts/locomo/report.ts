// The harness's printed tables: one per budget, rows our method and the baselines by evidence recall and by
// answer recall, columns overall and per category, and mean tokens.
import { CATEGORY_NAMES, type Category } from './data.js';
import { METHODS, score, type QuestionResult } from './evaluate.js';

const fmt = (x: number | null) => (x === null || Number.isNaN(x) ? '  -  ' : x.toFixed(3));

export function budgetTable(results: QuestionResult[], budget: number): string {
  const cats = [1, 2, 3, 4] as Category[];
  const head = ['method  ', 'recall  ', 'overall', ...cats.map((c) => `${c} ${CATEGORY_NAMES[c]}`), 'mean tokens'];
  const rows = METHODS.flatMap((m) => {
    const s = score(results, budget, m);
    return [
      [m, 'evidence', fmt(s.overall), ...cats.map((c) => fmt(s.byCategory[c])), String(s.meanTokens)],
      [m, 'answer', fmt(s.answer.overall), ...cats.map((c) => fmt(s.answer.byCategory[c])), ''],
    ];
  });
  const n = cats.map((c) => `${CATEGORY_NAMES[c]} ${results.filter((r) => r.category === c).length}`).join(', ');
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i <= 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [`budget ${budget} tokens (${results.length} questions: ${n})`, line(head), ...rows.map(line)].join('\n');
}
