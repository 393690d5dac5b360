// Paraphrase recall through the public API: every invented person's facts sent to /ingest/v2 as the user's
// messages, then their question asked of /context/items; a case counts when one of the first three items holds
// its answer's words.
import { mapLimit, type Client } from '../locomo/http.js';
import { paraphrasePeople, type ParaphraseCase } from './cases.js';

export interface ParaphraseResult {
  userId: string;
  question: string;
  /** 1-based position of the first item holding the answer; null when no returned item does. */
  rank: number | null;
  items: number;
  /** The first three items' sentences, for reading a miss. */
  top: string[];
}

interface Item {
  about: string;
  sentence: string;
}

export const TOP = 3;

export async function runParaphrase(api: Client, prefix: string, budget?: number): Promise<ParaphraseResult[]> {
  const people = paraphrasePeople(prefix);
  const ids = await mapLimit(people, 4, async (p) => {
    const out: string[] = [];
    // In order, one person at a time per lane: each person's messages arrive as a conversation would.
    for (const fact of p.facts)
      out.push((await api.post<{ message_id: string }>('/api/v1/ingest/v2', { user_id: p.userId, speaker: 'user', message: fact })).message_id);
    return out;
  });
  for (const id of ids.flat()) {
    for (;;) {
      const m = await api.get<{ status: string; error: string | null }>(`/api/v1/messages/${id}?wait=30`);
      if (m.status === 'failed') throw new Error(`message ${id} failed: ${m.error}`);
      if (m.status === 'done') break;
    }
  }
  return mapLimit(people, 4, async (p) => {
    const r = await api.post<{ items: Item[] }>('/api/v1/context/items', {
      user_id: p.userId,
      message: p.case.question,
      ...(budget ? { max_tokens: budget } : {}),
    });
    const texts = r.items.map((i) => `${i.about}: ${i.sentence}`);
    const at = texts.findIndex((t) => holdsAnswer(t, p.case));
    return { userId: p.userId, question: p.case.question, rank: at < 0 ? null : at + 1, items: r.items.length, top: texts.slice(0, TOP) };
  });
}

export function holdsAnswer(text: string, c: ParaphraseCase): boolean {
  const t = text.toLowerCase();
  return c.answer.some((a) => t.includes(a));
}

export function summarise(results: ParaphraseResult[]) {
  const within = (n: number) => results.filter((r) => r.rank !== null && r.rank <= n).length / results.length;
  return {
    cases: results.length,
    top1: round(within(1)),
    top3: round(within(TOP)),
    returned: round(results.filter((r) => r.rank !== null).length / results.length),
    meanItems: round(results.reduce((s, r) => s + r.items, 0) / results.length),
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
