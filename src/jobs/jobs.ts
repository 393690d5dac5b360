// The four salience jobs for one tenant at one instant. Each runs Cypher from cypher/jobs/; the batched ones
// (CALL … IN TRANSACTIONS) need an auto-commit transaction, so they go through runSchemaStatement.
import neo4j from 'neo4j-driver';
import type { Graph, Params } from '../graph/graph.js';
import type { DecayParams } from '../salience/salience.js';
import { J } from './registry.js';
import { DEFAULT_THEME_RULE, inferThemes, type ThemeFacet, type ThemeRule } from './themes.js';

/** A tenant's own values (its profile): the same shape as the profile service's answer. */
export interface TenantJobParams {
  decay: DecayParams;
  injectionThreshold: number;
}

export interface JobSettings {
  /** Rows per inner transaction of the batched jobs. */
  batchSize: number;
  /** A persistent interest without new evidence this long becomes tentative (and ephemeral after a further tentativeStaleDays). */
  persistentStaleDays: number;
  /** A tentative interest without new evidence this long becomes ephemeral. */
  tentativeStaleDays: number;
  /** An interest that has been ephemeral (by evidence and time) this long is archived (spec 3.4); a mention restores it. */
  archiveInterestAfterDays: number;
  /** Facts last relevant longer ago than this may be compressed. */
  compressAfterDays: number;
  /** An entity's facts are compressed only when at least this many qualify. */
  minOriginals: number;
  theme: ThemeRule;
  /** Newest facts per person that themes are looked for in. */
  themeFacetLimit: number;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  batchSize: 1000,
  persistentStaleDays: 90,
  tentativeStaleDays: 60,
  archiveInterestAfterDays: 180,
  compressAfterDays: 180,
  minOriginals: 3,
  theme: DEFAULT_THEME_RULE,
  themeFacetLimit: 2000,
};

export interface JobCounts {
  materialiseSalience: { scanned: number; wentDormant: number; reactivated: number };
  interestStages: { changed: number; promoted: number; demoted: number; archived: number; restored: number };
  inferThemes: { people: number; created: number; grown: number };
  compressLifecycle: { summaries: number; compressed: number; sources: number };
}

export type JobName = keyof JobCounts;
export const JOB_NAMES: JobName[] = ['materialiseSalience', 'interestStages', 'inferThemes', 'compressLifecycle'];

export function emptyCounts(): JobCounts {
  return {
    materialiseSalience: { scanned: 0, wentDormant: 0, reactivated: 0 },
    interestStages: { changed: 0, promoted: 0, demoted: 0, archived: 0, restored: 0 },
    inferThemes: { people: 0, created: 0, grown: 0 },
    compressLifecycle: { summaries: 0, compressed: 0, sources: 0 },
  };
}

export interface JobContext {
  graph: Graph;
  tenantId: string;
  /** ISO time: the scheduler's clock, the only "now" the jobs know. */
  now: string;
  params: TenantJobParams;
  settings: JobSettings;
}

const int = (n: number) => neo4j.int(Math.max(1, Math.floor(n)));

async function batched<T>(c: JobContext, name: (typeof J)[keyof typeof J], extra: Params): Promise<T> {
  const [row] = await c.graph.runSchemaStatement(c.graph.queries.get(name), {
    tenantId: c.tenantId,
    now: c.now,
    batchSize: int(c.settings.batchSize),
    ...extra,
  });
  return row as T;
}

function materialiseSalience(c: JobContext): Promise<JobCounts['materialiseSalience']> {
  const { baseRate, processingBoost, residualFloor, spikeTauDays } = c.params.decay;
  return batched(c, J.materialiseSalience, {
    baseRate,
    processingBoost,
    residualFloor,
    spikeTauDays,
    injectionThreshold: c.params.injectionThreshold,
  });
}

function interestStages(c: JobContext): Promise<JobCounts['interestStages']> {
  return batched(c, J.interestStages, {
    persistentStaleDays: c.settings.persistentStaleDays,
    tentativeStaleDays: c.settings.tentativeStaleDays,
    archiveAfterDays: c.settings.archiveInterestAfterDays,
  });
}

function compressLifecycle(c: JobContext): Promise<JobCounts['compressLifecycle']> {
  return batched(c, J.compressLifecycle, {
    injectionThreshold: c.params.injectionThreshold,
    compressAfterDays: c.settings.compressAfterDays,
    minOriginals: c.settings.minOriginals,
  });
}

const USER_PAGE = 200;

/** Person by person: read their facts, find recurring terms in TypeScript (themes.ts), write the themes. */
async function inferThemesJob(c: JobContext): Promise<JobCounts['inferThemes']> {
  const counts = { people: 0, created: 0, grown: 0 };
  let after = '';
  for (;;) {
    const page = await c.graph.read<{ userId: string }>(J.themeUsers, {
      tenantId: c.tenantId,
      after,
      minFacets: c.settings.theme.minFacets,
      limit: int(USER_PAGE),
    });
    for (const { userId } of page) {
      const facets = await c.graph.read<ThemeFacet>(J.themeFacets, { tenantId: c.tenantId, userId, limit: int(c.settings.themeFacetLimit) });
      const themes = inferThemes(facets, c.settings.theme);
      if (!themes.length) continue;
      const rows = await c.graph.write<{ created: boolean; grown: boolean }>(J.themeUpsert, {
        tenantId: c.tenantId,
        userId,
        now: c.now,
        themes: themes.map((t) => ({ ...t, evidence: neo4j.int(t.evidence), days: neo4j.int(t.days) })),
      });
      counts.people++;
      counts.created += rows.filter((r) => r.created).length;
      counts.grown += rows.filter((r) => !r.created && r.grown).length;
    }
    if (page.length < USER_PAGE) return counts;
    after = page.at(-1)!.userId;
  }
}

/** In this order: compression reads the salience and state just materialised. */
export const JOBS: Record<JobName, (c: JobContext) => Promise<Record<string, number>>> = {
  materialiseSalience,
  interestStages,
  inferThemes: inferThemesJob,
  compressLifecycle,
};
