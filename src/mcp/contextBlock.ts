// svc_context: the person's organised memory (domains → entities → facts) as one compact text block for a model,
// most salient first, cut to a token budget measured with the service's tokenizer (o200k).
//
// Input is the pair GET /context/{user_id}?format=view (what may be shown to a model: suppressed topics and
// archived memories already removed by the service, with the service's own matcher) and ?format=export (the same
// graph with each fact's salience, and interests). The export is the person's own copy of everything, so it is
// only ever used to add salience and interests to what the view lets through.
import type { PersonContext } from '../../client/src/v1.js';
import { touchesSuppressed } from '../memory/suppression.js';
import { countTokens } from '../retrieval/tokens.js';

/** The export variant of GET /context/{user_id}: facets as objects, interests, suppressed topics. */
export type PersonExport = PersonContext & { suppressed_topics?: string[] };

export interface ContextFact {
  text: string;
  salience: number;
  created_at: string | null;
}
export interface ContextInterest {
  topic: string;
  stage: string | null;
  salience: number;
}
export interface ContextEntity {
  name: string;
  salience: number;
  facts: ContextFact[];
  interests: ContextInterest[];
}
export interface ContextDomain {
  name: string;
  entities: ContextEntity[];
}

export interface ContextBlock {
  text: string;
  tokens: number;
  /** What the block holds, in its order. */
  domains: ContextDomain[];
  counts: {
    /** In the block. */
    domains: number;
    entities: number;
    facts: number;
    interests: number;
    /** Entities, facts and interests the view holds for the person (before the threshold). */
    held: number;
    /** Below the salience threshold. */
    below_threshold: number;
    /** At or above the threshold but left out because the budget was spent. */
    over_budget: number;
  };
}

interface Candidate {
  kind: 'entity' | 'fact' | 'interest';
  domain: string;
  /** Index of the (domain, entity) entry. */
  entry: number;
  salience: number;
  line: string;
  fact?: ContextFact;
  interest?: ContextInterest;
}

interface Entry {
  domain: string;
  name: string;
  salience: number;
}

const displayName = (name: string) => (name === 'self' ? 'the person (self)' : name);
const domainLine = (d: string) => `## ${d}`;
const entityLine = (e: Entry) => `- ${displayName(e.name)}`;
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Which facets of an export entry the view shows: the view lists the same facets in the same order, minus hidden ones. */
function visibleFacts(exported: Array<string | { topic: string; summary: string; salience: number; created_at: string }>, shown: string[]): ContextFact[] {
  const left = new Map<string, number>();
  for (const s of shown) left.set(s, (left.get(s) ?? 0) + 1);
  const out: ContextFact[] = [];
  for (const f of exported) {
    const fact: ContextFact =
      typeof f === 'string' ? { text: f, salience: 0, created_at: null } : { text: f.summary ?? f.topic ?? '', salience: f.salience, created_at: f.created_at };
    const n = left.get(fact.text) ?? 0;
    if (n === 0) continue;
    left.set(fact.text, n - 1);
    out.push(fact);
  }
  return out;
}

