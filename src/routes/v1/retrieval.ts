// v1 read routes: /query (framed context block), /context/items (plain items), /context/{user_id} (organised
// view, or the portability export with ?format=export).
import { z } from 'zod';
import { retrieveForContext } from '../../retrieval/answer.js';
import { personView } from '../../retrieval/personView.js';
import { QUERY_BLOCK_OVERHEAD, confidenceOf, itemLine, itemOf, queryBlock, queryLine, weavingLines } from '../../retrieval/render.js';
import { countTokens } from '../../retrieval/tokens.js';
import type { Principal } from '../../tenants/tenants.js';
import type { Services } from '../context.js';
import { V1, endpoint, json } from '../endpoint.js';
import { NODE, USER } from '../examples.js';
import { Count, Day, Time, Unit, Uuid, named } from '../responses.js';
import { MessageText, UserId, UserParam } from '../schemas.js';

const Budget = z.number().int('must be a whole number').min(50, 'must be at least 50').max(32_000, 'must be at most 32000');

export const QueryRequest = z.object({
  user_id: UserId,
  current_input: z.string().max(20_000, 'must be at most 20000 characters').default(''),
  exchange_number: z.number().int().min(1, 'must be at least 1').max(100_000).default(1),
  max_tokens: Budget.optional(),
  include_identity: z.boolean().default(true),
  include_weaving: z.boolean().default(true),
  /** Our extension: a salience floor for this call, above the profile's injection threshold (never below it). */
  threshold: z
    .number()
    .min(0, 'must be at least 0')
    .max(1, 'must be at most 1')
    .optional()
    .describe("Minimum salience for this call; the profile's injection threshold applies when it is higher."),
});

export const ContextItemsRequest = z.object({
  user_id: UserId,
  message: MessageText,
  /** Our extension: a budget for this call instead of the profile's max_tokens. */
  max_tokens: Budget.optional(),
});

export const ViewQuery = z.object({ format: z.enum(['view', 'export']).default('view') });

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

/** POST /query: the framed block and what went into it (also svc_context's answer). */
export async function queryAnswer(s: Services, who: Principal, input: z.infer<typeof QueryRequest>) {
  const budget = input.max_tokens ?? (await s.profiles.get(who.tenantId)).maxTokens;
  let weaving: string[] = [];
  const { retrieval: r, memories } = await retrieveForContext(
    s.retrieval,
    { tenantId: who.tenantId, userId: input.user_id },
    { text: input.current_input, includeIdentity: input.include_identity, exchangeNumber: input.exchange_number, budget, threshold: input.threshold },
    {
      lineOf: queryLine,
      overhead: QUERY_BLOCK_OVERHEAD,
      fit: (packed) => {
        let kept = packed;
        weaving = input.include_weaving ? weavingLines(kept) : [];
        // Connections cost tokens too: drop memories from the end until the block as sent fits the budget.
        while (weaving.length && countTokens(queryBlock(kept, weaving)) > budget) {
          kept = kept.slice(0, -1);
          weaving = weavingLines(kept);
        }
        return kept;
      },
    },
  );
  const channelOf = (m: (typeof memories)[number]) =>
    m.channels.includes('constraint') ? 'constraints' : m.channels.length > 0 && m.channels.every((c) => c === 'recent') ? 'recency' : 'salience';
  return {
    context: queryBlock(memories, weaving),
    node_count: memories.length,
    confidence: confidenceOf(memories),
    retrieval_channels: {
      salience: memories.filter((m) => channelOf(m) === 'salience').length,
      recency: memories.filter((m) => channelOf(m) === 'recency').length,
      constraints: memories.filter((m) => channelOf(m) === 'constraints').length,
    },
    nodes: memories.map((m) => ({ node_id: m.id, topic: m.topic, salience: m.salience, framing: m.framing })),
    // Off by default (spec 1.7); only a profile with contradiction flagging on gets this field.
    ...(r.profile.contradictionFlagging
      ? { contradictions: memories.flatMap((m) => m.contradicts.map((other) => ({ node_id: m.id, contradicts: other }))) }
      : {}),
  };
}

/** POST /context/items: plain items within the budget (also svc_query's answer). */
export async function contextItemsAnswer(s: Services, who: Principal, input: z.infer<typeof ContextItemsRequest>) {
  const budget = input.max_tokens ?? (await s.profiles.get(who.tenantId)).maxTokens;
  const { memories } = await retrieveForContext(
    s.retrieval,
    { tenantId: who.tenantId, userId: input.user_id },
    { text: input.message, budget },
    { lineOf: itemLine, overhead: '' },
  );
  return { user_id: input.user_id, items: memories.map(itemOf), count: memories.length };
}

export const RETRIEVAL_ENDPOINTS = [
  endpoint({
    method: 'post',
    path: `${V1}/context/items`,
    operationId: 'contextItems',
    summary: 'Context items for this message (before the model answers)',
    description:
      'Plain sentences to put in the system prompt: no caution wording, no scores. max_tokens (our extension) overrides the profile budget.',
    tag: 'Getting context out',
    security: 'v1Key',
    request: { body: ContextItemsRequest },
    responses: { 200: json(ContextItemsResponse, 'The items, best first, within the budget.') },
    example: {
      request: { body: { user_id: USER, message: 'What should I cook for my wife tonight?' } },
      response: {
        status: 200,
        body: {
          user_id: USER,
          items: [{ node_id: NODE, about: 'peanut allergy', sentence: 'Sarah is severely allergic to peanuts.', date: '2026-11-22' }],
          count: 1,
        },
      },
    },
    handler: ({ s, who, body }) => contextItemsAnswer(s, who, body()),
  }),
  endpoint({
    method: 'post',
    path: `${V1}/query`,
    operationId: 'query',
    summary: 'A framed context block (before the model answers)',
    description:
      'Memories framed as assert, hedged ("Probably: …") or hook; include_weaving adds a "Connections" line per entity tying memories together.',
    tag: 'Getting context out',
    security: 'v1Key',
    request: { body: QueryRequest },
    responses: { 200: json(QueryResponse, 'The block and what went into it.') },
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
    handler: ({ s, who, body }) => queryAnswer(s, who, body()),
  }),
  endpoint({
    method: 'get',
    path: `${V1}/context/{user_id}`,
    operationId: 'personContext',
    summary: "The person's organised memory, or its portability export",
    description:
      '?format=view (default): domains → entities → facet and theme sentences, suppressed topics left out. ?format=export: facets as objects, interests, suppressed topics and totals.',
    tag: 'Getting context out',
    security: 'v1Key',
    request: { params: UserParam, query: ViewQuery },
    responses: { 200: json(PersonContextResponse, 'ContextView, or ContextExport with ?format=export.') },
    example: {
      request: { params: { user_id: USER }, query: { format: 'view' } },
      response: {
        status: 200,
        body: {
          domains: [
            { name: 'health', entities: [{ name: 'Sarah', salience: 0.64, facets: ['Sarah is severely allergic to peanuts.'], themes: [] }] },
          ],
          total_entities: 1,
          total_domains: 1,
        },
      },
    },
    async handler({ s, who, param, query }) {
      const userId = param('user_id');
      const { format } = query();
      const profile = await s.profiles.get(who.tenantId);
      // personView (src/retrieval) types its answer as a plain record: asserted here, checked by the contract tests.
      const view = await personView(s.graph, who.tenantId, userId, profile.decay, format === 'export', s.clock());
      return view as z.output<typeof PersonContextResponse>;
    },
  }),
];
