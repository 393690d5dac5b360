// The response bodies of every route, as zod schemas shaped exactly like what the handlers return (src/routes/**).
// One source of truth: the OpenAPI document (src/contract/openapi.ts) is generated from them, the typed client
// (client/, the @memory-middleware/client package) takes its types from that document (npm run client:types), and the contract tests parse every
// answer of a real flow with them. Objects are strict, so a field a handler adds without documenting it fails
// those tests as surely as a field it drops.
//
// Every named schema is registered in `contractRegistry` under its component name; the OpenAPI document lists
// them under components/schemas and refers to them with $ref.
import { z } from 'zod';
import { DELETE_REASONS, REQUESTERS } from '../controls/controls.js';
import { ROUTE_SETS } from '../tenants/keys.js';
import { FRAMINGS, PRESET_NAMES } from '../tenants/profiles.js';
import { TIERS } from '../tenants/tiers.js';

export const contractRegistry = z.registry<{ id: string; description?: string }>();

/** Registers a schema as an OpenAPI component (components/schemas/<id>). */
function named<S extends z.ZodType>(id: string, description: string, schema: S): S {
  contractRegistry.add(schema, { id, description });
  return schema;
}

// --- scalars ---
const Time = z.iso.datetime({ offset: true });
const Uuid = z.uuid();
const Count = z.number().int().min(0);
const Unit = z.number().min(0).max(1);
const Day = z.iso.date();

// --- errors ---
export const V1Error = named(
  'V1Error',
  'The v1 and admin error format: a code and a sentence naming the problem (a bad field is named).',
  z.strictObject({
    error: z.strictObject({
      code: z.string().describe('INVALID_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, METHOD_NOT_ALLOWED, CONFLICT, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, RATE_LIMITED, INTERNAL_ERROR, SERVICE_UNAVAILABLE'),
      message: z.string(),
    }),
  }),
);

export const SentenceError = named(
  'SentenceError',
  'The error format of the v1 person controls under /api/v1/memory/v2: a sentence alone.',
  z.strictObject({ error: z.string() }),
);

export const B2cError = named(
  'B2cError',
  'The b2c error format: a sentence and a short code (MISSING_USER_ID, NOT_FOUND, ERASE_IN_PROGRESS, …); key failures carry no code.',
  z.strictObject({ error: z.string(), code: z.string().optional() }),
);

// --- shared pieces ---
export const Safety = named(
  'Safety',
  'Crisis wording found in what was sent (self-harm, suicide, abuse, medical emergency).',
  z.strictObject({ crisis_detected: z.boolean(), categories: z.array(z.string()) }),
);

export const Limits = named(
  'Limits',
  "A tenant's limits (its tier's, or an operator's override).",
  z.strictObject({
    max_users: Count,
    max_nodes_per_user: Count,
    rate_limit_rpm: Count,
    rate_limit_daily: Count,
    features: z.string().describe('`all` or `standard`'),
  }),
);

const NodeType = z.enum(['domain', 'entity', 'facet', 'theme', 'interest']);

const itemFields = {
  node_id: Uuid,
  type: NodeType,
  domain: z.string().nullable(),
  entity: z.string().nullable().describe('The entity a fact, theme or interest is filed under (`self` for the person).'),
  stage: z.string().nullable().optional().describe('Interests only: ephemeral, tentative or persistent.'),
  salience: Unit.describe('Computed at the time of the call.'),
  pinned: z.boolean(),
  state: z.string().describe('active or dormant'),
  processing_count: Count,
  created_at: Time,
  updated_at: Time,
};

export const Item = named(
  'Item',
  'One line of what is held for a person (v1 person controls).',
  z.strictObject({
    node_id: itemFields.node_id,
    type: itemFields.type,
    about: z.string(),
    sentence: z.string(),
    ...omitIds(itemFields),
    archived: z.boolean(),
    revisions: Count.describe('How many wordings a fix replaced.'),
  }),
);

export const B2cNode = named(
  'B2cNode',
  'One memory of a person (b2c person controls); archived memories never appear.',
  z.strictObject({
    node_id: itemFields.node_id,
    type: itemFields.type,
    topic: z.string(),
    summary: z.string(),
    ...omitIds(itemFields),
  }),
);

function omitIds<T extends Record<string, z.ZodType>>(f: T) {
  const { node_id: _n, type: _t, ...rest } = f;
  return rest;
}

export const SuppressedTopic = named('SuppressedTopic', 'A topic the person asked to leave alone.', z.strictObject({ topic: z.string(), since: Time }));

