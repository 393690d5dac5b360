// v1 profile routes (spec 2.7, 4.A): GET/PUT /profile and GET /profile/presets. The wire shape groups the
// parameters as the spec does (decay_profile, injection_template) and adds our own under scoring and safety.
import { z } from 'zod';
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
import { V1, endpoint, json } from '../endpoint.js';
import { PARAMS, T0 } from '../examples.js';
import { Count, Time, Unit, named } from '../responses.js';

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
  preset: z
    .enum(PRESET_CHOICES, { error: `unknown preset; valid presets: ${PRESET_NAMES.join(', ')} (or default to return to the defaults)` })
    .optional(),
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

const ProfileParameters = {
  decay_profile: z.strictObject({ base_rate: z.number(), processing_boost: z.number(), residual_floor: z.number(), spike_tau_days: z.number() }),
  injection_template: z.strictObject({ max_tokens: Count, injection_threshold: Unit, framing: z.enum(FRAMINGS) }),
  scoring: z.strictObject({ emotion_weight: Unit, contradiction_flagging: z.boolean() }),
  safety: z.strictObject({ crisis_sensitivity: z.enum(['standard', 'high']) }),
};

const PresetChoice = z.enum([...PRESET_NAMES, 'default', 'custom']);

export const ProfileResponse = named(
  'ProfileResponse',
  "The tenant's configuration profile.",
  z.strictObject({ preset: PresetChoice, ...ProfileParameters, updated_at: Time.nullable() }),
);

export const PutProfileResponse = named(
  'PutProfileResponse',
  'The profile as stored, and every requested value raised to its governance floor.',
  z.strictObject({
    preset: PresetChoice,
    ...ProfileParameters,
    updated_at: Time.nullable(),
    clamped: z.array(z.strictObject({ field: z.string(), requested: z.number(), applied: z.number() })),
  }),
);

export const PresetsResponse = named(
  'PresetsResponse',
  'The 16 presets, the defaults and the governance floors.',
  z.strictObject({
    presets: z.array(z.strictObject({ name: z.enum(PRESET_NAMES), description: z.string(), ...ProfileParameters })),
    default: z.strictObject({ description: z.string(), ...ProfileParameters }),
    floors: z.record(z.string(), z.strictObject({ value: z.number(), prevents: z.string() })),
  }),
);

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

export const PROFILE_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: `${V1}/profile`,
    operationId: 'getProfile',
    summary: "The tenant's profile",
    description: 'Decay, context budget, scoring and safety parameters; `default` until the tenant chooses.',
    tag: 'Profiles and presets',
    security: 'v1Key',
    request: {},
    responses: { 200: json(ProfileResponse, 'The profile.') },
    example: { response: { status: 200, body: { preset: 'default', ...PARAMS, updated_at: null } } },
    handler: async ({ s, who }) => profileBody(await s.profiles.get(who.tenantId)),
  }),
  // Either a preset (every parameter replaced) or updates (the named parameters only; the preset becomes
  // 'custom'). `clamped` lists each requested value raised to its governance floor.
  endpoint({
    method: 'put',
    path: `${V1}/profile`,
    operationId: 'putProfile',
    summary: 'Choose a preset or change parameters',
    description:
      'Exactly one of {preset} (every parameter replaced) or {updates} (any subset; the preset becomes custom). Ranges (400 outside): base_rate, residual_floor, injection_threshold, emotion_weight 0–1; processing_boost 0–5; spike_tau_days 1–90; max_tokens an integer 100–32000. Values in range but below a governance floor are clamped up and listed in `clamped`.',
    tag: 'Profiles and presets',
    security: 'v1Key',
    request: { body: PutProfileRequest },
    responses: { 200: json(PutProfileResponse, 'The profile as stored.') },
    example: {
      request: { body: { updates: { injection_template: { injection_threshold: 0.05 } } } },
      response: {
        status: 200,
        body: {
          preset: 'custom',
          ...PARAMS,
          injection_template: { ...PARAMS.injection_template, injection_threshold: 0.1 },
          updated_at: T0,
          clamped: [{ field: 'injection_template.injection_threshold', requested: 0.05, applied: 0.1 }],
        },
      },
    },
    async handler({ s, who, body }) {
      const input = body();
      if (input.preset !== undefined) return { ...profileBody(await s.profiles.applyPreset(who.tenantId, input.preset)), clamped: [] };
      const { profile, clamped } = await s.profiles.update(who.tenantId, toChanges(input.updates!));
      return { ...profileBody(profile), clamped };
    },
  }),
  endpoint({
    method: 'get',
    path: `${V1}/profile/presets`,
    operationId: 'presets',
    summary: 'The presets, the defaults and the floors',
    description: 'The 16 presets with every parameter, the default profile and the governance floors.',
    tag: 'Profiles and presets',
    security: 'v1Key',
    request: {},
    responses: { 200: json(PresetsResponse, 'Presets.') },
    example: {
      response: {
        status: 200,
        body: {
          presets: [{ name: 'reflective', description: 'Slow decay, larger budget.', ...PARAMS }],
          default: { description: 'The profile of a tenant that never chose a preset.', ...PARAMS },
          floors: { 'injection_template.injection_threshold': { value: 0.1, prevents: 'injecting memories of negligible salience' } },
        },
      },
    },
    handler: () => ({
      presets: PRESET_NAMES.map((name) => ({ name, description: PRESETS[name].description, ...parameters(PRESETS[name].profile) })),
      default: { description: 'The profile of a tenant that never chose a preset.', ...parameters(DEFAULT_PROFILE) },
      floors: Object.fromEntries(Object.values(FLOORS).map((f) => [f.field, { value: f.value, prevents: f.prevents }])),
    }),
  }),
];
