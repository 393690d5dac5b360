// The read path (DESIGN.md): suppressed topics first → candidates from several channels → rank fusion weighed
// by salience and gravity → injection threshold (pinned always eligible) → near-duplicates dropped → framing →
// packed into the token budget by each route's renderer.
import type { Graph } from '../graph/graph.js';
import type { Metrics } from '../http/metrics.js';
import type { Logger } from '../log.js';
import type { StoredStanding } from '../ingest/analysis/signals.js';
import { fingerprintWords } from '../text/words.js';
import { query } from '../graph/queries.js';
import { loadPersonForQuestion } from '../memory/person.js';
import { touchesSuppressed } from '../memory/suppression.js';
import type { EmbedderWithOfflineFallback } from '../providers/embeddings.js';
import type { Profile, ProfileService } from '../tenants/profiles.js';
import { findCandidates, IDENTITY_GRAVITY, questionOf, startChannels } from './channels.js';
import { temporalFocus } from './temporal.js';
import { InjectionRecorder } from './injections.js';
import { packWithin, type Packed } from './pack.js';
import { afterQuotes, attachQuotes, quotesWithin, type Quotable } from './quotes.js';
import { closeEnough, closeness, diversifyBySource, dropNearDuplicates, finalScore, fusedScore } from './rank.js';
import { framingOf, type RankedMemory } from './render.js';

const Q = { details: query('retrieval/candidateDetails', { hot: true }) };

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
  budget: number;
}

export interface Retrieval {
  profile: Profile;
  /** Ranked, framed, above threshold, best first (not yet cut to a budget). */
  memories: RankedMemory[];
  exists: boolean;
}

/** The stored fields of a candidate memory that ranking, framing and rendering read (retrieval/candidateDetails). */
interface MemoryFields {
  id: string;
  topic: string | null;
  summary: string | null;
  /** Times in epoch milliseconds. */
  createdAt: number;
  /** When the message a fact came from was said (facts only). */
  eventTime?: number | null;
  pinned: boolean | null;
  standing: StoredStanding | null;
  domain: string | null;
  eventDate: string | null;
}

/**
 * A candidate that may be injected, in full: its fields, its salience now, its owning entity, the names it relates
 * to, what contradicts it, its messages, and the words of its one message when quotes were asked for.
 */
interface CandidateDetails {
  memory: MemoryFields;
  salience: number;
  /** An entity's own fields; null for facts, themes and interests. */
  entity: { name: string | null; kind: string | null; relation: string | null; aliases: string[] | null; gravity: number | null } | null;
  nodeKind: 'Entity' | 'Facet' | 'Theme' | 'Interest';
  owner: { id: string; name: string; kind: string; relation: string | null; gravity: number; aliases: string[] | null } | null;
  related: string[];
  contradicts: string[];
  sources: string[];
  message: Quotable | null;
}

/**
 * Candidates per channel, and how many fused candidates are read in full: as deep below the default budget (6,000
 * tokens) as at it, since a small budget packs from the top of the same ranking and a shallower pool leaves out
 * memories that several channels ranked high; deeper for larger budgets (a line is rarely under 25 tokens). Each
 * candidate costs Neo4j time, which is most of a retrieval's; a channel's ranks below 100 rarely decide what is read.
 */
function poolSizes(budget: number): { perChannel: number; hydrate: number } {
  const b = Math.max(budget, 6000);
  return { perChannel: Math.min(200, Math.ceil(b / 60)), hydrate: Math.min(300, Math.ceil(b / 25)) };
}

export class RetrievalService {
  private readonly injections: InjectionRecorder;

  constructor(
    private readonly graph: Graph,
    /** The question's vector; the local embedder's while the provider fails, compared only with local vectors. */
    private readonly embeddings: EmbedderWithOfflineFallback,
    private readonly profiles: ProfileService,
    log: Logger,
    private readonly metrics?: Metrics,
    private readonly clock: () => number = Date.now,
  ) {
    this.injections = new InjectionRecorder(graph, log);
  }

