// Tiers and their limits (spec 2.1, 8.1, 8.2). Values the spec leaves open are ours and documented in docs/integrating.md.
export const TIERS = ['trial', 'starter', 'scale', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export interface Limits {
  maxUsers: number;
  maxNodesPerUser: number;
  rateLimitRpm: number;
  rateLimitDaily: number;
  features: string;
  /** node_type on /ingest: Scale and Enterprise only (spec 8.3). */
  customNodeTypes: boolean;
}

export const TIER_LIMITS: Record<Tier, Limits> = {
  trial: { maxUsers: 25, maxNodesPerUser: 5000, rateLimitRpm: 60, rateLimitDaily: 10_000, features: 'all', customNodeTypes: true },
  starter: { maxUsers: 1000, maxNodesPerUser: 20_000, rateLimitRpm: 120, rateLimitDaily: 50_000, features: 'standard', customNodeTypes: false },
  scale: { maxUsers: 100_000, maxNodesPerUser: 100_000, rateLimitRpm: 300, rateLimitDaily: 200_000, features: 'all', customNodeTypes: true },
  enterprise: {
    maxUsers: 1_000_000,
    maxNodesPerUser: 250_000,
    rateLimitRpm: 1200,
    rateLimitDaily: 2_000_000,
    features: 'all',
    customNodeTypes: true,
  },
};

export const TRIAL_DAYS = 30;

/** Per-tenant overrides an operator set with PATCH /admin/tenants/{id}; null means the tier's value. */
export interface LimitOverrides {
  maxUsers?: number | null;
  maxNodesPerUser?: number | null;
  rateLimitRpm?: number | null;
  rateLimitDaily?: number | null;
}

export function effectiveLimits(tier: Tier, o: LimitOverrides = {}): Limits {
  const base = TIER_LIMITS[tier];
  return {
    ...base,
    maxUsers: o.maxUsers ?? base.maxUsers,
    maxNodesPerUser: o.maxNodesPerUser ?? base.maxNodesPerUser,
    rateLimitRpm: o.rateLimitRpm ?? base.rateLimitRpm,
    rateLimitDaily: o.rateLimitDaily ?? base.rateLimitDaily,
  };
}

/** The wire shape of limits (spec 2.1). */
export function limitsBody(l: Limits) {
  return {
    max_users: l.maxUsers,
    max_nodes_per_user: l.maxNodesPerUser,
    rate_limit_rpm: l.rateLimitRpm,
    rate_limit_daily: l.rateLimitDaily,
    features: l.features,
  };
}
