// Hostile and malformed input (issue 8), property-based with fast-check over EVERY route of the route table that
// takes input (body, query string or path): wrong types, missing fields, strings past each documented limit, deep
// nesting (to 100,000 levels), Unicode edge cases (lone surrogates, RTL overrides, zero-width, emoji, combining
// marks), invalid UTF-8 bytes, prototype-pollution keys, Cypher and Lucene syntax in every text that reaches a
// query, absurd numbers (negative, 1e9, 1e309, NaN as raw text), non-object and broken JSON bodies, wrong content
// types and bodies over BODY_LIMIT_BYTES. Each generated case must be answered below 500; a refusal is a 4xx with
// a message (a 400 names the field it is about); an accepted answer fits its documented response schema; a
// refused request writes nothing (a fingerprint of everything the tenant holds, read with Cypher before and after);
// and nothing pollutes Object.prototype of the service (it runs in this process). Seeded, so a failure replays.
//
// Then: Lucene and Cypher syntax in questions and stored text works and returns normally; user ids built of query
// syntax stay one person; and every documented limit is exactly where acceptance ends (value accepted, value + 1
// refused), read from LIMITS, CONTROL_LIMITS and the route table rather than written here.
import { expect } from 'chai';
import fc from 'fast-check';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LIMITS } from '../../src/routes/schemas.js';
import { CONTROL_LIMITS } from '../../src/routes/controlInput.js';
import { AUDIT_PAGE_MAX } from '../../src/routes/admin.js';
import { projectRoot } from '../../src/version.js';
import { testEnv } from '../helpers/env.js';
import { testRead } from '../helpers/graphReads.js';
import { admin, bearer, call, cleanupTenants, newTenant, trackTenant, v1, type Reply } from '../helpers/http.js';
import {
  ROUTES,
  STACK_TRACE,
  errorMessage,
  jsonSchemaOf,
  randomIds,
  requestFor,
  routeName,
  type Ids,
  type JsonSchema,
  type RouteSpec,
} from './reliabilityRoutes.js';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 20);
const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_122);

type Tenant = { tenantId: string; apiKey: string; keyId: string };
type Key = string | number;
type Loc = 'body' | 'query' | 'path';

// ------------------------------------------------------------------------------------------------------------
// The request being mutated: a JS value for the body, with raw JSON text spliced in where JSON.stringify cannot
// say it (1e309, NaN, 100,000 levels of nesting), and raw text for path and query.

interface Wire {
  method: string;
  params: Record<string, string>;
  /** Path parameters sent as written, not percent-encoded (e.g. "%zz"). */
  rawParams: Set<string>;
  query: Array<[string, string]>;
  body?: unknown;
  raws: string[];
  /** A whole body as bytes or text, instead of `body`. */
  rawBody?: { data: string | Uint8Array; contentType: string };
}

interface Expect {
  /** The input is invalid: it must be refused (4xx). */
  refuse: boolean;
  /** A 400 must name this field ('user_id', 'messages.0.content', …). */
  name?: string;
  /** Every refusal's message must match. */
  message?: RegExp;
}

interface Mutation {
  label: string;
  apply(w: Wire): void;
  expect: Expect;
}

const RAW = (i: number) => `@@RAW${i}@@`;

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Percent-encodes a value the way a careless client might still send it: lone surrogates as CESU-8 bytes. */
function encodeLoosely(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff)
      out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

function urlOf(r: RouteSpec, w: Wire): string {
  let p = r.path;
  for (const [k, v] of Object.entries(w.params)) p = p.replace(`{${k}}`, w.rawParams.has(k) ? v : encodeLoosely(v));
  const q = w.query.map(([k, v]) => `${encodeLoosely(k)}=${encodeLoosely(v)}`).join('&');
  return q ? `${p}?${q}` : p;
}

function bodyOf(w: Wire): { data: string | Uint8Array; contentType: string } | undefined {
  if (w.rawBody) return w.rawBody;
  if (w.body === undefined) return undefined;
  let text = JSON.stringify(w.body);
  w.raws.forEach((raw, i) => (text = text.split(JSON.stringify(RAW(i))).join(raw)));
  return { data: text, contentType: 'application/json' };
}

function getAt(root: unknown, p: Key[]): unknown {
  let v = root;
  for (const k of p) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<Key, unknown>)[k];
  }
  return v;
}

/** Sets (or with `undefined`, deletes) the value at a path, creating the objects on the way. */
function setAt(root: Record<Key, unknown>, p: Key[], value: unknown, defineOwn = false): void {
  let v: Record<Key, unknown> = root;
  for (const k of p.slice(0, -1)) {
    if (v[k] === null || typeof v[k] !== 'object') v[k] = typeof k === 'number' ? [] : {};
    v = v[k] as Record<Key, unknown>;
  }
  const last = p[p.length - 1]!;
  if (value === undefined) delete v[last];
  else if (defineOwn) Object.defineProperty(v, last, { value, enumerable: true, configurable: true, writable: true });
  else v[last] = value;
}

// ------------------------------------------------------------------------------------------------------------
// What the route table says about a field.

function typesOf(s: JsonSchema | undefined): Set<string> | undefined {
  if (!s) return undefined;
  const out = new Set<string>();
  const add = (t: string) => out.add(t === 'integer' ? 'number' : t);
  if (typeof s.type === 'string') add(s.type);
  if (Array.isArray(s.type)) s.type.forEach(add);
  for (const b of s.anyOf ?? []) typesOf(b)?.forEach(add);
  for (const e of s.enum ?? []) add(e === null ? 'null' : Array.isArray(e) ? 'array' : typeof e);
  if ('const' in s) add(s.const === null ? 'null' : typeof s.const);
  return out.size ? out : undefined;
}

function branch(s: JsonSchema | undefined, want: string): JsonSchema | undefined {
  if (!s) return undefined;
  if (s.anyOf) return s.anyOf.find((b) => typesOf(b)?.has(want));
  return typesOf(s)?.has(want) || !typesOf(s) ? s : undefined;
}

function schemaAt(s: JsonSchema | undefined, p: Key[]): JsonSchema | undefined {
  let cur = s;
  for (const k of p) {
    if (typeof k === 'number') cur = branch(cur, 'array')?.items;
    else {
      const obj = branch(cur, 'object');
      cur = obj?.properties?.[k] ?? (typeof obj?.additionalProperties === 'object' ? obj.additionalProperties : undefined);
    }
    if (!cur) return undefined;
  }
  return cur;
}

const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const isStrict = (s: JsonSchema | undefined) => branch(s, 'object')?.additionalProperties === false;
/** The input is a fixed vocabulary or format: hostile text can never be valid there. */
const closedString = (s: JsonSchema | undefined) => {
  const b = branch(s, 'string');
  return !!b && (b.enum !== undefined || 'const' in b || b.format === 'uuid' || b.format === 'date-time' || b.format === 'email');
};
const numberBounds = (s: JsonSchema | undefined) => {
  const b = branch(s, 'number') ?? branch(s, 'integer');
  if (!b || !(typesOf(b)?.has('number') ?? false)) return undefined;
  return {
    min: b.minimum ?? -Infinity,
    max: b.maximum ?? Infinity,
    integer: b.type === 'integer' || (Array.isArray(b.type) && b.type.includes('integer')),
  };
};

interface Target {
  loc: Loc;
  path: Key[];
  schema?: JsonSchema;
  required: boolean;
  inBase: boolean;
}

const fieldName = (t: Target) => t.path.join('.');

