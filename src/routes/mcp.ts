// The MCP server inside the service (spec 4.E): SSE for browser-based hosts (GET /mcp/sse opens the stream, the
// client posts to /mcp/messages?sessionId=…) and plain HTTP for servers (POST /mcp/http, JSON-RPC 2.0).
//
// The /mcp routes are defined with the v1 key (X-API-Key of a v1 tenant, rate limits): each MCP request is
// authenticated and counted once, here, and its tool calls run the v1 operations in process for that caller
// (src/mcp/inProcess.ts), with the REST API's arguments, answers and errors.
import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Context } from 'koa';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { AppError, badRequest, forbidden, notFound } from '../http/errors.js';
import { authInfoOf, inProcessApi } from '../mcp/inProcess.js';
import { createMemoryServer } from '../mcp/tools.js';
import type { Principal } from '../tenants/tenants.js';
import type { Services } from './context.js';
import { RAW, endpoint, json } from './endpoint.js';
import { USER } from './examples.js';
import { named } from './responses.js';

/**
 * A JSON-RPC request or notification, checked before a transport sees it: the SDK answers a malformed message
 * without naming the field (plain text on SSE), ours names it. One message per request, no batches, no members
 * beyond JSON-RPC's four (the SDK refuses them too). The server never asks the client anything, so responses are
 * not expected here.
 */
export const JsonRpcMessage = z.strictObject({
  jsonrpc: z.literal('2.0', 'must be "2.0"'),
  id: z.union([z.string(), z.number().int()], 'must be a string or an integer').optional().describe('Absent for a notification.'),
  method: z.string().min(1, 'must not be empty').describe('initialize, tools/list, tools/call, …'),
  params: z.record(z.string(), z.unknown(), 'must be an object').optional().describe('tools/call: {name, arguments}.'),
});

export const SessionQuery = z.object({ sessionId: z.string().describe('The session id named by the `endpoint` event of GET /mcp/sse.') });

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

export const EventStream = z
  .string()
  .describe('Server-sent events: first an `endpoint` event naming /mcp/messages?sessionId=…, then JSON-RPC messages.');

function requireJson(ctx: Context): void {
  if (ctx.request.type !== 'application/json') throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'MCP messages must be sent as application/json.');
}

/** Comment frames on an idle SSE stream, so proxies and hosts do not drop it. */
const SSE_KEEP_ALIVE_MS = 15_000;

interface SseSession {
  transport: SSEServerTransport;
  tenantId: string;
  keyId: string;
}

/** The open SSE sessions of one app (one set of services), by session id. */
const sseSessions = new WeakMap<Services, Map<string, SseSession>>();
function sessionsOf(s: Services): Map<string, SseSession> {
  let sessions = sseSessions.get(s);
  if (!sessions) sseSessions.set(s, (sessions = new Map()));
  return sessions;
}

/** Hands the request's authenticated caller to the MCP SDK, which passes it to each tool call as its auth. */
function authenticateForTools(ctx: Context): void {
  (ctx.req as IncomingMessage & { auth?: AuthInfo }).auth = authInfoOf({
    principal: ctx.state.principal as Principal,
    requestId: ctx.state.requestId,
  });
}

