// Packing a ranking into a token budget, each memory measured as the caller will render it.
import { quotesWithin, withoutQuote } from './quotes.js';
import { confidenceOf, type Confidence, type RankedMemory } from './render.js';
import { countTokens } from './tokens.js';

/** Tokens of the shortest line any renderer writes (an about, a word of sentence, a date, the line's own token). */
const SHORTEST_LINE = 4;

export interface Packed {
  memories: RankedMemory[];
  tokens: number;
  confidence: Confidence;
}

/**
 * Best first, skipping what does not fit (a shorter one further down may); the first quotable memories carry their
 * message's words, as many as the budget allows quotes, the rest their summaries.
 */
export function packWithin(
  ranking: RankedMemory[],
  budget: number,
  lineOf: (m: RankedMemory) => string,
  overhead: string,
  maxItems = Infinity,
): Packed {
  const chosen: RankedMemory[] = [];
  let tokens = countTokens(overhead);
  let quotes = quotesWithin(budget);
  for (const ranked of ranking) {
    // No line is shorter than this: once less is left, nothing further down fits (each line costs a tokenization).
    if (chosen.length >= maxItems || budget - tokens < SHORTEST_LINE) break;
    const m = ranked.said && quotes <= 0 ? withoutQuote(ranked) : ranked;
    const cost = countTokens(lineOf(m)) + 1;
    if (tokens + cost > budget) continue;
    chosen.push(m);
    tokens += cost;
    if (m.said) quotes--;
  }
  return { memories: chosen, tokens, confidence: confidenceOf(chosen) };
}
