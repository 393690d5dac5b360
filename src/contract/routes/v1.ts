// v1 routes: account, putting information in, getting context out, profiles, diagnostics.
import { SignupRequest } from '../../routes/v1/account.js';
import { BatchRequest, IngestRequest, IngestV2Request, ProcessRequest, ScoreRequest } from '../../routes/v1/ingest.js';
import { PutProfileRequest } from '../../routes/v1/profile.js';
import { ContextItemsRequest, QueryRequest, ViewQuery } from '../../routes/v1/retrieval.js';
import * as R from '../responses.js';
import { route, json, type RouteSpec } from './spec.js';
import { USER, NODE, MSG, TENANT, T0, T1, SAFE, PARAMS, LIMITS, MESSAGE_DONE } from './examples.js';
import { NodeParam, MessageParam, UserParam, WaitQuery, V1, NODE_404 } from './params.js';

export const V1_ROUTES: RouteSpec[] = [
  // ===================== v1: account =====================
  route({
    method: 'post',
    path: `${V1}/trial/signup`,
    operationId: 'signup',
    summary: 'Start a 30-day trial',
    description: 'Creates a trial tenant with one v1 key. The key is in this answer only. No key needed.',
    tag: 'Account',
    security: 'public',
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
    security: 'public',
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
    security: 'public',
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
    description: 'Tier, trial, users, memory nodes and API calls today and this month.',
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
    request: { body: IngestRequest, idempotencyKey: 'user' },
    ok: { '201': json(R.IngestResponse, 'Stored.') },
    errors: {
      '403': 'node_type on a tier without custom node types, a user or memory limit reached, the trial ended or the tenant is suspended.',
      '409': 'The same Idempotency-Key was sent with a different request for this user within 24 hours (code CONFLICT), or the person is being erased (code ERASE_IN_PROGRESS).',
    },
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
    description:
      'Each item has the /ingest body and is validated and stored on its own: a bad item fails alone, with its reason. With an Idempotency-Key (scoped to the tenant, since items may name different people), each item is bound at its position: a retry answers the items an earlier copy stored with their node ids and stores them not again, and tries again the items that failed (a corrected item may take their place).',
    tag: 'Putting information in',
    security: 'v1Key',
    request: { body: BatchRequest, idempotencyKey: 'tenant' },
    ok: { '200': json(R.BatchResponse, 'One result per item, in order.') },
    errors: { '409': 'The same Idempotency-Key was used in this tenant within 24 hours with a different request: an item stored under it differs from the item at its position now (code CONFLICT).' },
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
    request: { body: IngestV2Request, idempotencyKey: 'user' },
    ok: { '202': json(R.IngestV2Response, 'Stored; processing in the background.') },
    errors: { '409': 'The same Idempotency-Key was sent with a different request for this user within 24 hours (code CONFLICT), or the person is being erased (code ERASE_IN_PROGRESS).' },
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

];
