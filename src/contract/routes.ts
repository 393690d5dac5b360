// The route table: one entry per route of the service, with the very zod schemas the routes validate their
// input with (imported from src/routes/**), the response schemas of src/contract/responses.ts per status, and an
// example. src/contract/openapi.ts turns it into the OpenAPI 3.1 document; test/integration/openapi.test.ts
// checks it against the routers the app really registers and every answer of a real flow against it.
import { z } from 'zod';
import { errorFormatFor } from '../http/errors.js';
import { AuditQuery, CreateKeyRequest, IdParam, UpdateTenantRequest } from '../routes/admin.js';
import { B2cIngestRequest, RetrieveRequest, TurnRequest } from '../routes/b2c/conversation.js';
import { FixNodeRequest, NodesQuery } from '../routes/b2c/controls.js';
import { RequestId } from '../routes/b2c/erase.js';
import { PinRequest, SuppressRequest, UserQuery } from '../routes/controlInput.js';
import { MessageId, NodeId, UserId, WaitSeconds } from '../routes/schemas.js';
import { SignupRequest } from '../routes/v1/account.js';
import { DeleteItemRequest, FixItemRequest, ItemsQuery } from '../routes/v1/controls.js';
import { BatchRequest, IngestRequest, IngestV2Request, ProcessRequest, ScoreRequest } from '../routes/v1/ingest.js';
import { PutProfileRequest } from '../routes/v1/profile.js';
import { ContextItemsRequest, QueryRequest, ViewQuery } from '../routes/v1/retrieval.js';
import * as R from './responses.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** Which key a route needs; null: public. b2cKey and adminToken each accept two headers (see openapi.ts). */
export type Security = 'v1Key' | 'b2cKey' | 'adminToken' | null;

export interface ResponseSpec {
  description: string;
  schema: z.ZodType;
  /** application/json unless given. */
  contentType?: string;
}

export interface RouteExample {
  request?: { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown };
  response: { status: number; body: unknown };
}

export interface RouteSpec {
  method: Method;
  /** OpenAPI form, e.g. /api/v1/nodes/{node_id}. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  security: Security;
  request: {
    body?: z.ZodType;
    /** DELETE controls take their fields from the query string or from a JSON body: the body is optional. */
    bodyOptional?: boolean;
    query?: z.ZodType;
    params?: z.ZodObject;
  };
  /** By status ('200', '404', …, and 'default' for 500 and 503). */
  responses: Record<string, ResponseSpec>;
  example: RouteExample;
}

export const TAGS = [
  { name: 'Account', description: 'Trial signup, health, readiness and usage (spec 4.A).' },
  { name: 'Putting information in', description: 'Ingest now, ingest through the background write path, scoring and message status.' },
  { name: 'Getting context out', description: 'Context before the model answers: items, a framed block, the organised view.' },
  { name: 'Profiles and presets', description: "The tenant's configuration profile (spec 2.7)." },
  { name: 'People in control (v1)', description: 'Person controls under /api/v1/memory/v2: list, suppress, pin, fix, delete, ledger, export, erase. Errors are sentences.' },
  { name: 'Diagnostics', description: "One person's memory graph in figures." },
  { name: 'b2c', description: 'The b2c route set under /api/b2c/memory: retrieve, turn, ingest and the person controls.' },
  { name: 'Admin', description: 'Keys, tenants and the audit log (ADMIN_TOKEN).' },
  { name: 'MCP', description: 'The MCP server over SSE and HTTP (spec 4.E): tools svc_ingest, svc_context, svc_query, svc_entities, svc_delete; a v1 key in X-API-Key.' },
  { name: 'Operations', description: 'Metrics, the quickstart page and this document.' },
] as const;
type Tag = (typeof TAGS)[number]['name'];

// --- error responses, in the format of the route's path (spec 7) ---
function errorSchemaFor(path: string): z.ZodType {
  switch (errorFormatFor(path)) {
    case 'v1':
      return R.V1Error;
    case 'sentence':
      return R.SentenceError;
    case 'b2c':
      return R.B2cError;
  }
}

type Extra = Partial<Record<'400' | '403' | '404' | '409', string>>;

interface Def extends Omit<RouteSpec, 'responses' | 'tag' | 'operationId'> {
  tag: Tag;
  operationId: string;
  ok: Record<string, ResponseSpec>;
  errors?: Extra;
}

function route(d: Def): RouteSpec {
  const err = errorSchemaFor(d.path);
  const e = (description: string): ResponseSpec => ({ description, schema: err });
  const responses: Record<string, ResponseSpec> = { ...d.ok };
  const hasInput = d.request.body !== undefined || d.request.query !== undefined || d.request.params !== undefined;
  if (hasInput || d.errors?.['400']) responses['400'] = e(d.errors?.['400'] ?? 'Invalid request: the message names each bad or missing field.');
  if (d.security === 'adminToken') {
    responses['401'] = e('The admin token is missing or not recognised.');
    responses['403'] = e('The admin API is disabled: ADMIN_TOKEN is not set.');
  } else if (d.security) {
    responses['401'] = e(
      d.security === 'b2cKey'
        ? 'The key is missing, malformed or not recognised (a v1 key is not recognised here); a sentence without a code.'
        : 'The key is missing, malformed or not recognised (a b2c key is not recognised here).',
    );
    responses['403'] = e(d.errors?.['403'] ?? 'The trial has ended or the tenant is suspended.');
    responses['429'] = e('Rate limit exceeded; the Retry-After header says how many seconds to wait.');
  }
  if (d.errors?.['404']) responses['404'] = e(d.errors['404']);
  if (d.errors?.['409']) responses['409'] = e(d.errors['409']);
  if (d.request.body !== undefined) {
    responses['413'] = e('The body is larger than BODY_LIMIT_BYTES.');
    responses['415'] = e('The body is not JSON.');
  }
  responses.default = e('500 INTERNAL_ERROR, or 503 SERVICE_UNAVAILABLE with Retry-After when Neo4j cannot be reached.');
  const { ok: _ok, errors: _errors, ...rest } = d;
  return { ...rest, responses };
}

const json = (schema: z.ZodType, description: string): ResponseSpec => ({ schema, description });

