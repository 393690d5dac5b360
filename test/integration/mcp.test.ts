// The MCP server on its three transports (spec 4.E), end to end with the SDK's own clients: stdio (the bin as a
// subprocess talking REST to the running service), SSE and HTTP (served by the app). Real Neo4j, real worker.
import { expect } from 'chai';
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { JsonRpcError } from '../../src/routes/responses.js';
import { projectRoot } from '../../src/version.js';
import { testEnv } from '../helpers/env.js';
import { admin, call, cleanupTenants, newTenant, v1 } from '../helpers/http.js';

const BIN = path.join(projectRoot, 'dist', 'src', 'cli', 'memory-middleware.js');
const FIVE = ['svc_context', 'svc_delete', 'svc_entities', 'svc_ingest', 'svc_query'];

type Kind = 'stdio' | 'sse' | 'http';

interface ToolResult {
  content: Array<{ type: string; text: string }>;
  structuredContent?: any;
  isError?: boolean;
}

const open: Client[] = [];

async function connect(kind: Kind, apiKey: string, defaultUserId?: string): Promise<Client> {
  const { baseUrl } = await testEnv();
  const client = new Client({ name: 'mcp-test', version: '0.0.0' });
  const headers = { 'X-API-Key': apiKey };
  const transport =
    kind === 'stdio'
      ? new StdioClientTransport({
          command: process.execPath,
          args: [BIN, 'mcp'],
          env: { SVC_API_KEY: apiKey, SVC_BASE_URL: `${baseUrl}/api/v1`, ...(defaultUserId ? { SVC_USER_ID: defaultUserId } : {}) },
          stderr: 'ignore',
        })
      : kind === 'sse'
        ? new SSEClientTransport(new URL(`${baseUrl}/mcp/sse`), { requestInit: { headers } }) // headers of the stream and of every POST
        : new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp/http`), { requestInit: { headers } });
  await client.connect(transport);
  open.push(client);
  return client;
}

async function tool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

const textOf = (r: ToolResult) => r.content.map((c) => c.text).join('\n');

/** The first `endpoint` event of a raw SSE stream: the message URL with its session id. */
async function openRawStream(apiKey: string): Promise<{ endpoint: string; close(): void }> {
  const { baseUrl } = await testEnv();
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/mcp/sse`, { headers: { 'X-API-Key': apiKey, Accept: 'text/event-stream' }, signal: abort.signal });
  expect(res.status).to.equal(200);
  const reader = res.body!.getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended before the endpoint event');
    buffered += new TextDecoder().decode(value);
    const m = /event: endpoint\ndata: (\S+)\n/.exec(buffered);
    if (m) return { endpoint: baseUrl + m[1], close: () => abort.abort() };
  }
}

