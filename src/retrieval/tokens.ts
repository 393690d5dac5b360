// Token counts with a real tokenizer (o200k, the encoding of current OpenAI chat models).
import { countTokens as count } from 'gpt-tokenizer';
import { LRUCache } from 'lru-cache';

/**
 * Counts of recent texts: packing measures every ranked memory's line (hundreds per retrieval), and the same
 * person's lines come back question after question. About 50,000 lines (a few MB).
 */
const counted = new LRUCache<string, number>({ max: 50_000 });

export function countTokens(text: string): number {
  if (!text) return 0;
  let n = counted.get(text);
  if (n === undefined) {
    n = count(text);
    counted.set(text, n);
  }
  return n;
}
