// v1 profile routes (spec 2.7, 4.A): GET/PUT /profile and GET /profile/presets. The wire shape groups the
// parameters as the spec does (decay_profile, injection_template) and adds our own under scoring and safety.
import type { Routes } from '../registrar.js';
import { z } from 'zod';
import { parseBody } from '../../http/validate.js';
import {
  DEFAULT_PROFILE,
  FLOORS,
  FRAMINGS,
  PRESET_NAMES,
  PRESETS,
  RANGES,
  type Profile,
  type ProfileChanges,
  type StoredProfile,
} from '../../tenants/profiles.js';
import type { Services } from '../context.js';

const PRESET_CHOICES = [...PRESET_NAMES, 'default'] as const;

/** Unknown keys are refused by name, so a misspelt parameter never passes silently. */
const strict = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `unknown field${iss.keys.length > 1 ? 's' : ''} ${iss.keys.map((k) => `'${k}'`).join(', ')}`
        : iss.code === 'invalid_type'
          ? 'must be an object'
          : undefined,
  });

const inRange = ({ min, max }: { min: number; max: number }, int = false) => {
  const msg = `must be ${int ? 'an integer' : 'a number'} from ${min} to ${max}`;
  return z
    .number({ error: msg })
    .refine((x) => x >= min && x <= max && (!int || Number.isInteger(x)), msg)
    .optional();
};

export const ProfileUpdates = strict({
  decay_profile: strict({
    base_rate: inRange(RANGES.baseRate),
    processing_boost: inRange(RANGES.processingBoost),
    residual_floor: inRange(RANGES.residualFloor),
    spike_tau_days: inRange(RANGES.spikeTauDays),
  }).optional(),
  injection_template: strict({
    max_tokens: inRange(RANGES.maxTokens, true),
    injection_threshold: inRange(RANGES.injectionThreshold),
    framing: z.enum(FRAMINGS, { error: `must be one of ${FRAMINGS.join(', ')}` }).optional(),
  }).optional(),
  scoring: strict({
    emotion_weight: inRange(RANGES.emotionWeight),
    contradiction_flagging: z.boolean({ error: 'must be true or false' }).optional(),
  }).optional(),
  safety: strict({
    crisis_sensitivity: z.enum(['standard', 'high'], { error: 'must be standard or high' }).optional(),
  }).optional(),
});

export const PutProfileRequest = strict({
  preset: z.enum(PRESET_CHOICES, { error: `unknown preset; valid presets: ${PRESET_NAMES.join(', ')} (or default to return to the defaults)` }).optional(),
  updates: ProfileUpdates.optional(),
})
  .refine((b) => (b.preset === undefined) !== (b.updates === undefined), {
    error: "send exactly one of 'preset' and 'updates'",
    when: (payload) => payload.issues.length === 0,
  })
  .refine((b) => b.updates === undefined || Object.keys(toChanges(b.updates)).length > 0, {
    error: 'must change at least one parameter',
    path: ['updates'],
    // Only once the rest is valid: an unknown field is reported alone, not with this as a follow-on.
    when: (payload) => payload.issues.length === 0,
  });

/** Wire updates → the flat parameters the service stores; absent parameters stay absent. */
export function toChanges(u: z.infer<typeof ProfileUpdates>): ProfileChanges {
  const all: ProfileChanges = {
    baseRate: u.decay_profile?.base_rate,
    processingBoost: u.decay_profile?.processing_boost,
    residualFloor: u.decay_profile?.residual_floor,
    spikeTauDays: u.decay_profile?.spike_tau_days,
    maxTokens: u.injection_template?.max_tokens,
    injectionThreshold: u.injection_template?.injection_threshold,
    framing: u.injection_template?.framing,
    emotionWeight: u.scoring?.emotion_weight,
    contradictionFlagging: u.scoring?.contradiction_flagging,
    crisisSensitivity: u.safety?.crisis_sensitivity,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
}

function parameters(p: Profile) {
  return {
    decay_profile: {
      base_rate: p.decay.baseRate,
      processing_boost: p.decay.processingBoost,
      residual_floor: p.decay.residualFloor,
      spike_tau_days: p.decay.spikeTauDays,
    },
    injection_template: { max_tokens: p.maxTokens, injection_threshold: p.injectionThreshold, framing: p.framing },
    scoring: { emotion_weight: p.emotionWeight, contradiction_flagging: p.contradictionFlagging },
    safety: { crisis_sensitivity: p.crisisSensitivity },
  };
}

export const profileBody = (p: StoredProfile) => ({ preset: p.preset, ...parameters(p), updated_at: p.updatedAt });

export function registerProfileRoutes(router: Routes, s: Services): void {
  router.get('/profile', async (ctx) => {
    ctx.body = profileBody(await s.profiles.get(ctx.state.principal.tenantId));
  });

  // Either a preset (every parameter replaced) or updates (the named parameters only; the preset becomes
  // 'custom'). `clamped` lists each requested value raised to its governance floor.
  router.put('/profile', async (ctx) => {
    const body = parseBody(ctx, PutProfileRequest);
    const tenantId: string = ctx.state.principal.tenantId;
    if (body.preset !== undefined) {
      ctx.body = { ...profileBody(await s.profiles.applyPreset(tenantId, body.preset)), clamped: [] };
    } else {
      const { profile, clamped } = await s.profiles.update(tenantId, toChanges(body.updates!));
      ctx.body = { ...profileBody(profile), clamped };
    }
  });

  router.get('/profile/presets', (ctx) => {
    ctx.body = {
      presets: PRESET_NAMES.map((name) => ({ name, description: PRESETS[name].description, ...parameters(PRESETS[name].profile) })),
      default: { description: 'The profile of a tenant that never chose a preset.', ...parameters(DEFAULT_PROFILE) },
      floors: Object.fromEntries(Object.values(FLOORS).map((f) => [f.field, { value: f.value, prevents: f.prevents }])),
    };
  });
}
