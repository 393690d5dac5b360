// Token counts with a real tokenizer (o200k, the encoding of current OpenAI chat models).
import { countTokens as count } from 'gpt-tokenizer';
import { LRUCache } from 'lru-cache';
import { allMatches } from '../text/matches.js';

/**
 * Counts of recent lines: packing measures every ranked memory's line (hundreds per retrieval), a block is counted
 * line by line, and the same person's lines come back question after question. Bounded by lines (a few MB at most).
 */
const counted = new LRUCache<string, number>({ max: 10_000 });

function countLine(line: string): number {
  let n = counted.get(line);
  if (n === undefined) {
    n = count(line);
    counted.set(line, n);
  }
  return n;
}

/**
 * Where o200k's pre-tokenizer always ends a piece: after line breaks followed by a character that is neither space
 * nor "/" (a piece of punctuation takes the breaks and slashes after it). The count of a text is the sum of the counts
 * of its lines cut there, so a block of many lines is counted from lines counted before.
 */
const LINE_END = /[\r\n]+(?=[^\s/])/g;

export function countTokens(text: string): number {
  if (!text) return 0;
  let n = 0;
  let start = 0;
  for (const m of allMatches(LINE_END, text)) {
    const end = m.index! + m[0].length;
    n += countLine(text.slice(start, end));
    start = end;
  }
  return n + (start < text.length ? countLine(text.slice(start)) : 0);
}