export const LedgerRecord = named(
  'LedgerRecord',
  'One v1 single-memory deletion: codes only, never the deleted words.',
  z.strictObject({
    ledger_id: Uuid,
    node_id: Uuid,
    node_type: z.string(),
    reason: z.enum(DELETE_REASONS),
    requested_by: z.enum(REQUESTERS),
    at: Time,
  }),
);

// --- account ---
export const SignupResponse = named(
  'SignupResponse',
  'A new 30-day trial tenant; the api_key is shown this once.',
  z.strictObject({
    status: z.literal('trial_active'),
    tenant_id: Uuid,
    api_key: z.string(),
    trial_ends: Time,
    limits: Limits,
    quickstart: z.url(),
    base_url: z.url(),
  }),
);

export const HealthResponse = named('HealthResponse', 'Liveness: the process answers.', z.strictObject({ status: z.literal('ok'), version: z.string() }));

export const ReadyResponse = named(
  'ReadyResponse',
  'Readiness: Neo4j answers a trivial query within a second.',
  z.strictObject({ status: z.literal('ready'), version: z.string(), neo4j: z.strictObject({ reachable: z.literal(true), latency_ms: z.number().min(0) }) }),
);

export const UnavailableResponse = named(
  'UnavailableResponse',
  'Not ready: Neo4j cannot be reached.',
  z.strictObject({ status: z.literal('unavailable'), version: z.string(), neo4j: z.strictObject({ reachable: z.literal(false) }) }),
);

export const StatsResponse = named(
  'StatsResponse',
  "The tenant's usage.",
  z.strictObject({
    tier: z.enum(TIERS),
    trial: z.strictObject({ trial_ends: Time.nullable(), days_remaining: Count.nullable() }),
    users: z.strictObject({ total: Count, limit: Count }),
    memory_nodes: z.strictObject({ total: Count, avg_salience: Unit, high_salience: Count }),
    api_calls: z.strictObject({ today: Count, this_month: Count, rpm_limit: Count, daily_limit: Count }),
  }),
);

// --- putting information in ---
export const IngestResponse = named(
  'IngestResponse',
  'One memory stored now.',
  z.strictObject({
    node_id: Uuid,
    scoring: z.strictObject({
      base_score: Unit,
      s1: Unit,
      s2: Unit,
      s3: Unit,
      s4: Unit,
      s5: Unit,
      signal_modifiers_applied: z.boolean(),
    }),
    entities_created: z.array(z.string()),
    safety: Safety,
  }),
);

export const BatchResponse = named(
  'BatchResponse',
  'Each item validated and stored on its own.',
  z.strictObject({
    results: z.array(
      z.discriminatedUnion('status', [
        z.strictObject({ index: Count, status: z.literal('stored'), node_id: Uuid }),
        z.strictObject({ index: Count, status: z.literal('failed'), error: z.strictObject({ code: z.string(), message: z.string() }) }),
      ]),
    ),
    total: Count,
    succeeded: Count,
    failed: Count,
  }),
);

const Signals = z.strictObject({ s1: Unit, s2: Unit, s3: Unit, s4: Unit, s5: Unit });

export const ScoreResponse = named(
  'ScoreResponse',
  'The analysis and scoring of /ingest; nothing stored.',
  z.strictObject({
    base_score: Unit,
    categories: z.array(z.string()),
    decay_modifier: z.number(),
    signal_scores: Signals.optional().describe('Only with include_signals: true.'),
  }),
);

export const ProcessResponse = named(
  'ProcessResponse',
  'A processing event recorded.',
  z.strictObject({ node_id: Uuid, status: z.literal('processed'), processing_count: Count }),
);

export const NodeResponse = named(
  'NodeResponse',
  'One memory in detail.',
  z.strictObject({
    node_id: Uuid,
    user_id: z.string(),
    node_type: NodeType,
    topic: z.string(),
    summary: z.string(),
    current_salience: Unit,
    base_score: Unit,
    domain: z.string().nullable(),
    entities: z.array(z.string()),
    processing_count: Count,
    created_at: Time,
    last_accessed: Time.nullable(),
  }),
);

export const IngestV2Response = named(
  'IngestV2Response',
  'The message is stored; the background worker extracts its memories.',
  z.strictObject({ message_id: Uuid, user_id: z.string(), status: z.literal('pending'), received_at: Time, safety: Safety }),
);

