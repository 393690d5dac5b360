// The default profile and the 16 presets of spec 4.A (`PUT /profile`). The spec gives each preset an intent and
// no numbers; the numbers are ours, read against the default: a half-life of the above-floor salience is
// ln 2 / base_rate days (0.03 → 23 days, 0.01 → 69 days, 0.1 → 7 days) before processing history slows it.
// Every value here is above the governance floors (a unit test holds that).
import { DEFAULT_DECAY, DEFAULT_INJECTION_THRESHOLD } from '../salience/salience.js';
import type { Profile } from './profiles.js';

export const PRESET_NAMES = [
  'reflective',
  'gaming',
  'photo_curation',
  'nightlife',
  'customer_service',
  'education',
  'fitness',
  'ecommerce',
  'journaling',
  'sales',
  'legal',
  'healthcare',
  'creative_writing',
  'real_estate',
  'recruiting',
  'travel',
] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** A tenant that never chose a preset: the spec's defaults (6000 tokens, threshold 0.25) and DEFAULT_DECAY. */
export const DEFAULT_PROFILE: Profile = {
  preset: 'default',
  decay: { ...DEFAULT_DECAY },
  maxTokens: 6000,
  injectionThreshold: DEFAULT_INJECTION_THRESHOLD,
  crisisSensitivity: 'standard',
  framing: 'balanced',
  emotionWeight: 1,
  contradictionFlagging: false,
};

export interface Preset {
  description: string;
  profile: Profile;
}

/** Compact rows: base_rate, processing_boost, residual_floor, spike τ (days), then the rest over the default's. */
function preset(
  name: PresetName,
  description: string,
  d: [number, number, number, number],
  rest: Partial<Omit<Profile, 'preset' | 'decay'>>,
): [PresetName, Preset] {
  const [baseRate, processingBoost, residualFloor, spikeTauDays] = d;
  return [
    name,
    { description, profile: { ...DEFAULT_PROFILE, ...rest, preset: name, decay: { baseRate, processingBoost, residualFloor, spikeTauDays } } },
  ];
}

export const PRESETS: Readonly<Record<PresetName, Preset>> = Object.fromEntries([
  preset(
    'reflective',
    'Coaching and reflection: slow decay keeps long arcs of a life in view, with a larger context budget.',
    [0.01, 0.8, 0.35, 14],
    { maxTokens: 10_000, injectionThreshold: 0.2 },
  ),
  preset('gaming', 'Game companions: fast-moving sessions where recent play matters most and old runs fade.', [0.06, 0.5, 0.15, 3], {
    maxTokens: 4000,
    injectionThreshold: 0.3,
    emotionWeight: 0.7,
  }),
  preset('photo_curation', 'Photo libraries: the people, places and occasions in pictures stay recognisable for years.', [0.015, 0.5, 0.3, 14], {
    maxTokens: 5000,
    emotionWeight: 0.8,
  }),
  preset('nightlife', 'Events and venues: tonight and this weekend matter, last month hardly, with a small budget.', [0.08, 0.4, 0.1, 2], {
    maxTokens: 3000,
    injectionThreshold: 0.3,
    emotionWeight: 0.8,
  }),
  preset(
    'customer_service',
    'Support desks: recency bias and faster decay, a focused budget, and changed account facts flagged.',
    [0.1, 0.3, 0.1, 2],
    { maxTokens: 2000, injectionThreshold: 0.35, emotionWeight: 0.5, contradictionFlagging: true },
  ),
  preset(
    'education',
    'Tutoring: a strong processing boost keeps what a student worked through apart from what they last opened.',
    [0.04, 1.5, 0.2, 7],
    { emotionWeight: 0.6 },
  ),
  preset('fitness', 'Training: goals, injuries and routines persist while individual workouts fade.', [0.03, 0.8, 0.2, 7], {
    maxTokens: 4000,
    emotionWeight: 0.6,
  }),
  preset('ecommerce', 'Shopping: preferences and recent purchases, recency-weighted, with a small budget.', [0.05, 0.4, 0.15, 3], {
    maxTokens: 3000,
    injectionThreshold: 0.3,
    emotionWeight: 0.4,
  }),
  preset(
    'journaling',
    'Journals: very slow decay and full emotional weight for continuity, with crisis checks at high sensitivity.',
    [0.008, 0.8, 0.4, 21],
    { maxTokens: 8000, injectionThreshold: 0.2, crisisSensitivity: 'high' },
  ),
  preset('sales', 'Sales: assertive framing and factual recall of accounts, budgets and commitments; contradictions flagged.', [0.04, 0.6, 0.2, 5], {
    maxTokens: 4000,
    injectionThreshold: 0.3,
    framing: 'assertive',
    emotionWeight: 0.4,
    contradictionFlagging: true,
  }),
  preset(
    'legal',
    'Legal work: minimal emotional weighting, facts and dates persist, a low injection threshold; contradictions flagged.',
    [0.005, 0.6, 0.5, 7],
    { maxTokens: 8000, injectionThreshold: 0.12, emotionWeight: 0.1, contradictionFlagging: true },
  ),
  preset(
    'healthcare',
    'Care settings: higher residual floor and slower decay, crisis checks at maximum sensitivity; contradictions flagged.',
    [0.01, 0.8, 0.5, 14],
    { maxTokens: 8000, injectionThreshold: 0.2, crisisSensitivity: 'high', emotionWeight: 0.8, contradictionFlagging: true },
  ),
  preset('creative_writing', 'Fiction: characters, plot and world persist with a large budget; continuity breaks flagged.', [0.01, 0.7, 0.35, 14], {
    maxTokens: 12_000,
    injectionThreshold: 0.2,
    contradictionFlagging: true,
  }),
  preset('real_estate', 'Property search: buyer criteria, budgets and timelines persist through a months-long search.', [0.02, 0.5, 0.3, 7], {
    maxTokens: 5000,
    emotionWeight: 0.4,
    contradictionFlagging: true,
  }),
  preset(
    'recruiting',
    'Recruiting: skills, history and candidate preferences persist across a long process; changes flagged.',
    [0.02, 0.5, 0.3, 10],
    { maxTokens: 5000, emotionWeight: 0.3, contradictionFlagging: true },
  ),
  preset('travel', 'Travel: lasting preferences (diet, seating, pace) persist while each trip fades after it ends.', [0.025, 0.5, 0.3, 10], {
    maxTokens: 5000,
    emotionWeight: 0.6,
  }),
]) as Record<PresetName, Preset>;

export const isPresetName = (name: string): name is PresetName => (PRESET_NAMES as readonly string[]).includes(name);
