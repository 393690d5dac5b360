// The typed client (@memory-middleware/client, client/) against the real service: the integration loop with
// V1Client and B2cClient, every route a tenant app uses, answers that parse with the contract schemas its types
// are generated from, typed errors in all three formats, and retries on 429 / 503 that honour Retry-After.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { B2cClient, MemoryApiError, V1Client } from '../../client/src/index.js';
import * as R from '../helpers/responses.js';
import { testEnv } from '../helpers/env.js';
import { admin, call, cleanupTenants, newTenant, trackTenant, uniqueEmail } from '../helpers/http.js';

async function failure(p: Promise<unknown>): Promise<MemoryApiError> {
  try {
    await p;
  } catch (err) {
    expect(err).to.be.instanceOf(MemoryApiError);
    return err as MemoryApiError;
  }
  throw new Error('expected the call to fail');
}

/** A local server answering from a script of (status, headers, body), recording each request. */
async function stubServer(script: Array<{ status: number; headers?: Record<string, string>; body: unknown }>) {
  const seen: Array<{ method: string; url: string; at: number; headers: IncomingMessage['headers'] }> = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', at: Date.now(), headers: req.headers });
      const step = script[Math.min(seen.length - 1, script.length - 1)]!;
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      res.end(JSON.stringify(step.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('typed client (@memory-middleware/client)', function () {
  this.timeout(120_000);
  let origin: string;
  before(async () => {
    origin = (await testEnv()).baseUrl;
  });
  after(cleanupTenants);

  it('V1Client: signup, then the loop (context before the model, the message after) and every call a tenant app makes', async () => {
    const signup = R.SignupResponse.parse(
      await V1Client.signup({ company_name: 'Client Co', email: uniqueEmail(), name: 'Ada' }, { baseUrl: `${origin}/api/v1` }),
    );
    trackTenant(signup.tenant_id);
    const client = new V1Client({ apiKey: signup.api_key, baseUrl: signup.base_url.replace(/^https?:\/\/[^/]+/, origin) });
    const user = `client-v1-${randomUUID()}`;

    R.HealthResponse.parse(await client.health());
    R.ReadyResponse.parse(await client.ready());

    // 1. before the model answers: nothing known yet
    expect((await client.contextItems({ user_id: user, message: 'What should I cook for my wife tonight?' })).items).to.deep.equal([]);
    // 2-3. the app's own prompt and model call would go here
    // 4. after the reply: the user's message, then wait until it is processed
    const sent = R.IngestV2Response.parse(
      await client.ingestMessage({ user_id: user, speaker: 'user', message: 'My wife Sarah is severely allergic to peanuts.' }),
    );
    let status = await client.message(sent.message_id, 20);
    while (status.status === 'pending' || status.status === 'processing') status = await client.message(sent.message_id, 20);
    R.MessageStatusResponse.parse(status);
    expect(status.status).to.equal('done');
    R.IngestV2Response.parse(await client.ingestMessage({ user_id: user, speaker: 'assistant', message: 'Then no peanuts for Sarah.' }));
    // the next turn: the context now holds it
    const ctx = R.ContextItemsResponse.parse(await client.contextItems({ user_id: user, message: 'What should I cook for my wife tonight?' }));
    expect(ctx.items.map((i) => i.sentence).join(' ')).to.match(/peanuts/);
    const q = R.QueryResponse.parse(await client.query({ user_id: user, current_input: 'Dinner ideas for Sarah?' }));
    expect(q.context).to.match(/peanuts/);

    // putting information in
    const stored = R.IngestResponse.parse(await client.ingest({ user_id: user, content: 'Our dog Biscuit is scared of thunderstorms.' }));
    const batch = R.BatchResponse.parse(
      await client.ingestBatch([
        { user_id: user, content: 'I play the cello on Tuesdays.' },
        { user_id: user, content: 'I work at Acme Robotics.' },
      ]),
    );
    expect(batch.succeeded).to.equal(2);
    R.ScoreResponse.parse(await client.score({ content: 'I never eat shellfish.', include_signals: true }));
    R.ProcessResponse.parse(await client.process(stored.node_id, user));
    expect(R.NodeResponse.parse(await client.node(stored.node_id)).processing_count).to.equal(1);

    // the person's context, usage, profile, diagnostics
    R.ContextView.parse(await client.context(user));
    const exported = R.ContextExport.parse(await client.context(user, 'export'));
    expect(exported.user_id).to.equal(user);
    R.StatsResponse.parse(await client.stats());
    R.ProfileResponse.parse(await client.profile());
    expect(R.PutProfileResponse.parse(await client.putProfile({ preset: 'journaling' })).preset).to.equal('journaling');
    expect(R.PresetsResponse.parse(await client.presets()).presets).to.have.length(16);
    R.DiagnosticsResponse.parse(await client.diagnostics(user));

    // person controls
    const items = R.ItemsResponse.parse(await client.items(user, { limit: 200 }));
    const fact = items.items.find((i) => /peanuts/.test(i.sentence))!;
    expect(fact, 'the peanut fact is listed').to.be.ok;
    expect(R.SuppressResponse.parse(await client.suppress({ user_id: user, topic: 'thunderstorms' })).suppressed).to.equal(true);
    expect(R.SuppressionsResponse.parse(await client.suppressions(user)).count).to.equal(1);
    expect(R.UnsuppressResponse.parse(await client.unsuppress({ user_id: user, topic: 'Thunderstorms' })).suppressed).to.equal(false);
    expect(R.PinResponse.parse(await client.pin({ user_id: user, node_id: fact.node_id })).pinned).to.equal(true);
    expect(R.PinResponse.parse(await client.unpin({ user_id: user, node_id: fact.node_id })).pinned).to.equal(false);
    const fixed = R.FixItemResponse.parse(await client.fixItem(fact.node_id, { user_id: user, sentence: 'Sarah is mildly allergic to peanuts.' }));
    expect(fixed.item).to.include({ sentence: 'Sarah is mildly allergic to peanuts.', revisions: 1 });
    const deleted = R.DeleteItemResponse.parse(await client.deleteItem(fact.node_id, { user_id: user, reason: 'incorrect' }));
    expect(R.LedgerResponse.parse(await client.ledger(user)).records.map((r) => r.ledger_id)).to.deep.equal([deleted.ledger_id]);
    const full = R.V1ExportResponse.parse(await client.export(user));
    expect(full.totals.ledger_records).to.equal(1);
    expect(R.V1ExportResponse.parse(await client.exportUser(user)).items.length).to.equal(full.items.length);

    // erase, both ways
    const other = `client-v1-other-${randomUUID()}`;
    await client.ingest({ user_id: other, content: 'I live in Lisbon.' });
    expect(R.EraseV2Response.parse(await client.eraseUser(other)).nodes_deleted).to.be.greaterThan(0);
    expect(R.EraseResponse.parse(await client.deleteUser(user)).nodes_deleted).to.be.greaterThan(0);
    expect((await client.items(user)).total).to.equal(0);
  });

  it('B2cClient: the loop (retrieve before, turn after), past messages, controls, export and the erase with its deletion record', async () => {
    const t = await newTenant('b2c', 'scale');
    const client = new B2cClient({ apiKey: t.apiKey, baseUrl: `${origin}/api/b2c/memory` });
    const user = `client-b2c-${randomUUID()}`;

    expect(R.RetrieveResponse.parse(await client.retrieve({ user_id: user, query: 'What should I cook for my wife?' })).context_block).to.equal('');
    const turn = R.TurnResponse.parse(
      await client.turn({ user_id: user, user_message: 'My wife Sarah is allergic to peanuts.', assistant_response: 'Noted, no peanuts for Sarah.' }),
    );
    const past = R.B2cIngestResponse.parse(
      await client.ingest({
        user_id: user,
        messages: [{ role: 'user', content: 'I play the cello in an orchestra.', timestamp: '2026-05-01T09:00:00Z' }],
      }),
    );
    for (const id of [...turn.message_ids, ...past.message_ids]) {
      let m = await client.message(id, 20);
      while (m.status === 'pending' || m.status === 'processing') m = await client.message(id, 20);
      expect(R.MessageStatusResponse.parse(m).status).to.equal('done');
    }
    expect((await client.retrieve({ user_id: user, query: 'What should I cook for my wife?', top_k: 5 })).context_block).to.match(/peanuts/);

    const nodes = R.NodesResponse.parse(await client.nodes(user, { limit: 200 }));
    const fact = nodes.nodes.find((n) => n.type === 'facet' && /peanuts/.test(n.summary))!;
    const cello = nodes.nodes.find((n) => n.type === 'facet' && /cello/.test(n.summary))!;
    expect(fact && cello, 'facts extracted').to.be.ok;
    expect(R.SuppressResponse.parse(await client.suppress({ user_id: user, topic: 'cello' })).topic).to.equal('cello');
    expect(R.SuppressionsResponse.parse(await client.suppressions(user)).topics.map((x) => x.topic)).to.deep.equal(['cello']);
    R.UnsuppressResponse.parse(await client.unsuppress({ user_id: user, topic: 'cello' }));
    R.PinResponse.parse(await client.pin({ user_id: user, node_id: fact.node_id }));
    R.PinResponse.parse(await client.unpin({ user_id: user, node_id: fact.node_id }));
    expect(
      R.FixNodeResponse.parse(await client.fixNode(fact.node_id, { user_id: user, summary: 'Sarah is mildly allergic to peanuts.' })).node.summary,
    ).to.equal('Sarah is mildly allergic to peanuts.');
    expect(R.DeleteNodeResponse.parse(await client.deleteNode(cello.node_id, user)).status).to.equal('deleted');
    const exported = R.B2cExportResponse.parse(await client.exportUser(user));
    expect(exported.nodes.some((n) => n.node_id === cello.node_id)).to.equal(false);

    const erase = R.EraseRequestedResponse.parse(await client.eraseUser(user));
    let record = await client.deletion(user);
    for (let i = 0; i < 100 && record.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      record = await client.deletion(user, erase.request_id);
    }
    expect(R.DeletionResponse.parse(record)).to.include({ request_id: erase.request_id, status: 'completed', remaining: 0 });
  });

  it('throws MemoryApiError with status, code and message in each route set format', async () => {
    const t = await newTenant('v1');
    const b = await newTenant('b2c');
    const v1c = new V1Client({ apiKey: t.apiKey, baseUrl: `${origin}/api/v1` });
    const b2c = new B2cClient({ apiKey: b.apiKey, baseUrl: `${origin}/api/b2c/memory` });
    const user = `client-err-${randomUUID()}`;

    // v1: {error: {code, message}}
    const nf = await failure(v1c.node(randomUUID()));
    expect(nf).to.include({ status: 404, code: 'NOT_FOUND' });
    expect(nf.message).to.match(/No memory node/);
    expect(nf.requestId).to.be.a('string');
    const bad = await failure(v1c.ingest({ user_id: user } as never));
    expect(bad).to.include({ status: 400, code: 'INVALID_REQUEST' });
    expect(bad.message).to.match(/'content' is required/);

    // v1 person controls: a sentence alone, no code
    const unknownTopic = await failure(v1c.unsuppress({ user_id: user, topic: 'never suppressed' }));
    expect(unknownTopic).to.include({ status: 404, code: null });
    expect(unknownTopic.message).to.match(/not suppressed/);
    const badPage = await failure(v1c.items(user, { limit: 0 }));
    expect(badPage).to.include({ status: 400, code: null });
    expect(badPage.message).to.match(/limit/);

    // b2c: {error, code}
    const b404 = await failure(b2c.fixNode(randomUUID(), { user_id: user, summary: 'x' }));
    expect(b404).to.include({ status: 404, code: 'NOT_FOUND' });
    const b400 = await failure(b2c.retrieve({ query: 'x' } as never));
    expect(b400).to.include({ status: 400, code: 'MISSING_USER_ID' });

    // 401: v1 with its code; b2c a sentence without one; a key of the other route set is unknown
    const v401 = await failure(new V1Client({ apiKey: `mm_v1_${'x'.repeat(43)}`, baseUrl: `${origin}/api/v1` }).stats());
    expect(v401).to.include({ status: 401, code: 'UNAUTHORIZED' });
    const cross = await failure(new B2cClient({ apiKey: t.apiKey, baseUrl: `${origin}/api/b2c/memory` }).nodes(user));
    expect(cross).to.include({ status: 401, code: null });
    expect(cross.message).to.match(/not recognised/);

    // nobody listening
    const down = await failure(new V1Client({ apiKey: t.apiKey, baseUrl: 'http://127.0.0.1:9/api/v1', maxRetries: 0 }).health());
    expect(down.status).to.equal(0);
  });

  it('retries a 429 from the real service after Retry-After (capped by maxRetryWaitSeconds), then throws RATE_LIMITED', async () => {
    const t = await newTenant('v1');
    const patched = await call('PATCH', `/admin/tenants/${t.tenantId}`, { headers: admin, body: { limits: { rate_limit_rpm: 1 } } });
    expect(patched.status).to.equal(200);
    let attempts = 0;
    const client = new V1Client({
      apiKey: t.apiKey,
      baseUrl: `${origin}/api/v1`,
      maxRetries: 2,
      maxRetryWaitSeconds: 0.2,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    await client.stats();
    attempts = 0;
    const started = Date.now();
    const limited = await failure(client.stats());
    expect(attempts, 'the first try and two retries').to.equal(3);
    expect(Date.now() - started).to.be.at.least(2 * 200 - 20);
    expect(limited).to.include({ status: 429, code: 'RATE_LIMITED' });
    expect(limited.retryAfter).to.be.greaterThan(0);
  });

  describe('retry mechanics (a local stub server)', () => {
    it('waits Retry-After seconds after a 429, then returns the 200 answer', async () => {
      const stub = await stubServer([
        { status: 429, headers: { 'retry-after': '1' }, body: { error: { code: 'RATE_LIMITED', message: 'slow down' } } },
        { status: 200, body: { status: 'ok', version: 'stub' } },
      ]);
      try {
        const client = new V1Client({ apiKey: 'k', baseUrl: `${stub.url}/api/v1` });
        const started = Date.now();
        expect(await client.health()).to.deep.equal({ status: 'ok', version: 'stub' });
        expect(stub.seen).to.have.length(2);
        expect(stub.seen[1]!.at - stub.seen[0]!.at).to.be.at.least(950);
        expect(Date.now() - started).to.be.at.least(950);
        expect(stub.seen[0]!.headers['x-api-key']).to.equal('k');
      } finally {
        await stub.close();
      }
    });

    it('sends the b2c key as Authorization: Bearer', async () => {
      const stub = await stubServer([{ status: 200, body: { context_block: '' } }]);
      try {
        await new B2cClient({ apiKey: 'mm_b2c_key', baseUrl: `${stub.url}/api/b2c/memory` }).retrieve({ user_id: 'u', query: 'q' });
        expect(stub.seen[0]!.headers.authorization).to.equal('Bearer mm_b2c_key');
        expect(stub.seen[0]!.headers['x-api-key']).to.equal(undefined);
        expect(stub.seen[0]).to.include({ method: 'POST', url: '/api/b2c/memory/retrieve' });
      } finally {
        await stub.close();
      }
    });

    it('idempotentRetriesOnly: a POST is retried on 429 but not on 503; a GET is retried on 503', async () => {
      const unavailable = { status: 503, headers: { 'retry-after': '0' }, body: { error: 'down', code: 'SERVICE_UNAVAILABLE' } };
      const limited = { status: 429, headers: { 'retry-after': '0' }, body: { error: 'slow down', code: 'RATE_LIMITED' } };
      const ok = { status: 200, body: { context_block: 'ok' } };

      let stub = await stubServer([unavailable, ok]);
      try {
        const strict = new B2cClient({ apiKey: 'k', baseUrl: stub.url, idempotentRetriesOnly: true });
        const e = await failure(strict.retrieve({ user_id: 'u', query: 'q' }));
        expect(e).to.include({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: 0 });
        expect(stub.seen, 'POST not repeated after a 503').to.have.length(1);
      } finally {
        await stub.close();
      }

      stub = await stubServer([limited, ok]);
      try {
        const strict = new B2cClient({ apiKey: 'k', baseUrl: stub.url, idempotentRetriesOnly: true });
        expect(await strict.retrieve({ user_id: 'u', query: 'q' })).to.deep.equal({ context_block: 'ok' });
        expect(
          stub.seen.map((r) => r.method),
          'POST repeated after a 429',
        ).to.deep.equal(['POST', 'POST']);
      } finally {
        await stub.close();
      }

      stub = await stubServer([unavailable, { status: 200, body: { user_id: 'u', topics: [], count: 0 } }]);
      try {
        const strict = new B2cClient({ apiKey: 'k', baseUrl: stub.url, idempotentRetriesOnly: true });
        expect((await strict.suppressions('u')).count).to.equal(0);
        expect(
          stub.seen.map((r) => r.method),
          'GET repeated after a 503',
        ).to.deep.equal(['GET', 'GET']);
      } finally {
        await stub.close();
      }

      stub = await stubServer([unavailable, ok]);
      try {
        const lenient = new B2cClient({ apiKey: 'k', baseUrl: stub.url });
        expect(await lenient.retrieve({ user_id: 'u', query: 'q' })).to.deep.equal({ context_block: 'ok' });
        expect(stub.seen, 'by default a POST is repeated after a 503 too').to.have.length(2);
      } finally {
        await stub.close();
      }
    });

    it('sends an idempotency key as the Idempotency-Key header, and then repeats a write after a 503 even under idempotentRetriesOnly', async () => {
      const unavailable = { status: 503, headers: { 'retry-after': '0' }, body: { error: 'down', code: 'SERVICE_UNAVAILABLE' } };
      const accepted = { status: 202, body: { user_id: 'u', message_ids: ['m1', 'm2'], status: 'pending', received_at: 't', safety: {} } };
      const stub = await stubServer([unavailable, accepted]);
      try {
        const strict = new B2cClient({ apiKey: 'k', baseUrl: stub.url, idempotentRetriesOnly: true });
        const r = await strict.turn({ user_id: 'u', user_message: 'hi', assistant_response: 'hello' }, { idempotencyKey: 'key-1' });
        expect(r.message_ids).to.deep.equal(['m1', 'm2']);
        expect(stub.seen.map((x) => x.headers['idempotency-key'])).to.deep.equal(['key-1', 'key-1']);
      } finally {
        await stub.close();
      }
    });

    it('V1Client.ingest and ingestBatch send an idempotency key and then repeat after a 503 under idempotentRetriesOnly; without a key they do not', async () => {
      const unavailable = { status: 503, headers: { 'retry-after': '0' }, body: { error: 'down', code: 'SERVICE_UNAVAILABLE' } };
      const scoring = { base_score: 0.5, s1: 0.5, s2: 0.5, s3: 0.5, s4: 0.5, s5: 0.5, signal_modifiers_applied: false };
      const stored = { status: 201, body: { node_id: 'n1', scoring, entities_created: [], safety: { crisis_detected: false } } };
      const batch = { status: 200, body: { results: [{ index: 0, status: 'stored', node_id: 'n1' }], total: 1, succeeded: 1, failed: 0 } };
      for (const [answer, send] of [
        [stored, (c: V1Client, key?: string) => c.ingest({ user_id: 'u', content: 'I surf.' }, { idempotencyKey: key })],
        [batch, (c: V1Client, key?: string) => c.ingestBatch([{ user_id: 'u', content: 'I surf.' }], { idempotencyKey: key })],
      ] as const) {
        let stub = await stubServer([unavailable, answer]);
        try {
          const strict = new V1Client({ apiKey: 'k', baseUrl: stub.url, idempotentRetriesOnly: true });
          expect(await send(strict, 'key-2')).to.deep.equal(answer.body);
          expect(stub.seen.map((x) => x.headers['idempotency-key'])).to.deep.equal(['key-2', 'key-2']);
        } finally {
          await stub.close();
        }
        stub = await stubServer([unavailable, answer]);
        try {
          const strict = new V1Client({ apiKey: 'k', baseUrl: stub.url, idempotentRetriesOnly: true });
          expect((await failure(send(strict))).status).to.equal(503);
          expect(stub.seen, 'no key: not repeated after a 503').to.have.length(1);
          expect(stub.seen[0]!.headers['idempotency-key']).to.equal(undefined);
        } finally {
          await stub.close();
        }
      }
    });
  });
});
