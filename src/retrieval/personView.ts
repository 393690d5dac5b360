// GET /context/{user_id}: the person's memory organised as domains → entities → facets and themes (spec 4.A),
// and its portability-export variant (facets as objects, interests, suppressed topics, totals).
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { loadPerson } from '../memory/person.js';
import { touchesSuppressed } from '../memory/suppression.js';
import { salienceOfStored, type DecayParams, type StoredSalienceFields } from '../salience/salience.js';

const Q = {
  personGraph: query('context/personGraph'),
  personTotals: query('context/personTotals'),
};

interface Stored extends StoredSalienceFields {
  id: string;
  topic?: string | null;
  summary?: string | null;
  name?: string | null;
  domain?: string | null;
  createdAt: string;
  pinned: boolean | null;
  archived: boolean | null;
  stage?: string | null;
  aliases?: string[] | null;
}

interface Row {
  entity: Stored & { name: string; kind: string; relation: string | null; gravity: number };
  domains: string[];
  facets: Stored[];
  themes: Stored[];
  interests: Stored[];
}

export async function personView(graph: Graph, tenantId: string, userId: string, decay: DecayParams, exportForm: boolean, now = Date.now()) {
  const [rows, person, [totals]] = await Promise.all([
    graph.read<Row>(Q.personGraph, { tenantId, userId }),
    loadPerson(graph, tenantId, userId),
    exportForm ? graph.read<{ totalNodes: number; totalEdges: number }>(Q.personTotals, { tenantId, userId }) : Promise.resolve([undefined]),
  ]);
  const S = (m: Stored) => salienceOfStored(m, decay, now);
  // The plain view feeds models, so suppressed topics stay out; the export is the person's own copy of everything.
  const visible = (m: Stored, names: string[]) =>
    exportForm || (!m.archived && !touchesSuppressed({ texts: [m.topic, m.summary], names, domain: m.domain }, person.suppressed));

  const domains = new Map<string, Array<Record<string, unknown>>>();
  let entities = 0;
  for (const row of rows) {
    const e = row.entity;
    const names = e.kind === 'self' ? [] : [e.name, ...(e.aliases ?? [])];
    if (!visible(e, names)) continue;
    entities++;
    const homes = row.domains.length ? row.domains : ['personal'];
    // A fact is listed under its own domain when the entity belongs there, else under the entity's first domain.
    const homeOf = (m: Stored) => (m.domain && homes.includes(m.domain) ? m.domain : homes[0]!);
    for (const domain of homes) {
      const facets = row.facets.filter((f) => homeOf(f) === domain && visible(f, names));
      const themes = row.themes.filter((t) => homeOf(t) === domain && visible(t, names));
      const entry: Record<string, unknown> = {
        name: e.kind === 'self' ? 'self' : e.name,
        salience: S(e),
        facets: exportForm
          ? facets.map((f) => ({ topic: f.topic, summary: f.summary, salience: S(f), created_at: f.createdAt }))
          : facets.map((f) => f.summary ?? f.topic ?? ''),
        themes: themes.map((t) => t.summary ?? t.topic ?? ''),
      };
      if (exportForm)
        entry.interests =
          domain === homes[0] ? row.interests.map((i) => ({ topic: i.topic, stage: i.stage, salience: S(i), created_at: i.createdAt })) : [];
      domains.set(domain, [...(domains.get(domain) ?? []), entry]);
    }
  }
  const list = [...domains.entries()].map(([name, entities]) => ({ name, entities })).sort((a, b) => a.name.localeCompare(b.name));
  const body: Record<string, unknown> = {
    domains: list,
    total_entities: entities,
    total_domains: list.length,
  };
  if (exportForm) {
    return {
      user_id: userId,
      exported_at: new Date(now).toISOString(),
      ...body,
      suppressed_topics: person.suppressed,
      total_nodes: totals?.totalNodes ?? 0,
      total_edges: totals?.totalEdges ?? 0,
    };
  }
  return body;
}
