// Token counts with a real tokenizer (o200k, the encoding of current OpenAI chat models).
import { countTokens as count } from 'gpt-tokenizer';

/**
 * Counts of recent texts: packing measures every ranked memory's line (hundreds per retrieval), and the same
 * person's lines come back question after question. Oldest first out; about 50,000 lines (a few MB).
 */
const counted = new Map<string, number>();
const COUNTED_MAX = 50_000;

export function countTokens(text: string): number {
  if (!text) return 0;
  let n = counted.get(text);
  if (n === undefined) {
    n = count(text);
    if (counted.size >= COUNTED_MAX) counted.delete(counted.keys().next().value!);
    counted.set(text, n);
  }
  return n;
}
