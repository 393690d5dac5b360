// A memory rendered with the words it came from: a rewrite keeps the fact but drops what was said around it ("a
// margherita, fresh basil and buffalo mozzarella" became "likes pizza"), and those words are often the answer.
// Only a fact or interest drawn from one message is quoted, only when the message says more than the memory,
// never a message a deletion or a fix withheld, and never one touching a topic the person asked to be left alone.
// A quote keeps the sentences that state something: greetings, thanks, praise of the listener and questions back
// are left out, as extraction leaves them out of memories (src/ingest/analysis), so a quoted line costs no more
// than what it says. The dates its sentences name are written beside them as they were meant on the day it was said.
import { LRUCache } from 'lru-cache';
import { fingerprintWords } from '../text/words.js';
import type { Speaker } from '../ingest/messages.js';
import { stem } from '../text/stems.js';
import { withDatesResolved } from '../ingest/analysis/dates.js';
import { splitSentences, statementOf } from '../ingest/analysis/sentences.js';
import { isContentFree } from '../ingest/analysis/units.js';
import { withoutAddress } from '../ingest/analysis/vocatives.js';
import { touchesSuppressed } from '../memory/suppression.js';
import type { RankedMemory } from './render.js';

/**
 * Quoted lines are about twice as long as a summary: only the best-ranked memories of a packing carry their words,
 * one per this many tokens of budget beyond the first QUOTES_AFTER, so that a budget holds a line for as many
 * memories as it can before it spends tokens on their words (a small budget quotes nothing).
 */
const TOKENS_PER_QUOTE = 100;
const QUOTES_AFTER = 1000;

export function quotesWithin(budget: number): number {
  return Math.floor(Math.max(0, budget - QUOTES_AFTER) / TOKENS_PER_QUOTE);
}

export function withoutQuote<T extends { said?: unknown }>(m: T): T {
  const { said: _said, ...rest } = m;
  return rest as T;
}

export interface Quotable {
  id: string;
  text: string;
  speaker: Speaker;
  speakerName: string | null;
  /** When it was said, in epoch milliseconds: what its "yesterday" and "on Friday" mean. */
  saidAt: number | null;
}

export function speakerLabel(speaker: Speaker, name: string | null): string {
  if (speaker === 'assistant') return 'The assistant';
  return name ?? (speaker === 'user' ? 'The user' : 'Someone else');
}

/** A shared photo's or link's note ("[shares a photo: …]"): what the speaker showed, kept. */
const NOTE = /\[[^\]]+\]/;

/** Whether a sentence states something, as extraction judges it: not only an address, courtesy, praise, a wish or a question back. */
function states(sentence: string): boolean {
  const addressed = withoutAddress(sentence);
  const statement = addressed && statementOf(addressed);
  return Boolean(statement) && !isContentFree(statement!);
}

/** The sentences of a message that state something, in its own words; the whole message when none would be left. */
export function compactQuote(message: string): string {
  const kept = splitSentences(message).filter((s) => NOTE.test(s) || states(s));
  return kept.length ? kept.join(' ') : message;
}

const stems = (text: string) => fingerprintWords(text).map(stem);

/**
 * Whether the message says something the memory's own words do not: two words or more ("carry" and "carries" say
 * the same; one extra word is mostly a "yeah" or a "we").
 */
export function saysMore(message: string, memory: { topic: string; summary: string }): boolean {
  const have = new Set(stems(`${memory.topic} ${memory.summary}`));
  return new Set(stems(message).filter((w) => !have.has(w))).size >= 2;
}

/** Quotes worked out for recent (message, memory) pairs: a person's memories come back question after question. */
const quoted = new LRUCache<string, { words: string | null }>({ max: 2_000 });

/**
 * The words a memory is quoted with from its message (said at `saidAt`, epoch milliseconds): its compact quote with
 * its dates resolved, or null when that says no more than the memory.
 */
export function quotedWords(message: string, saidAt: number | null, memory: { topic: string; summary: string }): string | null {
  const key = `${message}\u0000${saidAt}\u0000${memory.topic}\u0000${memory.summary}`;
  let q = quoted.get(key);
  if (!q) {
    const words = compactQuote(message);
    q = { words: !saysMore(words, memory) ? null : saidAt === null ? words : withDatesResolved(words, new Date(saidAt)) };
    quoted.set(key, q);
  }
  return q.words;
}

/**
 * Gives the first `limit` quotable memories of a ranking (facts and interests drawn from one message) their message's
 * words (`said`). `messageOf` holds, by memory, that message as the candidates' read returned it: only a processed
 * one that nothing withheld.
 */
export function attachQuotes<T extends RankedMemory & { sources: string[] }>(
  ranked: T[],
  limit: number,
  suppressed: string[],
  messageOf: ReadonlyMap<string, Quotable>,
): void {
  const candidates = ranked.filter((m) => (m.kind === 'facet' || m.kind === 'interest') && m.sources.length === 1).slice(0, limit);
  const used = new Set<string>();
  for (const m of candidates) {
    const msg = messageOf.get(m.id);
    // A message is quoted once, by the best-ranked of its memories: the others would repeat it.
    if (!msg || used.has(msg.id)) continue;
    const words = quotedWords(msg.text, msg.saidAt, m);
    if (words === null) continue;
    if (touchesSuppressed({ texts: [msg.text], names: [], domain: null }, suppressed)) continue;
    m.said = { speaker: speakerLabel(msg.speaker, msg.speakerName), text: words };
    used.add(msg.id);
  }
}

/** Memories whose every message a line above quotes are moved after the others: that quote already says what they say. */
export function afterQuotes<T extends RankedMemory & { sources: string[] }>(ranked: T[], messageOf: ReadonlyMap<string, Quotable>): T[] {
  const quoted = new Set<string>();
  const fresh: T[] = [];
  const repeated: T[] = [];
  for (const m of ranked) {
    if (m.sources.length > 0 && !m.said && m.sources.every((s) => quoted.has(s))) repeated.push(m);
    else fresh.push(m);
    const msg = m.said ? messageOf.get(m.id) : undefined;
    if (msg) quoted.add(msg.id);
  }
  return [...fresh, ...repeated];
}
