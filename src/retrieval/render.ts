// Framing and wording. v1 items carry no caution and no scores; the v1 /query block frames each memory
// (assert, hedged, hook); the b2c block states sure items plainly and words the rest as things to check.
import type { StoredStanding } from '../ingest/analysis/signals.js';
import type { Channel } from './rank.js';
import { RELEVANCE_CHANNELS } from './rank.js';

export type Framing = 'assert' | 'hedged' | 'hook';
export type Confidence = 'HIGH' | 'MEDIUM' | 'LOW' | 'NONE';

export interface RankedMemory {
  id: string;
  kind: 'entity' | 'facet' | 'theme' | 'interest';
  topic: string;
  summary: string;
  /** YYYY-MM-DD: when what it describes happened, else when it was learned. */
  date: string;
  salience: number;
  pinned: boolean;
  /** A fact's stored standing: constraint or identity, or former once what it said is over ("I'm not vegan anymore"). */
  standing: StoredStanding | null;
  owner: { id: string; name: string; kind: string; relation: string | null } | null;
  related: string[];
  /** Memories this one was flagged as contradicting (only recorded when the profile turns flagging on). */
  contradicts: string[];
  channels: Channel[];
  score: number;
  framing: Framing;
  /** The words the memory came from, when rendering them serves better than the summary (src/retrieval/quotes.ts). */
  said?: { speaker: string; text: string };
}

/** What a rendered line states: the summary, or who said what when the memory carries its message's words. */
export function statement(m: Pick<RankedMemory, 'summary' | 'said'>): string {
  return m.said ? `${m.said.speaker} said: "${m.said.text}"` : m.summary;
}

export function framingOf(m: Pick<RankedMemory, 'pinned' | 'standing' | 'salience' | 'channels'>, assertive: boolean): Framing {
  const matched = m.channels.filter((c) => RELEVANCE_CHANNELS.has(c)).length;
  const standing = m.pinned || m.standing === 'constraint' || m.standing === 'identity';
  if (standing || (m.salience >= 0.5 && (matched >= 2 || m.channels.includes('entity')))) return 'assert';
  if (assertive && m.salience >= 0.35) return 'assert';
  if (m.salience >= 0.3 || matched >= 1) return 'hedged';
  return 'hook';
}

export function confidenceOf(memories: RankedMemory[]): Confidence {
  if (memories.length === 0) return 'NONE';
  const matched = memories.filter((m) => m.channels.some((c) => RELEVANCE_CHANNELS.has(c)));
  const top = matched[0];
  if (matched.length >= 3 && top && (top.channels.filter((c) => RELEVANCE_CHANNELS.has(c)).length >= 2 || top.channels.includes('entity')))
    return 'HIGH';
  if (matched.length >= 1) return 'MEDIUM';
  return 'LOW';
}

const HEADER = 'What you know about this person from earlier conversations:';
const WEAVING_HEADER = 'Connections:';

export function queryLine(m: RankedMemory): string {
  const said = statement(m);
  const dated = (m.kind === 'facet' || m.said) && !said.includes(m.date) ? ` (${m.date})` : '';
  switch (m.framing) {
    case 'assert':
      return `- ${said}${dated}`;
    case 'hedged':
      return `- Probably: ${said}${dated}`;
    case 'hook':
      return `- Not confirmed, worth asking about: ${said}${dated}`;
  }
}

/** "Sarah: loves hiking; got promoted" for entities that tie two or more of the chosen memories together. */
export function weavingLines(memories: RankedMemory[]): string[] {
  const byOwner = new Map<string, { name: string; topics: string[] }>();
  for (const m of memories) {
    if (!m.owner || m.owner.kind === 'self') continue;
    const entry = byOwner.get(m.owner.id) ?? { name: m.owner.name, topics: [] };
    entry.topics.push(m.topic);
    byOwner.set(m.owner.id, entry);
  }
  return [...byOwner.values()].filter((e) => e.topics.length >= 2).map((e) => `- ${e.name}: ${e.topics.join('; ')}`);
}

export function queryBlock(memories: RankedMemory[], weaving: string[]): string {
  if (memories.length === 0) return '';
  const lines = [HEADER, ...memories.map(queryLine)];
  if (weaving.length) lines.push(WEAVING_HEADER, ...weaving);
  return lines.join('\n');
}

export const QUERY_BLOCK_OVERHEAD = `${HEADER}\n${WEAVING_HEADER}\n`;

const SURE_HEADER = 'What you know about the user:';
const UNSURE_HEADER = 'Less certain, so check or ask before relying on it:';

export function b2cLine(m: RankedMemory): string {
  return m.framing === 'assert' ? `- ${statement(m)}` : `- Check: ${statement(m)}`;
}

export function b2cBlock(memories: RankedMemory[]): string {
  const sure = memories.filter((m) => m.framing === 'assert');
  const unsure = memories.filter((m) => m.framing !== 'assert');
  const parts: string[] = [];
  if (sure.length) parts.push([SURE_HEADER, ...sure.map(b2cLine)].join('\n'));
  if (unsure.length) parts.push([UNSURE_HEADER, ...unsure.map(b2cLine)].join('\n'));
  return parts.join('\n\n');
}

export const B2C_BLOCK_OVERHEAD = `${SURE_HEADER}\n\n${UNSURE_HEADER}\n`;

/**
 * An item's sentence: the summary, less a closing "(on 2023-05-07)" that states the item's own date again (the
 * item carries it; a summary's "(week of …)" or "(in May 2023)" says how precise the date is, and stays).
 */
export function itemSentence(m: Pick<RankedMemory, 'summary' | 'date' | 'said'>): string {
  if (m.said) return statement(m);
  const note = ` (on ${m.date}).`;
  return m.summary.endsWith(note) ? `${m.summary.slice(0, -note.length)}.` : m.summary;
}

/** The v1 context item (spec 2.4): plain, no caution wording, no scores. */
export function itemOf(m: RankedMemory) {
  return { node_id: m.id, about: m.topic, sentence: itemSentence(m), date: m.date };
}

export function itemLine(m: RankedMemory): string {
  return `${m.topic}: ${itemSentence(m)} (${m.date})`;
}