for (const kind of ['stdio', 'sse', 'http'] as Kind[]) {
  describe(`MCP over ${kind}`, function () {
    this.timeout(90_000);
    let keyA: string;
    let keyB: string;
    let a: Client;
    let b: Client;
    const user = `mcp-${kind}-${Date.now()}`;

    before(async () => {
      keyA = (await newTenant('v1')).apiKey;
      keyB = (await newTenant('v1')).apiKey;
      a = await connect(kind, keyA, kind === 'stdio' ? user : undefined);
      b = await connect(kind, keyB);
    });

    after(async () => {
      for (const c of open.splice(0)) await c.close().catch(() => {});
      await cleanupTenants();
    });

    it('lists exactly the five tools with their input schemas', async () => {
      const { tools } = await b.listTools();
      expect(tools.map((t) => t.name).sort()).to.deep.equal(FIVE);
      const schema = (name: string) => tools.find((t) => t.name === name)!.inputSchema as any;
      expect(schema('svc_ingest').required).to.have.members(['user_id', 'message']);
      expect(schema('svc_ingest').properties.wait_seconds).to.include({ default: 0, maximum: 30 });
      expect(schema('svc_context').required).to.deep.equal(['user_id']);
      expect(schema('svc_context').properties.budget).to.include({ type: 'integer', default: 6000 });
      expect(schema('svc_context').properties.threshold).to.include({ default: 0.15, minimum: 0, maximum: 1 });
      expect(schema('svc_query').required).to.have.members(['user_id', 'query']);
      expect(schema('svc_query').properties.mode).to.deep.include({ enum: ['semantic', 'keyword'], default: 'semantic' });
      expect(schema('svc_query').properties.top_k).to.include({ type: 'integer', default: 5, maximum: 50 });
      expect(schema('svc_entities').properties.limit).to.include({ default: 50, minimum: 1, maximum: 200 });
      expect(schema('svc_delete').required).to.deep.equal(['user_id']);
      expect(schema('svc_delete').properties.node_id).to.include({ format: 'uuid' });
      expect(schema('svc_delete').properties.confirm).to.include({ type: 'boolean', default: false });
      for (const t of tools) expect(t.description, t.name).to.be.a('string').with.length.greaterThan(40);
      if (kind === 'stdio') {
        // With SVC_USER_ID set, user_id may be left out.
        const withDefault = (await a.listTools()).tools.find((t) => t.name === 'svc_query')!.inputSchema as any;
        expect(withDefault.required).to.deep.equal(['query']);
      }
    });

    it('ingests, finds, lists, deletes one memory and erases the person end to end', async () => {
      const ingested = await tool(a, 'svc_ingest', {
        user_id: user,
        message: 'My sister Priya lives in Lisbon and she loves sailing.',
        wait_seconds: 20,
      });
      expect(ingested.isError, textOf(ingested)).to.not.equal(true);
      expect(ingested.structuredContent).to.include({ status: 'done', user_id: user });
      expect(ingested.structuredContent.message_id).to.match(/^[0-9a-f-]{36}$/);
      expect(ingested.structuredContent.memory_ids).to.be.an('array').that.is.not.empty;
      const quick = await tool(a, 'svc_ingest', { user_id: user, message: 'I work as a nurse at the city hospital.' });
      expect(quick.structuredContent).to.include({ status: 'pending', user_id: user });

      const semantic = await tool(a, 'svc_query', { user_id: user, query: 'Where does Priya live?' });
      expect(semantic.isError, textOf(semantic)).to.not.equal(true);
      const items = semantic.structuredContent.items as Array<{ node_id: string; about: string; sentence: string; date: string }>;
      expect(items.length).to.be.within(1, 5);
      expect(Object.keys(items[0]!)).to.have.members(['node_id', 'about', 'sentence', 'date']);
      const lisbon = items.find((i) => /Lisbon/.test(i.sentence));
      expect(lisbon, JSON.stringify(items)).to.exist;
      expect(textOf(semantic)).to.contain('Lisbon');
      if (kind === 'stdio') {
        // SVC_USER_ID stands in for a missing user_id.
        const byDefault = await tool(a, 'svc_query', { query: 'Where does Priya live?' });
        expect(byDefault.structuredContent).to.include({ user_id: user });
        expect(byDefault.structuredContent.items.map((i: { node_id: string }) => i.node_id)).to.include(lisbon!.node_id);
      }

      const keyword = await tool(a, 'svc_query', { user_id: user, query: 'lisbon', mode: 'keyword', top_k: 50 });
      expect(keyword.structuredContent.items.length).to.be.greaterThan(0);
      for (const i of keyword.structuredContent.items) expect(`${i.about} ${i.sentence}`).to.match(/\blisbon\b/i);
      const none = await tool(a, 'svc_query', { user_id: user, query: 'zebra xylophone', mode: 'keyword' });
      expect(none.structuredContent).to.include({ count: 0 });

      const context = await tool(a, 'svc_context', { user_id: user });
      expect(context.isError, textOf(context)).to.not.equal(true);
      expect(textOf(context)).to.contain('Lisbon');
      expect(context.structuredContent).to.include({ budget: 6000, threshold: 0.15 });
      expect(context.structuredContent.counts.facts).to.be.greaterThan(0);
      expect(context.structuredContent.tokens).to.be.at.most(6000);
      const small = await tool(a, 'svc_context', { user_id: user, budget: 100, threshold: 0 });
      expect(small.structuredContent.tokens).to.be.at.most(100);

      const entities = await tool(a, 'svc_entities', { user_id: user });
      expect(entities.isError, textOf(entities)).to.not.equal(true);
      const listed = entities.structuredContent.entities as Array<{
        node_id: string;
        name: string;
        domain: string | null;
        salience: number;
        pinned: boolean;
      }>;
      expect(listed.map((e) => e.name)).to.include('Priya');
      expect(Object.keys(listed[0]!)).to.have.members(['node_id', 'name', 'domain', 'salience', 'pinned']);
      for (let i = 1; i < listed.length; i++) expect(listed[i - 1]!.salience).to.be.at.least(listed[i]!.salience);

      const deleted = await tool(a, 'svc_delete', { user_id: user, node_id: lisbon!.node_id });
      expect(deleted.isError, textOf(deleted)).to.not.equal(true);
      expect(deleted.structuredContent).to.include({ status: 'deleted', node_id: lisbon!.node_id });
      expect(deleted.structuredContent.ledger_id).to.be.a('string');
      expect(deleted.structuredContent.nodes_deleted).to.be.at.least(1);
      const after = await tool(a, 'svc_query', { user_id: user, query: 'Where does Priya live?', top_k: 50 });
      expect(after.structuredContent.items.map((i: { node_id: string }) => i.node_id)).to.not.include(lisbon!.node_id);

      const unconfirmed = await tool(a, 'svc_delete', { user_id: user });
      expect(unconfirmed.isError).to.equal(true);
      expect(textOf(unconfirmed)).to.match(/confirm: true/);
      const erased = await tool(a, 'svc_delete', { user_id: user, confirm: true });
      expect(erased.isError, textOf(erased)).to.not.equal(true);
      expect(erased.structuredContent).to.include({ status: 'deleted', user_id: user });
      expect(erased.structuredContent.nodes_deleted).to.be.greaterThan(0);
      const gone = await tool(a, 'svc_query', { user_id: user, query: 'Where does Priya live?' });
      expect(gone.structuredContent.count).to.equal(0);
    });

    it('refuses bad arguments with a clear error naming the field', async () => {
      const tooMany = await tool(b, 'svc_query', { user_id: 'u1', query: 'x', top_k: 500 });
      expect(tooMany.isError).to.equal(true);
      expect(textOf(tooMany))
        .to.match(/Invalid arguments for tool svc_query/)
        .and.match(/at most 50/)
        .and.match(/top_k/);
      const fuzzy = await tool(b, 'svc_query', { user_id: 'u1', query: 'x', mode: 'fuzzy' });
      expect(fuzzy.isError).to.equal(true);
      expect(textOf(fuzzy))
        .to.match(/mode/)
        .and.match(/semantic/);
      const noUser = await tool(b, 'svc_query', { query: 'x' });
      expect(noUser.isError).to.equal(true);
      expect(textOf(noUser)).to.match(/Required at user_id/);
      const badNode = await tool(b, 'svc_delete', { user_id: 'u1', node_id: 'not-a-uuid' });
      expect(textOf(badNode)).to.match(/node_id/);
      const unknownTool = await tool(b, 'svc_nothing', {});
      expect(unknownTool.isError).to.equal(true);
      expect(textOf(unknownTool)).to.match(/svc_nothing not found/);
    });

    it('answers an unknown node id with the service’s 404 as a tool error', async () => {
      const seeded = await tool(b, 'svc_ingest', { user_id: 'someone', message: 'I like green tea.' });
      expect(seeded.isError, textOf(seeded)).to.not.equal(true);
      const nodeId = '00000000-0000-4000-8000-000000000000';
      const r = await tool(b, 'svc_delete', { user_id: 'someone', node_id: nodeId });
      expect(r.isError).to.equal(true);
      expect(textOf(r)).to.contain(`No memory ${nodeId} is held for user someone.`).and.contain('404');
      expect(r.structuredContent.error).to.include({ status: 404 });
      const erase = await tool(b, 'svc_delete', { user_id: 'nobody-ever', confirm: true });
      expect(erase.isError).to.equal(true);
      expect(textOf(erase)).to.contain('404');
    });

    it('keeps tenants apart: tenant B’s key does not see tenant A’s user', async () => {
      const other = `${user}-iso`;
      const stored = await tool(a, 'svc_ingest', { user_id: other, message: 'My brother Tomas lives in Oslo.', wait_seconds: 20 });
      expect(stored.structuredContent.status).to.equal('done');
      expect((await tool(a, 'svc_query', { user_id: other, query: 'Where does Tomas live?' })).structuredContent.count).to.be.greaterThan(0);
      const seen = await tool(b, 'svc_query', { user_id: other, query: 'Where does Tomas live?' });
      expect(seen.isError).to.not.equal(true);
      expect(seen.structuredContent.count).to.equal(0);
      expect((await tool(b, 'svc_entities', { user_id: other })).structuredContent.total).to.equal(0);
      expect(textOf(await tool(b, 'svc_context', { user_id: other }))).to.not.contain('Oslo');
    });

    it('refuses a bad key with 401', async () => {
      const bad = `mm_v1_${'A'.repeat(43)}`; // well-formed, never issued
      if (kind === 'stdio') {
        const c = await connect('stdio', bad, 'u1');
        for (const [name, args] of [
          ['svc_ingest', { message: 'hello' }],
          ['svc_context', {}],
          ['svc_query', { query: 'hello' }],
          ['svc_entities', {}],
          ['svc_delete', { node_id: '00000000-0000-4000-8000-000000000000' }],
        ] as const) {
          const r = await tool(c, name, args);
          expect(r.isError, name).to.equal(true);
          expect(textOf(r), name).to.contain('The API key is not recognised.').and.contain('401');
        }
        return;
      }
      const err = await connect(kind, bad).then(
        () => expect.fail('connect should fail'),
        (e: { code?: number; message: string }) => e,
      );
      expect(err.code).to.equal(401);
      if (kind === 'http') expect(err.message).to.contain('The API key is not recognised.');
    });

    if (kind === 'http') {
      it('runs the tools in process: a tool call is one request to /mcp/http and none to the REST API', async () => {
        const { services } = await testEnv();
        const byRoute = async () => {
          const out = new Map<string, number>();
          for (const v of (await services.metrics.requests.get()).values)
            out.set(String(v.labels.route), (out.get(String(v.labels.route)) ?? 0) + v.value);
          return out;
        };
        const person = `${user}-inproc`;
        const before = await byRoute();
        const calls: Array<[string, Record<string, unknown>]> = [
          ['svc_ingest', { user_id: person, message: 'My cousin Ines lives in Braga.', wait_seconds: 20 }],
          ['svc_query', { user_id: person, query: 'Where does Ines live?' }],
          ['svc_query', { user_id: person, query: 'braga', mode: 'keyword' }],
          ['svc_context', { user_id: person }],
          ['svc_entities', { user_id: person }],
          ['svc_delete', { user_id: person, node_id: '00000000-0000-4000-8000-000000000000' }],
          ['svc_delete', { user_id: person, confirm: true }],
        ];
        const results = [];
        for (const [name, args] of calls) results.push(await tool(a, name, args));
        expect(results[0]!.structuredContent.status, textOf(results[0]!)).to.equal('done');
        expect(textOf(results[1]!)).to.contain('Braga');
        expect(results[5]!.structuredContent.error).to.include({ status: 404 });
        expect(results[6]!.structuredContent).to.include({ status: 'deleted', user_id: person });
        const after = await byRoute();
        const delta = (route: string) => (after.get(route) ?? 0) - (before.get(route) ?? 0);
        expect(delta('/mcp/http')).to.equal(calls.length);
        const selfCalls = [...after.keys()].filter((route) => route.startsWith('/api/') && delta(route) > 0);
        expect(selfCalls, 'REST routes the tool calls reached').to.deep.equal([]);
      });

      it('serves a plain JSON-RPC tools/call without initialize, with only X-API-Key and Content-Type', async () => {
        const { baseUrl } = await testEnv();
        const body = {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'svc_query', arguments: { user_id: 'u-plain', query: 'anything' } },
        };
        const res = await fetch(`${baseUrl}/mcp/http`, {
          method: 'POST',
          headers: { 'X-API-Key': keyB, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(res.status).to.equal(200);
        expect(res.headers.get('content-type')).to.match(/^application\/json/);
        expect(res.headers.get('x-ratelimit-limit')).to.match(/^\d+$/);
        const json = (await res.json()) as any;
        expect(json).to.include({ jsonrpc: '2.0', id: 1 });
        expect(json.result.isError).to.not.equal(true);
        expect(json.result.structuredContent).to.include({ user_id: 'u-plain', count: 0, mode: 'semantic' });
        expect(json.result.content[0].type).to.equal('text');

        const list = await call('POST', '/mcp/http', { headers: v1(keyB), body: { jsonrpc: '2.0', id: 2, method: 'tools/list' } });
        expect(list.status).to.equal(200);
        expect(list.body.result.tools.map((t: { name: string }) => t.name).sort()).to.deep.equal(FIVE);

        expect((await call('GET', '/mcp/http', { headers: v1(keyB) })).status).to.equal(405); // no server-initiated stream

        const noKey = await call('POST', '/mcp/http', { body });
        expect(noKey.status).to.equal(401);
        expect(noKey.body.error.code).to.equal('UNAUTHORIZED');
      });

      it('answers a notification 202 with no body and no Content-Type, and a message it cannot accept 400 with a JSON-RPC error naming the problem', async () => {
        const note = await call('POST', '/mcp/http', { headers: v1(keyB), body: { jsonrpc: '2.0', method: 'notifications/initialized' } });
        expect(note.status).to.equal(202);
        expect(note.text).to.equal('');
        expect(note.headers.get('content-type')).to.equal(null);

        const refused: Array<[unknown, string]> = [
          [{ jsonrpc: '1.0', id: 1, method: 'tools/list' }, "'jsonrpc'"],
          [{ jsonrpc: '2.0', id: 1.5, method: 'tools/list' }, "'id'"],
          [{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: 7 }, "'params'"],
          [{ jsonrpc: '2.0', id: 1 }, "'method'"],
          [{ jsonrpc: '2.0', id: 1, method: 'tools/list', extra: true }, 'extra'],
          [[{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], 'JSON object'],
        ];
        for (const [body, named] of refused) {
          const r = await call('POST', '/mcp/http', { headers: v1(keyB), body });
          expect(r.status, JSON.stringify(body)).to.equal(400);
          expect(r.headers.get('content-type')).to.match(/^application\/json/);
          expect(JsonRpcError.safeParse(r.body).success, r.text).to.equal(true);
          expect(r.body.error.message).to.contain(named);
        }
        const malformed = await call('POST', '/mcp/http', {
          headers: v1(keyB),
          raw: { data: '{"jsonrpc": "2.0",', contentType: 'application/json' },
        });
        expect(malformed.status).to.equal(400);
        expect(JsonRpcError.safeParse(malformed.body).success, malformed.text).to.equal(true);
        expect(malformed.body.error.message).to.match(/not valid JSON/);

        // HTTP-level refusals keep the v1 format of the /mcp prefix.
        const text = await call('POST', '/mcp/http', {
          headers: v1(keyB),
          raw: { data: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), contentType: 'text/plain' },
        });
        expect(text.status).to.equal(415);
        expect(text.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
        const plusJson = await call('POST', '/mcp/http', {
          headers: v1(keyB),
          raw: { data: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), contentType: 'application/vnd.example+json' },
        });
        expect(plusJson.status).to.equal(415);
        expect(plusJson.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
      });

      it('svc_context never shows a topic the person asked to leave alone', async () => {
        const person = `${user}-suppress`;
        await tool(a, 'svc_ingest', { user_id: person, message: 'My sister Priya lives in Lisbon and she loves sailing.', wait_seconds: 20 });
        const done = await tool(a, 'svc_ingest', { user_id: person, message: 'I am allergic to peanuts.', wait_seconds: 20 });
        expect(done.structuredContent.status).to.equal('done');
        expect(textOf(await tool(a, 'svc_context', { user_id: person, threshold: 0 }))).to.match(/sailing/);
        const suppressed = await call('POST', '/api/v1/memory/v2/suppress', { headers: v1(keyA), body: { user_id: person, topic: 'sailing' } });
        expect(suppressed.status).to.equal(201);
        const context = await tool(a, 'svc_context', { user_id: person, threshold: 0 });
        expect(textOf(context)).to.not.match(/sailing/i);
        expect(JSON.stringify(context.structuredContent)).to.not.match(/sailing/i);
        expect(textOf(context)).to.contain('peanuts');
      });
    }

    if (kind === 'sse') {
      it("refuses another tenant's key (404) and another key of the tenant (403) on a session's message endpoint", async () => {
        const { tenantId, apiKey: ownerKey } = await newTenant('v1');
        const second = await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'v1', tenant_id: tenantId } });
        expect(second.status).to.equal(201);
        const stream = await openRawStream(ownerKey);
        try {
          const ping = { jsonrpc: '2.0', id: 7, method: 'ping' };
          const post = (key: string) => call('POST', stream.endpoint.replace(/^https?:\/\/[^/]+/, ''), { headers: v1(key), body: ping });
          const stranger = await post(keyB);
          expect(stranger.status).to.equal(404);
          expect(stranger.body.error.message).to.match(/No MCP session/);
          const sibling = await post(second.body.api_key);
          expect(sibling.status).to.equal(403);
          const noKey = await call('POST', stream.endpoint.replace(/^https?:\/\/[^/]+/, ''), { body: ping });
          expect(noKey.status).to.equal(401);
          const owner = await post(ownerKey);
          expect(owner.status).to.equal(202);
          expect(owner.text).to.equal('Accepted');
          expect(owner.headers.get('content-type')).to.match(/^text\/plain/);
          const bad = await call('POST', stream.endpoint.replace(/^https?:\/\/[^/]+/, ''), {
            headers: v1(ownerKey),
            body: { jsonrpc: '2.0', id: 9, method: '' },
          });
          expect(bad.status).to.equal(400);
          expect(JsonRpcError.safeParse(bad.body).success, bad.text).to.equal(true);
          expect(bad.body.error.message).to.contain("'method'");
          const unknown = await call('POST', '/mcp/messages?sessionId=00000000-0000-4000-8000-000000000000', { headers: v1(ownerKey), body: ping });
          expect(unknown.status).to.equal(404);
        } finally {
          stream.close();
        }
        // A closed stream ends its session.
        let after = 0;
        for (let i = 0; i < 50; i++) {
          after = (
            await call('POST', stream.endpoint.replace(/^https?:\/\/[^/]+/, ''), {
              headers: v1(ownerKey),
              body: { jsonrpc: '2.0', id: 8, method: 'ping' },
            })
          ).status;
          if (after === 404) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(after).to.equal(404);
      });
    }
  });
}

describe('memory-middleware (the bin)', function () {
  this.timeout(30_000);
  const run = promisify(execFile);
  after(cleanupTenants);

  it('--help lists the subcommands and the environment of mcp', async () => {
    const { stdout } = await run(process.execPath, [BIN, '--help']);
    expect(stdout)
      .to.match(/^\s+mcp\s/m)
      .and.contain('SVC_API_KEY')
      .and.contain('SVC_USER_ID')
      .and.contain('SVC_BASE_URL');
  });

  it('mcp without SVC_API_KEY exits 1 with a clear message on stderr and nothing on stdout', async () => {
    const env = { ...process.env };
    delete env.SVC_API_KEY;
    const err = await run(process.execPath, [BIN, 'mcp'], { env }).then(
      () => expect.fail('should exit 1'),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(err.code).to.equal(1);
    expect(err.stdout).to.equal('');
    expect(err.stderr).to.match(/SVC_API_KEY is not set/);
  });

  it('an unknown command exits 2 with the usage', async () => {
    const err = await run(process.execPath, [BIN, 'serve']).then(
      () => expect.fail('should exit 2'),
      (e: { code: number; stderr: string }) => e,
    );
    expect(err.code).to.equal(2);
    expect(err.stderr)
      .to.match(/unknown command: serve/)
      .and.match(/usage:/);
  });

  it('mcp writes nothing but JSON-RPC on stdout', async () => {
    const { baseUrl } = await testEnv();
    const { apiKey } = await newTenant('v1');
    const child = spawn(process.execPath, [BIN, 'mcp'], {
      env: { ...process.env, SVC_API_KEY: apiKey, SVC_BASE_URL: `${baseUrl}/api/v1`, SVC_USER_ID: 'u-bin' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    const done = new Promise<void>((resolve) =>
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        if (lines.length === 3) resolve();
      }),
    );
    const send = (m: unknown) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'svc_query', arguments: { query: 'anything' } } });
    await done;
    child.stdin.end();
    const exited = new Promise((resolve) => child.on('close', resolve));
    const parsed = lines.map((l) => JSON.parse(l));
    for (const m of parsed) expect(m.jsonrpc).to.equal('2.0');
    expect(parsed.map((m) => m.id)).to.deep.equal([1, 2, 3]);
    expect(parsed[0].result.serverInfo).to.include({ name: 'memory-middleware' });
    expect(parsed[2].result.structuredContent).to.include({ user_id: 'u-bin', count: 0 });
    expect(await exited).to.equal(0); // stdin closed: the server stops
  });
});

