// v1 read routes: /query (framed context block), /context/items (plain items), /context/{user_id} (organised
// view, or the portability export with ?format=export).
import type { Routes } from '../registrar.js';
import { z } from 'zod';
import { parseBody, parseWith } from '../../http/validate.js';
import { retrieveForContext } from '../../retrieval/answer.js';
import { personView } from '../../retrieval/personView.js';
import { QUERY_BLOCK_OVERHEAD, confidenceOf, itemLine, itemOf, queryBlock, queryLine, weavingLines } from '../../retrieval/render.js';
import { countTokens } from '../../retrieval/tokens.js';
import type { Principal } from '../../tenants/tenants.js';
import type { Services } from '../context.js';
import { MessageText, UserId } from '../schemas.js';

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
    ...(r.profile.contradictionFlagging ? { contradictions: memories.flatMap((m) => m.contradicts.map((other) => ({ node_id: m.id, contradicts: other }))) } : {}),
  };
}

/** POST /context/items: plain items within the budget (also svc_query's answer). */
export async function contextItemsAnswer(s: Services, who: Principal, input: z.infer<typeof ContextItemsRequest>) {
  const budget = input.max_tokens ?? (await s.profiles.get(who.tenantId)).maxTokens;
  const { memories } = await retrieveForContext(s.retrieval, { tenantId: who.tenantId, userId: input.user_id }, { text: input.message, budget }, { lineOf: itemLine, overhead: '' });
  return { user_id: input.user_id, items: memories.map(itemOf), count: memories.length };
}

export function registerRetrievalRoutes(router: Routes, s: Services): void {
  router.post('/query', async (ctx) => {
    ctx.body = await queryAnswer(s, ctx.state.principal as Principal, parseBody(ctx, QueryRequest));
  });

  router.post('/context/items', async (ctx) => {
    ctx.body = await contextItemsAnswer(s, ctx.state.principal as Principal, parseBody(ctx, ContextItemsRequest));
  });

  router.get('/context/:user_id', async (ctx) => {
    const who = ctx.state.principal as Principal;
    const userId = parseWith(UserId, ctx.params.user_id, 'user_id');
    const { format } = parseWith(ViewQuery, ctx.query, 'query');
    const profile = await s.profiles.get(who.tenantId);
    ctx.body = await personView(s.graph, who.tenantId, userId, profile.decay, format === 'export', s.clock());
  });
}
