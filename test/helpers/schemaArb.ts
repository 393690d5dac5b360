// fast-check arbitraries from the JSON Schema (2020-12) subset the OpenAPI document uses for requests: types,
// enum/const, anyOf, string lengths, patterns and formats, number bounds, objects and arrays. Values are meant to
// be valid against the schema; the fuzz checks that with ajv rather than trusting this adapter.
import fc from 'fast-check';

export type Schema = Record<string, any>;

/** Strings that stress a store and a tokenizer while staying valid text for most patterns. */
const ODD_TEXT = [
  'Zoë 🎻 naïve café',
  'שלום עולם',
  '\u202eevil\u202c',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  '\ufeffbom',
  'ＡＢＣ１２３',
  'O\'Brien "quoted" \\ back',
  '<script>alert(1)</script>',
  '${x} {{y}} %s',
  'MATCH (n) DETACH DELETE n //',
];

function stringArb(s: Schema): fc.Arbitrary<string> {
  const min: number = s.minLength ?? 0;
  const max: number = Math.min(s.maxLength ?? 80, min + 80);
  const fits = (x: string) => {
    const n = [...x].length;
    return n >= min && n <= (s.maxLength ?? Infinity);
  };
  if (s.format === 'uuid') return fc.uuid({ version: 4 });
  if (s.format === 'date-time')
    return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  if (s.pattern) {
    const re = new RegExp(s.pattern, 'u');
    const plain = fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: max });
    return fc.oneof(fc.stringMatching(re), plain, fc.constantFrom(...ODD_TEXT)).filter((x) => re.test(x) && fits(x));
  }
  return fc.oneof(fc.string({ unit: 'grapheme', minLength: min, maxLength: max }), fc.constantFrom(...ODD_TEXT)).filter(fits);
}

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : s.minimum;
  const hi = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : s.maximum;
  if (integer) return fc.integer({ min: Math.ceil(lo ?? -1e6), max: Math.floor(hi ?? 1e6) });
  return fc.double({ min: lo ?? -1e6, max: hi ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

function objectArb(s: Schema, o: Options): fc.Arbitrary<Record<string, unknown>> {
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>(s.required ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) shape[k] = o.override?.(k, v) ?? schemaArb(v, o);
  const known = fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
  const extra = s.additionalProperties;
  if (extra === false || extra === undefined || Object.keys(props).length) return known;
  // A free-form map (metadata): a few keys within propertyNames.
  const key = s.propertyNames ? stringArb({ ...s.propertyNames, minLength: 1 }) : fc.string({ minLength: 1, maxLength: 20 });
  return fc.dictionary(key, schemaArb(extra === true ? {} : extra, o), { maxKeys: 4 });
}

export interface Options {
  /** A replacement for the arbitrary of a named property (e.g. ids drawn from the ones that exist). */
  override?: (name: string, schema: Schema) => fc.Arbitrary<unknown> | undefined;
}

const anyJson = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));

export function schemaArb(s: Schema, o: Options = {}): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
  if (s.anyOf || s.oneOf) return fc.oneof(...((s.anyOf ?? s.oneOf) as Schema[]).map((x) => schemaArb(x, o)));
  const type = Array.isArray(s.type) ? fc.constantFrom(...(s.type as string[])) : undefined;
  if (type) return type.chain((t) => schemaArb({ ...s, type: t }, o));
  switch (s.type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schemaArb(s.items ?? {}, o), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, (s.minItems ?? 0) + 5) });
    case 'object':
      return objectArb(s, o);
    default:
      return anyJson;
  }
}

/** A value of another JSON type than the schema allows (for wrong-type cases). */
export function wrongTypeArb(s: Schema): fc.Arbitrary<unknown> {
  const types = new Set<string>(s.anyOf ? (s.anyOf as Schema[]).map((x) => x.type) : Array.isArray(s.type) ? s.type : [s.type]);
  const candidates: Array<[string, unknown]> = [
    ['string', 'not-the-right-type'],
    ['number', 12345.5],
    ['integer', -7],
    ['boolean', true],
    ['null', null],
    ['array', ['a', 1]],
    ['object', { nested: { deeper: [1, 2, 3] } }],
  ];
  const others = candidates.filter(([t]) => !types.has(t) && !(t === 'integer' && types.has('number')));
  return fc.constantFrom(...others.map(([, v]) => v));
}