function targetsOf(r: RouteSpec, base: Wire): Target[] {
  const out: Target[] = [];
  const bodySchema = jsonSchemaOf(r.request.body);
  if (bodySchema && r.method !== 'get') {
    const visit = (p: Key[], s: JsonSchema | undefined, v: unknown, required: boolean, depth: number) => {
      if (p.length) out.push({ loc: 'body', path: p, schema: s, required: required && !r.request.bodyOptional, inBase: v !== undefined });
      if (depth >= 4) return;
      const obj = branch(s, 'object');
      const keys = new Set<string>([
        ...(v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : []),
        ...Object.keys(obj?.properties ?? {}),
      ]);
      for (const k of keys)
        visit(
          [...p, k],
          schemaAt(s, [k]),
          (v as Record<string, unknown> | undefined)?.[k],
          required && (obj?.required ?? []).includes(k) && v !== undefined,
          depth + 1,
        );
      if (Array.isArray(v) && v.length) visit([...p, 0], schemaAt(s, [0]), v[0], false, depth + 1);
    };
    visit([], bodySchema, base.body, true, 0);
  }
  const querySchema = jsonSchemaOf(r.request.query);
  const queryKeys = new Set([...base.query.map(([k]) => k), ...Object.keys(querySchema?.properties ?? {})]);
  // A DELETE's JSON body overlays its query string: a query field the body also carries has no effect.
  const shadowed = (k: string) => r.request.bodyOptional && base.body !== null && typeof base.body === 'object' && k in (base.body as object);
  for (const k of queryKeys)
    if (!shadowed(k))
      out.push({
        loc: 'query',
        path: [k],
        schema: querySchema?.properties?.[k],
        required: (querySchema?.required ?? []).includes(k),
        inBase: base.query.some(([q]) => q === k),
      });
  const paramSchema = jsonSchemaOf(r.request.params);
  for (const k of Object.keys(base.params)) out.push({ loc: 'path', path: [k], schema: paramSchema?.properties?.[k], required: true, inBase: true });
  return out;
}

// ------------------------------------------------------------------------------------------------------------
// Generators.

const FRAGMENTS = [
  "'",
  '"',
  '\\',
  ';',
  '//',
  'MATCH (n) DETACH DELETE n',
  "' OR 1=1 --",
  '"}) RETURN n //',
  '$tenantId',
  "{tenantId: 'x'}",
  '`x`',
  '*:*',
  'OR',
  'AND NOT',
  'title:x~',
  'x~0.8',
  '"unterminated',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '^2',
  '+',
  '-',
  '&&',
  '||',
  '!',
  '?',
  '*',
  '/regex/',
  '\u0000',
  '\ud800',
  '\udc00',
  '\u202e',
  '\u200f',
  '\u200b\u200c\u200d\u2060\ufeff',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  'e\u0301\u0301\u0301',
  '𝕳𝖊𝖑𝖑𝖔',
  'ﷺ',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '../../etc/passwd',
  '%00',
  '%zz',
  '\r\n',
  '\t',
  '\u0085',
  '\u2028',
  'نص عربي',
  'עברית',
  '日本語',
  'NaN',
  'null',
  'undefined',
  '-1',
  '1e309',
  ' ',
  'peanuts',
  'Sarah',
];
const loneSurrogates = fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 3 });
const hostileText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 6 })
      .chain((parts) => fc.constantFrom(parts.join(' '), parts.join(''))),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...FRAGMENTS), loneSurrogates).map(([a, b]) => a + b) },
);

const WRONG_TYPE_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, '', 'x', [], ['x'], {}, { a: 1 }];

/** Numbers as JSON text: value after JSON.parse, or invalid JSON. */
const NUMBERS: Array<{ raw: string; value?: number }> = [
  { raw: '-1', value: -1 },
  { raw: '0', value: 0 },
  { raw: '-0.5', value: -0.5 },
  { raw: '1.5', value: 1.5 },
  { raw: '1e9', value: 1e9 },
  { raw: '-1e9', value: -1e9 },
  { raw: '9007199254740993', value: 9007199254740993 },
  { raw: '1e308', value: 1e308 },
  { raw: '1e309', value: Infinity },
  { raw: '-1e309', value: -Infinity },
  { raw: '1e-400', value: 0 },
  { raw: '-0', value: -0 },
  { raw: '2147483648', value: 2147483648 },
  { raw: 'NaN' },
  { raw: 'Infinity' },
  { raw: '0x10' },
  { raw: '.5' },
  { raw: '01' },
];
const QUERY_NUMBERS = [
  '-1',
  '0',
  '1e9',
  'NaN',
  'Infinity',
  '1.5',
  '0x10',
  '',
  ' ',
  '1e309',
  '9'.repeat(400),
  '٣',
  '+5',
  '5abc',
  '30',
  '31',
  '200',
  '201',
];

const DEPTHS = [64, 1000, 10_000, 100_000];
const deepText = (depth: number, shape: 'array' | 'object') =>
  shape === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

function numberOk(v: number, s: JsonSchema | undefined): boolean | undefined {
  const b = numberBounds(s);
  if (!b) return undefined;
  return Number.isFinite(v) && v >= b.min && v <= b.max && (!b.integer || Number.isInteger(v));
}

