// The five MCP tools (spec 4.E), one implementation for every transport (stdio, SSE, HTTP). Each tool is a thin
// layer over the v1 API's own operations: over stdio the typed REST client, inside the service the same functions
// the REST handlers call (src/mcp/inProcess.ts), so arguments, answers and errors are the REST API's on every
// transport. A refused call becomes a tool result with isError and the service's message, never a stack trace.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { MemoryApiError } from '../../client/src/errors.js';
import type { Item, V1Client } from '../../client/src/v1.js';
import { AppError } from '../http/errors.js';
import { countTokens } from '../retrieval/tokens.js';
import { words } from '../text/words.js';
import { version } from '../version.js';

export const TOOL_NAMES = ['svc_ingest', 'svc_context', 'svc_query', 'svc_entities', 'svc_delete'] as const;

/** The v1 operations the tools use, as the typed client names and answers them. */
export type MemoryApi = Pick<V1Client, 'ingestMessage' | 'message' | 'contextItems' | 'query' | 'items' | 'deleteItem' | 'deleteUser'>;

export interface ToolDeps {
  /** The API for one tool call: the REST client (stdio), or the service itself for the caller the transport authenticated. */
  api: (auth: AuthInfo | undefined) => MemoryApi;
  /** stdio only: SVC_USER_ID. When set, user_id may be left out of a call and this person is meant. */
  defaultUserId?: string;
}

/** Raised inside a tool for a request the tool itself refuses (e.g. an erase without confirm). */
class ToolRefusal extends Error {}

const QUERY_TOP_K_MAX = 50;
/** Items per page when paging GET /memory/v2/items, and the most pages one svc_entities call reads. */
const ITEMS_PAGE = 200;
const ITEMS_MAX_PAGES = 100;

function text(t: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: t }], structuredContent: structured };
}

function failure(err: unknown): CallToolResult {
  if (err instanceof ToolRefusal)
    return { content: [{ type: 'text', text: err.message }], structuredContent: { error: { message: err.message } }, isError: true };
  if (err instanceof AppError) {
    const retryAfter = err.headers['Retry-After'];
    return {
      content: [{ type: 'text', text: `${err.message} (HTTP ${err.status} ${err.code})` }],
      structuredContent: {
        error: { status: err.status, code: err.code, message: err.message, ...(retryAfter ? { retry_after: Number(retryAfter) } : {}) },
      },
      isError: true,
    };
  }
  if (err instanceof MemoryApiError) {
    const where = err.status === 0 ? 'unreachable' : `HTTP ${err.status}${err.code ? ` ${err.code}` : ''}`;
    return {
      content: [{ type: 'text', text: `${err.message} (${where})` }],
      structuredContent: {
        error: { status: err.status, code: err.code, message: err.message, request_id: err.requestId, retry_after: err.retryAfter },
      },
      isError: true,
    };
  }
  throw err; // anything else is a bug: the SDK turns it into an error result with its message alone
}

async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (err) {
    return failure(err);
  }
}

/** zod's wording for a missing field ("expected string, received undefined") made plain. */
const required = (issue: { input?: unknown }) => (issue.input === undefined ? 'Required' : 'Expected a string');

/** keyword mode: an item matches when its about or sentence contains one of the query's words as a whole word. */
export function matchesKeywords(item: { about: string; sentence: string }, query: string): boolean {
  const wanted = new Set(words(query));
  if (wanted.size === 0) return false;
  return words(`${item.about} ${item.sentence}`).some((w) => wanted.has(w));
}

