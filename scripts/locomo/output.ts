// What the harness writes: the results file (ids and numbers only, to be committed) and, under
// bench/results/tmp/ (ignored by git), the texts behind each question for diagnosis.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TurnIndex } from './baselines.js';
import type { Conversation } from './data.js';
import { METHODS, round, score, type QuestionResult } from './evaluate.js';

export interface DerivedMemory {
  id: string;
  kind: string;
  topic: string;
  summary: string;
  owner: string | null;
}
/** Per conversation, per dia_id: the memories derived from that turn's message. */
export type Derived = Map<string, Map<string, DerivedMemory[]>>;

export interface Diagnosis {
  budget: number;
  missedEvidence: number;
  /** The missed turn produced no memory at all (nothing extracted, or only entities). */
  nothingExtracted: number;
  /** The missed turn produced memories, none of which was returned. */
  extractedNotReturned: number;
  /** Of those: no memory of the turn was in the ranking at all (not a candidate, below threshold, or a near-duplicate dropped). */
  notRanked: number;
  /** Of those: ranked, by how many tokens of the ranking come before the turn's first memory (up to 2x, 3x the budget, more). */
  rankedWithin2x: number;
  rankedWithin3x: number;
  rankedBeyond3x: number;
}

/** Where the first memory of a missed turn stands in the ranking: its position and the tokens of the lines before it. */
export function standing(
  ranked: Array<{ id: string; tokens: number; channels: string[] }> | undefined,
  memories: DerivedMemory[],
): { rank: number; tokensBefore: number; channels: string[] } | null {
  const ids = new Set(memories.map((m) => m.id));
  let before = 0;
  for (const [rank, r] of (ranked ?? []).entries()) {
    if (ids.has(r.id)) return { rank, tokensBefore: before, channels: r.channels };
    before += r.tokens;
  }
  return null;
}

export function diagnose(results: QuestionResult[], derived: Derived, budget: number): Diagnosis {
  const d: Diagnosis = {
    budget,
    missedEvidence: 0,
    nothingExtracted: 0,
    extractedNotReturned: 0,
    notRanked: 0,
    rankedWithin2x: 0,
    rankedWithin3x: 0,
    rankedBeyond3x: 0,
  };
  for (const r of results) {
    const found = new Set(r.byBudget[budget]!.memory.found);
    for (const e of r.evidence.filter((x) => !found.has(x))) {
      d.missedEvidence++;
      const memories = derived.get(r.sampleId)?.get(e) ?? [];
      if (!memories.length) {
        d.nothingExtracted++;
        continue;
      }
      d.extractedNotReturned++;
      const at = standing(r.ranked, memories);
      if (!at) d.notRanked++;
      else if (at.tokensBefore < 2 * budget) d.rankedWithin2x++;
      else if (at.tokensBefore < 3 * budget) d.rankedWithin3x++;
      else d.rankedBeyond3x++;
    }
  }
  return d;
}

export async function writeResults(
  file: string,
  o: {
    command: string;
    neo4j: string;
    provider: unknown;
    budgets: number[];
    conversations: Conversation[];
    ingestion: unknown;
    diagnosis: Diagnosis;
    results: QuestionResult[];
  },
): Promise<void> {
  const scores = (rs: QuestionResult[]) =>
    Object.fromEntries(o.budgets.map((b) => [b, Object.fromEntries(METHODS.map((m) => [m, score(rs, b, m)]))]));
  const report = {
    benchmark: 'LoCoMo (categories 1-4), evidence recall and answer recall at a token budget',
    date: new Date().toISOString(),
    command: o.command,
    neo4j: o.neo4j,
    provider: o.provider,
    budgets: o.budgets,
    conversations: o.conversations.map((c) => ({
      sampleId: c.sampleId,
      file: path.basename(c.file),
      turns: c.turns.length,
      questions: c.questions.length,
      skippedQuestions: c.skippedQuestions,
      droppedEvidence: c.droppedEvidence,
      wholeConversationTokens: new TurnIndex(c.turns).totalTokens,
    })),
    ingestion: o.ingestion,
    summary: scores(o.results),
    perConversation: Object.fromEntries(o.conversations.map((c) => [c.sampleId, scores(o.results.filter((r) => r.sampleId === c.sampleId))])),
    diagnosis: o.diagnosis,
  };
  // One line per question keeps the file short and readable in a diff.
  const questions = o.results.map(({ detail: _detail, ranked: _ranked, ...r }) => JSON.stringify(r));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(report, null, 1).replace(/\n}$/, `,\n "questions": [\n${questions.join(',\n')}\n ]\n}\n`));
}

export async function writeDetail(
  file: string,
  conversations: Conversation[],
  results: QuestionResult[],
  derived: Derived,
  budgets: number[],
  detailBudget: number,
): Promise<void> {
  const byId = new Map(conversations.map((c) => [c.sampleId, c]));
  const detail = results.map((r) => {
    const c = byId.get(r.sampleId)!;
    const found = new Set(r.byBudget[detailBudget]!.memory.found);
    return {
      sampleId: r.sampleId,
      qaIndex: r.qaIndex,
      category: r.category,
      question: c.questions.find((x) => x.qaIndex === r.qaIndex)!.question,
      answer: c.questions.find((x) => x.qaIndex === r.qaIndex)!.answer,
      recall: Object.fromEntries(budgets.map((b) => [b, Object.fromEntries(METHODS.map((m) => [m, round(r.byBudget[b]![m].recall)]))])),
      answerRecall: Object.fromEntries(budgets.map((b) => [b, Object.fromEntries(METHODS.map((m) => [m, r.byBudget[b]![m].answer]))])),
      evidence: r.evidence.map((e) => {
        const turn = c.turns.find((t) => t.diaId === e);
        const memories = derived.get(r.sampleId)?.get(e) ?? [];
        return {
          diaId: e,
          found: found.has(e),
          speaker: turn?.speakerName,
          turn: turn?.text,
          memories,
          ...(found.has(e) ? {} : { ranked: standing(r.ranked, memories) }),
        };
      }),
      items: r.detail?.map((i) => ({ ...i, channels: r.ranked?.find((x) => x.id === i.node_id)?.channels })),
    };
  });
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(detail, null, 1));
}