function mutationsFor(r: RouteSpec, t: Target, bodyLimit: number): fc.Arbitrary<Mutation>[] {
  const name = fieldName(t);
  const isMcp = r.path.startsWith('/mcp');
  const known = !isMcp && t.schema !== undefined && t.schema !== null && Object.keys(t.schema).length > 0;
  const named = (refuse: boolean): Expect => ({ refuse, name: known ? name : undefined });
  const either: Expect = { refuse: false, name: known ? name : undefined };
  const types = known ? typesOf(t.schema) : undefined;
  const maxLength = known ? branch(t.schema, 'string')?.maxLength : undefined;
  const out: fc.Arbitrary<Mutation>[] = [];

  if (t.loc === 'path') {
    const setParam = (label: string, v: string, raw = false): Mutation => ({
      label,
      apply: (w) => {
        w.params[name] = v;
        if (raw) w.rawParams.add(name);
      },
      expect: { refuse: false, name },
    });
    out.push(hostileText.map((v) => setParam(`path ${name} = ${JSON.stringify(v)}`, v)));
    out.push(
      fc
        .constantFrom(1, 2, 1000, 4000)
        .map((extra) => setParam(`path ${name}: ${(maxLength ?? 36) + extra} characters`, 'p'.repeat((maxLength ?? 36) + extra))),
    );
    out.push(
      fc
        .constantFrom('%zz', '%', '%FF%FE', '%C0%80', '%ED%A0%80', '%00', '..%2F..%2Fadmin', '%2e%2e')
        .map((v) => setParam(`path ${name} = raw ${v}`, v, true)),
    );
    return out;
  }

  if (t.loc === 'query') {
    const setQuery = (label: string, values: string[] | undefined, expect: Expect): Mutation => ({
      label,
      apply: (w) => {
        w.query = w.query.filter(([k]) => k !== name);
        for (const v of values ?? []) w.query.push([name, v]);
      },
      expect,
    });
    if (t.inBase || t.required) out.push(fc.constant(setQuery(`query without ${name}`, undefined, t.required ? named(true) : { refuse: false })));
    out.push(fc.constant(setQuery(`query ${name} repeated`, ['1', '2'], named(known))));
    out.push(hostileText.map((v) => setQuery(`query ${name} = ${JSON.stringify(v)}`, [v], named(closedString(t.schema)))));
    if (maxLength !== undefined)
      out.push(
        fc
          .constantFrom(1, 2, 3000)
          .map((extra) => setQuery(`query ${name}: ${maxLength + extra} characters`, ['q'.repeat(maxLength + extra)], named(true))),
      );
    out.push(
      fc.constantFrom(...QUERY_NUMBERS).map((v) => {
        const ok = numberOk(Number(v), t.schema);
        return setQuery(`query ${name} = ${JSON.stringify(v.slice(0, 20))}`, [v], ok === false ? named(true) : either);
      }),
    );
    return out;
  }

  // body
  const set = (label: string, value: unknown, expect: Expect, defineOwn = false): Mutation => ({
    label,
    apply: (w) => {
      w.body = w.body === undefined ? {} : w.body;
      setAt(w.body as Record<Key, unknown>, t.path, value, defineOwn);
    },
    expect,
  });
  const setRaw = (label: string, raw: string, expect: Expect): Mutation => ({
    label,
    apply: (w) => {
      w.body = w.body === undefined ? {} : w.body;
      w.raws.push(raw);
      setAt(w.body as Record<Key, unknown>, t.path, RAW(w.raws.length - 1));
    },
    expect,
  });
  // Leaving out an optional field may make the request incomplete as a whole (PUT /profile: nothing to change):
  // that refusal names the whole, not the field.
  if (t.inBase) out.push(fc.constant(set(`body without ${name}`, undefined, t.required ? named(true) : { refuse: false })));
  if (types) {
    const wrong = WRONG_TYPE_VALUES.filter((v) => !types.has(jsonType(v)));
    if (wrong.length) out.push(fc.constantFrom(...wrong).map((v) => set(`body ${name} = ${JSON.stringify(v)} (wrong type)`, v, named(true))));
  } else out.push(fc.constantFrom(...WRONG_TYPE_VALUES).map((v) => set(`body ${name} = ${JSON.stringify(v)}`, v, either)));
  if (!types || types.has('string')) {
    out.push(
      hostileText.map((v) => {
        const text = maxLength !== undefined ? v.slice(0, maxLength) : v;
        return set(`body ${name} = ${JSON.stringify(text)}`, text, named(closedString(t.schema)));
      }),
    );
    const limit = maxLength;
    out.push(
      fc.constantFrom(1, 2, 5000).map((extra) => {
        const n = (limit ?? 100_000) + (limit === undefined ? 0 : extra);
        const refuse = limit !== undefined || closedString(t.schema);
        return set(`body ${name}: ${n} characters`, 'ab c'.repeat(Math.ceil(n / 4)).slice(0, n), refuse ? named(true) : either);
      }),
    );
  }
  if (!types || types.has('number') || (known && types && !types.has('number'))) {
    out.push(
      fc.constantFrom(...NUMBERS).map((n) => {
        if (n.value === undefined) return setRaw(`body ${name} = ${n.raw} (not JSON)`, n.raw, { refuse: true, message: /not valid JSON/ });
        const ok = types && !types.has('number') ? false : numberOk(n.value, t.schema);
        return setRaw(`body ${name} = ${n.raw}`, n.raw, ok === false ? named(true) : either);
      }),
    );
  }
  out.push(
    fc
      .tuple(fc.constantFrom(...DEPTHS), fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>, fc.boolean())
      .map(([depth, shape, inside]) => {
        const raw = inside ? `{"k":${deepText(depth, shape)}}` : deepText(depth, shape);
        const fits = !types || types.has(inside ? 'object' : shape);
        return setRaw(
          `body ${name}: ${depth} levels of ${shape}${inside ? ' under a key' : ''}`,
          raw,
          fits ? either : named(raw.length <= bodyLimit),
        );
      }),
  );
  if (!types || types.has('object')) {
    out.push(
      fc
        .tuple(
          fc.constantFrom('__proto__', 'constructor', 'prototype'),
          fc.constantFrom<unknown>({ polluted: 'yes' }, 'x', { toString: 'x' }, { prototype: { polluted: 'yes' } }),
        )
        .map(([key, value]) => ({
          label: `body ${name}.${key} = ${JSON.stringify(value)}`,
          apply: (w: Wire) => {
            w.body = w.body === undefined ? {} : w.body;
            let obj = getAt(w.body, t.path);
            if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
              obj = {};
              setAt(w.body as Record<Key, unknown>, t.path, obj);
            }
            Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true });
          },
          expect: { refuse: false },
        })),
    );
    out.push(hostileText.map((k) => set(`body ${name} with a key ${JSON.stringify(k)}`, { [k]: 'v' }, either)));
  }
  return out;
}

function wholeBodyMutations(r: RouteSpec, bodyLimit: number): fc.Arbitrary<Mutation>[] {
  const objectRequired = r.request.body !== undefined && !r.request.bodyOptional && !r.path.startsWith('/mcp');
  const raw = (label: string, data: string | Uint8Array, contentType: string, expect: Expect): Mutation => ({
    label,
    apply: (w) => (w.rawBody = { data, contentType }),
    expect,
  });
  const out: fc.Arbitrary<Mutation>[] = [
    fc
      .constantFrom('[]', '"x"', '1', 'null', 'true', '[{}]')
      .map((d) => raw(`body ${d}`, d, 'application/json', objectRequired ? { refuse: true, message: /JSON object|is required/ } : { refuse: false })),
    fc
      .constantFrom('{', '{"a":', "{'a':1}", 'NaN', '{"a":NaN}', '{"a":1,}', '\u0000', '{"a":"\\x"}', '{"a":01}', 'undefined', '{"a":"\ud800"', '}{')
      .map((d) =>
        raw(`body ${JSON.stringify(d)} (broken JSON)`, d, 'application/json', { refuse: true, message: /not valid JSON|must be a JSON object/ }),
      ),
    fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml')
      .map((ct) => raw(`content type ${ct}`, '{"a":1}', ct, { refuse: true })),
    // The charset parameter is not honoured (bodies are read as UTF-8): these are answered like the JSON they carry.
    fc
      .constantFrom(
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/json; charset=nope',
        'application/merge-patch+json',
        'APPLICATION/JSON',
      )
      .map((ct) => ({
        label: `content type ${ct}`,
        apply: (w: Wire) => (w.rawBody = { data: bodyOf(w)?.data ?? '{}', contentType: ct }),
        expect: { refuse: false },
      })),
    fc
      .constantFrom(
        Buffer.from([0xff, 0xfe]),
        Buffer.from([0xc0, 0x80]),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from([0xf4, 0x90, 0x80, 0x80]),
        Buffer.from([0xe2, 0x82]),
      )
      .map((bad) => ({
        label: `invalid UTF-8 ${bad.toString('hex')} inside a string`,
        apply: (w: Wire) => {
          const text = String(bodyOf(w)?.data ?? '{"x":"y"}');
          const at = text.indexOf('":"');
          const cut = at < 0 ? text.length - 1 : at + 3;
          w.rawBody = { data: Buffer.concat([Buffer.from(text.slice(0, cut)), bad, Buffer.from(text.slice(cut))]), contentType: 'application/json' };
        },
        expect: { refuse: false },
      })),
    fc.constant(raw('BOM before the JSON', '\ufeff{}', 'application/json', { refuse: false })),
    fc.constant(raw('empty body', '', 'application/json', { refuse: false })),
    fc.constant({
      label: `a body of ${bodyLimit + 1} bytes`,
      apply: (w: Wire) => (w.rawBody = { data: overLimit(bodyLimit), contentType: 'application/json' }),
      expect: { refuse: true, message: /larger than|too large/ },
    }),
  ];
  return out;
}

let overLimitBody: Uint8Array | undefined;
function overLimit(limit: number): Uint8Array {
  if (!overLimitBody || overLimitBody.length !== limit + 1) {
    const head = '{"x":"';
    overLimitBody = Buffer.from(`${head + 'a'.repeat(limit + 1 - head.length - 2)}"}`);
  }
  return overLimitBody;
}

