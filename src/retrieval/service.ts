// The read path (DESIGN.md): suppressed topics first → candidates from several channels → rank fusion weighed
// by salience and gravity → injection threshold (pinned always eligible) → near-duplicates dropped → framing →
// packed into the token budget by each route's renderer.
import { createHash } from 'node:crypto';
import type { Graph } from '../graph/graph.js';
import type { Metrics } from '../http/metrics.js';
import type { Logger } from '../log.js';
import { knownEntitiesIn } from '../ingest/analysis/analyse.js';
import { contentWords } from '../ingest/fingerprint.js';
import { loadPersonHead, type PersonHead } from '../memory/person.js';
import { touchesSuppressed } from '../memory/suppression.js';
import type { EmbedderWithOfflineFallback } from '../providers/embeddings.js';
import { salienceOfStored } from '../salience/salience.js';
import type { Profile, ProfileService } from '../tenants/profiles.js';
import { RetrievalCache } from './cache.js';
import { InjectionRecorder } from './injections.js';
import { queryTerms } from './lexical.js';
import { questionWords } from './questionTerms.js';
import { packWithin, type Packed } from './pack.js';
import { attachQuotes } from './quotes.js';
import { addChannel, closeEnough, closeness, diversifyBySource, dropNearDuplicates, entitiesToExpand, finalScore, fusedScore, type Channel, type ChannelRanks } from './rank.js';
import { framingOf, type RankedMemory } from './render.js';
import { temporalFocus } from './temporal.js';
import type { PersonVectorCache, VectorHit } from './vectors.js';
import type { MemoryFields, PersonWorkingSets } from './workingSet.js';

export interface RetrieveOptions {
  /** The current message or question; empty for "what matters about this person in general". */
  text: string;
  includeIdentity?: boolean;
  /** Lower bound on salience; the profile's injection threshold when absent (never below the governance floor). */
  threshold?: number;
  /** Turn number in the session: after the first, standing identity facts are left to earlier turns. */
  exchangeNumber?: number;
  /** 'keyword' uses full-text and entities only, 'semantic' adds vectors (the default). */
  mode?: 'semantic' | 'keyword';
  /** The token budget the caller will pack into: larger budgets draw deeper candidate pools. */
  budget?: number;
}

export interface Retrieval {
  profile: Profile;
  /** Ranked, framed, above threshold, best first (not yet cut to a budget). */
  memories: RankedMemory[];
  exists: boolean;
}

/**
 * Candidates per channel, and how many fused candidates are read in full: as deep as the default budget's (6,000
 * tokens) at smaller budgets, deeper for larger ones. A small budget packs from the top of the same ranking, and a
 * shallower pool only left out candidates that several channels would have ranked above the ones kept (LoCoMo at
 * 1,000 tokens: 0.793 with pools scaled down to the budget, 0.804 with these). The cost is that of the default
 * budget, which the latency bench measures.
 */
function poolSizes(budget = 6000): { perChannel: number; hydrate: number } {
  const perChannel = Math.min(400, Math.ceil(Math.max(budget, 6000) / 20));
  return { perChannel, hydrate: Math.min(600, perChannel * 2) };
}
/** Below this cosine a neighbour is noise to any of the embedders (the hashing one's unrelated texts score near 0). */
const MIN_VECTOR_SCORE = 0.12;
/** Matched messages whose neighbours (the two said just before and the two after, within an hour) feed the context channel. */
const CONTEXT_HITS = 20;
const CONTEXT_MINUTES = 60;
const CONTEXT_REACH = 2;

export class RetrievalService {
  private readonly cache = new RetrievalCache<Retrieval>();
  private readonly injections: InjectionRecorder;

  constructor(
    private readonly graph: Graph,
    /** The question's vector; the local embedder's while the provider fails, compared only with local vectors. */
    private readonly embeddings: EmbedderWithOfflineFallback,
    private readonly profiles: ProfileService,
    private readonly log: Logger,
    private readonly vectors: PersonVectorCache,
    private readonly workingSets: PersonWorkingSets,
    private readonly metrics?: Metrics,
    private readonly clock: () => number = Date.now,
  ) {
    this.injections = new InjectionRecorder(graph, log);
  }

  async retrieve(tenantId: string, userId: string, o: RetrieveOptions): Promise<Retrieval> {
    const [person, profile] = await Promise.all([loadPersonHead(this.graph, tenantId, userId), this.profiles.get(tenantId)]);
    // A person being erased has nothing to give: answered before the cache, which may hold their old memories.
    if (person.erasing) return { profile, memories: [], exists: false };
    const key = cacheKey(tenantId, userId, person.version, o, profile);
    const cached = this.cache.get(key);
    this.metrics?.retrievals.inc({ outcome: cached ? 'cached' : 'computed' });
    if (cached) return cached;
    const result = await this.compute(tenantId, userId, o, person, profile);
    this.cache.set(key, result, Date.now(), Math.max(1, result.memories.length));
    return result;
  }