  async retrieve(tenantId: string, userId: string, o: RetrieveOptions): Promise<Retrieval> {
    const owner = { tenantId, userId };
    const text = o.text.trim();
    // The question is embedded (in the model's thread) while the person is read.
    const vector =
      text && o.mode !== 'keyword'
        ? this.embeddings.embed([text]).then(({ vectors, embedderId }) => (vectors[0] ? { values: vectors[0], embedderId } : undefined))
        : undefined;
    vector?.catch(() => undefined); // awaited by the vector channel; this only keeps an early return from leaving it unhandled
    const now = this.clock();
    const { perChannel, hydrate } = poolSizes(o.budget);
    const includeIdentity = (o.includeIdentity ?? true) && (o.exchangeNumber ?? 1) <= 1;
    // The channels the question alone decides run while the person is read.
    const focus = temporalFocus(text, new Date(now));
    const started = startChannels(this.graph, owner, { text, vector, range: focus.range, includeIdentity, perChannel });
    const [person, profile] = await Promise.all([loadPersonForQuestion(this.graph, owner, text, IDENTITY_GRAVITY), this.profiles.get(tenantId)]);
    this.metrics?.retrievals.inc({ outcome: 'computed' });
    // A person being erased has nothing to give.
    if (person.erasing) return { profile, memories: [], exists: false };
    const exists = person.version > 0 || person.hasEntities;
    if (!exists) return { profile, memories: [], exists };

    const { request, named } = questionOf(text, person.known, focus, includeIdentity);
    const entityIds = named.map((k) => k.id);
    const entityNames = named.map((k) => k.name);
    const { ranks, nearest } = await findCandidates(this.graph, owner, { ...request, vector, perChannel }, started);

    const best = nearest[0]?.cosine;
    const closenessOf = new Map(best === undefined ? [] : nearest.map((r) => [r.id, closeness(r.cosine, best)]));
    const pool = [...ranks.entries()]
      .map(([id, ch]) => ({ id, rrf: fusedScore(ch, closenessOf.get(id)) }))
      .sort((a, b) => b.rrf - a.rrf)
      .slice(0, hydrate);
    const threshold = Math.max(profile.injectionThreshold, o.threshold ?? 0);
    // Twice as many as the budget quotes: packing skips a quoted line that does not fit and quotes the next.
    const quotes = 2 * quotesWithin(o.budget);
    const rows = pool.length
      ? await this.graph.read<CandidateDetails>(Q.details, {
          ...owner,
          ids: pool.map((p) => p.id),
          now,
          threshold,
          ...profile.decay,
          quotes: quotes > 0,
        })
      : [];
    const rrfOf = new Map(pool.map((p) => [p.id, p.rrf]));
    const assertive = profile.framing === 'assertive';

    const ranked: Array<RankedMemory & { text: string; words: ReadonlySet<string>; sources: string[]; entityName?: string; names: string[] }> = [];
    const messageOf = new Map<string, Quotable>();
    for (const row of rows) {
      const m = row.memory;
      if (row.message) messageOf.set(m.id, row.message);
      const name = row.entity?.name ?? null;
      const kind = row.nodeKind.toLowerCase() as RankedMemory['kind'];
      const names = [
        ...(row.owner && row.owner.kind !== 'self' ? [row.owner.name, ...(row.owner.aliases ?? [])] : []),
        ...row.related,
        ...(kind === 'entity' ? [name ?? '', ...(row.entity?.aliases ?? [])] : []),
      ];
      // Suppressed topics go before anything else is decided.
      if (touchesSuppressed({ texts: [m.topic, m.summary], names, domain: m.domain }, person.suppressed)) continue;
      // Below the threshold only when pinned (the read leaves the others out).
      const salience = row.salience;
      const pinned = m.pinned === true;
      // The vector channel counts as a reason only for memories close to the question's meaning.
      const channels = [...(ranks.get(m.id)?.keys() ?? [])].filter((c) => c !== 'vector' || closeEnough(closenessOf.get(m.id)));
      const summary = m.summary ?? name ?? '';
      const gravity = kind === 'entity' ? (row.entity?.gravity ?? 0.3) : (row.owner?.gravity ?? 0.5);
      const base: RankedMemory = {
        id: m.id,
        kind,
        topic: m.topic ?? name ?? '',
        summary,
        // When it happened, else when it was said (an imported history's day, not the day it was imported).
        date: m.eventDate ?? new Date(m.eventTime ?? m.createdAt).toISOString().slice(0, 10),
        salience,
        pinned,
        standing: m.standing ?? null,
        owner: row.owner ? { id: row.owner.id, name: row.owner.name, kind: row.owner.kind, relation: row.owner.relation } : null,
        related: row.related,
        contradicts: row.contradicts,
        channels,
        score: finalScore(
          rrfOf.get(m.id) ?? 0,
          {
            salience,
            gravity,
            hasEventDate: m.eventDate !== null,
            aboutNamed: entityIds.includes(row.owner?.id ?? m.id) || row.related.some((r) => entityNames.includes(r)),
            former: m.standing === 'former',
          },
          focus.asksWhen,
        ),
        framing: 'hook',
      };
      base.framing = framingOf(base, assertive);
      const text = `${base.topic} ${summary}`;
      ranked.push({
        ...base,
        text,
        words: new Set(fingerprintWords(text)),
        sources: row.sources,
        ...(kind === 'entity' && name ? { entityName: name } : {}),
        // The entities a fact is about or names (an entity ranked below it then tells nothing new).
        names: kind === 'entity' ? [] : [...(row.owner && row.owner.kind !== 'self' ? [row.owner.name] : []), ...row.related],
      });
    }
    ranked.sort((a, b) => b.score - a.score);
    const diverse = diversifyBySource(dropNearDuplicates(ranked));
    attachQuotes(diverse, quotes, person.suppressed, messageOf);
    const kept = afterQuotes(diverse, messageOf);
    const memories = kept.map(({ text: _text, words: _words, sources: _sources, entityName: _entityName, names: _names, ...m }) => m);
    return { profile, memories, exists };
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
}