// --- example values ---
const USER = 'user-42';
const NODE = '0b6f2c1e-5a3d-4e8f-9c7b-1a2d3e4f5a6b';
const NODE2 = '5d2a9e41-0c3b-4f6e-8a1d-2b3c4d5e6f70';
const MSG = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const MSG2 = '8d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';
const TENANT = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const KEY_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const LEDGER = '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f';
const REQUEST = '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c';
const EVENT = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const T0 = '2026-11-22T10:15:00.000Z';
const T1 = '2026-11-22T10:15:02.000Z';
const SAFE = { crisis_detected: false, categories: [] };
const ITEM = {
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
const { about: _a, sentence: _s, archived: _ar, revisions: _r, ...ITEM_REST } = ITEM;
const NODE_B2C = { ...ITEM_REST, node_id: NODE, type: 'facet', topic: 'peanut allergy', summary: 'Sarah is severely allergic to peanuts.' };
const PARAMS = {
  decay_profile: { base_rate: 0.03, processing_boost: 0.6, residual_floor: 0.25, spike_tau_days: 7 },
  injection_template: { max_tokens: 6000, injection_threshold: 0.25, framing: 'balanced' },
  scoring: { emotion_weight: 1, contradiction_flagging: false },
  safety: { crisis_sensitivity: 'standard' },
};
const LIMITS = { max_users: 25, max_nodes_per_user: 5000, rate_limit_rpm: 60, rate_limit_daily: 10000, features: 'all' };
const LEDGER_RECORD = { ledger_id: LEDGER, node_id: NODE, node_type: 'facet', reason: 'incorrect', requested_by: 'person', at: T0 };
const MESSAGE_DONE = {
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
const TENANT_BODY = {
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
const DELETION = {
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

// --- path parameters ---
const NodeParam = z.object({ node_id: z.string().describe('A node id (UUID). Anything else, and ids of another person or tenant, are answered 404.') });
const MessageParam = z.object({ message_id: z.string().describe('A message id (UUID) from an ingest answer; anything else is 404.') });
const UserParam = z.object({ user_id: UserId });
const AdminKeyParam = z.object({ key_id: IdParam });
const TenantParam = z.object({ tenant_id: IdParam });
// The message-status query: ?wait=N seconds (the very field schema the handler parses `wait` with).
const WaitQuery = z.object({ wait: WaitSeconds });
// GET /users/{id}/deletion: ?request_id (optional; a malformed id is answered 404 like an unknown one).
const DeletionQuery = z.object({ request_id: RequestId.optional() });

// MCP: the SDK's transports validate JSON-RPC themselves; these describe what they take.
const JsonRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number()]).optional().describe('Absent for a notification.'),
  method: z.string().describe('initialize, tools/list, tools/call, …'),
  params: z.record(z.string(), z.unknown()).optional().describe('tools/call: {name, arguments}.'),
});
const SessionQuery = z.object({ sessionId: z.string().describe('The session id named by the `endpoint` event of GET /mcp/sse.') });

const V1 = '/api/v1';
const B2C = '/api/b2c/memory';

const NODE_404 = 'No such memory for this person and tenant (unknown ids, malformed ids and ids of another person or tenant alike).';