export const MCP_ENDPOINTS = [
  // --- HTTP: one JSON-RPC request in, one JSON answer out; no session (initialize is optional) ---
  endpoint({
    method: 'post',
    path: '/mcp/http',
    operationId: 'mcpHttp',
    summary: 'MCP over HTTP (server to server)',
    description:
      'One JSON-RPC 2.0 request in, one JSON answer out (tools/list, tools/call with {name, arguments}); no session needed. The tools run the v1 operations in process for the caller the key authenticated.',
    tag: 'MCP',
    security: 'v1Key',
    request: { body: JsonRpcMessage },
    responses: {
      200: json(JsonRpcResponse, 'The JSON-RPC answer (a tool failure is a result with isError: true).'),
      202: {
        description:
          'A notification (no id): accepted, nothing to answer; no body and no Content-Type, as the MCP Streamable HTTP transport answers.',
      },
    },
    errors: {
      '400':
        'Not JSON, not one JSON-RPC 2.0 message, or a bad field: a JSON-RPC error response (code -32600, id null) whose message names the problem.',
    },
    example: {
      request: {
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc_query', arguments: { user_id: USER, query: 'allergies' } } },
      },
      response: {
        status: 200,
        body: {
          jsonrpc: '2.0',
          id: 1,
          result: { content: [{ type: 'text', text: '1. peanut allergy: Sarah is severely allergic to peanuts. (2026-11-22)' }] },
        },
      },
    },
    async handler({ ctx, s, body }) {
      requireJson(ctx);
      body();
      authenticateForTools(ctx);
      const server = createMemoryServer({ api: (auth) => inProcessApi(s, auth) });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // Spec 4.E names only X-API-Key and Content-Type: application/json for this transport, but the SDK answers 406
      // unless Accept lists both application/json and text/event-stream. A plain client (curl, fetch: */* or
      // nothing) must work, and with enableJsonResponse the answer is JSON whatever Accept says, so say it for them.
      const accept = ctx.get('Accept');
      if (!accept.includes('application/json') || !accept.includes('text/event-stream')) setAccept(ctx, 'application/json, text/event-stream');
      ctx.res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await handOver(ctx, s, async () => {
        await server.connect(transport);
        await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
      });
      return RAW;
    },
  }),
  // --- SSE: the stream lives as long as this request; tool answers travel on it ---
  endpoint({
    method: 'get',
    path: '/mcp/sse',
    operationId: 'mcpSse',
    summary: 'MCP over SSE (browser-based hosts): open a session',
    description:
      'Opens the event stream; its first `endpoint` event names /mcp/messages?sessionId=… where the host posts JSON-RPC messages. Answers travel on the stream.',
    tag: 'MCP',
    security: 'v1Key',
    request: {},
    responses: { 200: { schema: EventStream, description: 'The event stream.', contentType: 'text/event-stream' } },
    errors: {
      '429':
        'Rate limit exceeded, or the key already holds MCP_SSE_SESSIONS_PER_KEY open streams on this process; Retry-After says when to try again.',
    },
    example: { response: { status: 200, body: 'event: endpoint\ndata: /mcp/messages?sessionId=3b0c…\n\n' } },
    async handler({ ctx, s, who }) {
      const sessions = sessionsOf(s);
      // Each stream holds a socket and a server for as long as the client likes: a key gets a bounded number.
      const held = [...sessions.values()].filter((x) => x.keyId === who.keyId).length;
      if (held >= s.config.MCP_SSE_SESSIONS_PER_KEY)
        throw new AppError(
          429,
          'RATE_LIMITED',
          `This key already holds ${held} open MCP SSE sessions, the most allowed at once (MCP_SSE_SESSIONS_PER_KEY); close one or use POST /mcp/http.`,
          { 'Retry-After': '30' },
        );
      const server = createMemoryServer({ api: (auth) => inProcessApi(s, auth) });
      const transport = new SSEServerTransport('/mcp/messages', ctx.res);
      const sessionId = transport.sessionId;
      let keepAlive: NodeJS.Timeout | undefined;
      const closed = new Promise<void>((resolve) => {
        // Set before connect(): the SDK chains its own close handling after this one.
        transport.onclose = () => {
          sessions.delete(sessionId);
          if (keepAlive) clearInterval(keepAlive);
          resolve();
        };
      });
      sessions.set(sessionId, { transport, tenantId: who.tenantId, keyId: who.keyId });
      try {
        // The SDK writes the stream on the raw response: headers and the `endpoint` event naming the session.
        await handOver(ctx, s, () => server.connect(transport));
      } catch (err) {
        sessions.delete(sessionId);
        throw err;
      }
      keepAlive = setInterval(() => {
        if (!ctx.res.writableEnded) ctx.res.write(': keep-alive\n\n');
      }, SSE_KEEP_ALIVE_MS);
      keepAlive.unref();
      // A client that left before the stream started would never fire 'close' on it: end the session now.
      if (ctx.res.destroyed || ctx.res.writableEnded) await transport.close();
      s.log.debug('mcp sse session opened', { requestId: ctx.state.requestId, tenantId: who.tenantId });
      await closed;
      return RAW;
    },
  }),
  endpoint({
    method: 'post',
    path: '/mcp/messages',
    operationId: 'mcpMessages',
    summary: 'MCP over SSE: send a JSON-RPC message to a session',
    description: "Accepted with 202; the answer arrives on the session's event stream. Only the key that opened the session may post to it (403).",
    tag: 'MCP',
    security: 'v1Key',
    request: { query: SessionQuery, body: JsonRpcMessage },
    responses: { 202: { schema: z.string(), description: 'Accepted.', contentType: 'text/plain' } },
    errors: {
      '400': 'No sessionId, or not one JSON-RPC 2.0 message: a JSON-RPC error response (code -32600, id null) whose message names the problem.',
      '403': 'The session was opened with another key.',
      '404': 'No such session is open for this tenant.',
    },
    example: {
      request: { query: { sessionId: '3b0c5a4e-1f2d-4c3b-9a8e-7d6c5b4a3f2e' }, body: { jsonrpc: '2.0', id: 2, method: 'tools/list' } },
      response: { status: 202, body: 'Accepted' },
    },
    async handler({ ctx, s, who, body }) {
      const raw = ctx.query.sessionId;
      if (typeof raw !== 'string' || !raw)
        throw badRequest("Invalid request: 'sessionId' is required in the query string (the SSE stream's endpoint event names it).");
      const session = sessionsOf(s).get(raw);
      // Another tenant's session answers exactly like an unknown one: no one learns which session ids exist.
      if (!session || session.tenantId !== who.tenantId)
        throw notFound('No MCP session with this sessionId is open for this key; open one with GET /mcp/sse.');
      if (session.keyId !== who.keyId) throw forbidden('This MCP session was opened with another key of the tenant; send the key that opened it.');
      requireJson(ctx);
      body();
      authenticateForTools(ctx);
      // The SDK answers 202 with the text "Accepted" and no type: say what it is.
      ctx.res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      await handOver(ctx, s, () => session.transport.handlePostMessage(ctx.req, ctx.res, ctx.request.body));
      return RAW;
    },
  }),
];

/**
 * Lets the SDK answer on the raw Node response (Koa stays out of it). A failure before anything was written is
 * answered by the error middleware as usual; after that the SDK has answered already (e.g. 500 when an SSE stream
 * closed under a message) and the failure is only logged.
 */
async function handOver(ctx: Context, s: Services, run: () => Promise<void>): Promise<void> {
  ctx.respond = false;
  try {
    await run();
  } catch (err) {
    if (!ctx.res.headersSent) {
      ctx.respond = true;
      throw err;
    }
    s.log.debug('mcp transport failed after answering', { requestId: ctx.state.requestId, message: (err as Error).message });
  }
}

/** Replaces the request's Accept header where the SDK's Node adapter reads it (headers, then rawHeaders). */
function setAccept(ctx: Context, value: string): void {
  const req = ctx.req;
  req.headers.accept = value;
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i]!.toLowerCase() === 'accept') raw.splice(i, 2);
  raw.push('Accept', value);
}