describe('MCP over SSE: open sessions per key', function () {
  this.timeout(60_000);
  after(cleanupTenants);

  it('holds at most MCP_SSE_SESSIONS_PER_KEY streams open per key: one more is 429, other keys are unaffected, a closed stream frees its slot', async () => {
    const { baseUrl, config } = await testEnv();
    const limit = config.MCP_SSE_SESSIONS_PER_KEY;
    const { apiKey } = await newTenant('v1');
    const other = (await newTenant('v1')).apiKey;
    const streams = [];
    try {
      for (let i = 0; i < limit; i++) streams.push(await openRawStream(apiKey));
      const refused = await fetch(`${baseUrl}/mcp/sse`, { headers: { 'X-API-Key': apiKey, Accept: 'text/event-stream' } });
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.equal('30');
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).to.equal('RATE_LIMITED');
      expect(body.error.message).to.include('MCP_SSE_SESSIONS_PER_KEY');
      const otherStream = await openRawStream(other); // another tenant's key has its own allowance
      otherStream.close();
      streams.pop()!.close();
      // The server sees the close a moment later.
      let reopened: Awaited<ReturnType<typeof openRawStream>> | undefined;
      for (let i = 0; i < 40 && !reopened; i++) {
        const probe = await fetch(`${baseUrl}/mcp/sse`, {
          headers: { 'X-API-Key': apiKey, Accept: 'text/event-stream' },
          signal: AbortSignal.timeout(2000),
        }).catch(() => undefined);
        if (probe?.status === 200) {
          await probe.body?.cancel();
          reopened = { endpoint: '', close: () => {} };
        } else await new Promise((r) => setTimeout(r, 100));
      }
      expect(reopened, 'a slot is free again after a stream closed').to.not.equal(undefined);
    } finally {
      streams.forEach((s) => s.close());
    }
  });
});