export function registerMemoryTools(server: McpServer, deps: ToolDeps): void {
  const defaultUserId = deps.defaultUserId?.trim() || undefined;

  const UserIdArg = z
    .string({ error: required })
    .trim()
    .min(1, 'must not be empty')
    .max(256, 'must be at most 256 characters')
    // A refinement, not a regex: \p{Cc} in the published JSON Schema would break hosts whose regex engines lack \p.
    .refine((s) => !/\p{Cc}/u.test(s), 'must not contain control characters');
  const userIdField = defaultUserId
    ? UserIdArg.optional().describe(
        `The end user (person) the memory belongs to, as your app identifies them. Defaults to "${defaultUserId}" (SVC_USER_ID).`,
      )
    : UserIdArg.describe('The end user (person) the memory belongs to, as your app identifies them.');
  const who = (userId: string | undefined): string => {
    const id = userId ?? defaultUserId;
    if (!id) throw new ToolRefusal('user_id is required (no default user is configured).');
    return id;
  };

  server.registerTool(
    'svc_ingest',
    {
      title: 'Remember a message',
      description:
        'Stores one message the person said (POST /ingest/v2, speaker "user"). The service extracts memories from it in the background. ' +
        'With wait_seconds > 0 the tool waits up to that long for the processing and reports the memories created. ' +
        'Answers {message_id, status, user_id} and, after waiting, memory_ids.',
      inputSchema: {
        user_id: userIdField,
        message: z
          .string({ error: required })
          .min(1, 'must not be empty')
          .max(20_000, 'must be at most 20000 characters')
          .describe('What the person said.'),
        wait_seconds: z
          .number()
          .int('must be a whole number')
          .min(0, 'must be at least 0')
          .max(30, 'must be at most 30')
          .default(0)
          .describe('Seconds to wait for the message to be processed (0 answers at once).'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args, extra) =>
      guarded(async () => {
        const client = deps.api(extra.authInfo);
        const userId = who(args.user_id);
        const stored = await client.ingestMessage({ user_id: userId, speaker: 'user', message: args.message });
        if (!args.wait_seconds) {
          return text(`Message ${stored.message_id} stored for user ${userId}; status ${stored.status} (memories are extracted in the background).`, {
            message_id: stored.message_id,
            status: stored.status,
            user_id: userId,
          });
        }
        const m = await client.message(stored.message_id, args.wait_seconds);
        const memories = m.memory_ids ?? [];
        const outcome =
          m.status === 'done'
            ? `processed; ${memories.length} memor${memories.length === 1 ? 'y' : 'ies'} created or reinforced`
            : m.status === 'failed'
              ? `processing failed${m.error ? `: ${m.error}` : ''}`
              : `still ${m.status} after ${args.wait_seconds} s`;
        return text(`Message ${stored.message_id} stored for user ${userId}; ${outcome}.`, {
          message_id: stored.message_id,
          status: m.status,
          user_id: userId,
          memory_ids: memories,
          ...(m.error ? { error: m.error } : {}),
        });
      }),
  );

  server.registerTool(
    'svc_context',
    {
      title: 'What is remembered about the person',
      description:
        'What matters about the person in general, as one framed text block (POST /query with no message): memories ranked by salience, ' +
        'recency and standing facts, each stated, hedged or offered as worth asking about, cut to `budget` tokens. Only memories with salience ' +
        ">= `threshold` (and the tenant's injection threshold) are kept; topics the person asked to leave alone are never included. " +
        "structuredContent holds the included memories (node_id, topic, salience, framing), the block's tokens and its confidence.",
      inputSchema: {
        user_id: userIdField,
        budget: z
          .number()
          .int('must be a whole number')
          .min(100, 'must be at least 100')
          .max(32_000, 'must be at most 32000')
          .default(6000)
          .describe('Token budget of the text block (o200k tokens).'),
        threshold: z
          .number()
          .min(0, 'must be at least 0')
          .max(1, 'must be at most 1')
          .default(0.15)
          .describe('Minimum salience (0..1) of what is included.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, extra) =>
      guarded(async () => {
        const client = deps.api(extra.authInfo);
        const userId = who(args.user_id);
        // The /query block for no particular message: what matters about the person in general, ranked, framed and
        // packed as every context the service gives a model (suppressed topics never reach it).
        const r = await client.query({ user_id: userId, current_input: '', max_tokens: args.budget, threshold: args.threshold });
        const nodes = r.nodes.map((n) => ({ node_id: n.node_id, topic: n.topic, salience: n.salience, framing: n.framing }));
        const block = r.node_count
          ? r.context
          : `Nothing remembered about user ${userId.replace(/\s+/g, ' ')} reaches salience ${args.threshold} within ${args.budget} tokens.`;
        return text(block, {
          user_id: userId,
          budget: args.budget,
          threshold: args.threshold,
          tokens: countTokens(block),
          confidence: r.confidence,
          nodes,
          counts: { facts: r.node_count },
        });
      }),
  );

  server.registerTool(
    'svc_query',
    {
      title: 'Find memories relevant to a question',
      description:
        'Memories of the person relevant to `query` (POST /context/items), best first, at most top_k. ' +
        'mode "semantic" (default) takes the service ranking as it is (meaning, names, dates, salience). ' +
        'mode "keyword" keeps only the items whose about or sentence contains at least one word of the query as a whole word (case-insensitive), ' +
        'from a pool four times larger. Answers items [{node_id, about, sentence, date}].',
      inputSchema: {
        user_id: userIdField,
        query: z
          .string({ error: required })
          .min(1, 'must not be empty')
          .max(20_000, 'must be at most 20000 characters')
          .describe('The question or message to find memories for.'),
        mode: z
          .enum(['semantic', 'keyword'])
          .default('semantic')
          .describe('"semantic" (ranked by the service) or "keyword" (whole-word match of a query word).'),
        top_k: z
          .number()
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(QUERY_TOP_K_MAX, `must be at most ${QUERY_TOP_K_MAX}`)
          .default(5)
          .describe(`How many items at most (1..${QUERY_TOP_K_MAX}).`),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, extra) =>
      guarded(async () => {
        const client = deps.api(extra.authInfo);
        const userId = who(args.user_id);
        // A budget sized to what is asked for (a context item is a few dozen tokens), so the service records as
        // injected roughly what the caller will use; keyword mode filters, so it reads a larger pool.
        const base = Math.min(32_000, Math.max(500, args.top_k * 100));
        const maxTokens = args.mode === 'keyword' ? Math.min(32_000, base * 4) : base;
        const r = await client.contextItems({ user_id: userId, message: args.query, max_tokens: maxTokens });
        const pool = args.mode === 'keyword' ? r.items.filter((i) => matchesKeywords(i, args.query)) : r.items;
        const items = pool.slice(0, args.top_k).map((i) => ({ node_id: i.node_id, about: i.about, sentence: i.sentence, date: i.date }));
        const lines = items.map((i, n) => `${n + 1}. ${i.about}: ${i.sentence} (${i.date}) [${i.node_id}]`);
        return text(items.length ? lines.join('\n') : `No memory of user ${userId} matches this query (${args.mode}).`, {
          user_id: userId,
          query: args.query,
          mode: args.mode,
          items,
          count: items.length,
        });
      }),
  );

  server.registerTool(
    'svc_entities',
    {
      title: 'People, places and things in the person’s memory',
      description:
        'The entities held for the person (GET /memory/v2/items, type "entity"), most salient first, at most `limit`. ' +
        'The person themself is the entity "self". Answers entities [{node_id, name, domain, salience, pinned}] and total.',
      inputSchema: {
        user_id: userIdField,
        limit: z
          .number()
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(200, 'must be at most 200')
          .default(50)
          .describe('How many entities at most (1..200).'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, extra) =>
      guarded(async () => {
        const client = deps.api(extra.authInfo);
        const userId = who(args.user_id);
        const entities: Item[] = [];
        let cursor: string | undefined;
        let pages = 0;
        let complete = false;
        // The list is newest first and has no type filter: read every page (bounded), then rank by salience.
        while (pages < ITEMS_MAX_PAGES) {
          const page = await client.items(userId, { limit: ITEMS_PAGE, ...(cursor ? { cursor } : {}) });
          pages++;
          entities.push(...page.items.filter((i) => i.type === 'entity'));
          if (!page.next_cursor) {
            complete = true;
            break;
          }
          cursor = page.next_cursor;
        }
        entities.sort((a, b) => b.salience - a.salience || a.about.localeCompare(b.about));
        const shown = entities
          .slice(0, args.limit)
          .map((e) => ({ node_id: e.node_id, name: e.about, domain: e.domain, salience: e.salience, pinned: e.pinned }));
        const lines = shown.map(
          (e) => `- ${e.name}${e.domain ? ` (${e.domain})` : ''}${e.pinned ? ', pinned' : ''}: salience ${e.salience.toFixed(2)} [${e.node_id}]`,
        );
        const head = shown.length
          ? `${shown.length} of ${entities.length} entit${entities.length === 1 ? 'y' : 'ies'} of user ${userId}, most salient first:`
          : `No entity is held for user ${userId}.`;
        return text([head, ...lines].join('\n'), { user_id: userId, entities: shown, count: shown.length, total: entities.length, complete });
      }),
  );

  server.registerTool(
    'svc_delete',
    {
      title: 'Delete a memory, or erase the person',
      description:
        'With node_id: deletes that one memory (DELETE /memory/v2/nodes/{node_id}, reason "person_request", requested by "app"); ' +
        'a ledger record is written first; answers ledger_id and the counts removed. ' +
        'Without node_id: erases everything held for the person, irreversibly (DELETE /users/{user_id}); this needs confirm: true.',
      inputSchema: {
        user_id: userIdField,
        node_id: z
          .uuid('must be a node id (UUID)')
          .optional()
          .describe('The memory to delete (a node_id from svc_query or svc_entities). Leave out to erase the person.'),
        confirm: z.boolean().default(false).describe('Must be true to erase the whole person (no node_id).'),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args, extra) =>
      guarded(async () => {
        const client = deps.api(extra.authInfo);
        const userId = who(args.user_id);
        if (args.node_id) {
          const r = await client.deleteItem(args.node_id, { user_id: userId, reason: 'person_request', requested_by: 'app' });
          return text(
            `Deleted memory ${r.node_id} of user ${r.user_id} (ledger record ${r.ledger_id}; ${r.nodes_deleted} node(s) and ${r.edges_deleted} relationship(s) removed).`,
            {
              status: r.status,
              user_id: r.user_id,
              node_id: r.node_id,
              ledger_id: r.ledger_id,
              nodes_deleted: r.nodes_deleted,
              edges_deleted: r.edges_deleted,
            },
          );
        }
        if (args.confirm !== true)
          throw new ToolRefusal(
            `Erasing user ${userId} removes everything held for them and cannot be undone: call svc_delete again with confirm: true, or give node_id to delete one memory.`,
          );
        const r = await client.deleteUser(userId);
        return text(`Erased user ${r.user_id}: ${r.nodes_deleted} node(s) removed.`, {
          status: r.status,
          user_id: r.user_id,
          nodes_deleted: r.nodes_deleted,
        });
      }),
  );
}

/** A fresh MCP server with the five tools, named 'memory-middleware'. */
export function createMemoryServer(deps: ToolDeps): McpServer {
  const server = new McpServer(
    { name: 'memory-middleware', version },
    {
      instructions:
        'Long-term memory of the people your app talks to. Before answering, call svc_query (memories relevant to the message) or svc_context ' +
        '(the organised whole); after the person speaks, call svc_ingest. svc_entities lists who and what is known; svc_delete deletes one memory ' +
        'or, with confirm: true, erases the person.',
    },
  );
  registerMemoryTools(server, deps);
  return server;
}