export const ROUTES: RouteSpec[] = [
  // ===================== v1: account =====================
  route({
    method: 'post',
    path: `${V1}/trial/signup`,
    operationId: 'signup',
    summary: 'Start a 30-day trial',
    description: 'Creates a trial tenant with one v1 key. The key is in this answer only. No key needed.',
    tag: 'Account',
    security: null,
    request: { body: SignupRequest },
    ok: { '201': json(R.SignupResponse, 'The trial tenant and its key (shown once).') },
    errors: { '409': 'The email is already registered.' },
    example: {
      request: { body: { company_name: 'Acme', email: 'dev@acme.example', name: 'Ada' } },
      response: {
        status: 201,
        body: {
          status: 'trial_active',
          tenant_id: TENANT,
          api_key: 'mm_v1_Zk3q9A4bLr0sTn2cV5xWm8yQe1uPo7iDh6gFj3kHa9s',
          trial_ends: '2026-12-22T10:15:00.000Z',
          limits: LIMITS,
          quickstart: 'http://localhost:8080/docs/quickstart',
          base_url: 'http://localhost:8080/api/v1',
        },
      },
    },
  }),
  route({
    method: 'get',
    path: `${V1}/health`,
    operationId: 'health',
    summary: 'Liveness',
    description: 'The process answers; Neo4j is not touched. No key needed.',
    tag: 'Account',
    security: null,
    request: {},
    ok: { '200': json(R.HealthResponse, 'Alive.') },
    example: { response: { status: 200, body: { status: 'ok', version: '0.1.0' } } },
  }),
  route({
    method: 'get',
    path: `${V1}/health/ready`,
    operationId: 'ready',
    summary: 'Readiness',
    description: 'Neo4j answers a trivial query within a second. No key needed.',
    tag: 'Account',
    security: null,
    request: {},
    ok: {
      '200': json(R.ReadyResponse, 'Ready.'),
      '503': json(R.UnavailableResponse, 'Neo4j cannot be reached.'),
    },
    example: { response: { status: 200, body: { status: 'ready', version: '0.1.0', neo4j: { reachable: true, latency_ms: 1.4 } } } },
  }),
  route({
    method: 'get',
    path: `${V1}/stats`,
    operationId: 'stats',
    summary: 'Usage and limits of the tenant',
    description: 'Tier, trial, users, memory nodes and API calls today and this month (spec 4.A).',
    tag: 'Account',
    security: 'v1Key',
    request: {},
    ok: { '200': json(R.StatsResponse, 'Usage.') },
    example: {
      response: {
        status: 200,
        body: {
          tier: 'trial',
          trial: { trial_ends: '2026-12-22T10:15:00.000Z', days_remaining: 30 },
          users: { total: 3, limit: 25 },
          memory_nodes: { total: 42, avg_salience: 0.412, high_salience: 6 },
          api_calls: { today: 17, this_month: 230, rpm_limit: 60, daily_limit: 10000 },
        },
      },
    },
  }),

  // ===================== v1: putting information in =====================
  route({
    method: 'post',
    path: `${V1}/ingest`,
    operationId: 'ingest',
    summary: 'Store one memory now',
    description: 'Scrubs PII, scores, extracts entities and stores one memory synchronously. node_type needs the Scale or Enterprise tier, or the trial.',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { body: IngestRequest },
    ok: { '201': json(R.IngestResponse, 'Stored.') },
    errors: { '403': 'node_type on a tier without custom node types, a user or memory limit reached, the trial ended or the tenant is suspended.' },
    example: {
      request: { body: { user_id: USER, content: 'My wife Sarah is severely allergic to peanuts.' } },
      response: {
        status: 201,
        body: {
          node_id: NODE,
          scoring: { base_score: 0.71, s1: 0.62, s2: 0.5, s3: 0.48, s4: 0.55, s5: 0.4, signal_modifiers_applied: true },
          entities_created: ['Sarah'],
          safety: SAFE,
        },
      },
    },
  }),
  route({
    method: 'post',
    path: `${V1}/ingest/batch`,
    operationId: 'ingestBatch',
    summary: 'Store up to 100 memories',
    description: 'Each item has the /ingest body and is validated and stored on its own: a bad item fails alone, with its reason.',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { body: BatchRequest },
    ok: { '200': json(R.BatchResponse, 'One result per item, in order.') },
    example: {
      request: { body: { items: [{ user_id: USER, content: 'I play the cello on Tuesdays.' }, { user_id: USER }] } },
      response: {
        status: 200,
        body: {
          results: [
            { index: 0, status: 'stored', node_id: NODE },
            { index: 1, status: 'failed', error: { code: 'INVALID_REQUEST', message: "Invalid request: 'items.1.content' is required." } },
          ],
          total: 2,
          succeeded: 1,
          failed: 1,
        },
      },
    },
  }),
  route({
    method: 'post',
    path: `${V1}/score`,
    operationId: 'score',
    summary: 'Score content without storing it',
    description: 'The analysis and scoring of /ingest, nothing stored.',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { body: ScoreRequest },
    ok: { '200': json(R.ScoreResponse, 'The scores.') },
    example: {
      request: { body: { content: 'I never eat shellfish.', include_signals: true } },
      response: {
        status: 200,
        body: { base_score: 0.68, categories: ['constraint'], decay_modifier: 0.5, signal_scores: { s1: 0.5, s2: 0.5, s3: 0.3, s4: 0.4, s5: 0.2 } },
      },
    },
  }),
  route({
    method: 'post',
    path: `${V1}/process/{node_id}`,
    operationId: 'process',
    summary: 'Record a processing event',
    description: 'Increments the processing count and raises a spike (the memory was discussed or used).',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { params: NodeParam, body: ProcessRequest },
    ok: { '200': json(R.ProcessResponse, 'Recorded.') },
    errors: { '404': NODE_404 },
    example: {
      request: { params: { node_id: NODE }, body: { user_id: USER } },
      response: { status: 200, body: { node_id: NODE, status: 'processed', processing_count: 2 } },
    },
  }),
  route({
    method: 'get',
    path: `${V1}/nodes/{node_id}`,
    operationId: 'node',
    summary: 'One memory',
    description: 'One memory of the tenant in detail, salience computed now.',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { params: NodeParam },
    ok: { '200': json(R.NodeResponse, 'The memory.') },
    errors: { '404': 'No such memory in this tenant (unknown and malformed ids alike).' },
    example: {
      request: { params: { node_id: NODE } },
      response: {
        status: 200,
        body: {
          node_id: NODE,
          user_id: USER,
          node_type: 'facet',
          topic: 'peanut allergy',
          summary: 'Sarah is severely allergic to peanuts.',
          current_salience: 0.82,
          base_score: 0.71,
          domain: 'health',
          entities: ['Sarah'],
          processing_count: 1,
          created_at: T0,
          last_accessed: null,
        },
      },
    },
  }),
  route({
    method: 'post',
    path: `${V1}/ingest/v2`,
    operationId: 'ingestMessage',
    summary: 'Send one message of the conversation (after the model answered)',
    description:
      'Stores the message and answers 202; the background worker extracts its memories. event_time loads past conversations; speaker_name names who speaks in a conversation between people. Poll GET /messages/{message_id}?wait=N to know when it is processed.',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { body: IngestV2Request },
    ok: { '202': json(R.IngestV2Response, 'Stored; processing in the background.') },
    example: {
      request: { body: { user_id: USER, speaker: 'user', message: 'My wife Sarah is severely allergic to peanuts.' } },
      response: { status: 202, body: { message_id: MSG, user_id: USER, status: 'pending', received_at: T0, safety: SAFE } },
    },
  }),
  route({
    method: 'get',
    path: `${V1}/messages/{message_id}`,
    operationId: 'message',
    summary: 'Where a message stands',
    description: '?wait=N (at most 30 seconds) holds the answer until the message is done or failed.',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { params: MessageParam, query: WaitQuery },
    ok: { '200': json(R.MessageStatusResponse, 'The message status.') },
    errors: { '404': 'No such message in this tenant.' },
    example: { request: { params: { message_id: MSG }, query: { wait: 10 } }, response: { status: 200, body: MESSAGE_DONE } },
  }),

  // ===================== v1: getting context out =====================
  route({
    method: 'post',
    path: `${V1}/context/items`,
    operationId: 'contextItems',
    summary: 'Context items for this message (before the model answers)',
    description: 'Plain sentences to put in the system prompt: no caution wording, no scores. max_tokens (our extension) overrides the profile budget.',
    tag: 'Getting context out',
    security: 'v1Key',
    request: { body: ContextItemsRequest },
    ok: { '200': json(R.ContextItemsResponse, 'The items, best first, within the budget.') },
    example: {
      request: { body: { user_id: USER, message: 'What should I cook for my wife tonight?' } },
      response: {
        status: 200,
        body: { user_id: USER, items: [{ node_id: NODE, about: 'peanut allergy', sentence: 'Sarah is severely allergic to peanuts.', date: '2026-11-22' }], count: 1 },
      },
    },
  }),
  route({
    method: 'post',
    path: `${V1}/query`,
    operationId: 'query',
    summary: 'A framed context block (before the model answers)',
    description: 'Memories framed as assert, hedged ("Probably: …") or hook; include_weaving adds a "Connections" line per entity tying memories together.',
    tag: 'Getting context out',
    security: 'v1Key',
    request: { body: QueryRequest },
    ok: { '200': json(R.QueryResponse, 'The block and what went into it.') },
    example: {
      request: { body: { user_id: USER, current_input: 'What should I cook for my wife tonight?' } },
      response: {
        status: 200,
        body: {
          context: 'What you know about this person from earlier conversations:\n- Sarah is severely allergic to peanuts.',
          node_count: 1,
          confidence: 'MEDIUM',
          retrieval_channels: { salience: 0, recency: 0, constraints: 1 },
          nodes: [{ node_id: NODE, topic: 'peanut allergy', salience: 0.82, framing: 'assert' }],
        },
      },
    },
  }),
  route({
    method: 'get',
    path: `${V1}/context/{user_id}`,
    operationId: 'personContext',
    summary: "The person's organised memory, or its portability export",
    description: '?format=view (default): domains → entities → facet and theme sentences, suppressed topics left out. ?format=export: facets as objects, interests, suppressed topics and totals.',
    tag: 'Getting context out',
    security: 'v1Key',
    request: { params: UserParam, query: ViewQuery },
    ok: { '200': json(R.PersonContextResponse, 'ContextView, or ContextExport with ?format=export.') },
    example: {
      request: { params: { user_id: USER }, query: { format: 'view' } },
      response: {
        status: 200,
        body: {
          domains: [{ name: 'health', entities: [{ name: 'Sarah', salience: 0.64, facets: ['Sarah is severely allergic to peanuts.'], themes: [] }] }],
          total_entities: 1,
          total_domains: 1,
        },
      },
    },
  }),

  // ===================== v1: profiles =====================
  route({
    method: 'get',
    path: `${V1}/profile`,
    operationId: 'getProfile',
    summary: "The tenant's profile",
    description: 'Decay, context budget, scoring and safety parameters; `default` until the tenant chooses.',
    tag: 'Profiles and presets',
    security: 'v1Key',
    request: {},
    ok: { '200': json(R.ProfileResponse, 'The profile.') },
    example: { response: { status: 200, body: { preset: 'default', ...PARAMS, updated_at: null } } },
  }),
  route({
    method: 'put',
    path: `${V1}/profile`,
    operationId: 'putProfile',
    summary: 'Choose a preset or change parameters',
    description:
      'Exactly one of {preset} (every parameter replaced) or {updates} (any subset; the preset becomes custom). Ranges (400 outside): base_rate, residual_floor, injection_threshold, emotion_weight 0–1; processing_boost 0–5; spike_tau_days 1–90; max_tokens an integer 100–32000. Values in range but below a governance floor are clamped up and listed in `clamped`.',
    tag: 'Profiles and presets',
    security: 'v1Key',
    request: { body: PutProfileRequest },
    ok: { '200': json(R.PutProfileResponse, 'The profile as stored.') },
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
  }),
  route({
    method: 'get',
    path: `${V1}/profile/presets`,
    operationId: 'presets',
    summary: 'The presets, the defaults and the floors',
    description: 'The 16 presets with every parameter, the default profile and the governance floors.',
    tag: 'Profiles and presets',
    security: 'v1Key',
    request: {},
    ok: { '200': json(R.PresetsResponse, 'Presets.') },
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
  }),

  // ===================== v1: people in control (/memory/v2) =====================
  route({
    method: 'get',
    path: `${V1}/memory/v2/items`,
    operationId: 'items',
    summary: 'List everything held for a person',
    description: 'Newest first, paged with limit (1..200, default 50) and the opaque next_cursor; archived lines marked; replaced wordings left out.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { query: ItemsQuery },
    ok: { '200': json(R.ItemsResponse, 'A page.') },
    example: {
      request: { query: { user_id: USER, limit: 50 } },
      response: { status: 200, body: { user_id: USER, items: [ITEM], count: 1, total: 1, next_cursor: null } },
    },
  }),
  route({
    method: 'get',
    path: `${V1}/memory/v2/suppress`,
    operationId: 'suppressions',
    summary: 'Topics left alone',
    description: 'The topics the person asked to leave alone.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { query: UserQuery },
    ok: { '200': json(R.SuppressionsResponse, 'The topics.') },
    example: { request: { query: { user_id: USER } }, response: { status: 200, body: { user_id: USER, topics: [{ topic: 'Peanuts', since: T0 }], count: 1 } } },
  }),
  route({
    method: 'post',
    path: `${V1}/memory/v2/suppress`,
    operationId: 'suppress',
    summary: 'Leave a topic alone',
    description: 'Existing memories on the topic are left out of every retrieval (not deleted); new information on it is discarded; lasts until lifted. 201 when new, 200 when already suppressed.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { body: SuppressRequest },
    ok: { '201': json(R.SuppressResponse, 'Suppressed now.'), '200': json(R.SuppressResponse, 'Already suppressed.') },
    example: { request: { body: { user_id: USER, topic: 'Peanuts' } }, response: { status: 201, body: { user_id: USER, topic: 'Peanuts', suppressed: true, since: T0 } } },
  }),
  route({
    method: 'delete',
    path: `${V1}/memory/v2/suppress`,
    operationId: 'unsuppress',
    summary: 'Stop leaving a topic alone',
    description: 'Fields in the query string or a JSON body; case and spacing of the topic do not matter.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { query: SuppressRequest, body: SuppressRequest, bodyOptional: true },
    ok: { '200': json(R.UnsuppressResponse, 'Lifted.') },
    errors: { '404': 'The topic is not suppressed for this person.' },
    example: { request: { query: { user_id: USER, topic: 'peanuts' } }, response: { status: 200, body: { user_id: USER, topic: 'peanuts', suppressed: false } } },
  }),
  route({
    method: 'post',
    path: `${V1}/memory/v2/pin`,
    operationId: 'pin',
    summary: 'Keep a memory',
    description: 'The memory stays eligible for context whatever its salience, and is never archived or compressed.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { body: PinRequest },
    ok: { '200': json(R.PinResponse, 'Pinned.') },
    errors: { '404': NODE_404 },
    example: { request: { body: { user_id: USER, node_id: NODE } }, response: { status: 200, body: { user_id: USER, node_id: NODE, pinned: true } } },
  }),
  route({
    method: 'delete',
    path: `${V1}/memory/v2/pin`,
    operationId: 'unpin',
    summary: 'Stop keeping a memory',
    description: 'Fields in the query string or a JSON body.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { query: PinRequest, body: PinRequest, bodyOptional: true },
    ok: { '200': json(R.PinResponse, 'Unpinned.') },
    errors: { '404': NODE_404 },
    example: { request: { query: { user_id: USER, node_id: NODE } }, response: { status: 200, body: { user_id: USER, node_id: NODE, pinned: false } } },
  }),
  route({
    method: 'patch',
    path: `${V1}/memory/v2/nodes/{node_id}`,
    operationId: 'fixItem',
    summary: "Fix a memory's wording",
    description: "The new wording is scrubbed, re-scored and re-embedded; the replaced wording is kept as a revision (export only). `about` renames an entity. Domains cannot be reworded and the person's own entity cannot be renamed (400).",
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { params: NodeParam, body: FixItemRequest },
    ok: { '200': json(R.FixItemResponse, 'The item as it reads now.') },
    errors: { '404': NODE_404 },
    example: {
      request: { params: { node_id: NODE }, body: { user_id: USER, sentence: 'Sarah is mildly allergic to peanuts.' } },
      response: { status: 200, body: { user_id: USER, item: { ...ITEM, sentence: 'Sarah is mildly allergic to peanuts.', revisions: 1, updated_at: T1 } } },
    },
  }),
  route({
    method: 'delete',
    path: `${V1}/memory/v2/nodes/{node_id}`,
    operationId: 'deleteItem',
    summary: 'Delete one memory',
    description:
      "A ledger record first (reason and requester as codes), then the memory and its stored details, then the audit event, in one transaction. Themes, messages and replaced wordings survive. Fields in the query string or a JSON body. The person's own entity is not deleted alone (400): erase the person instead.",
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { params: NodeParam, query: DeleteItemRequest, body: DeleteItemRequest, bodyOptional: true },
    ok: { '200': json(R.DeleteItemResponse, 'Deleted.') },
    errors: { '404': NODE_404 },
    example: {
      request: { params: { node_id: NODE }, body: { user_id: USER, reason: 'incorrect' } },
      response: { status: 200, body: { status: 'deleted', user_id: USER, node_id: NODE, ledger_id: LEDGER, nodes_deleted: 1, edges_deleted: 3 } },
    },
  }),
  route({
    method: 'get',
    path: `${V1}/memory/v2/ledger`,
    operationId: 'ledger',
    summary: 'The deletion ledger of a person',
    description: 'Newest first, paged like /items (limit 1..200, default 50). Codes only: never the deleted words.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    // The handler parses with pageQuery(50) built in place; ItemsQuery is that same schema (pageQuery(50)).
    request: { query: ItemsQuery },
    ok: { '200': json(R.LedgerResponse, 'A page of records.') },
    example: { request: { query: { user_id: USER } }, response: { status: 200, body: { user_id: USER, records: [LEDGER_RECORD], count: 1, next_cursor: null } } },
  }),
  route({
    method: 'get',
    path: `${V1}/memory/v2/export`,
    operationId: 'exportItems',
    summary: 'Export everything held for a person',
    description: 'Every line including archived ones, with the wordings each replaced, wordings of deleted lines, suppressed topics and the ledger. Messages are not included.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { query: UserQuery },
    ok: { '200': json(R.V1ExportResponse, 'The export.') },
    example: {
      request: { query: { user_id: USER } },
      response: {
        status: 200,
        body: {
          user_id: USER,
          exported_at: T1,
          items: [{ ...ITEM, replaced_wordings: [] }],
          replaced_wordings_of_deleted_items: [],
          suppressed_topics: [{ topic: 'Peanuts', since: T0 }],
          ledger: [LEDGER_RECORD],
          totals: { items: 1, archived: 0, replaced_wordings: 0, ledger_records: 1 },
        },
      },
    },
  }),
  route({
    method: 'get',
    path: `${V1}/export/{user_id}`,
    operationId: 'exportUser',
    summary: 'Pre-erasure export of a person',
    description: 'The same document as GET /memory/v2/export (spec 4.B).',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { params: UserParam },
    ok: { '200': json(R.V1ExportResponse, 'The export.') },
    example: {
      request: { params: { user_id: USER } },
      response: {
        status: 200,
        body: {
          user_id: USER,
          exported_at: T1,
          items: [],
          replaced_wordings_of_deleted_items: [],
          suppressed_topics: [],
          ledger: [],
          totals: { items: 0, archived: 0, replaced_wordings: 0, ledger_records: 0 },
        },
      },
    },
  }),
  route({
    method: 'delete',
    path: `${V1}/users/{user_id}`,
    operationId: 'deleteUser',
    summary: 'Erase a person',
    description: 'Atomically and irreversibly removes everything held for the person, with its audit event (spec 4.A).',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { params: UserParam },
    ok: { '200': json(R.EraseResponse, 'Erased.') },
    errors: { '404': 'No memory is held for this person in this tenant.' },
    example: { request: { params: { user_id: USER } }, response: { status: 200, body: { status: 'deleted', user_id: USER, nodes_deleted: 14 } } },
  }),
  route({
    method: 'delete',
    path: `${V1}/memory/v2/users/{user_id}`,
    operationId: 'eraseUser',
    summary: 'Erase a person (person controls)',
    description: 'The same erase as DELETE /users/{user_id}, also reporting relationships; errors are sentences.',
    tag: 'People in control (v1)',
    security: 'v1Key',
    request: { params: UserParam },
    ok: { '200': json(R.EraseV2Response, 'Erased.') },
    errors: { '404': 'No memory is held for this person in this tenant.' },
    example: { request: { params: { user_id: USER } }, response: { status: 200, body: { status: 'deleted', user_id: USER, nodes_deleted: 14, edges_deleted: 21 } } },
  }),

  // ===================== v1: diagnostics =====================
  route({
    method: 'get',
    path: `${V1}/diagnostics/{user_id}`,
    operationId: 'diagnostics',
    summary: "A person's memory graph in figures",
    description: 'Domain and salience distributions, entity counts and retrieval statistics; counts, domain names and entity kinds only.',
    tag: 'Diagnostics',
    security: 'v1Key',
    request: { params: UserParam },
    ok: { '200': json(R.DiagnosticsResponse, 'The figures.') },
    errors: { '404': 'No such person in this tenant (never seen, or another tenant’s).' },
    example: {
      request: { params: { user_id: USER } },
      response: {
        status: 200,
        body: {
          user_id: USER,
          generated_at: T1,
          totals: {
            nodes: { total: 4, domains: 1, entities: 2, facets: 1, themes: 0, interests: 0 },
            relationships: 3,
            messages: { total: 1, pending: 0, processing: 0, done: 1, failed: 0 },
            suppressed_topics: 0,
            pinned: 0,
            archived: 0,
          },
          domain_distribution: [{ domain: 'health', entities: 1, memories: 1, share: 1 }],
          salience_distribution: {
            memories: 4,
            buckets: Array.from({ length: 10 }, (_, i) => ({ from: i / 10, to: (i + 1) / 10, count: i === 8 ? 1 : i === 5 ? 3 : 0 })),
            mean: 0.6,
            median: 0.55,
            threshold: 0.25,
            above_threshold: 4,
            active: 4,
            dormant: 0,
            pinned_below_threshold: 0,
          },
          entity_counts: { total: 2, by_kind: { person: 1, self: 1 }, high_gravity: 1, high_gravity_at: 0.7 },
          retrieval_statistics: {
            retrievals: 1,
            last_retrieved_at: T1,
            last_injected: 1,
            processing_events: 0,
            memories_ever_processed: 0,
            last_accessed_at: null,
          },
        },
      },
    },
  }),

  // ===================== b2c =====================
  route({
    method: 'post',
    path: `${B2C}/retrieve`,
    operationId: 'b2cRetrieve',
    summary: 'One context block for this message (before the model answers)',
    description: 'Sure items stated plainly; less-sure ones worded as things to check. top_k (1..100) caps the memories in the block.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { body: RetrieveRequest },
    ok: { '200': json(R.RetrieveResponse, 'The block (empty when nothing is known).') },
    example: {
      request: { body: { user_id: USER, query: 'What should I cook for my wife tonight?', top_k: 10 } },
      response: { status: 200, body: { context_block: 'What you know about the user:\n- Sarah is severely allergic to peanuts.' } },
    },
  }),
  route({
    method: 'post',
    path: `${B2C}/turn`,
    operationId: 'b2cTurn',
    summary: 'Send the turn (after the model answered)',
    description: 'Stores the user message and the assistant response as two messages and answers 202; the background worker extracts memories.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { body: TurnRequest },
    ok: { '202': json(R.TurnResponse, 'Stored; processing in the background.') },
    errors: { '409': 'The person is being erased (code ERASE_IN_PROGRESS); try again when the erase has finished.' },
    example: {
      request: { body: { user_id: USER, user_message: 'My wife Sarah is allergic to peanuts.', assistant_response: 'Noted, no peanuts for Sarah.' } },
      response: { status: 202, body: { user_id: USER, message_ids: [MSG, MSG2], status: 'pending', received_at: T0, safety: SAFE } },
    },
  }),
  route({
    method: 'post',
    path: `${B2C}/ingest`,
    operationId: 'b2cIngest',
    summary: 'Load past messages',
    description: 'Up to 500 messages, each with the time it happened; stored in order and processed in the background.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { body: B2cIngestRequest },
    ok: { '202': json(R.B2cIngestResponse, 'Stored; processing in the background.') },
    errors: { '409': 'The person is being erased (code ERASE_IN_PROGRESS).' },
    example: {
      request: { body: { user_id: USER, messages: [{ role: 'user', content: 'We moved to Valencia last spring.', timestamp: '2026-05-01T09:00:00Z' }] } },
      response: { status: 202, body: { user_id: USER, message_ids: [MSG], count: 1, status: 'pending', received_at: T0, safety: SAFE } },
    },
  }),
  route({
    method: 'get',
    path: `${B2C}/messages/{message_id}`,
    operationId: 'b2cMessage',
    summary: 'Where a message stands',
    description: '?wait=N (at most 30 seconds) holds the answer until the message is done or failed.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { params: MessageParam, query: WaitQuery },
    ok: { '200': json(R.MessageStatusResponse, 'The message status.') },
    errors: { '404': 'No such message in this tenant.' },
    example: { request: { params: { message_id: MSG }, query: { wait: 10 } }, response: { status: 200, body: MESSAGE_DONE } },
  }),
  route({
    method: 'get',
    path: `${B2C}/nodes`,
    operationId: 'b2cNodes',
    summary: 'List the memories held for a person',
    description: 'The first page (limit 20) by default; newest first; archived memories left out.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { query: NodesQuery },
    ok: { '200': json(R.NodesResponse, 'A page.') },
    example: {
      request: { query: { user_id: USER } },
      response: { status: 200, body: { user_id: USER, nodes: [NODE_B2C], count: 1, total: 1, next_cursor: null } },
    },
  }),
  route({
    method: 'get',
    path: `${B2C}/suppress`,
    operationId: 'b2cSuppressions',
    summary: 'Topics left alone',
    description: 'The topics the person asked to leave alone.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { query: UserQuery },
    ok: { '200': json(R.SuppressionsResponse, 'The topics.') },
    example: { request: { query: { user_id: USER } }, response: { status: 200, body: { user_id: USER, topics: [], count: 0 } } },
  }),
  route({
    method: 'post',
    path: `${B2C}/suppress`,
    operationId: 'b2cSuppress',
    summary: 'Leave a topic alone',
    description: 'As the v1 control: left out of retrieval, new information discarded, until lifted. 201 when new, 200 when already suppressed.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { body: SuppressRequest },
    ok: { '201': json(R.SuppressResponse, 'Suppressed now.'), '200': json(R.SuppressResponse, 'Already suppressed.') },
    example: { request: { body: { user_id: USER, topic: 'work' } }, response: { status: 201, body: { user_id: USER, topic: 'work', suppressed: true, since: T0 } } },
  }),
  route({
    method: 'delete',
    path: `${B2C}/suppress`,
    operationId: 'b2cUnsuppress',
    summary: 'Stop leaving a topic alone',
    description: 'Fields in the query string or a JSON body.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { query: SuppressRequest, body: SuppressRequest, bodyOptional: true },
    ok: { '200': json(R.UnsuppressResponse, 'Lifted.') },
    errors: { '404': 'The topic is not suppressed for this person.' },
    example: { request: { query: { user_id: USER, topic: 'work' } }, response: { status: 200, body: { user_id: USER, topic: 'work', suppressed: false } } },
  }),
  route({
    method: 'post',
    path: `${B2C}/pin`,
    operationId: 'b2cPin',
    summary: 'Keep a memory',
    description: 'Eligible for context whatever its salience; never archived or compressed.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { body: PinRequest },
    ok: { '200': json(R.PinResponse, 'Pinned.') },
    errors: { '404': NODE_404 },
    example: { request: { body: { user_id: USER, node_id: NODE } }, response: { status: 200, body: { user_id: USER, node_id: NODE, pinned: true } } },
  }),
  route({
    method: 'delete',
    path: `${B2C}/pin`,
    operationId: 'b2cUnpin',
    summary: 'Stop keeping a memory',
    description: 'Fields in the query string or a JSON body.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { query: PinRequest, body: PinRequest, bodyOptional: true },
    ok: { '200': json(R.PinResponse, 'Unpinned.') },
    errors: { '404': NODE_404 },
    example: { request: { query: { user_id: USER, node_id: NODE } }, response: { status: 200, body: { user_id: USER, node_id: NODE, pinned: false } } },
  }),
  route({
    method: 'patch',
    path: `${B2C}/nodes/{node_id}`,
    operationId: 'b2cFixNode',
    summary: "Fix a memory's wording",
    description: 'summary (and topic, which renames an entity): scrubbed, re-scored, re-embedded; the old wording is kept as a revision.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { params: NodeParam, body: FixNodeRequest },
    ok: { '200': json(R.FixNodeResponse, 'The node as it reads now.') },
    errors: { '404': NODE_404 },
    example: {
      request: { params: { node_id: NODE }, body: { user_id: USER, summary: 'Sarah is mildly allergic to peanuts.' } },
      response: { status: 200, body: { user_id: USER, node: { ...NODE_B2C, summary: 'Sarah is mildly allergic to peanuts.', updated_at: T1 } } },
    },
  }),
  route({
    method: 'delete',
    path: `${B2C}/nodes/{node_id}`,
    operationId: 'b2cDeleteNode',
    summary: 'Delete one memory',
    description: 'The memory and its links only; what hung under it stays; no ledger record; audited. user_id in the query string or a JSON body.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { params: NodeParam, query: UserQuery, body: UserQuery, bodyOptional: true },
    ok: { '200': json(R.DeleteNodeResponse, 'Deleted.') },
    errors: { '404': NODE_404 },
    example: {
      request: { params: { node_id: NODE2 }, query: { user_id: USER } },
      response: { status: 200, body: { status: 'deleted', user_id: USER, node_id: NODE2, links_removed: 2 } },
    },
  }),
  route({
    method: 'post',
    path: `${B2C}/users/{user_id}/export`,
    operationId: 'b2cExportUser',
    summary: "Export a person's memories",
    description: 'Archived memories, replaced wordings and copies of what was said are left out.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { params: UserParam },
    ok: { '200': json(R.B2cExportResponse, 'The export.') },
    example: {
      request: { params: { user_id: USER } },
      response: { status: 200, body: { user_id: USER, exported_at: T1, nodes: [NODE_B2C], suppressed_topics: [], count: 1 } },
    },
  }),
  route({
    method: 'delete',
    path: `${B2C}/users/{user_id}`,
    operationId: 'b2cEraseUser',
    summary: 'Erase a person',
    description:
      'Opens a deletion record and answers at once (202) with its request id; the erase runs in the background. While it is open, /turn and /ingest get 409 and /retrieve an empty block. Asking again while it is open answers the open one.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { params: UserParam },
    ok: { '202': json(R.EraseRequestedResponse, 'The erase is under way.') },
    errors: { '404': 'No memory is held for this person in this tenant.' },
    example: { request: { params: { user_id: USER } }, response: { status: 202, body: { request_id: REQUEST, user_id: USER, status: 'pending', requested_at: T0 } } },
  }),
  route({
    method: 'get',
    path: `${B2C}/users/{user_id}/deletion`,
    operationId: 'b2cDeletion',
    summary: 'The deletion record of an erase',
    description: 'The latest erase of the person, or the one named by ?request_id: ids, counts and times, no personal content.',
    tag: 'b2c',
    security: 'b2cKey',
    request: { params: UserParam, query: DeletionQuery },
    ok: { '200': json(R.DeletionResponse, 'The record.') },
    errors: { '404': 'No deletion has been requested for this person (or none with that request id).' },
    example: { request: { params: { user_id: USER } }, response: { status: 200, body: DELETION } },
  }),

  // ===================== admin =====================
  route({
    method: 'post',
    path: '/admin/keys',
    operationId: 'adminCreateKey',
    summary: 'Create a tenant with a key, or add a key to a tenant',
    description: '{route_set, tenant_name, tier?, label?} creates a tenant; {route_set, tenant_id, label?} adds a key to it.',
    tag: 'Admin',
    security: 'adminToken',
    request: { body: CreateKeyRequest },
    ok: { '201': json(R.CreateKeyResponse, 'The key (shown once).') },
    errors: { '404': 'No such tenant.' },
    example: {
      request: { body: { route_set: 'b2c', tenant_name: 'Acme mobile', tier: 'scale' } },
      response: {
        status: 201,
        body: {
          key_id: KEY_ID,
          api_key: 'mm_b2c_Zk3q9A4bLr0sTn2cV5xWm8yQe1uPo7iDh6gFj3kHa9s',
          key_prefix: 'mm_b2c_Zk3q9A',
          tenant_id: TENANT,
          route_set: 'b2c',
          tier: 'scale',
          created_at: T0,
        },
      },
    },
  }),
  route({
    method: 'delete',
    path: '/admin/keys/{key_id}',
    operationId: 'adminRevokeKey',
    summary: 'Revoke a key',
    description: 'Immediate on this replica, within KEY_CACHE_TTL_MS elsewhere.',
    tag: 'Admin',
    security: 'adminToken',
    request: { params: AdminKeyParam },
    ok: { '200': json(R.RevokeKeyResponse, 'Revoked.') },
    errors: { '404': 'No such key.' },
    example: { request: { params: { key_id: KEY_ID } }, response: { status: 200, body: { key_id: KEY_ID, tenant_id: TENANT, status: 'revoked', revoked_at: T1 } } },
  }),
  route({
    method: 'get',
    path: '/admin/tenants/{tenant_id}',
    operationId: 'adminTenant',
    summary: 'A tenant',
    description: 'Tier, status, trial, limits and keys (prefixes only).',
    tag: 'Admin',
    security: 'adminToken',
    request: { params: TenantParam },
    ok: { '200': json(R.TenantResponse, 'The tenant.') },
    errors: { '404': 'No such tenant.' },
    example: { request: { params: { tenant_id: TENANT } }, response: { status: 200, body: TENANT_BODY } },
  }),
  route({
    method: 'patch',
    path: '/admin/tenants/{tenant_id}',
    operationId: 'adminUpdateTenant',
    summary: 'Change a tenant',
    description: "Any of tier, status, trial_ends and limits; a limit set to null returns to the tier's value.",
    tag: 'Admin',
    security: 'adminToken',
    request: { params: TenantParam, body: UpdateTenantRequest },
    ok: { '200': json(R.TenantResponse, 'The tenant as it is now.') },
    errors: { '404': 'No such tenant.' },
    example: {
      request: { params: { tenant_id: TENANT }, body: { limits: { rate_limit_rpm: 600 } } },
      response: { status: 200, body: { ...TENANT_BODY, limits: { ...TENANT_BODY.limits, rate_limit_rpm: 600 } } },
    },
  }),
  route({
    method: 'get',
    path: '/admin/audit',
    operationId: 'adminAudit',
    summary: "A tenant's audit log",
    description: 'Newest first; optionally one person and one action; page with next_before and next_before_id sent back as before and before_id.',
    tag: 'Admin',
    security: 'adminToken',
    request: { query: AuditQuery },
    ok: { '200': json(R.AuditResponse, 'A page of events.') },
    errors: { '404': 'No such tenant.' },
    example: {
      request: { query: { tenant_id: TENANT, limit: '100' } },
      response: {
        status: 200,
        body: {
          tenant_id: TENANT,
          events: [
            { event_id: EVENT, user_id: USER, route_set: 'v1', action: 'node_deleted', node_ids: [NODE], requested_by: `key:${KEY_ID}`, at: T0, nodes: 1, edges: 3 },
          ],
          count: 1,
          next_before: null,
          next_before_id: null,
        },
      },
    },
  }),

  // ===================== MCP =====================
  route({
    method: 'post',
    path: '/mcp/http',
    operationId: 'mcpHttp',
    summary: 'MCP over HTTP (server to server)',
    description:
      'One JSON-RPC 2.0 request in, one JSON answer out (tools/list, tools/call with {name, arguments}); no session needed. The tools call the REST API of this service with the caller\'s key.',
    tag: 'MCP',
    security: 'v1Key',
    request: { body: JsonRpcRequest },
    ok: { '200': json(R.JsonRpcResponse, 'The JSON-RPC answer (a tool failure is a result with isError: true).') },
    example: {
      request: { body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc_query', arguments: { user_id: USER, query: 'allergies' } } } },
      response: {
        status: 200,
        body: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '1. peanut allergy: Sarah is severely allergic to peanuts. (2026-11-22)' }] } },
      },
    },
  }),
  route({
    method: 'get',
    path: '/mcp/sse',
    operationId: 'mcpSse',
    summary: 'MCP over SSE (browser-based hosts): open a session',
    description: 'Opens the event stream; its first `endpoint` event names /mcp/messages?sessionId=… where the host posts JSON-RPC messages. Answers travel on the stream.',
    tag: 'MCP',
    security: 'v1Key',
    request: {},
    ok: { '200': { schema: R.EventStream, description: 'The event stream.', contentType: 'text/event-stream' } },
    example: { response: { status: 200, body: 'event: endpoint\ndata: /mcp/messages?sessionId=3b0c…\n\n' } },
  }),
  route({
    method: 'post',
    path: '/mcp/messages',
    operationId: 'mcpMessages',
    summary: 'MCP over SSE: send a JSON-RPC message to a session',
    description: 'Accepted with 202; the answer arrives on the session\'s event stream. Only the key that opened the session may post to it (403).',
    tag: 'MCP',
    security: 'v1Key',
    request: { query: SessionQuery, body: JsonRpcRequest },
    ok: { '202': { schema: z.string(), description: 'Accepted.', contentType: 'text/plain' } },
    errors: { '403': 'The session was opened with another key.', '404': 'No such session is open for this tenant.' },
    example: {
      request: { query: { sessionId: '3b0c5a4e-1f2d-4c3b-9a8e-7d6c5b4a3f2e' }, body: { jsonrpc: '2.0', id: 2, method: 'tools/list' } },
      response: { status: 202, body: 'Accepted' },
    },
  }),

  // ===================== operations =====================
  route({
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    summary: 'Prometheus metrics',
    description: 'http_requests_total, http_request_duration_seconds, neo4j_query_duration_seconds, background_queue_depth and the Node defaults.',
    tag: 'Operations',
    security: null,
    request: {},
    ok: { '200': { schema: R.MetricsText, description: 'Prometheus text format.', contentType: 'text/plain; version=0.0.4; charset=utf-8' } },
    example: { response: { status: 200, body: '# HELP http_requests_total Requests\n# TYPE http_requests_total counter\n' } },
  }),
  route({
    method: 'get',
    path: '/docs/quickstart',
    operationId: 'quickstart',
    summary: 'The quickstart page',
    description: 'The four-step loop with curl, as Markdown (the signup answer links it).',
    tag: 'Operations',
    security: null,
    request: {},
    ok: { '200': { schema: R.QuickstartText, description: 'Markdown.', contentType: 'text/markdown; charset=utf-8' } },
    example: { response: { status: 200, body: '# Quickstart\n' } },
  }),
  ...['/api/v1/openapi.json', '/api/b2c/memory/openapi.json'].map((path, i) =>
    route({
      method: 'get',
      path,
      operationId: i === 0 ? 'openapi' : 'b2cOpenapi',
      summary: 'This OpenAPI 3.1 document',
      description: 'The whole document (both route sets, admin and operations), generated from the zod schemas the routes validate with. No key needed.',
      tag: 'Operations',
      security: null,
      request: {},
      ok: { '200': json(R.OpenApiDocument, 'The document.') },
      example: { response: { status: 200, body: { openapi: '3.1.0', info: { title: 'Memory middleware', version: '0.1.0' }, paths: {} } } },
    }),
  ),
];

/** The route with this method and OpenAPI path. */
export function routeSpec(method: string, path: string): RouteSpec | undefined {
  return ROUTES.find((r) => r.method === method.toLowerCase() && r.path === path);
}
