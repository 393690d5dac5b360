// Example values shared by the endpoint definitions' examples.

// --- example values ---
export const USER = 'user-42';
export const NODE = '0b6f2c1e-5a3d-4e8f-9c7b-1a2d3e4f5a6b';
export const NODE2 = '5d2a9e41-0c3b-4f6e-8a1d-2b3c4d5e6f70';
export const MSG = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
export const MSG2 = '8d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';
export const TENANT = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
export const KEY_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
export const LEDGER = '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f';
export const REQUEST = '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c';
export const EVENT = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
export const T0 = '2026-11-22T10:15:00.000Z';
export const T1 = '2026-11-22T10:15:02.000Z';
export const SAFE = { crisis_detected: false, categories: [] };
export const ITEM = {
  node_id: NODE,
  type: 'facet',
  about: 'peanut allergy',
  sentence: 'Sarah is severely allergic to peanuts.',
  domain: 'health',
  entity: 'Sarah',
  salience: 0.82,
  pinned: false,
  state: 'active',
  processing_count: 1,
  created_at: T0,
  updated_at: T0,
  archived: false,
  revisions: 0,
};
export const { about: _a, sentence: _s, archived: _ar, revisions: _r, ...ITEM_REST } = ITEM;
export const NODE_B2C = { ...ITEM_REST, node_id: NODE, type: 'facet', topic: 'peanut allergy', summary: 'Sarah is severely allergic to peanuts.' };
export const PARAMS = {
  decay_profile: { base_rate: 0.03, processing_boost: 0.6, residual_floor: 0.25, spike_tau_days: 7 },
  injection_template: { max_tokens: 6000, injection_threshold: 0.25, framing: 'balanced' },
  scoring: { emotion_weight: 1, contradiction_flagging: false },
  safety: { crisis_sensitivity: 'standard' },
};
export const LIMITS = { max_users: 25, max_nodes_per_user: 5000, rate_limit_rpm: 60, rate_limit_daily: 10000, features: 'all' };
export const LEDGER_RECORD = { ledger_id: LEDGER, node_id: NODE, node_type: 'facet', reason: 'incorrect', requested_by: 'person', at: T0 };
export const MESSAGE_DONE = {
  message_id: MSG,
  user_id: USER,
  speaker: 'user',
  status: 'done',
  attempts: 1,
  received_at: T0,
  event_time: T0,
  processed_at: T1,
  memory_ids: [NODE],
  facts_discarded: 0,
  error: null,
};
export const TENANT_BODY = {
  tenant_id: TENANT,
  name: 'Acme',
  route_set: 'v1',
  tier: 'starter',
  status: 'active',
  created_at: T0,
  trial_ends: null,
  limits: { max_users: 1000, max_nodes_per_user: 20000, rate_limit_rpm: 120, rate_limit_daily: 50000, features: 'standard' },
  keys: [{ key_id: KEY_ID, key_prefix: 'mm_v1_Zk3q9A', label: 'default', created_at: T0, revoked_at: null }],
};
export const DELETION = {
  request_id: REQUEST,
  user_id: USER,
  status: 'completed',
  requested_at: T0,
  started_at: T0,
  completed_at: T1,
  nodes_found: 14,
  nodes_deleted: 14,
  edges_deleted: 21,
  remaining: 0,
};