function extraQueryMutation(r: RouteSpec): fc.Arbitrary<Mutation> {
  const strict = isStrict(jsonSchemaOf(r.request.query));
  return fc
    .tuple(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', '__proto__[polluted]', 'constructor[prototype][polluted]'), hostileText),
      hostileText,
    )
    .map(([k, v]) => ({
      label: `extra query ${JSON.stringify(k)}=${JSON.stringify(v)}`,
      apply: (w: Wire) => w.query.push([k, v]),
      expect: { refuse: strict },
    }));
}

// ------------------------------------------------------------------------------------------------------------

interface Fingerprint {
  nodes: number;
  hash: string;
  pending: number;
}

async function fingerprint(tenantId: string): Promise<Fingerprint> {
  const [row] = await testRead<{ nodes: number; rows: unknown[]; pendingMessages: number; openErases: number }>('relTenantFingerprint', { tenantId });
  return {
    nodes: row!.nodes,
    hash: createHash('sha256').update(JSON.stringify(row!.rows)).digest('hex'),
    pending: row!.pendingMessages + row!.openErases,
  };
}

/** Routes whose accepted requests leave work behind them: messages to process, erases, recorded retrievals. */
const ASYNC = new Set(['ingestMessage', 'b2cTurn', 'b2cIngest', 'b2cEraseUser', 'contextItems', 'query', 'b2cRetrieve', 'mcpHttp', 'mcpMessages']);

/** Waits until the tenant's background work (messages, erases, recorded retrievals) has landed. */
async function settle(tenantId: string): Promise<Fingerprint> {
  // A retrieval records what it injected after answering: wait for those writes themselves, not for a quiet moment.
  await (await testEnv()).services.retrieval.recorded();
  let last = await fingerprint(tenantId);
  const until = Date.now() + 30_000;
  for (;;) {
    await new Promise((r) => setTimeout(r, 30));
    const now = await fingerprint(tenantId);
    if (now.pending === 0 && now.hash === last.hash) return now;
    if (Date.now() > until) throw new Error(`tenant ${tenantId} did not settle (${now.pending} pending)`);
    last = now;
  }
}

