// Admin, MCP over SSE and HTTP, and operations routes.
import { z } from 'zod';
import { AuditQuery, CreateKeyRequest, UpdateTenantRequest } from '../../routes/admin.js';
import * as R from '../responses.js';
import { route, json, type RouteSpec } from './spec.js';
import { USER, NODE, TENANT, KEY_ID, EVENT, T0, T1, TENANT_BODY } from './examples.js';
import { AdminKeyParam, TenantParam, JsonRpcRequest, SessionQuery } from './params.js';

export const OPERATOR_ROUTES: RouteSpec[] = [
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
    ok: {
      '200': json(R.JsonRpcResponse, 'The JSON-RPC answer (a tool failure is a result with isError: true).'),
      '202': { description: 'A notification (no id): accepted, nothing to answer; no body and no Content-Type, as the MCP Streamable HTTP transport answers.' },
    },
    errors: { '400': 'Not JSON, not one JSON-RPC 2.0 message, or a bad field: a JSON-RPC error response (code -32600, id null) whose message names the problem.' },
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
    errors: {
      '429': 'Rate limit exceeded, or the key already holds MCP_SSE_SESSIONS_PER_KEY open streams on this process; Retry-After says when to try again.',
    },
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
    errors: {
      '400': 'No sessionId, or not one JSON-RPC 2.0 message: a JSON-RPC error response (code -32600, id null) whose message names the problem.',
      '403': 'The session was opened with another key.',
      '404': 'No such session is open for this tenant.',
    },
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
    description:
      'http_requests_total, http_request_duration_seconds, neo4j_query_duration_seconds, background_queue_depth and the Node defaults. ' +
      'Requests are labelled by route pattern only (anything unmatched shares the one label `unmatched`). Closed unless METRICS_TOKEN or ADMIN_TOKEN is set; ' +
      'a Prometheus scrape job sends METRICS_TOKEN as a bearer token.',
    tag: 'Operations',
    security: 'metricsToken',
    request: {},
    ok: { '200': { schema: R.MetricsText, description: 'Prometheus text format.', contentType: 'text/plain; version=0.0.4; charset=utf-8' } },
    example: { response: { status: 200, body: '# HELP http_requests_total Requests\n# TYPE http_requests_total counter\n' } },
  }),
  // ===================== documentation pages =====================
  ...(
    [
      ['/', 'home', 'The home page', 'Links to the API reference, the quickstart, the OpenAPI document and health.'],
      ['/docs', 'apiReference', 'The API reference', 'Every route of this document, rendered by Swagger UI from GET /api/v1/openapi.json (its files are served by this service).'],
      ['/docs/quickstart', 'quickstart', 'The quickstart page', 'A key and the four-step loop with curl (the signup answer links it).'],
    ] as const
  ).map(([path, operationId, summary, description]) =>
    route({
      method: 'get',
      path,
      operationId,
      summary,
      description: `${description} HTML, no key needed.`,
      tag: 'Documentation',
      security: 'public',
      request: {},
      ok: { '200': { schema: R.HtmlPage, description: 'An HTML page.', contentType: 'text/html; charset=utf-8' } },
      example: { response: { status: 200, body: '<!doctype html>\n<html lang="en">…</html>\n' } },
    }),
  ),
  ...(
    [
      ['/docs/assets/swagger-ui.css', 'docsStylesheet', 'Swagger UI\'s stylesheet', 'text/css; charset=utf-8', R.Stylesheet, '.swagger-ui{…}'],
      ['/docs/assets/swagger-ui-bundle.js', 'docsRenderer', 'Swagger UI', 'text/javascript; charset=utf-8', R.Script, '/*! …*/'],
      ['/docs/assets/reference.js', 'docsStart', 'The script that starts Swagger UI on this document', 'text/javascript; charset=utf-8', R.Script, 'window.addEventListener(…);'],
    ] as const
  ).map(([path, operationId, summary, contentType, schema, body]) =>
    route({
      method: 'get',
      path,
      operationId,
      summary,
      description: 'A file of the API reference page, from the swagger-ui-dist package. No key needed; may be cached for an hour.',
      tag: 'Documentation',
      security: 'public',
      request: {},
      ok: { '200': { schema, description: 'The file.', contentType } },
      example: { response: { status: 200, body } },
    }),
  ),
  ...['/api/v1/openapi.json', '/api/b2c/memory/openapi.json'].map((path, i) =>
    route({
      method: 'get',
      path,
      operationId: i === 0 ? 'openapi' : 'b2cOpenapi',
      summary: 'This OpenAPI 3.1 document',
      description: 'The whole document (both route sets, admin and operations), generated from the zod schemas the routes validate with. No key needed.',
      tag: 'Operations',
      security: 'public',
      request: {},
      ok: { '200': json(R.OpenApiDocument, 'The document.') },
      example: { response: { status: 200, body: { openapi: '3.1.0', info: { title: 'Memory middleware', version: '0.1.0' }, paths: {} } } },
    }),
  ),
];
