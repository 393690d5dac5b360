// Per-tenant configuration profiles (spec 2.7): how fast memories decay, how much context is injected and how
// sensitive safety checks are. A tenant starts on the default profile, may switch to one of 16 presets
// (src/tenants/presets.ts) or change single parameters; requested values below a governance floor (spec 8.3)
// are clamped up to it and reported, never rejected.
import { LRUCache } from 'lru-cache';
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { notFound } from '../http/errors.js';
import type { CrisisSensitivity } from '../safety/crisis.js';
import type { DecayParams } from '../salience/salience.js';
import { DEFAULT_PROFILE, PRESETS, type PresetName } from './presets.js';

export { DEFAULT_PROFILE, PRESETS, PRESET_NAMES, isPresetName, type Preset, type PresetName } from './presets.js';

const Q = {
  getProfile: query('profiles/getProfile', { hot: true }),
  saveProfile: query('profiles/saveProfile'),
};

export const FRAMINGS = ['balanced', 'assertive'] as const;
export type Framing = (typeof FRAMINGS)[number];

export interface Profile {
  /** 'default' until the tenant chooses a preset; 'custom' once it changes a single parameter. */
  preset: PresetName | 'default' | 'custom';
  decay: DecayParams;
  /** Token budget of the context block. */
  maxTokens: number;
  /** Minimum salience for a memory to be injected. */
  injectionThreshold: number;
  crisisSensitivity: CrisisSensitivity;
  /** How the context block states what it knows: 'assertive' states confident facts plainly (sales). */
  framing: Framing;
  /** 0..1: how much sentiment intensity (s4) counts in scoring; legal keeps it minimal. */
  emotionWeight: number;
  /** Record (:Memory)-[:CONTRADICTS]->(:Memory) when a new fact contradicts a stored one. */
  contradictionFlagging: boolean;
}

export interface StoredProfile extends Profile {
  /** When the tenant last changed it; null for a tenant still on the untouched default. */
  updatedAt: string | null;
}

/** The parameters one update may change, flat (as stored on the :Profile node). */
export interface ProfileChanges {
  baseRate?: number;
  processingBoost?: number;
  residualFloor?: number;
  spikeTauDays?: number;
  maxTokens?: number;
  injectionThreshold?: number;
  crisisSensitivity?: CrisisSensitivity;
  framing?: Framing;
  emotionWeight?: number;
  contradictionFlagging?: boolean;
}

type FlooredKey = 'baseRate' | 'processingBoost' | 'residualFloor' | 'injectionThreshold';

/**
 * Governance floors (spec 8.3; only the injection threshold's value is the spec's). A request below one is
 * raised to it. `field` is the parameter's name in the API.
 */
export const FLOORS: Readonly<Record<FlooredKey, { field: string; value: number; prevents: string }>> = {
  baseRate: {
    field: 'decay_profile.base_rate',
    value: 0.001,
    prevents: 'indefinite persistence (at 0.001 a day the above-floor part halves in about two years, before processing history)',
  },
  processingBoost: { field: 'decay_profile.processing_boost', value: 0.1, prevents: 'ignoring processing history' },
  residualFloor: { field: 'decay_profile.residual_floor', value: 0.05, prevents: 'decay to zero (a memory keeps at least 5% of its base score)' },
  injectionThreshold: { field: 'injection_template.injection_threshold', value: 0.1, prevents: 'injecting memories of negligible salience' },
};

/** Valid ranges; a value outside one is a 400 (a value inside but below a floor is clamped instead). */
export const RANGES = {
  baseRate: { min: 0, max: 1 },
  processingBoost: { min: 0, max: 5 },
  residualFloor: { min: 0, max: 1 },
  spikeTauDays: { min: 1, max: 90 },
  maxTokens: { min: 100, max: 32_000 },
  injectionThreshold: { min: 0, max: 1 },
  emotionWeight: { min: 0, max: 1 },
} as const;

export interface Clamp {
  field: string;
  requested: number;
  applied: number;
}

