// Fusing the channels: reciprocal-rank fusion, weighed by salience and gravity, a temporal preference, near-
// duplicates removed. The weights are ours (spec 1.7: the ranking method is unpublished).
import { fingerprintWords } from '../text/words.js';

export type Channel =
  | 'vector'
  | 'fulltext'
  | 'said'
  | 'saidMeaning'
  | 'context'
  | 'entity'
  | 'temporal'
  | 'pinned'
  | 'constraint'
  | 'identity'
  | 'recent';

/** Channels that say the memory answers this question, as opposed to mattering in general. */
// Not the said-by-meaning channel: it keeps every message within SEMANTIC_TAU of the nearest, twice as wide as the
// closeness at which the vector channel counts as a reason (CLOSE_ENOUGH_COSINE), and a message may hold many memories.
export const RELEVANCE_CHANNELS: ReadonlySet<Channel> = new Set(['vector', 'fulltext', 'said', 'entity', 'temporal']);

const WEIGHT: Record<Channel, number> = {
  entity: 1.3,
  fulltext: 1.0,
  /** Full-text over the messages a memory came from: what the person actually said, in their own words. */
  said: 1.0,
  /**
   * The messages nearest the question in meaning: the turn as said, with who said it, reaches questions that the
   * memories' rewritten summaries do not (issue 18). As much as its lexical twin, among the messages close enough
   * to the nearest to mean something (channels.ts).
   */
  saidMeaning: 1.0,
  /**
   * Said just before or after a message the question matched: the answer to a question, the question to an answer.
   * Above the lexical channels: they vote together for a memory sharing one common word with the question (full
   * text, said and the local embedder's vector all match it), while an answer in other words has this vote alone.
   */
  context: 1.2,
  temporal: 1.0,
  vector: 0.9,
  constraint: 0.8,
  pinned: 0.8,
  /**
   * Who the person is (their job, their family's names) stands in every first context, but after what the
   * question matched: at 0.5 a salient identity line outranked the one memory that answered a question asked in
   * other words.
   */
  identity: 0.25,
  recent: 0.35,
};
const RRF_K = 20;

export type ChannelRanks = Map<string, Map<Channel, number>>;

export function addChannel(ranks: ChannelRanks, channel: Channel, ids: string[]): void {
  ids.forEach((id, rank) => {
    const m = ranks.get(id) ?? new Map<Channel, number>();
    if (!m.has(channel)) m.set(channel, rank);
    ranks.set(id, m);
  });
}

/**
 * The vector channel votes with how close a memory's meaning is to the question's, not with its rank: ranks
 * flatten a clear semantic winner into one vote among many (at RRF_K 20 the first and the fifth differ by a fifth),
 * which let salient identity lines outrank the one memory that answered a question asked in other words.
 * The closest memory's vote is worth two first places in the other channels.
 */
const SEMANTIC_WEIGHT = 0.1;
/**
 * Cosine below the closest memory's over which a vote falls by e. Wide enough that a question with several
 * answers (what someone did, where, with whom) gives each of them a vote, not only the one nearest in wording.
 */
export const SEMANTIC_TAU = 0.1;
/** Cosine below the closest memory's beyond which the vector channel is not named among the reasons a memory came back. */
const CLOSE_ENOUGH_COSINE = 0.05;
const CLOSE_ENOUGH = Math.exp(-CLOSE_ENOUGH_COSINE / SEMANTIC_TAU);

/** How close a memory's meaning is to the question's next to the closest memory's: 1 for the closest. */
export function closeness(cosine: number, best: number): number {
  return Math.exp((cosine - best) / SEMANTIC_TAU);
}

export function closeEnough(closeness: number | undefined): boolean {
  return closeness !== undefined && closeness >= CLOSE_ENOUGH;
}

/** Rank fusion of the channels; the vector channel's vote is its closeness, when known, rather than its rank. */
export function fusedScore(channels: Map<Channel, number>, close?: number): number {
  let s = 0;
  for (const [c, rank] of channels) s += c === 'vector' && close !== undefined ? 0 : WEIGHT[c] / (RRF_K + rank);
  return s + (close ?? 0) * SEMANTIC_WEIGHT;
}

export interface Weighable {
  salience: number;
  gravity: number;
  hasEventDate: boolean;
  /** The memory is about, or names, an entity the question names. */
  aboutNamed?: boolean;
  /** It stood as a constraint or as who the person is, and the person has since said it is over. */
  former?: boolean;
}

/** A fact the person said is over ranks below the one saying so, which shares its words and meaning. */
const FORMER = 0.5;

/**
 * A question that names someone asks about them: their memories, and those naming them, count twice those about
 * anyone else, which only share its words ("What does Priya do at weekends?" is not answered by what the user
 * does at weekends).
 */
const ABOUT_NAMED = 2;

export function finalScore(rrf: number, m: Weighable, asksWhen: boolean): number {
  return (
    rrf *
    (0.5 + m.salience) *
    (0.9 + 0.2 * m.gravity) *
    (asksWhen && m.hasEventDate ? 1.25 : 1) *
    (m.aboutNamed ? ABOUT_NAMED : 1) *
    (m.former ? FORMER : 1)
  );
}