export const MessageStatusResponse = named(
  'MessageStatusResponse',
  'Where a message stands in the write path.',
  z.strictObject({
    message_id: Uuid,
    user_id: z.string(),
    speaker: z.enum(['user', 'assistant', 'other']),
    status: z.enum(['pending', 'processing', 'done', 'failed']),
    attempts: Count,
    received_at: Time,
    event_time: Time,
    processed_at: Time.nullable(),
    memory_ids: z.array(Uuid),
    facts_discarded: Count,
    error: z.string().nullable().describe('Why it failed (never quoting content); null unless failed.'),
  }),
);

export const TurnResponse = named(
  'TurnResponse',
  'The turn is stored as two messages (user, assistant).',
  z.strictObject({ user_id: z.string(), message_ids: z.array(Uuid), status: z.literal('pending'), received_at: Time, safety: Safety }),
);

export const B2cIngestResponse = named(
  'B2cIngestResponse',
  'The messages are stored, in order.',
  z.strictObject({ user_id: z.string(), message_ids: z.array(Uuid), count: Count, status: z.literal('pending'), received_at: Time, safety: Safety }),
);

// --- getting context out ---
export const ContextItemsResponse = named(
  'ContextItemsResponse',
  'Plain sentences for the system prompt: no caution wording, no scores.',
  z.strictObject({
    user_id: z.string(),
    items: z.array(z.strictObject({ node_id: Uuid, about: z.string(), sentence: z.string(), date: Day })),
    count: Count,
  }),
);

export const QueryResponse = named(
  'QueryResponse',
  'A framed context block and what went into it.',
  z.strictObject({
    context: z.string(),
    node_count: Count,
    confidence: z.enum(['HIGH', 'MEDIUM', 'LOW', 'NONE']),
    retrieval_channels: z.strictObject({ salience: Count, recency: Count, constraints: Count }),
    nodes: z.array(z.strictObject({ node_id: Uuid, topic: z.string(), salience: Unit, framing: z.enum(['assert', 'hedged', 'hook']) })),
    contradictions: z
      .array(z.strictObject({ node_id: Uuid, contradicts: Uuid }))
      .optional()
      .describe('Only when the profile turns contradiction flagging on.'),
  }),
);

export const ContextView = named(
  'ContextView',
  "The person's memory organised by domain and entity (?format=view).",
  z.strictObject({
    domains: z.array(
      z.strictObject({
        name: z.string(),
        entities: z.array(z.strictObject({ name: z.string(), salience: Unit, facets: z.array(z.string()), themes: z.array(z.string()) })),
      }),
    ),
    total_entities: Count,
    total_domains: Count,
  }),
);

export const ContextExport = named(
  'ContextExport',
  'The portability export (?format=export): facets with salience, interests, suppressed topics, totals.',
  z.strictObject({
    user_id: z.string(),
    exported_at: Time,
    domains: z.array(
      z.strictObject({
        name: z.string(),
        entities: z.array(
          z.strictObject({
            name: z.string(),
            salience: Unit,
            facets: z.array(z.strictObject({ topic: z.string(), summary: z.string(), salience: Unit, created_at: Time })),
            themes: z.array(z.string()),
            interests: z.array(z.strictObject({ topic: z.string(), stage: z.string().nullable(), salience: Unit, created_at: Time })),
          }),
        ),
      }),
    ),
    total_entities: Count,
    total_domains: Count,
    suppressed_topics: z.array(z.string()),
    total_nodes: Count,
    total_edges: Count,
  }),
);

export const PersonContextResponse = named(
  'PersonContextResponse',
  'The view, or with ?format=export the portability export.',
  z.union([ContextView, ContextExport]),
);

export const RetrieveResponse = named(
  'RetrieveResponse',
  'One block: sure items stated plainly, less-sure ones under "Less certain, so check or ask before relying on it".',
  z.strictObject({ context_block: z.string() }),
);

// --- profiles ---
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

// --- person controls (v1 /memory/v2 and b2c) ---
export const ItemsResponse = named(
  'ItemsResponse',
  'A page of everything held, newest first; archived lines marked.',
  z.strictObject({ user_id: z.string(), items: z.array(Item), count: Count, total: Count, next_cursor: z.string().nullable() }),
);

export const NodesResponse = named(
  'NodesResponse',
  'A page of the memories held, newest first; archived ones left out.',
  z.strictObject({ user_id: z.string(), nodes: z.array(B2cNode), count: Count, total: Count, next_cursor: z.string().nullable() }),
);

export const SuppressResponse = named(
  'SuppressResponse',
  'The topic is left alone from now on (201 new, 200 already).',
  z.strictObject({ user_id: z.string(), topic: z.string(), suppressed: z.literal(true), since: Time }),
);

