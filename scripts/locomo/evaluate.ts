// Evidence recall and answer recall at a token budget, per question: our /context/items against BM25 and recency
// over the raw turns. An item counts for the turns its own DERIVED_FROM links reach (strict: an entity item has
// none); answer recall reads the returned text itself (./answers.ts), the same way for every method.
import { answerRecall } from './answers.js';
import { countTokens } from '../../src/retrieval/tokens.js';
import { TurnIndex } from './baselines.js';
import type { Category, Conversation, Question } from './data.js';
import { mapLimit, type Client } from './http.js';
import type { Loaded } from './ingest.js';
import type { EvalService } from './service.js';

export const METHODS = ['memory', 'bm25', 'recency'] as const;
export type Method = (typeof METHODS)[number];

export interface Outcome {
  recall: number;
  tokens: number;
  /** How many items or turns were returned. */
  returned: number;
  /** Evidence dia_ids covered. */
  found: string[];
  /** Share of the gold answer's terms in the returned text; null when the answer has none (e.g. "No"). */
  answer: number | null;
}

export interface Item {
  node_id: string;
  about: string;
  sentence: string;
  date: string;
}

export interface QuestionResult {
  sampleId: string;
  qaIndex: number;
  category: Category;
  evidence: string[];
  byBudget: Record<number, Record<Method, Outcome>>;
  /** The memory items at the detail budget, with the turns each derives from (for the diagnosis). */
  detail?: Array<Item & { diaIds: string[] }>;
  /** When evidence was missed at the detail budget: the whole ranking that budget packs from (ids, tokens per line). */
  ranked?: Array<{ id: string; tokens: number; channels: string[]; score: number }>;
}

export const itemLine = (i: Item) => `${i.about}: ${i.sentence} (${i.date})`;

function outcome(q: Question, covered: Iterable<string>, text: string, tokens: number, returned: number): Outcome {
  const have = new Set(covered);
  const found = q.evidence.filter((e) => have.has(e));
  const answer = answerRecall(q.answer, text);
  return { recall: found.length / q.evidence.length, tokens, returned, found, answer: answer === null ? null : round(answer) };
}

export async function evaluateConversation(
  svc: EvalService,
  api: Client,
  c: Conversation,
  loaded: Loaded,
  budgets: number[],
  detailBudget: number,
  progress: (line: string) => void,
): Promise<QuestionResult[]> {
  const index = new TurnIndex(c.turns);
  let answered = 0;
  return mapLimit(c.questions, 4, async (q: Question) => {
    const result: QuestionResult = { sampleId: c.sampleId, qaIndex: q.qaIndex, category: q.category, evidence: q.evidence, byBudget: {} };
    for (const budget of budgets) {
      const r = await api.post<{ items: Item[] }>('/api/v1/context/items', { user_id: c.sampleId, message: q.question, max_tokens: budget });
      const rows = r.items.length
        ? await svc.read<{ id: string; messageIds: string[] }>('sourcesOf', {
            tenantId: svc.tenantId,
            userId: c.sampleId,
            ids: r.items.map((i) => i.node_id),
          })
        : [];
      const turnsOf = new Map(rows.map((row) => [row.id, row.messageIds.map((m) => loaded.diaOf.get(m)).filter((d): d is string => !!d)]));
      const tokens = r.items.reduce((t, i) => t + countTokens(itemLine(i)) + 1, 0);
      const bm25 = index.bm25Within(q.question, budget);
      const recent = index.recentWithin(budget);
      result.byBudget[budget] = {
        memory: outcome(
          q,
          r.items.flatMap((i) => turnsOf.get(i.node_id) ?? []),
          r.items.map(itemLine).join('\n'),
          tokens,
          r.items.length,
        ),
        bm25: outcome(q, bm25.diaIds, bm25.lines.join('\n'), bm25.tokens, bm25.diaIds.length),
        recency: outcome(q, recent.diaIds, recent.lines.join('\n'), recent.tokens, recent.diaIds.length),
      };
      if (budget === detailBudget) {
        result.detail = r.items.map((i) => ({ ...i, diaIds: turnsOf.get(i.node_id) ?? [] }));
        // The whole ranking, for the diagnosis: of the questions with missed evidence, or of all with LOCOMO_RANK_ALL=1.
        const missed = result.byBudget[budget]!.memory.found.length < q.evidence.length;
        if (missed || process.env.LOCOMO_RANK_ALL === '1') result.ranked = await svc.ranking(c.sampleId, q.question, budget);
      }
    }
    if (++answered % 50 === 0) progress(`${c.sampleId}: ${answered}/${c.questions.length} questions evaluated`);
    return result;
  });
}

export interface Score {
  /** Evidence recall. */
  overall: number;
  byCategory: Record<Category, number | null>;
  /** Answer recall, over the questions whose answer has a term. */
  answer: { overall: number; byCategory: Record<Category, number | null>; questions: number };
  meanTokens: number;
  questions: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/** Mean evidence and answer recall over questions (each question weighs the same), overall and per category, and mean tokens. */
export function score(results: QuestionResult[], budget: number, method: Method): Score {
  const of = (rs: QuestionResult[]) => rs.map((r) => r.byBudget[budget]![method]);
  const answers = (rs: QuestionResult[]) => of(rs).flatMap((o) => (o.answer === null ? [] : [o.answer]));
  const byCategory = {} as Record<Category, number | null>;
  const answerByCategory = {} as Record<Category, number | null>;
  for (const c of [1, 2, 3, 4] as Category[]) {
    const rs = results.filter((r) => r.category === c);
    byCategory[c] = rs.length ? round(mean(of(rs).map((o) => o.recall))) : null;
    answerByCategory[c] = answers(rs).length ? round(mean(answers(rs))) : null;
  }
  const all = of(results);
  return {
    overall: round(mean(all.map((o) => o.recall))),
    byCategory,
    answer: { overall: round(mean(answers(results))), byCategory: answerByCategory, questions: answers(results).length },
    meanTokens: Math.round(mean(all.map((o) => o.tokens))),
    questions: results.length,
  };
}

export const round = (x: number, places = 3) => Math.round(x * 10 ** places) / 10 ** places;