  /** Cuts a retrieval to a token budget, measuring each memory as the caller will render it. */
  pack(r: Retrieval, budget: number, lineOf: (m: RankedMemory) => string, overhead: string, maxItems = Infinity): Packed {
    return packWithin(r.memories, budget, lineOf, overhead, maxItems);
  }

  /** Remembers what went into the model's context, so the next turn that touches it counts as processing. */
  recordInjection(tenantId: string, userId: string, ids: string[]): void {
    if (ids.length) this.injections.record({ tenantId, userId }, ids);
  }

  /** Resolves once the injections being recorded now have landed (shutdown waits for them before closing Neo4j). */
  async recorded(): Promise<void> {
    await this.injections.settled();
  }

  private async compute(tenantId: string, userId: string, o: RetrieveOptions, person: PersonHead, profile: Profile): Promise<Retrieval> {
    const owner = { tenantId, userId };
    const text = o.text.trim();
    const { perChannel: POOL, hydrate: HYDRATE_MAX } = poolSizes(o.budget);
    // The vector channel: the question embedded, then the person's vectors (their cache may first be refreshed from
    // Neo4j). For a known person it runs beside the working set's refresh and the lexical channels.
    const startNearest = (): Promise<VectorHit[]> => {
      if (!text || o.mode === 'keyword') return Promise.resolve([]);
      const near = this.embeddings.embed([text]).then(({ vectors, embedderId }) =>
        vectors[0] ? this.vectors.nearest(owner, person.version, embedderId, vectors[0], POOL, MIN_VECTOR_SCORE) : [],
      );
      near.catch(() => undefined); // awaited below; this only keeps an early failure from counting as unhandled
      return near;
    };
    let nearest = person.version > 0 ? startNearest() : undefined;
    // Entities, facts and everything ranking reads, held in process and kept fresh by the memory version.
    const held = await this.workingSets.get(owner, person.version);
    const known = held.known();
    const exists = person.version > 0 || known.length > 0;
    if (!exists) return { profile, memories: [], exists };
    nearest ??= startNearest();
    const now = this.clock();
    const includeIdentity = (o.includeIdentity ?? true) && (o.exchangeNumber ?? 1) <= 1;
    const entityIds = knownEntitiesIn(text, known);
    const named = known.filter((k) => entityIds.includes(k.id));
    const entityNames = named.map((k) => k.name);
    const expandIds = entitiesToExpand(named);
    const focus = temporalFocus(text, new Date(now));
    const terms = text ? queryTerms(questionWords(text, named, known)) : [];

    const ranks: ChannelRanks = new Map();
    if (terms.length) {
      const texts = held.texts();
      const said = texts.said(terms, POOL);
      addChannel(ranks, 'fulltext', texts.memories(terms, POOL));
      addChannel(ranks, 'said', [...new Set(said.flatMap((r) => r.ids))].slice(0, POOL));
      const hits = said.slice(0, CONTEXT_HITS).map((r) => r.messageId);
      addChannel(ranks, 'context', texts.context(hits, CONTEXT_MINUTES * 60_000, POOL, CONTEXT_REACH));
    }
    if (expandIds.length) addChannel(ranks, 'entity', held.entityExpansion(expandIds, POOL));
    if (focus.range) addChannel(ranks, 'temporal', held.byEventDate(focus.range.from, focus.range.to, POOL));
    const standing = held.standing(includeIdentity, 0.85, POOL);
    for (const c of ['pinned', 'constraint', 'identity'] as const) addChannel(ranks, c, standing.filter((r) => r.channel === c).map((r) => r.id));
    // Recency fills in when the question matched little, or when there is no question.
    const near = await nearest;
    const matched = new Set([...ranks.keys(), ...near.map((r) => r.id)]).size;
    if (!text || matched < 10) addChannel(ranks, 'recent', held.recent(text ? 10 : POOL));
    // Vector ranks go first, as they did when the channel was a query.
    const graphRanks = new Map(ranks);
    ranks.clear();
    addChannel(ranks, 'vector', near.map((r) => r.id));
    for (const [id, channels] of graphRanks) for (const [c, rank] of channels) (ranks.get(id) ?? ranks.set(id, new Map()).get(id)!).set(c, rank);

    const best = near[0]?.score;
    const closenessOf = new Map(best === undefined ? [] : near.map((r) => [r.id, closeness(r.score, best)]));
    const pool = [...ranks.entries()].map(([id, ch]) => ({ id, rrf: fusedScore(ch, closenessOf.get(id)) })).sort((a, b) => b.rrf - a.rrf).slice(0, HYDRATE_MAX);
    const rows = held.hydrate(pool.map((p) => p.id));
    const rrfOf = new Map(pool.map((p) => [p.id, p.rrf]));
    const threshold = Math.max(profile.injectionThreshold, o.threshold ?? 0);
    const assertive = profile.framing === 'assertive';

    const ranked: Array<RankedMemory & { text: string; words: ReadonlySet<string>; sources: string[]; entityName?: string; names: string[] }> = [];
    for (const row of rows) {
      const m = row.memory;
      const kind = row.nodeKind.toLowerCase() as RankedMemory['kind'];
      const names = [...(row.owner && row.owner.kind !== 'self' ? [row.owner.name, ...(row.owner.aliases ?? [])] : []), ...row.related, ...(kind === 'entity' ? [m.name ?? '', ...(m.aliases ?? [])] : [])];
      // Suppressed topics go before anything else is decided.
      if (touchesSuppressed({ texts: [m.topic, m.summary], names, domain: m.domain }, person.suppressed)) continue;
      const salience = salienceOfStored(m, profile.decay, now);
      const pinned = m.pinned === true;
      if (salience < threshold && !pinned) continue;
      // The vector channel counts as a reason only for memories close to the question's meaning (every memory has a cosine).
      const channels = [...(ranks.get(m.id)?.keys() ?? [])].filter((c) => c !== 'vector' || !closenessOf.has(m.id) || closeEnough(closenessOf.get(m.id)));
      const summary = m.summary ?? m.name ?? '';
      const gravity = kind === 'entity' ? (m.gravity ?? 0.3) : (row.owner?.gravity ?? 0.5);
      const base: RankedMemory = {
        id: m.id,
        kind,
        topic: m.topic ?? m.name ?? '',
        summary,
        // When it happened, else when it was said (an imported history's day, not the day it was imported).
        date: m.eventDate ?? (m.eventTime ?? m.createdAt).slice(0, 10),
        salience,
        pinned,
        categories: m.categories ?? [],
        owner: row.owner ? { id: row.owner.id, name: row.owner.name, kind: row.owner.kind, relation: row.owner.relation } : null,
        related: row.related,
        contradicts: row.contradicts,
        channels,
        score: finalScore(
          rrfOf.get(m.id) ?? 0,
          { salience, gravity, hasEventDate: m.eventDate !== null, aboutNamed: entityIds.includes(row.owner?.id ?? m.id) || row.related.some((r) => entityNames.includes(r)) },
          focus.asksWhen,
        ),
        framing: 'hook',
      };
      base.framing = framingOf(base, assertive);
      const text = `${base.topic} ${summary}`;
      ranked.push({
        ...base,
        text,
        words: contentWordsOf(m, text),
        sources: row.sources,
        ...(kind === 'entity' && m.name ? { entityName: m.name } : {}),
        // The entities a fact is about or names (an entity ranked below it then tells nothing new).
        names: kind === 'entity' ? [] : [...(row.owner && row.owner.kind !== 'self' ? [row.owner.name] : []), ...row.related],
      });
    }
    ranked.sort((a, b) => b.score - a.score);
    const kept = diversifyBySource(dropNearDuplicates(ranked));
    // As many as the largest budget of this pool size packs (a line is rarely under 20 tokens).
    await attachQuotes(this.graph, owner, kept, POOL, person.suppressed);
    const memories = kept.map(({ text: _text, words: _words, sources: _sources, entityName: _entityName, names: _names, ...m }) => m);
    return { profile, memories, exists };
  }
}

/** A memory's content words, as near-duplicates are told apart, kept with the record it was read as. */
const contentWordsHeld = new WeakMap<MemoryFields, ReadonlySet<string>>();
function contentWordsOf(m: MemoryFields, text: string): ReadonlySet<string> {
  let words = contentWordsHeld.get(m);
  if (!words) {
    words = new Set(contentWords(text));
    contentWordsHeld.set(m, words);
  }
  return words;
}

function cacheKey(tenantId: string, userId: string, version: number, o: RetrieveOptions, p: Profile): string {
  const h = createHash('sha1')
    .update(JSON.stringify([o.text.trim(), o.includeIdentity ?? true, o.threshold ?? null, Math.min(o.exchangeNumber ?? 1, 2), o.mode ?? 'semantic', poolSizes(o.budget), p]))
    .digest('hex');
  return `${tenantId}|${userId}|${version}|${h}`;
}