/**
 * Keeps the first of any two texts sharing most of their content words (`words`, when given, are the text's
 * content words already: a memory's are worked out once, not at every retrieval).
 */
export function dropNearDuplicates<T extends { text: string; words?: ReadonlySet<string> }>(sorted: T[], threshold = 0.8): T[] {
  const kept: T[] = [];
  const sizes: number[] = [];
  // word -> the kept items holding it: an item is compared only with those it shares words with (comparing every
  // pair of 600 candidates cost tens of milliseconds per retrieval).
  const holders = new Map<string, number[]>();
  // Words shared with each kept item, counted in one array and cleared through the list of those touched (a map
  // per candidate was most of what ranking allocated).
  const shared = new Int32Array(sorted.length);
  const touched: number[] = [];
  for (const item of sorted) {
    const words = item.words ?? new Set(fingerprintWords(item.text));
    for (const w of words) {
      const list = holders.get(w);
      if (!list) continue;
      for (const k of list) {
        if (shared[k] === 0) touched.push(k);
        shared[k] = shared[k]! + 1;
      }
    }
    let dup = false;
    for (const k of touched) {
      const inter = shared[k]!;
      if (inter / (words.size + sizes[k]! - inter) >= threshold) dup = true;
      shared[k] = 0;
    }
    touched.length = 0;
    if (dup) continue;
    for (const w of words) {
      const list = holders.get(w);
      if (list) list.push(kept.length);
      else holders.set(w, [kept.length]);
    }
    kept.push(item);
    sizes.push(words.size);
  }
  return kept;
}

/** An entity with more facts than this is not expanded wholesale when a question names it. */
export const BROAD_ENTITY_FACTS = 40;

/**
 * Which of the entities a question names are expanded to everything filed under them. Expansion is telling for
 * "my husband" with a handful of facts, and noise for the person themself or someone discussed at length, whose
 * facts the other channels must pick among (a named entity's memories get a small boost in finalScore instead).
 */
export function entitiesToExpand(named: Array<{ id: string; kind: string; facets: number }>): string[] {
  return named.filter((k) => k.kind !== 'self' && k.facets <= BROAD_ENTITY_FACTS).map((k) => k.id);
}

/**
 * A memory drawn from messages the memories above it came from, that says two words or more they did not, ranks by
 * this share of its score: "We opened with Goodbye Pork Pie Hat" under "Asked how the gig went, Tomasz answered: it
 * went really well" is another thing said, but a budget still holds more when its lines come from different messages.
 */
const SIBLING_SHARE = 0.5;

/**
 * Memories that repeat only messages the memories ranked above them already came from, and say nothing those did
 * not (a fact and the interest it showed, two clauses of one sentence), are moved after those that bring something
 * new: a budget spent on them says the same thing again. One that does say more ranks by SIBLING_SHARE of its score.
 * So is an entity (a name and its kind, from no message) that a memory ranked above it is about or names: "Sara
 * (the user's child)" says nothing that "Sara started school" did not. They keep their order among themselves and
 * are only moved, never dropped.
 */
export function diversifyBySource<
  T extends { sources: string[]; words?: ReadonlySet<string>; score?: number; entityName?: string; names?: string[] },
>(sorted: T[]): T[] {
  /** The words said so far by the memories drawn from each message. */
  const covered = new Map<string, Set<string>>();
  const named = new Set<string>();
  const fresh: T[] = [];
  const siblings: T[] = [];
  const repeated: T[] = [];
  for (const m of sorted) {
    const drawnOn = m.sources.length > 0 && m.sources.every((s) => covered.has(s));
    const saysMore = drawnOn && saysMoreThan(m, covered);
    const repeats = m.sources.length > 0 ? drawnOn : m.entityName !== undefined && named.has(m.entityName.toLowerCase());
    if (saysMore) siblings.push(m);
    else if (repeats) repeated.push(m);
    else fresh.push(m);
    for (const s of m.sources) {
      const words = covered.get(s) ?? new Set<string>();
      for (const w of m.words ?? []) words.add(w);
      covered.set(s, words);
    }
    for (const n of m.names ?? []) named.add(n.toLowerCase());
  }
  const merged: T[] = [];
  let j = 0;
  for (const m of fresh) {
    while (j < siblings.length && (siblings[j]!.score ?? 0) * SIBLING_SHARE > (m.score ?? 0)) merged.push(siblings[j++]!);
    merged.push(m);
  }
  return [...merged, ...siblings.slice(j), ...repeated];
}

/**
 * Whether a memory holds two words or more that the lines already drawn from its messages (`said`, by message) do
 * not (without words, none).
 */
function saysMoreThan(m: { sources: string[]; words?: ReadonlySet<string> }, said: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  let fresh = 0;
  for (const w of m.words ?? []) if (!m.sources.some((s) => said.get(s)?.has(w)) && ++fresh >= 2) return true;
  return false;
}