export const UnsuppressResponse = named(
  'UnsuppressResponse',
  'The topic is no longer left alone.',
  z.strictObject({ user_id: z.string(), topic: z.string(), suppressed: z.literal(false) }),
);

export const SuppressionsResponse = named(
  'SuppressionsResponse',
  'The topics the person asked to leave alone.',
  z.strictObject({ user_id: z.string(), topics: z.array(SuppressedTopic), count: Count }),
);

export const PinResponse = named('PinResponse', 'Whether the memory is kept eligible whatever its salience.', z.strictObject({ user_id: z.string(), node_id: Uuid, pinned: z.boolean() }));

export const FixItemResponse = named('FixItemResponse', 'The item with its new wording.', z.strictObject({ user_id: z.string(), item: Item }));

export const FixNodeResponse = named('FixNodeResponse', 'The node with its new wording.', z.strictObject({ user_id: z.string(), node: B2cNode }));

export const DeleteItemResponse = named(
  'DeleteItemResponse',
  'The memory and its stored details are gone; the ledger record says who asked and why.',
  z.strictObject({ status: z.literal('deleted'), user_id: z.string(), node_id: Uuid, ledger_id: Uuid, nodes_deleted: Count, edges_deleted: Count }),
);

export const DeleteNodeResponse = named(
  'DeleteNodeResponse',
  'The memory and its links are gone; what hung under it stays.',
  z.strictObject({ status: z.literal('deleted'), user_id: z.string(), node_id: Uuid, links_removed: Count }),
);

export const LedgerResponse = named(
  'LedgerResponse',
  "A page of the person's deletion ledger, newest first.",
  z.strictObject({ user_id: z.string(), records: z.array(LedgerRecord), count: Count, next_cursor: z.string().nullable() }),
);

const Wording = { about: z.string().nullable(), sentence: z.string().nullable(), replaced_at: Time };

export const V1ExportResponse = named(
  'V1ExportResponse',
  'Every line including archived ones, each with the wordings it replaced, the wordings of deleted lines, suppressed topics and the ledger; no messages.',
  z.strictObject({
    user_id: z.string(),
    exported_at: Time,
    items: z.array(Item.extend({ replaced_wordings: z.array(z.strictObject(Wording)) })),
    replaced_wordings_of_deleted_items: z.array(z.strictObject({ node_id: Uuid, ...Wording })),
    suppressed_topics: z.array(SuppressedTopic),
    ledger: z.array(LedgerRecord),
    totals: z.strictObject({ items: Count, archived: Count, replaced_wordings: Count, ledger_records: Count }),
  }),
);

export const B2cExportResponse = named(
  'B2cExportResponse',
  "The person's memories; archived ones, replaced wordings and messages left out.",
  z.strictObject({ user_id: z.string(), exported_at: Time, nodes: z.array(B2cNode), suppressed_topics: z.array(SuppressedTopic), count: Count }),
);

// --- erasure ---
export const EraseResponse = named(
  'EraseResponse',
  'Everything held for the person is gone, in one transaction.',
  z.strictObject({ status: z.literal('deleted'), user_id: z.string(), nodes_deleted: Count }),
);

export const EraseV2Response = named(
  'EraseV2Response',
  'Everything held for the person is gone, in one transaction.',
  z.strictObject({ status: z.literal('deleted'), user_id: z.string(), nodes_deleted: Count, edges_deleted: Count }),
);

const DeletionStatus = z.enum(['pending', 'running', 'completed']);

export const EraseRequestedResponse = named(
  'EraseRequestedResponse',
  'The deletion record is open; the erase runs in the background (the open one when an erase was already under way).',
  z.strictObject({ request_id: Uuid, user_id: z.string(), status: DeletionStatus, requested_at: Time }),
);

export const DeletionResponse = named(
  'DeletionResponse',
  'A deletion record: the id sent, counts and times; no personal content.',
  z.strictObject({
    request_id: Uuid,
    user_id: z.string(),
    status: DeletionStatus,
    requested_at: Time,
    started_at: Time.nullable(),
    completed_at: Time.nullable(),
    nodes_found: Count,
    nodes_deleted: Count,
    edges_deleted: Count,
    remaining: Count.nullable().describe('What was left of the person when the erase closed (expected 0); null until then.'),
  }),
);

