// Baselines over the same turns and budgets, computed by the harness: BM25 over raw dated turns, and recency
// (the last turns that fit). A turn costs what its line costs, counted like the service's items (+1 per line).
import { countTokens } from '../../src/retrieval/tokens.js';
import type { Turn } from './data.js';

const STOP_WORDS = new Set(
  'a an the and or but if of to in on at by for with about from as into is are was were be been being do does did have has had i you he she it we they me him her them my your his its our their this that these those what which who whom whose when where why how not no so than too very can will just there here'.split(
    ' ',
  ),
);

export function tokenise(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !STOP_WORDS.has(w));
}

/** A turn as a baseline returns it: "[2023-05-08] Caroline: text [shares a photo: …]". */
export const turnLine = (t: Turn) => `[${t.date}] ${t.speakerName}: ${t.text}`;

export interface Picked {
  diaIds: string[];
  /** The lines returned, in order. */
  lines: string[];
  tokens: number;
}

export class TurnIndex {
  private readonly lines: string[];
  private readonly cost: number[];
  private readonly tf: Array<Map<string, number>>;
  private readonly len: number[];
  private readonly df = new Map<string, number>();
  private readonly avgLen: number;

  constructor(
    private readonly turns: Turn[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.lines = turns.map(turnLine);
    this.cost = this.lines.map((l) => countTokens(l) + 1);
    this.tf = this.lines.map((l) => {
      const m = new Map<string, number>();
      for (const w of tokenise(l)) m.set(w, (m.get(w) ?? 0) + 1);
      return m;
    });
    this.len = this.tf.map((m) => [...m.values()].reduce((a, b) => a + b, 0));
    this.avgLen = this.len.reduce((a, b) => a + b, 0) / Math.max(1, this.len.length);
    for (const m of this.tf) for (const w of m.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
  }

  private bm25(query: string): number[] {
    const n = this.turns.length;
    const terms = [...new Set(tokenise(query))];
    return this.tf.map((tf, i) => {
      let s = 0;
      for (const t of terms) {
        const f = tf.get(t);
        if (!f) continue;
        const df = this.df.get(t)!;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        s += (idf * f * (this.k1 + 1)) / (f + this.k1 * (1 - this.b + (this.b * this.len[i]!) / this.avgLen));
      }
      return s;
    });
  }

  /** Turns matching the question, best first, each added while it fits (a turn that does not fit is skipped). */
  bm25Within(query: string, budget: number): Picked {
    const scores = this.bm25(query);
    const order = scores
      .map((s, i) => ({ s, i }))
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s || a.i - b.i);
    const picked: Picked = { diaIds: [], lines: [], tokens: 0 };
    for (const { i } of order) {
      if (picked.tokens + this.cost[i]! > budget) continue;
      picked.tokens += this.cost[i]!;
      picked.diaIds.push(this.turns[i]!.diaId);
      picked.lines.push(this.lines[i]!);
    }
    return picked;
  }

  /** The last turns of the conversation that fit, newest first. */
  recentWithin(budget: number): Picked {
    const picked: Picked = { diaIds: [], lines: [], tokens: 0 };
    for (let i = this.turns.length - 1; i >= 0; i--) {
      if (picked.tokens + this.cost[i]! > budget) break;
      picked.tokens += this.cost[i]!;
      picked.diaIds.push(this.turns[i]!.diaId);
      picked.lines.push(this.lines[i]!);
    }
    return picked;
  }

  /** Tokens of the whole conversation as lines. */
  get totalTokens(): number {
    return this.cost.reduce((a, b) => a + b, 0);
  }
}
