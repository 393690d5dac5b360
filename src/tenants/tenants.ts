// Tenants and their keys: creation (signup, admin), lookup for authentication, revocation, operator changes.
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { GraphConstraintError } from '../graph/errors.js';
import type { Graph } from '../graph/graph.js';
import { query } from '../graph/queries.js';
import { conflict, notFound } from '../http/errors.js';
import { generateKey, hashKey, type RouteSet } from './keys.js';
import { effectiveLimits, TRIAL_DAYS, type Limits, type LimitOverrides, type Tier } from './tiers.js';

const Q = {
  saveTenantWithKey: query('tenants/saveTenantWithKey'),
  saveKey: query('tenants/saveKey'),
  getKeyByHash: query('tenants/getKeyByHash', { hot: true }),
  revokeKey: query('tenants/revokeKey'),
  getTenantById: query('tenants/getTenantById'),
  saveTenant: query('tenants/saveTenant'),
};

export type TenantStatus = 'trial_active' | 'active' | 'suspended';

/** A key as an operator sees it: never the key itself, nor its hash. */
export interface TenantKeyRow {
  id: string;
  prefix: string;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** What a request knows about its caller once the key is recognised. */
export interface Principal {
  tenantId: string;
  keyId: string;
  routeSet: RouteSet;
  tier: Tier;
  status: TenantStatus;
  trialEnds: string | null;
  limits: Limits;
}

interface TenantRow extends LimitOverrides {
  id: string;
  routeSet: RouteSet;
  tier: Tier;
  status: TenantStatus;
  trialEnds: string | null;
}

export interface IssuedKey {
  tenantId: string;
  keyId: string;
  apiKey: string;
  keyPrefix: string;
  createdAt: string;
}

export interface NewTenant {
  name: string;
  routeSet: RouteSet;
  tier: Tier;
  signup?: { email: string; companyName: string; contactName: string };
  keyLabel?: string;
}

export class TenantService {
  /** Key hash → its caller (null: unknown or revoked), for keyCacheTtlMs. */
  private readonly keyCache: LRUCache<string, { principal: Principal | null }> | undefined;

  constructor(
    private readonly graph: Graph,
    keyCacheTtlMs: number,
  ) {
    this.keyCache = keyCacheTtlMs > 0 ? new LRUCache({ max: 10_000, ttl: keyCacheTtlMs }) : undefined;
  }

  async createTenant(t: NewTenant, now = new Date()): Promise<IssuedKey & { trialEnds: string | null; status: TenantStatus }> {
    const key = generateKey(t.routeSet);
    const isTrial = t.tier === 'trial';
    const trialEnds = isTrial ? new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString() : null;
    const status: TenantStatus = isTrial ? 'trial_active' : 'active';
    try {
      const [row] = await this.graph.write<{ tenantId: string; keyId: string; createdAt: string }>(Q.saveTenantWithKey, {
        tenant: {
          id: randomUUID(),
          name: t.name,
          routeSet: t.routeSet,
          tier: t.tier,
          status,
          trialEnds,
          signupEmail: t.signup?.email.toLowerCase() ?? null,
          companyName: t.signup?.companyName ?? null,
          contactName: t.signup?.contactName ?? null,
        },
        key: { id: randomUUID(), hash: key.hash, prefix: key.prefix, label: t.keyLabel ?? 'default' },
      });
      return { tenantId: row!.tenantId, keyId: row!.keyId, apiKey: key.key, keyPrefix: key.prefix, createdAt: row!.createdAt, trialEnds, status };
    } catch (err) {
      if (err instanceof GraphConstraintError) throw conflict('This email is already registered.');
      throw err;
    }
  }

  async addKey(tenantId: string, routeSet: RouteSet, label = 'default'): Promise<IssuedKey> {
    const key = generateKey(routeSet);
    const [row] = await this.graph.write<{ tenantId: string; keyId: string; createdAt: string }>(Q.saveKey, {
      tenantId,
      key: { id: randomUUID(), hash: key.hash, prefix: key.prefix, label },
    });
    if (!row) throw notFound(`No tenant with id ${tenantId}.`);
    return { tenantId, keyId: row.keyId, apiKey: key.key, keyPrefix: key.prefix, createdAt: row.createdAt };
  }

  /** The caller behind a key, or null for an unknown or revoked key. Cached briefly: this runs on every request. */
  async principalForKey(apiKey: string): Promise<Principal | null> {
    const hash = hashKey(apiKey);
    const cached = this.keyCache?.get(hash);
    if (cached) return cached.principal;
    const [row] = await this.graph.read<{ keyId: string; revoked: boolean; tenant: TenantRow }>(Q.getKeyByHash, { hash });
    const principal = row && !row.revoked ? toPrincipal(row.keyId, row.tenant) : null;
    this.keyCache?.set(hash, { principal });
    return principal;
  }

  async revokeKey(keyId: string): Promise<{ keyId: string; tenantId: string; revokedAt: string }> {
    const [row] = await this.graph.write<{ keyId: string; tenantId: string; revokedAt: string }>(Q.revokeKey, { keyId });
    if (!row) throw notFound(`No key with id ${keyId}.`);
    this.keyCache?.clear();
    return row;
  }

  async getById(tenantId: string) {
    const [row] = await this.graph.read<{ tenant: (TenantRow & { name: string; createdAt: string }) | null; keys: TenantKeyRow[] }>(Q.getTenantById, {
      tenantId,
    });
    if (!row?.tenant) throw notFound(`No tenant with id ${tenantId}.`);
    return { ...row.tenant, limits: effectiveLimits(row.tenant.tier, row.tenant), keys: row.keys };
  }

  async save(tenantId: string, changes: { tier?: Tier; status?: TenantStatus; trialEnds?: string | null } & LimitOverrides): Promise<void> {
    const clear = Object.entries(changes)
      .filter(([, v]) => v === null)
      .map(([k]) => k);
    const [row] = await this.graph.write(Q.saveTenant, {
      tenantId,
      changes: {
        tier: changes.tier ?? null,
        status: changes.status ?? null,
        trialEnds: changes.trialEnds ?? null,
        maxUsers: changes.maxUsers ?? null,
        maxNodesPerUser: changes.maxNodesPerUser ?? null,
        rateLimitRpm: changes.rateLimitRpm ?? null,
        rateLimitDaily: changes.rateLimitDaily ?? null,
      },
      clear,
    });
    if (!row) throw notFound(`No tenant with id ${tenantId}.`);
    this.keyCache?.clear();
  }
}

function toPrincipal(keyId: string, t: TenantRow): Principal {
  return {
    tenantId: t.id,
    keyId,
    routeSet: t.routeSet,
    tier: t.tier,
    status: t.status,
    trialEnds: t.trialEnds,
    limits: effectiveLimits(t.tier, t),
  };
}
