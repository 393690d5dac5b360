// Theme inference (spec 2.5: "recurring pattern inferred within a domain over time"), the pure part.
// Rule: a content word of a fact's topic (the short label: "sleep", "sleep routine") is a candidate; a candidate
// that occurs in the topic or summary of at least `minFacets` facts of one domain of one person, on at least
// `minDays` distinct days, is a theme ("Recurring in health: sleep (5 mentions)"). Candidates come from topics
// only, so the verbs and fillers of summaries never become themes, while a summary still counts as a mention
// ("The user only got four hours of sleep"). Words are
// compared by a light stem ("sleeping", "sleeps" → "sleep"); the label is the form used most. The entity label
// of a topic ("Sarah — job"), time words, numbers and the domain's own name are not themes. At most `maxPerDomain` per domain, strongest first.
import { lightStem } from '../text/stems.js';
import { contentWords } from '../text/words.js';

export interface ThemeFacet {
  id: string;
  domain: string;
  topic: string | null;
  summary?: string | null;
  /** Calendar day the fact happened (event time, else when it was stored), YYYY-MM-DD. */
  day: string;
}

export interface ThemeRule {
  minFacets: number;
  minDays: number;
  maxPerDomain: number;
}

export const DEFAULT_THEME_RULE: ThemeRule = { minFacets: 3, minDays: 2, maxPerDomain: 3 };

export interface ThemeCandidate {
  key: string;
  domain: string;
  topic: string;
  summary: string;
  evidence: number;
  days: number;
  baseScore: number;
  facetIds: string[];
}

/** Words about when, not what: they recur in every domain and make no theme. */
const NOT_THEMES = new Set(
  (
    'user today yesterday tomorrow tonight morning afternoon evening night nights day days week weeks weekend month months ' +
    'year years time times again lately recently now still ago last next first new old lot bit thing things stuff way ' +
    'monday tuesday wednesday thursday friday saturday sunday earlier memories'
  ).split(' '),
);

/** Content words of a text, stemmed → the form first seen; a leading entity label ("Sarah — job") is dropped. */
function termsOf(text: string): Map<string, string> {
  const body = text.includes(' — ') ? text.slice(text.indexOf(' — ') + 3) : text;
  const out = new Map<string, string>();
  for (const w of contentWords(body)) {
    if (w.length < 3 || /\d/.test(w) || NOT_THEMES.has(w)) continue;
    const s = lightStem(w);
    if (!out.has(s)) out.set(s, w);
  }
  return out;
}

interface Term {
  ids: string[];
  days: Set<string>;
  /** Surface forms in topics, with counts: the label is the commonest. */
  forms: Map<string, number>;
}

export function inferThemes(facets: ThemeFacet[], rule: ThemeRule = DEFAULT_THEME_RULE): ThemeCandidate[] {
  const usable = facets.filter((f) => f.topic && f.domain);
  const byDomain = new Map<string, Map<string, Term>>();
  // Candidates: topic words, per domain (never the domain's own name).
  for (const f of usable) {
    let terms = byDomain.get(f.domain);
    if (!terms) byDomain.set(f.domain, (terms = new Map()));
    for (const [s, form] of termsOf(f.topic!)) {
      if (s === lightStem(f.domain)) continue;
      let t = terms.get(s);
      if (!t) terms.set(s, (t = { ids: [], days: new Set(), forms: new Map() }));
      t.forms.set(form, (t.forms.get(form) ?? 0) + 1);
    }
  }
  // Mentions: each fact once per candidate found in its topic or summary.
  for (const f of usable) {
    const terms = byDomain.get(f.domain)!;
    const words = new Set([...termsOf(f.topic!).keys(), ...termsOf(f.summary ?? '').keys()]);
    for (const s of words) {
      const t = terms.get(s);
      if (!t) continue;
      t.ids.push(f.id);
      t.days.add(f.day);
    }
  }
  const out: ThemeCandidate[] = [];
  for (const [domain, terms] of byDomain) {
    const recurring = [...terms]
      .filter(([, t]) => t.ids.length >= rule.minFacets && t.days.size >= rule.minDays)
      .sort(([a, x], [b, y]) => y.ids.length - x.ids.length || y.days.size - x.days.size || a.localeCompare(b))
      .slice(0, rule.maxPerDomain);
    for (const [key, t] of recurring) {
      const label = [...t.forms].sort(([a, x], [b, y]) => y - x || a.length - b.length || a.localeCompare(b))[0]![0];
      out.push({
        key,
        domain,
        topic: label,
        summary: `Recurring in ${domain}: ${label} (${t.ids.length} mentions)`,
        evidence: t.ids.length,
        days: t.days.size,
        // A pattern is worth more than one mention of it, and more the more it recurs.
        baseScore: Math.min(0.8, 0.4 + 0.05 * t.ids.length),
        facetIds: t.ids,
      });
    }
  }
  return out;
}
