// A schema-driven fuzz of every operation of the served OpenAPI document: requests generated from its request
// schemas (valid ones with a key of the right route set, and invalid ones: wrong types, missing and extra fields,
// huge strings, odd Unicode, non-JSON bodies and content types, bad path and query values, missing or foreign
// keys), each answer checked against the document: no 5xx, a documented status, the documented content type,
// and a body valid against the documented schema for that status. A request the document calls invalid must be
// refused with a 4xx. Seeded: FUZZ_SEED overrides the fixed seed, FUZZ_CASES the cases per operation and kind;
// a failure names the seed, the operation and the case, so `FUZZ_SEED=… npm test -- --grep "fuzz.*<operationId>"`
// replays it.
import * as Ajv2020Mod from 'ajv/dist/2020.js';
import * as addFormatsMod from 'ajv-formats';
import { expect } from 'chai';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { ADMIN_TOKEN, testEnv } from '../helpers/env.js';
import { admin, bearer, call, cleanupTenants, newTenant, trackTenant, v1 } from '../helpers/http.js';
import { schemaArb, wrongTypeArb, type Schema } from '../helpers/schemaArb.js';

type Json = Record<string, any>;
type ValidateFn = ((data: unknown) => boolean) & { errors?: unknown };
interface AjvLike {
  addSchema(s: object): unknown;
  compile(s: object): ValidateFn;
}
// ajv and ajv-formats are CommonJS: the class and the plugin sit on the namespace or on its default.
const Ajv2020 = ((Ajv2020Mod as any).default?.default ?? (Ajv2020Mod as any).default ?? Ajv2020Mod) as new (o: object) => AjvLike;
const addFormats = ((addFormatsMod as any).default?.default ?? (addFormatsMod as any).default) as (a: AjvLike) => void;

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261125;
const CASES = process.env.FUZZ_CASES ? Number(process.env.FUZZ_CASES) : 6;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * GET /mcp/sse is an endless stream: it is read by a bounded client (up to its first event, then closed).
 * Nothing is excluded; this set names the operations whose success answer is a stream.
 */
const STREAMS = new Set(['mcpSse']);

interface Op {
  method: (typeof METHODS)[number];
  path: string;
  id: string;
  op: Json;
  security: string[];
}

interface Case {
  label: string;
  params: Record<string, string>;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body?: { json: unknown } | { raw: string; contentType: string };
  /** The document says this request is invalid: the service must refuse it with a 4xx. */
  invalid?: string;
}

/** Stable 32-bit hash, so each operation's cases depend only on the seed and its id. */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function operations(doc: Json): Op[] {
  const out: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json))
    for (const method of METHODS) {
      const op = item[method];
      if (op)
        out.push({ method, path, id: op.operationId, op, security: (op.security as Array<Record<string, unknown>>).map((s) => Object.keys(s)[0]!) });
    }
  return out;
}

const ODD = ['\u0000', '\ud800', '\udfff', '\u202e', '\u200b', '\ufffe', '\uffff', '🎻', 'e\u0301', '\u0085', '\r\n', '\t'];
const BAD_PATH = ['%00', ' ', 'x'.repeat(5000), "' OR 1=1 --", '{}', '%', 'ü', '🎻', '-1', 'null', 'a/b', '\u202e'];
const BAD_QUERY = ['', 'abc', '-1', '0', '1e309', '1.5', 'NaN', 'Infinity', 'x'.repeat(3000), '\u0000', 'true', '[]'];

