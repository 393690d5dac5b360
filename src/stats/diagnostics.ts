// GET /diagnostics/{user_id} (spec 4.A): graph metrics of one person — domain distribution, salience
// distribution, entity counts and retrieval statistics. Counts, domain names and entity kinds only: never a
// memory's words. Three aggregate queries in one read transaction, so the numbers agree with each other.
// Salience is computed here at read time from stored fields with the tenant's profile (as the read path does),
// not taken from the field the jobs materialise.
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { notFound } from '../http/errors.js';
import { salienceOfStored, type StoredSalienceFields } from '../salience/salience.js';
import type { ProfileService } from '../tenants/profiles.js';

const Q = {
  personSummary: query('diagnostics/personSummary'),
  domainDistribution: query('diagnostics/domainDistribution'),
  salienceFields: query('diagnostics/salienceFields'),
};

/** Entities at or above this gravity count as central (spouse, children, employer are placed high). */
export const HIGH_GRAVITY = 0.7;
/** Salience buckets: [0, 0.1), [0.1, 0.2), … [0.9, 1.0]. */
const BUCKETS = 10;

interface SummaryRow {
  memories: number;
  domains: number;
  entities: number;
  facets: number;
  themes: number;
  interests: number;
  pinned: number;
  archived: number;
  relationships: number;
  processingEvents: number;
  everProcessed: number;
  lastAccessedAt: string | null;
  entityKinds: Array<{ kind: string; n: number }>;
  highGravity: number;
  messages: number;
  pending: number;
  processing: number;
  done: number;
  failed: number;
  suppressed: number;
  retrievals: number;
  lastRetrievedAt: string | null;
  lastInjected: number;
}

interface DomainRow {
  domain: string | null;
  entities: number;
  memories: number;
}

type SalienceRow = StoredSalienceFields & { state: string | null; pinned: boolean };

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export class DiagnosticsService {
  constructor(
    private readonly graph: Graph,
    private readonly profiles: ProfileService,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Unknown people and people of another tenant get the same 404: existence never leaks. */
  async forPerson(tenantId: string, userId: string, requestId?: string) {
    const params = { tenantId, userId, highGravity: HIGH_GRAVITY };
    const [read, profile] = await Promise.all([
      this.graph.readTx(
        async (tx) => {
          const [summary] = await tx.run<SummaryRow>(Q.personSummary, params);
          if (!summary) return undefined;
          const domains = await tx.run<DomainRow>(Q.domainDistribution, params);
          const fields = await tx.run<SalienceRow>(Q.salienceFields, params);
          return { summary, domains, fields };
        },
        { requestId, label: 'diagnostics' },
      ),
      this.profiles.get(tenantId),
    ]);
    if (!read) throw notFound(`No user ${userId} in this tenant.`);
    const now = this.clock();
    const { summary: t, domains, fields } = read;

    const saliences = fields.map((m) => salienceOfStored(m, profile.decay, now));
    const threshold = profile.injectionThreshold;

    const distributed = domains.reduce((n, d) => n + d.memories, 0);
    const byKind: Record<string, number> = {};
    for (const k of [...t.entityKinds].sort((a, b) => b.n - a.n || a.kind.localeCompare(b.kind))) byKind[k.kind] = k.n;

    return {
      user_id: userId,
      generated_at: new Date(now).toISOString(),
      totals: {
        nodes: { total: t.memories, domains: t.domains, entities: t.entities, facets: t.facets, themes: t.themes, interests: t.interests },
        relationships: t.relationships,
        messages: { total: t.messages, pending: t.pending, processing: t.processing, done: t.done, failed: t.failed },
        suppressed_topics: t.suppressed,
        pinned: t.pinned,
        archived: t.archived,
      },
      domain_distribution: domains.map((d) => ({
        domain: d.domain,
        entities: d.entities,
        memories: d.memories,
        share: distributed ? round3(d.memories / distributed) : 0,
      })),
      salience_distribution: {
        ...salienceSummary(saliences, threshold),
        active: fields.filter((m) => (m.state ?? 'active') === 'active').length,
        dormant: fields.filter((m) => m.state === 'dormant').length,
        pinned_below_threshold: fields.filter((m, i) => m.pinned && saliences[i]! < threshold).length,
      },
      entity_counts: { total: t.entities, by_kind: byKind, high_gravity: t.highGravity, high_gravity_at: HIGH_GRAVITY },
      retrieval_statistics: {
        retrievals: t.retrievals,
        last_retrieved_at: t.lastRetrievedAt,
        last_injected: t.lastInjected,
        processing_events: t.processingEvents,
        memories_ever_processed: t.everProcessed,
        last_accessed_at: t.lastAccessedAt,
      },
    };
  }
}

/** Buckets of width 0.1, mean, median and how many reach the injection threshold. */
export function salienceSummary(saliences: number[], threshold: number) {
  const counts = new Array<number>(BUCKETS).fill(0);
  // Salience is rounded to 3 places: integer thousandths make the bucket edges exact (0.3 falls in [0.3, 0.4)).
  for (const s of saliences) counts[Math.min(BUCKETS - 1, Math.floor(Math.round(s * 1000) / (1000 / BUCKETS)))]!++;
  const sorted = [...saliences].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n === 0 ? null : n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  return {
    memories: n,
    buckets: counts.map((count, i) => ({ from: i / BUCKETS, to: (i + 1) / BUCKETS, count })),
    mean: n === 0 ? null : round3(sorted.reduce((a, b) => a + b, 0) / n),
    median: median === null ? null : round3(median),
    threshold,
    above_threshold: saliences.filter((s) => s >= threshold).length,
  };
}