async function openSse(apiKey: string): Promise<{ sessionId: string; close(): void }> {
  const { baseUrl } = await testEnv();
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/mcp/sse`, { headers: { 'X-API-Key': apiKey, Accept: 'text/event-stream' }, signal: abort.signal });
  const reader = res.body!.getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the SSE stream ended before its endpoint event');
    buffered += new TextDecoder().decode(value);
    const m = /sessionId=([\w-]+)/.exec(buffered);
    if (m) return { sessionId: m[1]!, close: () => abort.abort() };
  }
}

/** A valid address of exactly n characters (n ≥ 20): a 64-character local part at most, labels of 63 at most. */
function emailOfLength(n: number): string {
  const local = 'a'.repeat(Math.min(64, n - 15));
  let domain = '';
  let rest = n - local.length - 1 - '.test'.length;
  while (rest > 0) {
    const label = Math.min(63, rest - (domain ? 1 : 0) - (rest > 63 && rest - 63 < 2 ? 2 : 0));
    domain += (domain ? '.' : '') + 'b'.repeat(Math.max(1, label));
    rest = n - local.length - 1 - '.test'.length - domain.length;
  }
  return `${local}@${domain}.test`;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

describe('hostile and malformed input, generated over every route of the route table that takes input', function () {
  this.timeout(600_000);
  // Each route gets tenants of its own, so what one route's accepted cases wrote never blurs another's checks.
  const tenants: Record<'v1' | 'b2c', Tenant> = {} as never;
  let adminTarget: Tenant;
  let bodyLimit: number;
  const counts: Array<{ route: string; cases: number; refused: number; accepted: number }> = [];

  before(async () => {
    bodyLimit = (await testEnv()).config.BODY_LIMIT_BYTES;
  });

  async function freshTenant(set: 'v1' | 'b2c' | 'admin' | 'public'): Promise<void> {
    if (set === 'v1' || set === 'b2c') tenants[set] = await unlimitedTenant(set);
    if (set === 'admin') adminTarget = await newTenant('v1', 'starter');
  }

  after(async () => {
    const total = counts.reduce((n, c) => n + c.cases, 0);
    console.log(
      `      hostile input: ${total} generated cases over ${counts.length} routes (${RUNS} per route, seed ${SEED}); ` +
        `${counts.reduce((n, c) => n + c.refused, 0)} refused with a 4xx, ${counts.reduce((n, c) => n + c.accepted, 0)} accepted as legitimate`,
    );
    await cleanupTenants();
  });

  /** A person of the route's tenant with what the route's ids need: a memory, a processed message. */
  async function fixture(r: RouteSpec, set: 'v1' | 'b2c' | 'admin' | 'public'): Promise<Ids & { close?: () => void }> {
    const ids: Ids & { close?: () => void } = randomIds();
    ids.user = `fx-${randomUUID()}`;
    const mentions = (f: string) =>
      JSON.stringify(jsonSchemaOf(r.request.body) ?? {}).includes(`"${f}"`) ||
      JSON.stringify(jsonSchemaOf(r.request.query) ?? {}).includes(`"${f}"`) ||
      r.path.includes(`{${f}}`);
    if (set === 'v1') {
      const key = tenants.v1.apiKey;
      if (mentions('node_id') || mentions('user_id')) {
        const n = await call('POST', '/api/v1/ingest', {
          headers: v1(key),
          body: { user_id: ids.user, content: 'My sister Ana plays chess every Sunday in Porto.' },
        });
        expect(n.status, n.text).to.equal(201);
        ids.node = n.body.node_id;
      }
      if (mentions('message_id')) {
        const m = await call('POST', '/api/v1/ingest/v2', {
          headers: v1(key),
          body: { user_id: ids.user, speaker: 'user', message: 'I love peanuts.' },
        });
        ids.message = m.body.message_id;
        await call('GET', `/api/v1/messages/${ids.message}?wait=20`, { headers: v1(key) });
      }
      if (r.operationId === 'mcpMessages') {
        const s = await openSse(key);
        ids.session = s.sessionId;
        ids.close = s.close;
      }
      ids.tenant = tenants.v1.tenantId;
    } else if (set === 'b2c') {
      const key = tenants.b2c.apiKey;
      if (mentions('node_id') || mentions('message_id')) {
        const m = await call('POST', '/api/b2c/memory/ingest', {
          headers: bearer(key),
          body: {
            user_id: ids.user,
            messages: [{ role: 'user', content: 'My sister Ana plays chess every Sunday in Porto.', timestamp: '2026-01-01T10:00:00Z' }],
          },
        });
        expect(m.status, m.text).to.equal(202);
        ids.message = m.body.message_ids[0];
        await call('GET', `/api/b2c/memory/messages/${ids.message}?wait=20`, { headers: bearer(key) });
        const nodes = await call('GET', `/api/b2c/memory/nodes?user_id=${ids.user}`, { headers: bearer(key) });
        ids.node = nodes.body.nodes.find((n: { type: string }) => n.type === 'facet')?.node_id ?? nodes.body.nodes[0].node_id;
      }
      ids.tenant = tenants.b2c.tenantId;
    } else if (set === 'admin') {
      ids.tenant = adminTarget.tenantId;
      const k = await call('POST', '/admin/keys', { headers: admin, body: { route_set: 'v1', tenant_id: adminTarget.tenantId, label: 'fx' } });
      ids.key = k.body.key_id;
    }
    return ids;
  }

  const inputRoutes = ROUTES.filter((r) => r.request.body || r.request.query || r.request.params);

  for (const [index, r] of inputRoutes.entries()) {
    it(`${routeName(r)}: ${RUNS} generated cases, none 5xx, refusals name the field and write nothing`, async () => {
      const set = r.security === 'b2cKey' ? 'b2c' : r.security === 'v1Key' ? 'v1' : r.security === 'adminToken' ? 'admin' : 'public';
      await freshTenant(set);
      const headers = set === 'admin' ? admin : set === 'public' ? {} : set === 'b2c' ? bearer(tenants.b2c.apiKey) : v1(tenants.v1.apiKey);
      const watched = set === 'admin' ? adminTarget.tenantId : set === 'public' ? undefined : tenants[set].tenantId;
      const ids = await fixture(r, set);
      try {
        const base = (): { wire: Wire; marker?: { name: string; email: string } } => {
          const b = requestFor(r, ids);
          const params: Record<string, string> = {};
          if (r.request.params)
            for (const k of Object.keys(r.request.params.shape))
              params[k] = (ids as unknown as Record<string, string>)[
                { node_id: 'node', message_id: 'message', user_id: 'user', key_id: 'key', tenant_id: 'tenant' }[k] as string
              ]!;
          let body = clone(b.body);
          let marker: { name: string; email: string } | undefined;
          if (r.operationId === 'signup') {
            marker = { name: `Hostile ${randomUUID()}`, email: `h-${randomUUID()}@example.test` };
            body = { company_name: marker.name, email: marker.email, name: 'Ada' };
          }
          if (r.operationId === 'adminCreateKey') body = { route_set: 'v1', tenant_id: adminTarget.tenantId, label: 'hostile' };
          if (r.operationId === 'adminUpdateTenant') body = { limits: { rate_limit_rpm: 600 } };
          const query = Object.entries(b.query).flatMap(([k, v]) =>
            Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]],
          );
          return { wire: { method: b.method, params, rawParams: new Set(), query, body, raws: [] }, marker };
        };
        const targets = targetsOf(r, base().wire);
        const arbs = targets.flatMap((t) => mutationsFor(r, t, bodyLimit));
        if (r.method !== 'get') arbs.push(...wholeBodyMutations(r, bodyLimit));
        arbs.push(extraQueryMutation(r));
        let cases = 0;
        let refused = 0;
        let accepted = 0;
        let known: Fingerprint | undefined = watched ? await settle(watched) : undefined;

        await fc.assert(
          fc.asyncProperty(fc.oneof(...arbs), async (m) => {
            cases++;
            const { wire, marker } = base();
            m.apply(wire);
            const before = watched ? (known ?? (await fingerprint(watched))) : undefined;
            const sent = bodyOf(wire);
            const reply: Reply = await call(wire.method, urlOf(r, wire), {
              headers,
              raw: sent ? { data: sent.data, contentType: sent.contentType } : undefined,
            });
            const what = `${routeName(r)} — ${m.label.slice(0, 300)}: ${reply.status} ${reply.text.slice(0, 400)}`;
            expect(reply.status, what).to.be.lessThan(500);
            expect(reply.text, what).to.not.match(STACK_TRACE);
            expect(Object.getOwnPropertyNames(Object.prototype).sort().join(','), `${what}: Object.prototype changed`).to.equal(PROTOTYPE_KEYS);
            expect(({} as Record<string, unknown>).polluted, `${what}: Object.prototype polluted`).to.equal(undefined);
            if (reply.status >= 400) {
              refused++;
              const message = errorMessage(r.path, reply.body) ?? (reply.body as { error?: { message?: string } })?.error?.message;
              expect(message, `${what}: no message`).to.be.a('string').and.not.equal('');
              // Path mutations may leave the route (a "%2e%2e" segment is another path); the SDK answers for MCP.
              // A body sent to a route that takes none is still read (and limited): 413 and 415 apply to every route.
              if (!r.path.startsWith('/mcp') && !m.label.startsWith('path'))
                expect([...Object.keys(r.responses), '413', '415'], `${what}: status not documented for the route`).to.include(String(reply.status));
              if (reply.status === 400 && m.expect.name)
                expect(message, `${what}: the message does not name '${m.expect.name}'`).to.match(new RegExp(`'${escapeRe(m.expect.name)}(?:'|\\.)`));
              if (m.expect.message) expect(message, what).to.match(m.expect.message);
              if (watched) {
                const after = await fingerprint(watched);
                expect(after.nodes, `${what}: refused but the tenant's node count changed`).to.equal(before!.nodes);
                expect(after.hash, `${what}: refused but the tenant's data changed`).to.equal(before!.hash);
                known = after;
              }
              if (marker) {
                const [row] = await testRead<{ tenants: number }>('relTenantsNamed', { names: [marker.name], emails: [marker.email] });
                expect(row!.tenants, `${what}: refused but a tenant was created`).to.equal(0);
              }
            } else {
              expect(m.expect.refuse, `${what}: an invalid input was accepted`).to.equal(false);
              accepted++;
              const documented = r.responses[String(reply.status)];
              expect(documented, `${what}: status not documented`).to.not.equal(undefined);
              if (documented!.schema && (!documented!.contentType || documented!.contentType === 'application/json')) {
                const parsed = documented!.schema.safeParse(reply.body);
                expect(parsed.success, `${what}: the answer does not fit its documented schema: ${parsed.error?.message}`).to.equal(true);
              }
              if (
                (r.operationId === 'signup' || r.operationId === 'adminCreateKey') &&
                reply.body?.tenant_id &&
                reply.body.tenant_id !== adminTarget?.tenantId
              )
                trackTenant(reply.body.tenant_id);
              known = watched ? (ASYNC.has(r.operationId) ? await settle(watched) : await fingerprint(watched)) : undefined;
            }
          }),
          { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
        );
        counts.push({ route: routeName(r), cases, refused, accepted });
        if (watched) {
          // The fingerprint reads labels one by one: prove it saw every node of the tenant.
          const [all] = await testRead<{ nodes: number; labels: string[][] }>('relTenantNodeCount', { tenantId: watched });
          const fp = await fingerprint(watched);
          expect(fp.nodes, `fingerprint labels vs ${JSON.stringify(all!.labels)}`).to.equal(all!.nodes + (await tenantAndKeys(watched)));
        }
      } finally {
        ids.close?.();
      }
    });
  }
});

async function unlimitedTenant(set: 'v1' | 'b2c'): Promise<Tenant> {
  const t = await newTenant(set, 'enterprise');
  const r = await call('PATCH', `/admin/tenants/${t.tenantId}`, {
    headers: admin,
    body: { limits: { rate_limit_rpm: 100_000_000, rate_limit_daily: 100_000_000 } },
  });
  expect(r.status, r.text).to.equal(200);
  return t;
}

async function tenantAndKeys(tenantId: string): Promise<number> {
  return 1 + (await testRead('relApiKeyProps', { tenantId })).length;
}

// ------------------------------------------------------------------------------------------------------------