export function buildContextBlock(userId: string, view: PersonContext, exported: PersonExport, budget: number, threshold: number): ContextBlock {
  const suppressed = exported.suppressed_topics ?? [];
  // The view's entries per (domain, entity name), in order: an export entry takes the first one left of its name.
  const shownEntries = new Map<string, Array<PersonContext['domains'][number]['entities'][number]>>();
  for (const d of view.domains) for (const e of d.entities) {
    const key = `${d.name}\u0000${e.name}`;
    shownEntries.set(key, [...(shownEntries.get(key) ?? []), e]);
  }

  const entries: Entry[] = [];
  const candidates: Candidate[] = [];
  let held = 0;
  let belowThreshold = 0;
  for (const d of exported.domains) {
    for (const e of d.entities) {
      const shown = shownEntries.get(`${d.name}\u0000${e.name}`)?.shift();
      if (!shown) continue; // hidden from models by the service (suppressed, archived)
      const entryIndex = entries.length;
      const entry: Entry = { domain: d.name, name: e.name, salience: e.salience };
      entries.push(entry);
      held++;
      const facts = visibleFacts(e.facets, shown.facets.map((f) => (typeof f === 'string' ? f : (f.summary ?? f.topic ?? ''))));
      const names = e.name === 'self' ? [] : [e.name];
      const interests = (e.interests ?? [])
        .filter((i) => !touchesSuppressed({ texts: [i.topic], names, domain: d.name }, suppressed))
        .map((i) => ({ topic: i.topic, stage: i.stage ?? null, salience: i.salience }));
      held += facts.length + interests.length;
      let keptChildren = 0;
      for (const fact of facts) {
        if (fact.salience < threshold || !fact.text.trim()) {
          belowThreshold++;
          continue;
        }
        keptChildren++;
        candidates.push({ kind: 'fact', domain: d.name, entry: entryIndex, salience: fact.salience, line: `  - ${oneLine(fact.text)}`, fact });
      }
      for (const interest of interests) {
        if (interest.salience < threshold || !interest.topic?.trim()) {
          belowThreshold++;
          continue;
        }
        keptChildren++;
        const stage = interest.stage ? ` (${interest.stage})` : '';
        candidates.push({ kind: 'interest', domain: d.name, entry: entryIndex, salience: interest.salience, line: `  - interested in ${oneLine(interest.topic)}${stage}`, interest });
      }
      // An entity below the threshold still heads the facts kept under it; alone, it needs the threshold itself.
      if (e.salience >= threshold) candidates.push({ kind: 'entity', domain: d.name, entry: entryIndex, salience: e.salience, line: entityLine(entry) });
      else if (keptChildren === 0) belowThreshold++;
    }
  }

  // Most salient first; ties keep the service's order.
  const order = candidates.map((c, i) => ({ c, i })).sort((a, b) => b.c.salience - a.c.salience || a.i - b.i).map((x) => x.c);
  const header = `What is remembered about user ${oneLine(userId)}, most salient first:`;
  const cost = (line: string) => countTokens(line) + 1; // +1 for the line break
  let estimate = cost(header);
  const chosen: Candidate[] = [];
  const entryOpen = new Set<number>();
  const domainOpen = new Set<string>();
  for (const c of order) {
    let extra = cost(c.line);
    if (c.kind !== 'entity' && !entryOpen.has(c.entry)) extra += cost(entityLine(entries[c.entry]!));
    if (c.kind === 'entity' && entryOpen.has(c.entry)) extra = 0; // already shown as a heading
    if (!domainOpen.has(c.domain)) extra += cost(domainLine(c.domain));
    if (estimate + extra > budget) continue;
    estimate += extra;
    chosen.push(c);
    entryOpen.add(c.entry);
    domainOpen.add(c.domain);
  }

  // The per-line estimate is close, not exact (line breaks can merge with indentation): check the block as sent
  // and drop the least salient items until it fits.
  let rendered = render(header, entries, chosen);
  while (chosen.length && rendered.tokens > budget) {
    chosen.pop();
    rendered = render(header, entries, chosen);
  }
  const over = candidates.length - chosen.length;
  if (!chosen.length) {
    const none = held === 0 ? `No memory is held for user ${oneLine(userId)}.` : `No memory of user ${oneLine(userId)} reaches salience ${threshold} within ${budget} tokens.`;
    rendered = { text: none, tokens: countTokens(none), domains: [] };
  }
  const facts = rendered.domains.reduce((n, d) => n + d.entities.reduce((m, e) => m + e.facts.length, 0), 0);
  const interests = rendered.domains.reduce((n, d) => n + d.entities.reduce((m, e) => m + e.interests.length, 0), 0);
  return {
    ...rendered,
    counts: {
      domains: rendered.domains.length,
      entities: rendered.domains.reduce((n, d) => n + d.entities.length, 0),
      facts,
      interests,
      held,
      below_threshold: belowThreshold,
      over_budget: over,
    },
  };
}

/** Domains by their most salient chosen item, entities likewise, facts and interests by salience. */
function render(header: string, entries: Entry[], chosen: Candidate[]): { text: string; tokens: number; domains: ContextDomain[] } {
  const byEntry = new Map<number, { best: number; facts: ContextFact[]; interests: ContextInterest[] }>();
  for (const c of chosen) {
    const slot = byEntry.get(c.entry) ?? { best: -Infinity, facts: [], interests: [] };
    slot.best = Math.max(slot.best, c.salience);
    if (c.fact) slot.facts.push(c.fact);
    if (c.interest) slot.interests.push(c.interest);
    byEntry.set(c.entry, slot);
  }
  const domains = new Map<string, { best: number; entities: Array<{ best: number; entity: ContextEntity }> }>();
  for (const [index, slot] of byEntry) {
    const e = entries[index]!;
    const d = domains.get(e.domain) ?? { best: -Infinity, entities: [] };
    d.best = Math.max(d.best, slot.best);
    d.entities.push({
      best: slot.best,
      entity: {
        name: e.name,
        salience: e.salience,
        facts: slot.facts.sort((a, b) => b.salience - a.salience),
        interests: slot.interests.sort((a, b) => b.salience - a.salience),
      },
    });
    domains.set(e.domain, d);
  }
  const out: ContextDomain[] = [...domains.entries()]
    .sort((a, b) => b[1].best - a[1].best || a[0].localeCompare(b[0]))
    .map(([name, d]) => ({ name, entities: d.entities.sort((a, b) => b.best - a.best).map((x) => x.entity) }));
  const lines = [header];
  for (const d of out) {
    lines.push(domainLine(d.name));
    for (const e of d.entities) {
      lines.push(`- ${displayName(e.name)}`);
      for (const f of e.facts) lines.push(`  - ${oneLine(f.text)}`);
      for (const i of e.interests) lines.push(`  - interested in ${oneLine(i.topic)}${i.stage ? ` (${i.stage})` : ''}`);
    }
  }
  const text = lines.join('\n');
  return { text, tokens: countTokens(text), domains: out };
}