/** Raises every value below its floor to the floor, and says which. */
export function applyFloors(changes: ProfileChanges): { changes: ProfileChanges; clamped: Clamp[] } {
  const out = { ...changes };
  const clamped: Clamp[] = [];
  for (const [key, floor] of Object.entries(FLOORS) as Array<[FlooredKey, (typeof FLOORS)[FlooredKey]]>) {
    const requested = out[key];
    if (requested !== undefined && requested < floor.value) {
      out[key] = floor.value;
      clamped.push({ field: floor.field, requested, applied: floor.value });
    }
  }
  return { changes: out, clamped };
}

/** The :Profile node's properties. */
type ProfileRecord = Omit<Profile, 'decay'> & DecayParams;

function toRecord(p: Profile): ProfileRecord {
  const { decay, ...rest } = p;
  return { ...rest, ...decay };
}

/** A stored node over the default, so a property added in a later version reads as its default. */
function fromRecord(row: Partial<Record<keyof ProfileRecord, unknown>> & { updatedAt?: unknown }): StoredProfile {
  const base = toRecord(DEFAULT_PROFILE);
  const r = { ...base, ...Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== undefined)) } as ProfileRecord & {
    updatedAt?: string;
  };
  return {
    preset: r.preset,
    decay: { baseRate: r.baseRate, processingBoost: r.processingBoost, residualFloor: r.residualFloor, spikeTauDays: r.spikeTauDays },
    maxTokens: r.maxTokens,
    injectionThreshold: r.injectionThreshold,
    crisisSensitivity: r.crisisSensitivity,
    framing: r.framing,
    emotionWeight: r.emotionWeight,
    contradictionFlagging: r.contradictionFlagging,
    updatedAt: r.updatedAt ?? null,
  };
}

export class ProfileService {
  /** Absent with no time to live: every call reads the graph. */
  private readonly cache: LRUCache<string, StoredProfile> | undefined;

  constructor(
    private readonly graph: Graph,
    /** Read on every scored or retrieved request, so cached; another replica's change shows within this time. */
    ttlMs = 5000,
  ) {
    this.cache = ttlMs > 0 ? new LRUCache({ max: 10_000, ttl: ttlMs }) : undefined;
  }

  /** The tenant's profile; the default (nothing written) for a tenant that never set one. */
  async get(tenantId: string): Promise<StoredProfile> {
    const hit = this.cache?.get(tenantId);
    if (hit) return hit;
    const [row] = await this.graph.read<{ profile: Record<string, unknown> }>(Q.getProfile, { tenantId });
    const profile = row ? fromRecord(row.profile) : { ...DEFAULT_PROFILE, decay: { ...DEFAULT_PROFILE.decay }, updatedAt: null };
    this.remember(tenantId, profile);
    return profile;
  }

  /** Replaces every parameter with the preset's ('default' returns to the service's defaults). */
  async applyPreset(tenantId: string, name: PresetName | 'default'): Promise<StoredProfile> {
    const profile = name === 'default' ? DEFAULT_PROFILE : PRESETS[name].profile;
    return this.save(tenantId, toRecord(profile));
  }

  /** Changes the given parameters only, after clamping to the floors; the profile becomes 'custom'. */
  async update(tenantId: string, requested: ProfileChanges): Promise<{ profile: StoredProfile; clamped: Clamp[] }> {
    const { changes, clamped } = applyFloors(requested);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return { profile: await this.save(tenantId, { ...defined, preset: 'custom' }), clamped };
  }

  private async save(tenantId: string, changes: Partial<ProfileRecord>): Promise<StoredProfile> {
    const [row] = await this.graph.write<{ profile: Record<string, unknown> }>(Q.saveProfile, {
      tenantId,
      base: toRecord(DEFAULT_PROFILE),
      changes,
    });
    if (!row) throw notFound(`No tenant with id ${tenantId}.`);
    const profile = fromRecord(row.profile);
    this.remember(tenantId, profile);
    return profile;
  }

  // Frozen: every caller shares the cached object, so none may change it for the others.
  private remember(tenantId: string, profile: StoredProfile): void {
    Object.freeze(profile.decay);
    Object.freeze(profile);
    this.cache?.set(tenantId, profile);
  }
}