describe('fuzz: every operation against the OpenAPI document', function () {
  this.timeout(120_000);
  let doc: Json;
  let respAjv: AjvLike;
  let reqAjv: AjvLike;
  let qAjv: AjvLike;
  const keys = { v1: '', b2c: '' };
  const pools = {
    v1Users: [] as string[],
    b2cUsers: [] as string[],
    v1Nodes: [] as string[],
    v1Messages: [] as string[],
    tenants: [] as string[],
    sessions: [] as string[],
    b2cNodes: [] as string[],
    b2cMessages: [] as string[],
    keys: [] as string[],
  };
  // An MCP SSE session held open for the whole run, so POST /mcp/messages reaches a real session too.
  const stream = new AbortController();
  const validators = new Map<string, ValidateFn>();
  let total = 0;
  let started = 0;
  const slowest: Array<[string, number]> = [];
  const statuses = new Map<string, Set<number>>();

  before(async () => {
    started = Date.now();
    const served = await call('GET', '/api/v1/openapi.json');
    expect(served.status).to.equal(200);
    doc = served.body;
    // Response schemas refer to #/components/schemas/…: one schema holds them all under $defs.
    const defs = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('"#/components/schemas/', '"doc#/$defs/'));
    respAjv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(respAjv);
    respAjv.addSchema({ $id: 'doc', $defs: defs });
    reqAjv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(reqAjv);
    qAjv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: true });
    addFormats(qAjv);

    const v = await newTenant('v1', 'scale');
    const b = await newTenant('b2c', 'scale');
    const spare = await newTenant('v1', 'starter');
    keys.v1 = v.apiKey;
    keys.b2c = b.apiKey;
    pools.tenants.push(spare.tenantId);
    // Limits out of the way: the fuzz is about answers, not quotas (a 429 would still be checked as documented).
    for (const t of [v, b]) {
      const r = await call('PATCH', `/admin/tenants/${t.tenantId}`, {
        headers: admin,
        body: { limits: { rate_limit_rpm: 1_000_000, rate_limit_daily: 10_000_000, max_users: 100_000, max_nodes_per_user: 100_000 } },
      });
      expect(r.status, r.text).to.equal(200);
    }
    for (let i = 0; i < 3; i++) {
      const user = `fuzz-user-${i}-${randomUUID().slice(0, 8)}`;
      pools.v1Users.push(user);
      pools.b2cUsers.push(user);
      const stored = await call('POST', '/api/v1/ingest', {
        headers: v1(keys.v1),
        body: { user_id: user, content: `My sister Mia lives in Porto and plays the cello ${i}.` },
      });
      expect(stored.status, stored.text).to.equal(201);
      pools.v1Nodes.push(stored.body.node_id);
      const queued = await call('POST', '/api/v1/ingest/v2', {
        headers: v1(keys.v1),
        body: { user_id: user, speaker: 'user', message: `I am allergic to peanuts ${i}.` },
      });
      expect(queued.status, queued.text).to.equal(202);
      pools.v1Messages.push(queued.body.message_id);
      const turn = await call('POST', '/api/b2c/memory/turn', {
        headers: bearer(keys.b2c),
        body: { user_id: user, user_message: `I run marathons ${i}.`, assistant_response: 'Nice.' },
      });
      expect(turn.status, turn.text).to.equal(202);
      pools.b2cMessages.push(...(turn.body.message_ids as string[]));
      for (const [path, H] of [
        ['/api/v1/memory/v2/suppress', v1(keys.v1)],
        ['/api/b2c/memory/suppress', bearer(keys.b2c)],
      ] as const) {
        const s = await call('POST', path, { headers: H, body: { user_id: user, topic: 'work' } });
        expect(s.status, s.text).to.equal(201);
      }
    }
    // The b2c pool's memories exist once its turns are processed.
    for (const id of pools.b2cMessages) await call('GET', `/api/b2c/memory/messages/${id}?wait=20`, { headers: bearer(keys.b2c) });
    for (const user of pools.b2cUsers) {
      const nodes = await call('GET', `/api/b2c/memory/nodes?user_id=${user}`, { headers: bearer(keys.b2c) });
      pools.b2cNodes.push(...(nodes.body.nodes as Array<{ node_id: string }>).map((n) => n.node_id));
    }
    expect(pools.b2cNodes, 'b2c memories to fuzz against').to.not.be.empty;
    for (let i = 0; i < 3; i++) {
      const k = await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'v1', tenant_id: spare.tenantId, label: `spare ${i}` } });
      expect(k.status, k.text).to.equal(201);
      pools.keys.push(k.body.key_id);
    }
    const env = await testEnv();
    const sse = await fetch(`${env.baseUrl}/mcp/sse`, { headers: { 'X-API-Key': keys.v1, Accept: 'text/event-stream' }, signal: stream.signal });
    expect(sse.status).to.equal(200);
    const reader = sse.body!.getReader();
    let first = '';
    while (!/sessionId=([\w-]+)/.test(first)) {
      const { value, done } = await reader.read();
      if (done) break;
      first += new TextDecoder().decode(value);
    }
    pools.sessions.push(/sessionId=([\w-]+)/.exec(first)![1]!);
  });

  after(async () => {
    const top = slowest
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([id, ms]) => `${id} ${ms} ms`)
      .join(', ');
    const ok = [...statuses].filter(([, s]) => [...s].some((x) => x < 300)).length;
    const noSuccess = [...statuses].filter(([, s]) => ![...s].some((x) => x < 300)).map(([id]) => id);
    const pairs = [...statuses.values()].reduce((n, s) => n + s.size, 0);
    console.log(
      `      fuzz: ${ok}/${statuses.size} operations answered a success at least once, ${pairs} (operation, status) pairs; none: ${noSuccess.join(', ') || '-'}`,
    );
    console.log(
      `      fuzz: ${total} requests over ${doc ? operations(doc).length : 0} operations in ${Date.now() - started} ms (seed ${SEED}, ${CASES} cases per operation and kind; slowest: ${top})`,
    );
    stream.abort();
    await cleanupTenants();
  });

  // --- generation ---

  function isB2c(o: Op) {
    return o.path.startsWith('/api/b2c/');
  }

  function authHeaders(o: Op, variant: number): Record<string, string> {
    const s = o.security[variant % Math.max(o.security.length, 1)];
    switch (s) {
      case 'v1Key':
        return v1(keys.v1);
      case 'b2cBearer':
        return bearer(keys.b2c);
      case 'b2cKey':
        return { 'X-API-Key': keys.b2c };
      case 'adminBearer':
        return admin;
      case 'adminToken':
        return { 'X-Admin-Token': ADMIN_TOKEN };
      default:
        return {};
    }
  }

  /** Ids that exist, mixed with generated ones, so valid requests reach the success paths too. */
  function override(o: Op) {
    return (name: string, schema: Schema): fc.Arbitrary<unknown> | undefined => {
      const gen = schemaArb(schema);
      const b2c = isB2c(o);
      const byName: Record<string, string[]> = {
        user_id: b2c ? pools.b2cUsers : pools.v1Users,
        node_id: b2c ? pools.b2cNodes : pools.v1Nodes,
        message_id: b2c ? pools.b2cMessages : pools.v1Messages,
        tenant_id: pools.tenants,
        key_id: pools.keys,
        sessionId: pools.sessions,
        topic: ['work'],
      };
      const pool = byName[name] ?? [];
      return pool.length ? fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 3 }, { arbitrary: gen, weight: 1 }) : undefined;
    };
  }

  function bodySchema(o: Op): Schema | undefined {
    return o.op.requestBody?.content?.['application/json']?.schema;
  }
  function params(o: Op, where: 'path' | 'query' | 'header'): Json[] {
    return ((o.op.parameters ?? []) as Json[]).filter((p) => p.in === where);
  }

  const queryValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

  function validCaseArb(o: Op): fc.Arbitrary<Case> {
    const ov = override(o);
    const pathArb = fc.record(
      Object.fromEntries(
        params(o, 'path').map((p) => [
          p.name,
          // Not empty, not a dot segment: those name another route (the URL parser folds dot segments away).
          ((s: Schema) => ov(p.name, s) ?? schemaArb(s))({ ...p.schema, minLength: Math.max(1, p.schema.minLength ?? 1) })
            .map(String)
            .filter((x) => x !== '' && x !== '.' && x !== '..'),
        ]),
      ),
    );
    const qps = params(o, 'query');
    const queryShape: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
      qps.map((p) => [p.name, ov(p.name, p.schema) ?? schemaArb(p.schema)]),
    );
    const queryArb = fc.record(queryShape, { requiredKeys: qps.filter((p) => p.required).map((p) => p.name as string) });
    const idem = params(o, 'header').find((p) => p.name === 'Idempotency-Key');
    const bs = bodySchema(o);
    return fc
      .record({
        path: pathArb,
        query: queryArb,
        body: bs ? schemaArb(bs, { override: ov }) : fc.constant(undefined),
        idem: idem ? fc.option(schemaArb(idem.schema), { nil: undefined }) : fc.constant(undefined),
        fromExample: fc.boolean(),
        auth: fc.nat(3),
      })
      .map(({ path, query, body, idem: key, fromExample, auth }) => {
        const ex = o.op.requestBody?.content?.['application/json']?.example;
        const useExample = fromExample && ex !== undefined;
        const headers: Record<string, string> = { ...authHeaders(o, auth), ...(key ? { 'Idempotency-Key': String(key) } : {}) };
        // The DELETE controls take their fields from the query or the body: a generated one sends them in the body.
        const sendBody = bs && (o.op.requestBody.required || body !== undefined);
        return {
          label: useExample ? 'valid (example body)' : 'valid',
          params: Object.fromEntries(Object.entries(path).map(([k, v]) => [k, String(v)])),
          query: Object.entries(query).map(([k, v]): [string, string] => [k, queryValue(v)]),
          headers,
          ...(sendBody
            ? {
                body: {
                  json: useExample
                    ? { ...ex, ...(ex.user_id !== undefined && (body as Json)?.user_id ? { user_id: (body as Json).user_id } : {}) }
                    : body,
                },
              }
            : {}),
        };
      });
  }

  type Mutation = (c: Case, pick: number) => Case | undefined;

  function mutations(o: Op): Array<[string, Mutation]> {
    const bs = bodySchema(o);
    const props = Object.entries((bs?.properties ?? {}) as Record<string, Schema>);
    const stringProps = props.filter(([, s]) => s.type === 'string' || (s.anyOf as Schema[] | undefined)?.some((x) => x.type === 'string'));
    const required: string[] = bs?.required ?? [];
    const at = <T>(xs: T[], pick: number) => xs[pick % xs.length]!;
    const withBody = (c: Case, f: (b: Json) => unknown): Case | undefined => {
      const cur = c.body && 'json' in c.body && c.body.json && typeof c.body.json === 'object' ? (c.body.json as Json) : {};
      return { ...c, body: { json: f({ ...cur }) } };
    };
    const list: Array<[string, Mutation]> = [
      // Neither makes a request invalid: unknown query parameters are ignored, and no operation negotiates.
      [
        'unknown query parameter',
        (c, pick) => ({
          ...c,
          query: [...c.query, [at(['debug', 'x', '__proto__', 'user_id[]', '$where'], pick), at(['1', '', '\u0000', '🎻'], pick >> 3)]],
        }),
      ],
      [
        'odd Accept header',
        (c, pick) => ({
          ...c,
          headers: { ...c.headers, Accept: at(['application/xml', 'text/html', 'image/png;q=1, */*;q=0', '*/*', 'text/event-stream'], pick) },
        }),
      ],
    ];
    if (o.security.length) {
      list.push([
        'no key',
        (c) => ({ ...c, headers: Object.fromEntries(Object.entries(c.headers).filter(([k]) => k === 'Idempotency-Key')), invalid: 'no key' }),
      ]);
      list.push([
        'foreign or malformed key',
        (c, pick) => {
          const choices: Array<Record<string, string>> = [
            { 'X-API-Key': `mm_v1_${'x'.repeat(43)}` },
            { Authorization: 'Bearer mm_b2c_short' },
            { Authorization: 'Basic dXNlcjpwYXNz' },
            { 'X-API-Key': '' + '\u00e9t\u00e9' },
            o.security[0] === 'v1Key' ? bearer(keys.b2c) : v1(keys.v1),
            o.security[0] === 'v1Key' ? bearer(keys.v1) : { 'X-API-Key': keys.v1 },
          ];
          return { ...c, headers: at(choices, pick), invalid: 'foreign or malformed key' };
        },
      ]);
    }
    if (bs) {
      if (required.length)
        list.push(['missing required field', (c, pick) => ({ ...withBody(c, (b) => (delete b[at(required, pick)], b))!, invalid: 'missing field' })]);
      if (props.length)
        list.push([
          'wrong type',
          (c, pick) => {
            const [name, s] = at(props, pick);
            const wrong = fc.sample(wrongTypeArb(s), { seed: pick, numRuns: 1 })[0];
            return withBody(c, (b) => ({ ...b, [name]: wrong }));
          },
        ]);
      list.push([
        'extra field',
        (c, pick) =>
          withBody(c, (b) => ({
            ...b,
            [at(['unexpected', '__proto__x', 'constructor', '$where', ''], pick)]: at([1, 'x', null, { a: 1 }], pick >> 3),
          })),
      ]);
      if (stringProps.length) {
        list.push([
          'huge string',
          (c, pick) => {
            const [name] = at(stringProps, pick);
            const size = at([25_000, 300_000, 1_100_000], pick >> 2);
            return withBody(c, (b) => ({ ...b, [name]: 'ab c'.repeat(size / 4) }));
          },
        ]);
        list.push([
          'odd unicode',
          (c, pick) => {
            const [name] = at(stringProps, pick);
            return withBody(c, (b) => ({ ...b, [name]: `${typeof b[name] === 'string' ? b[name] : 'x'}${at(ODD, pick >> 2)}${at(ODD, pick >> 6)}` }));
          },
        ]);
      }
      list.push(['not an object', (c, pick) => ({ ...c, body: { json: at([[], [{}], 'text', 42, null, true], pick) }, invalid: 'not an object' })]);
      list.push([
        'malformed or non-JSON body',
        (c, pick) => {
          const choices: Array<{ raw: string; contentType: string }> = [
            { raw: '{"user_id": "u", ', contentType: 'application/json' },
            { raw: '{"__proto__": {"x": 1}}', contentType: 'application/json' },
            { raw: '', contentType: 'application/json' },
            { raw: 'user_id=u&content=x', contentType: 'application/x-www-form-urlencoded' },
            { raw: JSON.stringify(c.body && 'json' in c.body ? c.body.json : {}), contentType: 'text/plain' },
            { raw: '--b\r\nContent-Disposition: form-data; name="user_id"\r\n\r\nu\r\n--b--', contentType: 'multipart/form-data; boundary=b' },
            { raw: '\u00ff\u00fe{', contentType: 'application/json; charset=latin1' },
            { raw: '{"a":1}', contentType: 'application/xml' },
          ];
          return { ...c, body: at(choices, pick), invalid: 'body not a JSON object' };
        },
      ]);
    }
    if (params(o, 'path').length)
      list.push([
        'bad path parameter',
        (c, pick) => {
          const name = at(params(o, 'path'), pick).name as string;
          return { ...c, params: { ...c.params, [name]: at(BAD_PATH, pick >> 2) } };
        },
      ]);
    if (params(o, 'query').length) {
      list.push([
        'bad query value',
        (c, pick) => {
          const name = at(params(o, 'query'), pick).name as string;
          return { ...c, query: [...c.query.filter(([k]) => k !== name), [name, at(BAD_QUERY, pick >> 2)]] };
        },
      ]);
      list.push([
        'repeated query parameter',
        (c, pick) => {
          const name = at(params(o, 'query'), pick).name as string;
          const value = c.query.find(([k]) => k === name)?.[1] ?? 'x';
          return { ...c, query: [...c.query, [name, value], [name, 'other']], invalid: 'repeated scalar parameter' };
        },
      ]);
      const req = params(o, 'query').filter((p) => p.required);
      if (req.length)
        list.push([
          'missing required query parameter',
          (c, pick) => ({ ...c, query: c.query.filter(([k]) => k !== at(req, pick).name), invalid: 'missing query parameter' }),
        ]);
    }
    if (params(o, 'header').length)
      list.push([
        'bad Idempotency-Key',
        (c, pick) => ({ ...c, headers: { ...c.headers, 'Idempotency-Key': at(['k'.repeat(300), 'has space', 'tab\there'], pick) } }),
      ]);
    return list;
  }

  function invalidCaseArb(o: Op): fc.Arbitrary<Case> {
    const ms = mutations(o);
    return fc.tuple(validCaseArb(o), fc.nat(ms.length - 1), fc.nat()).map(([c, i, pick]) => {
      const [name, m] = ms[i]!;
      const out = m({ ...c, invalid: undefined }, pick) ?? c;
      return { ...out, label: `invalid: ${name}` };
    });
  }

  // --- the document's own view of a request ---

  function compiled(ajv: AjvLike, key: string, schema: Schema): ValidateFn {
    let v = validators.get(key);
    if (!v) validators.set(key, (v = ajv.compile(schema)));
    return v;
  }

  /** Why the document calls this request invalid, or undefined when it fits. */
  function docInvalid(o: Op, c: Case): string | undefined {
    if (c.invalid) return c.invalid;
    for (const p of params(o, 'path')) {
      if (!compiled(reqAjv, `${o.id} path ${p.name}`, p.schema)(c.params[p.name])) return `path parameter ${p.name}`;
    }
    for (const p of params(o, 'query')) {
      const values = c.query.filter(([k]) => k === p.name).map(([, v]) => v);
      if (values.length > 1) return `repeated ${p.name}`;
      if (!values.length) {
        if (p.required) return `missing ${p.name}`;
        continue;
      }
      const holder = { v: values[0] };
      const wrapped = { type: 'object', properties: { v: p.schema } };
      if (!compiled(qAjv, `${o.id} query ${p.name}`, wrapped)(holder)) return `query ${p.name}`;
    }
    const bs = bodySchema(o);
    if (bs) {
      if (!c.body) return o.op.requestBody.required ? 'no body' : undefined;
      if ('raw' in c.body) return 'raw body';
      if (!compiled(reqAjv, `${o.id} body`, bs)(c.body.json)) return `body: ${JSON.stringify(validators.get(`${o.id} body`)!.errors).slice(0, 200)}`;
    }
    const idem = c.headers['Idempotency-Key'];
    const ih = params(o, 'header').find((p) => p.name === 'Idempotency-Key');
    if (idem !== undefined && ih && !compiled(reqAjv, `${o.id} idem`, ih.schema)(idem)) return 'Idempotency-Key';
    return undefined;
  }

  // --- sending and checking ---

  async function send(o: Op, c: Case): Promise<{ status: number; contentType: string | null; text: string }> {
    const env = await testEnv();
    let url = o.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(c.params[k] ?? ''));
    if (c.query.length) url += `?${new URLSearchParams(c.query).toString()}`;
    const headers = { ...c.headers };
    let body: string | undefined;
    if (c.body && 'json' in c.body) {
      body = JSON.stringify(c.body.json);
      headers['Content-Type'] = 'application/json';
    } else if (c.body) {
      body = c.body.raw;
      headers['Content-Type'] = c.body.contentType;
    }
    const abort = new AbortController();
    const res = await fetch(env.baseUrl + url, { method: o.method.toUpperCase(), headers, body, signal: abort.signal });
    const contentType = res.headers.get('content-type');
    let text: string;
    if (STREAMS.has(o.id) && res.status === 200 && res.body) {
      // A bounded client: the stream's first event, then close it.
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      text = '';
      while (!text.includes('\n\n')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      abort.abort();
      await reader.cancel().catch(() => {});
    } else text = await res.text();
    total++;
    return { status: res.status, contentType, text };
  }

  function mediaType(ct: string | null): string {
    return (ct ?? '').split(';')[0]!.trim().toLowerCase();
  }

  /** What is wrong with this answer according to the document, or undefined. */
  function check(o: Op, c: Case, r: { status: number; contentType: string | null; text: string }): string | undefined {
    const why = docInvalid(o, c);
    if (r.status >= 500 && !o.op.responses[String(r.status)]) return `answered ${r.status}`;
    const documented = o.op.responses[String(r.status)];
    if (!documented) return `status ${r.status} is not documented (documented: ${Object.keys(o.op.responses).join(', ')})`;
    if (why && !(r.status >= 400 && r.status < 500)) return `the document calls the request invalid (${why}) but it was answered ${r.status}`;
    if (!documented.content)
      return r.contentType !== null || r.text !== ''
        ? `a body or a content type (${JSON.stringify(r.contentType)}) where the document says none`
        : undefined;
    const [docType, media] = Object.entries(documented.content as Json)[0]!;
    if (mediaType(r.contentType) !== mediaType(docType)) return `content type ${JSON.stringify(r.contentType)}, documented ${docType}`;
    let value: unknown = r.text;
    if (mediaType(docType) === 'application/json') {
      try {
        value = JSON.parse(r.text);
      } catch {
        return 'body is not JSON';
      }
    }
    const schema = JSON.parse(JSON.stringify(media.schema).replaceAll('"#/components/schemas/', '"doc#/$defs/'));
    const v = compiled(respAjv, `${o.id} ${r.status}`, schema);
    if (!v(value)) return `body does not match the documented schema: ${JSON.stringify(v.errors).slice(0, 600)}`;
    return undefined;
  }

  function describeCase(o: Op, c: Case): string {
    const body = c.body ? ('json' in c.body ? JSON.stringify(c.body.json) : `${c.body.contentType}: ${JSON.stringify(c.body.raw)}`) : '';
    return `${o.method.toUpperCase()} ${o.path} params=${JSON.stringify(c.params)} query=${JSON.stringify(c.query)} headers=${Object.keys(c.headers).join(',')} body=${body.slice(0, 300)}`;
  }

  // One test per operation, read from the document the service serves (the route table builds it).
  it('reads the served document', () => {
    expect(doc.openapi).to.equal('3.1.0');
    expect(operations(doc).length).to.be.greaterThan(50);
  });

  describe('operations', () => {
    // The table is static: the operations are known before the service starts, so mocha can list them.
    let ops: Op[] = [];
    before(() => {
      ops = operations(doc);
    });
    it('answers every generated request as documented', async function () {
      this.timeout(300_000);
      const failures: string[] = [];
      const only = process.env.FUZZ_OPERATION;
      for (const o of ops) {
        if (only && o.id !== only) continue;
        const t0 = Date.now();
        const seed = (SEED ^ hash(o.id)) >>> 0;
        const cases = [
          ...fc.sample(validCaseArb(o), { seed, numRuns: CASES }),
          ...fc.sample(invalidCaseArb(o), { seed: seed + 1, numRuns: CASES * 2 }),
        ];
        for (const [i, c] of cases.entries()) {
          let problem: string | undefined;
          let r: Awaited<ReturnType<typeof send>> | undefined;
          try {
            r = await send(o, c);
            (statuses.get(o.id) ?? statuses.set(o.id, new Set()).get(o.id)!).add(r.status);
            problem = check(o, c, r);
            if (r.status === 201 && (o.id === 'adminCreateKey' || o.id === 'signup')) {
              const id = JSON.parse(r.text).tenant_id;
              if (id) trackTenant(id);
            }
          } catch (err) {
            problem = `request failed: ${(err as Error).message}`;
          }
          if (problem)
            failures.push(
              `[${o.id} case ${i}, ${c.label}] ${problem}\n    ${describeCase(o, c)}\n    answer: ${r?.status} ${r?.contentType} ${r?.text.slice(0, 300)}`,
            );
        }
        slowest.push([o.id, Date.now() - t0]);
      }
      if (failures.length)
        expect.fail(
          `${failures.length} answers outside the document (seed ${SEED}; replay with FUZZ_SEED=${SEED} FUZZ_OPERATION=<id>):\n${failures.slice(0, 40).join('\n')}`,
        );
    });
  });
});