describe('query syntax in questions, stored text and user ids', function () {
  this.timeout(60_000);
  let t1: Tenant;
  let t2: Tenant;
  const victim = `victim-${randomUUID()}`;
  before(async () => {
    t1 = await newTenant('v1', 'scale');
    t2 = await newTenant('b2c', 'scale');
    for (const content of ['My wife Sarah is severely allergic to peanuts.', 'I play the cello in an orchestra on Tuesdays.']) {
      expect((await call('POST', '/api/v1/ingest', { headers: v1(t1.apiKey), body: { user_id: victim, content } })).status).to.equal(201);
    }
    const m = await call('POST', '/api/b2c/memory/ingest', {
      headers: bearer(t2.apiKey),
      body: {
        user_id: victim,
        messages: [{ role: 'user', content: 'My wife Sarah is severely allergic to peanuts.', timestamp: '2026-01-01T10:00:00Z' }],
      },
    });
    await call('GET', `/api/b2c/memory/messages/${m.body.message_ids[0]}?wait=20`, { headers: bearer(t2.apiKey) });
  });
  after(cleanupTenants);

  const LUCENE = [
    'peanuts *:* OR title:x~ AND NOT',
    'peanuts" OR "',
    'peanuts^10 (allergic OR) [a TO z] {x TO y}',
    'peanuts\\ / && || ! ? * ~ : - +',
    'allergic AND peanuts NOT x:y',
    "peanuts'); MATCH (n) DETACH DELETE n; //",
    'peanuts \u0000 \ud800 \u202e zero\u200bwidth 👩‍👩‍👧‍👦',
    'to and or not peanuts',
  ];

  it('Lucene and Cypher syntax in a question is a plain question: 200, and the memory it names is found', async () => {
    for (const q of LUCENE) {
      const items = await call('POST', '/api/v1/context/items', { headers: v1(t1.apiKey), body: { user_id: victim, message: q } });
      expect(items.status, `${q}: ${items.text}`).to.equal(200);
      expect(items.body.items.map((i: { sentence: string }) => i.sentence).join(' '), q).to.match(/peanuts/);
      const framed = await call('POST', '/api/v1/query', { headers: v1(t1.apiKey), body: { user_id: victim, current_input: q } });
      expect(framed.status, `${q}: ${framed.text}`).to.equal(200);
      expect(framed.body.context, q).to.match(/peanuts/);
      const block = await call('POST', '/api/b2c/memory/retrieve', { headers: bearer(t2.apiKey), body: { user_id: victim, query: q } });
      expect(block.status, `${q}: ${block.text}`).to.equal(200);
      expect(block.body.context_block, q).to.match(/peanuts/);
      for (const mode of ['semantic', 'keyword']) {
        const tool = await call('POST', '/mcp/http', {
          headers: v1(t1.apiKey),
          body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc_query', arguments: { user_id: victim, query: q, mode } } },
        });
        expect(tool.status, `${q}: ${tool.text}`).to.equal(200);
        expect(tool.body.result.isError, `${q} (${mode}): ${tool.text}`).to.not.equal(true);
      }
    }
  });

  it('Cypher and Lucene syntax in stored text is stored verbatim and found again', async () => {
    const user = `verbatim-${randomUUID()}`;
    const content = `Robert'); MATCH (n) DETACH DELETE n; // says "hi" \\ to *:* OR title:x~ about kayaking`;
    const r = await call('POST', '/api/v1/ingest', { headers: v1(t1.apiKey), body: { user_id: user, content } });
    expect(r.status, r.text).to.equal(201);
    const node = await call('GET', `/api/v1/nodes/${r.body.node_id}`, { headers: v1(t1.apiKey) });
    expect(node.body.summary).to.include('MATCH (n) DETACH DELETE n');
    const found = await call('POST', '/api/v1/context/items', { headers: v1(t1.apiKey), body: { user_id: user, message: 'kayaking' } });
    expect(found.body.items.map((i: { node_id: string }) => i.node_id)).to.include(r.body.node_id);
    // The victim's memories are all still there.
    const items = await call('GET', `/api/v1/memory/v2/items?user_id=${victim}`, { headers: v1(t1.apiKey) });
    expect(items.body.items.some((i: { sentence: string }) => /peanuts/.test(i.sentence))).to.equal(true);
  });

  it("user ids made of query syntax are one person each: none reaches the victim's memories", async () => {
    const attackers = [
      `${victim}" OR userId:"x`,
      `${victim}*`,
      '*',
      `${victim} OR *:*`,
      `x" OR tenantId:"${t1.tenantId}`,
      `${victim}\\`,
      `${victim}~`,
      `"${victim}"`,
      `${victim.toUpperCase()}`,
      ` ${victim}`,
    ];
    for (const user of attackers) {
      const q = await call('POST', '/api/v1/context/items', {
        headers: v1(t1.apiKey),
        body: { user_id: user, message: 'peanuts allergic Sarah cello' },
      });
      expect(q.status, `${user}: ${q.text}`).to.equal(200);
      // A user id is trimmed (" victim" is the victim); every other one is a stranger.
      if (user.trim() !== victim) expect(q.body.items, user).to.deep.equal([]);
      const b = await call('POST', '/api/b2c/memory/retrieve', {
        headers: bearer(t2.apiKey),
        body: { user_id: user, query: 'peanuts allergic Sarah' },
      });
      expect(b.status, `${user}: ${b.text}`).to.equal(200);
      if (user.trim() !== victim) expect(b.body.context_block, user).to.not.match(/peanuts/);
      const list = await call('GET', `/api/v1/memory/v2/items?user_id=${encodeURIComponent(user)}`, { headers: v1(t1.apiKey) });
      if (user.trim() !== victim) expect(list.body.total, user).to.equal(0);
    }
    // The attackers' ids work for their own memories, exactly.
    const odd = `${victim}" OR userId:"x`;
    const own = await call('POST', '/api/v1/ingest', { headers: v1(t1.apiKey), body: { user_id: odd, content: 'I collect vintage typewriters.' } });
    expect(own.status).to.equal(201);
    const back = await call('POST', '/api/v1/context/items', { headers: v1(t1.apiKey), body: { user_id: odd, message: 'typewriters' } });
    expect(back.body.items.map((i: { node_id: string }) => i.node_id)).to.deep.equal([own.body.node_id]);
    const victimView = await call('POST', '/api/v1/context/items', { headers: v1(t1.apiKey), body: { user_id: victim, message: 'typewriters' } });
    expect(victimView.body.items.map((i: { node_id: string }) => i.node_id)).to.not.include(own.body.node_id);
  });
});

// ------------------------------------------------------------------------------------------------------------