// --- diagnostics ---
export const DiagnosticsResponse = named(
  'DiagnosticsResponse',
  "One person's memory graph in figures: counts, domain names and entity kinds only.",
  z.strictObject({
    user_id: z.string(),
    generated_at: Time,
    totals: z.strictObject({
      nodes: z.strictObject({ total: Count, domains: Count, entities: Count, facets: Count, themes: Count, interests: Count }),
      relationships: Count,
      messages: z.strictObject({ total: Count, pending: Count, processing: Count, done: Count, failed: Count }),
      suppressed_topics: Count,
      pinned: Count,
      archived: Count,
    }),
    domain_distribution: z.array(z.strictObject({ domain: z.string().nullable(), entities: Count, memories: Count, share: Unit })),
    salience_distribution: z.strictObject({
      memories: Count,
      buckets: z.array(z.strictObject({ from: Unit, to: Unit, count: Count })).length(10),
      mean: Unit.nullable(),
      median: Unit.nullable(),
      threshold: Unit,
      above_threshold: Count,
      active: Count,
      dormant: Count,
      pinned_below_threshold: Count,
    }),
    entity_counts: z.strictObject({ total: Count, by_kind: z.record(z.string(), Count), high_gravity: Count, high_gravity_at: Unit }),
    retrieval_statistics: z.strictObject({
      retrievals: Count,
      last_retrieved_at: Time.nullable(),
      last_injected: Count,
      processing_events: Count,
      memories_ever_processed: Count,
      last_accessed_at: Time.nullable(),
    }),
  }),
);

// --- admin ---
export const CreateKeyResponse = named(
  'CreateKeyResponse',
  'A new key (and tenant); the api_key is shown this once.',
  z.strictObject({
    key_id: Uuid,
    api_key: z.string(),
    key_prefix: z.string(),
    tenant_id: Uuid,
    route_set: z.enum(ROUTE_SETS),
    tier: z.enum(TIERS),
    created_at: Time,
  }),
);

export const RevokeKeyResponse = named(
  'RevokeKeyResponse',
  'The key no longer authenticates.',
  z.strictObject({ key_id: Uuid, tenant_id: Uuid, status: z.literal('revoked'), revoked_at: Time }),
);

export const TenantResponse = named(
  'TenantResponse',
  'A tenant, its limits and its keys (never the keys themselves).',
  z.strictObject({
    tenant_id: Uuid,
    name: z.string(),
    route_set: z.enum(ROUTE_SETS),
    tier: z.enum(TIERS),
    status: z.enum(['trial_active', 'active', 'suspended']),
    created_at: Time,
    trial_ends: Time.nullable(),
    limits: Limits,
    keys: z.array(z.strictObject({ key_id: Uuid, key_prefix: z.string(), label: z.string().nullable(), created_at: Time, revoked_at: Time.nullable() })),
  }),
);

export const AuditResponse = named(
  'AuditResponse',
  "A page of one tenant's audit log, newest first: ids, counts, requester and time, never content.",
  z.strictObject({
    tenant_id: Uuid,
    events: z.array(
      z.strictObject({
        event_id: Uuid,
        user_id: z.string().nullable(),
        route_set: z.enum(ROUTE_SETS).nullable(),
        action: z.enum(['node_deleted', 'user_erased', 'erase_requested', 'erase_completed']),
        node_ids: z.array(z.string()),
        requested_by: z.string().nullable(),
        at: Time,
        nodes: Count,
        edges: Count,
      }),
    ),
    count: Count,
    next_before: Time.nullable(),
    next_before_id: Uuid.nullable(),
  }),
);

// --- operations and this document ---
export const OpenApiDocument = named(
  'OpenApiDocument',
  'This OpenAPI 3.1 document.',
  z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
);

// --- MCP ---
export const JsonRpcResponse = named(
  'JsonRpcResponse',
  'A JSON-RPC 2.0 answer: result, or error {code, message, data?}. tools/call results carry content and structuredContent.',
  z.looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]).nullable(),
    result: z.unknown().optional(),
    error: z.looseObject({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
  }),
);

export const JsonRpcError = named(
  'JsonRpcError',
  'A message the MCP endpoint cannot accept (not JSON, not one JSON-RPC 2.0 message, a bad field): a JSON-RPC error response without an id, as the MCP transports answer; the message names the problem.',
  z.strictObject({
    jsonrpc: z.literal('2.0'),
    id: z.null(),
    error: z.strictObject({ code: z.literal(-32600).describe('Invalid Request.'), message: z.string() }),
  }),
);

export const EventStream = z.string().describe('Server-sent events: first an `endpoint` event naming /mcp/messages?sessionId=…, then JSON-RPC messages.');

export const MetricsText = z.string().describe('Prometheus text exposition format.');
export const HtmlPage = z.string().describe('An HTML page.');
export const Stylesheet = z.string().describe('CSS.');
export const Script = z.string().describe('JavaScript.');