describe('limits documented and enforced: each documented value is exactly where acceptance ends', function () {
  this.timeout(120_000);
  let t: Tenant;
  let b: Tenant;
  let adminT: Tenant;
  let bodyLimit: number;
  // The limits are stated where an app developer reads them: the README and the pages of docs/.
  const readme = ['README.md', 'docs/integrating.md', 'docs/person-controls.md', 'docs/mcp.md', 'docs/operators/README.md']
    .map((f) => readFileSync(path.join(projectRoot, f), 'utf8'))
    .join('\n');
  let tested = 0;

  before(async () => {
    bodyLimit = (await testEnv()).config.BODY_LIMIT_BYTES;
    t = await unlimitedTenant('v1');
    b = await unlimitedTenant('b2c');
    adminT = await newTenant('v1', 'starter');
  });
  after(async () => {
    console.log(`      limits: ${tested} boundary pairs (value accepted, value + 1 refused)`);
    await cleanupTenants();
  });

  it(`the request body: ${'BODY_LIMIT_BYTES'} bytes accepted, one more refused with 413 (declared length and chunked)`, async () => {
    const json = JSON.stringify({ content: 'I like tea.' });
    const exact = json + ' '.repeat(bodyLimit - Buffer.byteLength(json));
    const ok = await call('POST', '/api/v1/score', { headers: v1(t.apiKey), raw: { data: exact, contentType: 'application/json' } });
    expect(ok.status, ok.text).to.equal(200);
    const over = await call('POST', '/api/v1/score', { headers: v1(t.apiKey), raw: { data: `${exact} `, contentType: 'application/json' } });
    expect(over.status, over.text).to.equal(413);
    expect(over.body.error.code).to.equal('PAYLOAD_TOO_LARGE');
    // Without a Content-Length (chunked), the limit holds while reading.
    const { baseUrl } = await testEnv();
    const chunked = async (text: string) => {
      const stream = new ReadableStream({
        start(c) {
          for (let i = 0; i < text.length; i += 65_536) c.enqueue(new TextEncoder().encode(text.slice(i, i + 65_536)));
          c.close();
        },
      });
      const res = await fetch(`${baseUrl}/api/v1/score`, {
        method: 'POST',
        headers: { ...v1(t.apiKey), 'Content-Type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      return { status: res.status, text: await res.text() };
    };
    expect((await chunked(exact)).status).to.equal(200);
    const big = await chunked(`${exact} `);
    expect(big.status, big.text).to.equal(413);
    tested += 2;
  });

  it('the limits of LIMITS and CONTROL_LIMITS are those the route table enforces, and the docs state each', () => {
    const constraints = new Set<string>();
    const walk = (s: JsonSchema | undefined, name: string) => {
      if (!s) return;
      for (const [k, v] of Object.entries({ maxLength: s.maxLength, maxItems: s.maxItems, maximum: s.maximum }))
        if (v !== undefined) constraints.add(`${name}:${k}:${v}`);
      for (const [k, p] of Object.entries(s.properties ?? {})) walk(p, k);
      if (s.items) walk(s.items, name);
      for (const x of s.anyOf ?? []) walk(x, name);
    };
    for (const r of ROUTES) for (const part of ['body', 'query', 'params'] as const) walk(jsonSchemaOf(r.request[part]), '');
    const has = (field: string | RegExp, kind: string, value: number) =>
      [...constraints].some((c) => {
        const [f, k, v] = c.split(':');
        return (typeof field === 'string' ? f === field : field.test(f!)) && k === kind && Number(v) === value;
      });
    expect(has('user_id', 'maxLength', LIMITS.userIdChars), 'userIdChars').to.equal(true);
    expect(has(/^(speaker_name|name)$/, 'maxLength', LIMITS.speakerNameChars), 'speakerNameChars').to.equal(true);
    expect(has(/^(content|message)$/, 'maxLength', LIMITS.messageChars), 'messageChars').to.equal(true);
    expect(has('items', 'maxItems', LIMITS.batchItems), 'batchItems').to.equal(true);
    expect(has('messages', 'maxItems', LIMITS.b2cIngestMessages), 'b2cIngestMessages').to.equal(true);
    expect(has('wait', 'maximum', LIMITS.waitSeconds), 'waitSeconds').to.equal(true);
    expect(has('topic', 'maxLength', CONTROL_LIMITS.topicChars), 'topicChars').to.equal(true);
    expect(has(/^(sentence|summary)$/, 'maxLength', CONTROL_LIMITS.fixChars), 'fixChars').to.equal(true);
    expect(has(/^(about|topic)$/, 'maxLength', CONTROL_LIMITS.topicLabelChars), 'topicLabelChars').to.equal(true);
    expect(has('limit', 'maximum', CONTROL_LIMITS.pageMax), 'pageMax').to.equal(true);
    const stated = (n: number) => readme.includes(n.toLocaleString('en-US')) || readme.includes(String(n));
    for (const [k, v] of Object.entries({ ...LIMITS, ...CONTROL_LIMITS, AUDIT_PAGE_MAX, BODY_LIMIT_BYTES: 1_048_576 })) {
      if (k === 'metadataBytes') expect(readme, k).to.match(/metadata ≤ 16 KiB/);
      else if (k === 'metadataDepth') expect(readme, k).to.match(new RegExp(`nested at most ${v} levels`));
      else expect(stated(v), `the docs state ${k} = ${v}`).to.equal(true);
    }
  });

  /** The example request of a route, valid for the tenants above, with fresh fixtures where ids are needed. */
  async function validRequest(r: RouteSpec, user?: string) {
    const set = r.security === 'b2cKey' ? 'b2c' : r.security === 'v1Key' ? 'v1' : r.security === 'adminToken' ? 'admin' : 'public';
    const ids = randomIds();
    if (set === 'v1' && JSON.stringify([r.path, jsonSchemaOf(r.request.body) ?? {}]).includes('node_id')) {
      const n = await call('POST', '/api/v1/ingest', {
        headers: v1(t.apiKey),
        body: { user_id: ids.user, content: 'My sister Ana plays chess every Sunday in Porto.' },
      });
      ids.node = n.body.node_id;
    }
    if (set === 'admin') ids.tenant = adminT.tenantId;
    if (user !== undefined) ids.user = user;
    const req = requestFor(r, ids);
    if (r.operationId === 'signup') req.body = { company_name: 'Limits Co', email: `l-${randomUUID()}@example.test`, name: 'Ada' };
    const headers = set === 'admin' ? admin : set === 'public' ? {} : set === 'b2c' ? bearer(b.apiKey) : v1(t.apiKey);
    return { req, headers };
  }

  const fieldLimits = ROUTES.flatMap((r) => {
    const out: Array<{
      r: RouteSpec;
      loc: 'body' | 'query' | 'params';
      field: string[];
      kind: 'maxLength' | 'maxItems' | 'maximum' | 'minimum';
      value: number;
      integer: boolean;
    }> = [];
    for (const loc of ['body', 'query', 'params'] as const) {
      const walk = (s: JsonSchema | undefined, p: string[]) => {
        if (!s || p.length > 3) return;
        for (const kind of ['maxLength', 'maxItems', 'maximum', 'minimum'] as const) {
          const v = s[kind];
          if (v !== undefined && !(kind === 'maximum' && v >= 100_000_000) && !(kind === 'minimum' && v <= 0 && loc !== 'query'))
            out.push({ r, loc, field: p, kind, value: v, integer: s.type === 'integer' });
        }
        for (const [k, sub] of Object.entries(s.properties ?? {})) walk(sub, [...p, k]);
        if (s.items?.properties) walk(s.items, [...p, '0']);
        for (const x of s.anyOf ?? []) if (x.type !== 'null') walk(x, p);
      };
      const s = jsonSchemaOf(r.request[loc]);
      for (const [k, sub] of Object.entries(s?.properties ?? {})) walk(sub, [k]);
    }
    return out;
  });

  it(`every length, count and range of the route table (${fieldLimits.length} of them): the limit accepted, one past it refused naming the field`, async () => {
    const { baseUrl } = await testEnv();
    for (const l of fieldLimits) {
      const { req, headers } = await validRequest(l.r);
      const name = l.field.filter((x) => x !== '0').join('.');
      const dotted = l.field.join('.');
      const at = l.kind === 'minimum' ? l.value : l.value;
      const past = l.kind === 'minimum' ? l.value - (l.integer ? 1 : 0.5) : l.value + 1;
      const valueAt = (n: number): unknown => {
        if (l.kind === 'maxLength')
          return l.field[l.field.length - 1] === 'email'
            ? emailOfLength(n)
            : 'ab c'
                .repeat(Math.ceil(n / 4))
                .slice(0, n)
                .replace(/\s$/, 'x');
        if (l.kind === 'maxItems')
          return Array.from({ length: n }, () =>
            l.field[0] === 'messages' ? { role: 'user', content: 'Tea.', timestamp: '2026-01-01T10:00:00Z' } : {},
          );
        return n;
      };
      const sendWith = async (n: number) => {
        const v = valueAt(n);
        if (l.loc === 'params' && l.field[0] !== 'user_id')
          throw new Error(`${routeName(l.r)}: a limit on the path parameter ${l.field[0]} is not handled here`);
        const { req: fresh } = l.loc === 'params' ? await validRequest(l.r, String(v)) : { req };
        let body = fresh.body === undefined ? (l.loc === 'body' ? {} : undefined) : clone(fresh.body);
        let query = { ...fresh.query };
        // Fields in the query string are overlaid by a JSON body: to test the query's limit, send no body.
        if (l.loc === 'query' && l.r.request.bodyOptional && body && typeof body === 'object') {
          query = { ...Object.fromEntries(Object.entries(body).map(([k, x]) => [k, String(x)])), ...query };
          body = undefined;
        }
        if (l.loc === 'body')
          setAt(
            body as Record<Key, unknown>,
            l.field.map((x) => (/^\d+$/.test(x) ? Number(x) : x)),
            v,
          );
        else if (l.loc === 'query') query[l.field[0]!] = String(v);
        const p = fresh.path;
        const q = Object.entries(query)
          .map(([k, x]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(x))}`)
          .join('&');
        return call(req.method, p + (q ? `?${q}` : ''), { headers, body, baseUrl });
      };
      const label = `${routeName(l.r)} ${l.loc} ${dotted} ${l.kind} ${l.value}`;
      const fieldRe = new RegExp(`'${escapeRe(l.loc === 'body' ? dotted : name)}(?:'|\\.)`);
      const okReply = await sendWith(at);
      expect(okReply.status, `${label}: ${okReply.text.slice(0, 300)}`).to.be.lessThan(500);
      // An opaque cursor of the longest length cannot be made here; only the refusal past it is checked.
      if (okReply.status === 400 && name !== 'cursor')
        expect(errorMessage(l.r.path, okReply.body), `${label}: the limit itself was refused`).to.not.match(fieldRe);
      const badReply = await sendWith(past);
      expect(badReply.status, `${label} + 1: ${badReply.text.slice(0, 300)}`).to.equal(400);
      expect(errorMessage(l.r.path, badReply.body), `${label} + 1`).to.match(fieldRe);
      if (okReply.status === 201 && okReply.body?.tenant_id && okReply.body.tenant_id !== t.tenantId) trackTenant(okReply.body.tenant_id);
      tested += 1;
    }
    // The messages stored at the limits (500 of them, and 20,000-character ones) are not waited for: the tenant is
    // removed after this block, and the worker's lease fence then drops whatever is left (LeaseLostError).
  });

  it(`metadata: ${LIMITS.metadataBytes} bytes of JSON accepted, one byte more refused, counted in bytes (multi-byte text too)`, async () => {
    for (const unit of ['a', 'é', '日']) {
      const wrap = (fill: string) => JSON.stringify({ note: fill });
      const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
      let fill = '';
      while (bytes(wrap(fill + unit)) <= LIMITS.metadataBytes) fill += unit;
      // Pad with ASCII to the exact byte count.
      while (bytes(wrap(fill)) < LIMITS.metadataBytes) fill += 'a';
      expect(bytes(wrap(fill))).to.equal(LIMITS.metadataBytes);
      const at = await call('POST', '/api/v1/score', { headers: v1(t.apiKey), body: { content: 'Tea.', metadata: { note: fill } } });
      expect(at.status, `${unit}: ${at.text.slice(0, 200)}`).to.equal(200);
      const over = await call('POST', '/api/v1/score', { headers: v1(t.apiKey), body: { content: 'Tea.', metadata: { note: `${fill}a` } } });
      expect(over.status, `${unit}: ${over.text.slice(0, 200)}`).to.equal(400);
      expect(over.body.error.message).to.match(/'metadata'/);
      tested++;
    }
  });

  it(`audit page size: ${AUDIT_PAGE_MAX} accepted, ${AUDIT_PAGE_MAX + 1} refused`, async () => {
    const ok = await call('GET', `/admin/audit?tenant_id=${t.tenantId}&limit=${AUDIT_PAGE_MAX}`, { headers: admin });
    expect(ok.status, ok.text).to.equal(200);
    const bad = await call('GET', `/admin/audit?tenant_id=${t.tenantId}&limit=${AUDIT_PAGE_MAX + 1}`, { headers: admin });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.message).to.match(/'limit'/);
    tested++;
  });
});

// ------------------------------------------------------------------------------------------------------------

describe('regressions found by the hostile-input campaign', function () {
  this.timeout(60_000);
  let t: Tenant;
  before(async () => {
    t = await unlimitedTenant('v1');
  });
  after(cleanupTenants);

  const nested = (depth: number) => '['.repeat(depth - 1) + ']'.repeat(depth - 1); // inside metadata's own level

  it(`metadata nested ${LIMITS.metadataDepth} levels is accepted, deeper is a 400 naming it (was a 500: stack overflow in JSON.stringify and the scrubber)`, async () => {
    const send = (route: string, depth: number) =>
      call('POST', route, {
        headers: v1(t.apiKey),
        raw: { data: `{"user_id":"deep","content":"I like tea.","metadata":{"k":${nested(depth)}}}`, contentType: 'application/json' },
      });
    for (const route of ['/api/v1/ingest', '/api/v1/score']) {
      const ok = await send(route, LIMITS.metadataDepth);
      expect(ok.status, `${route}: ${ok.text}`).to.be.within(200, 201);
      for (const depth of [LIMITS.metadataDepth + 1, 5_000, 100_000]) {
        const r = await send(route, depth);
        expect(r.status, `${route} ${depth}: ${r.text.slice(0, 200)}`).to.equal(400);
        expect(r.body.error.message).to.equal(`Invalid request: 'metadata': must be nested at most ${LIMITS.metadataDepth} levels deep.`);
      }
    }
    const batch = await call('POST', '/api/v1/ingest/batch', {
      headers: v1(t.apiKey),
      raw: { data: `{"items":[{"user_id":"deep","content":"Tea.","metadata":{"k":${nested(50_000)}}}]}`, contentType: 'application/json' },
    });
    expect(batch.status, batch.text.slice(0, 200)).to.equal(200);
    expect(batch.body.results[0]).to.deep.include({ status: 'failed' });
    expect(batch.body.results[0].error.message).to.match(/'metadata'/); // the result's index names the item
  });

  it("a '__proto__' key and a non-object body are refused with a message that says so (was: 'not valid JSON')", async () => {
    const proto = await call('POST', '/api/v1/score', {
      headers: v1(t.apiKey),
      raw: { data: '{"content":"Tea.","__proto__":{"polluted":true}}', contentType: 'application/json' },
    });
    expect(proto.status).to.equal(400);
    expect(proto.body.error.message).to.equal("Request body must not contain a '__proto__' key.");
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    for (const data of ['"text"', '42', 'true', 'null']) {
      const r = await call('POST', '/api/v1/score', { headers: v1(t.apiKey), raw: { data, contentType: 'application/json' } });
      expect(r.status, data).to.equal(400);
      expect(r.body.error.message, data).to.equal('Request body must be a JSON object.');
    }
    const broken = await call('POST', '/api/v1/score', { headers: v1(t.apiKey), raw: { data: '{"content":', contentType: 'application/json' } });
    expect(broken.body.error.message).to.equal('Request body is not valid JSON.');
  });

  it('a malformed MCP message to an SSE session is a JSON 400 naming the field (was plain text "Invalid message: [object Object]")', async () => {
    const s = await openSse(t.apiKey);
    try {
      const post = (body: unknown, contentType = 'application/json') =>
        call('POST', `/mcp/messages?sessionId=${s.sessionId}`, { headers: v1(t.apiKey), raw: { data: JSON.stringify(body), contentType } });
      const cases: Array<[unknown, string]> = [
        [{ jsonrpc: '2.0', id: { NaN: 'v' }, method: 'tools/list' }, 'id'],
        [{ jsonrpc: '1.0', id: 1, method: 'tools/list' }, 'jsonrpc'],
        [{ jsonrpc: '2.0', id: 1 }, 'method'],
        [{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: [1] }, 'params'],
      ];
      for (const [body, field] of cases) {
        const r = await post(body);
        expect(r.status, r.text).to.equal(400);
        expect(r.body.error.message, r.text).to.include(`'${field}'`);
      }
      const plus = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'application/merge-patch+json');
      expect(plus.status, plus.text).to.equal(415);
      expect(plus.body.error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
      const fine = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect(fine.status, fine.text).to.equal(202);
    } finally {
      s.close();
    }
  });
});
