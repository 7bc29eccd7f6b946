/**
 * fast-check arbitraries read off JSON Schema (as the OpenAPI document carries it): values the schema
 * accepts, and values a hostile client might send instead. Only what the phishgate document uses is
 * covered; an unknown construct falls back to "any JSON", which is still a fair request to send.
 */
import fc from 'fast-check';

type Schema = Record<string, any>;

export class SchemaResolver {
  constructor(private readonly document: Schema) {}

  resolve(schema: Schema): Schema {
    let current = schema;
    for (let i = 0; current && typeof current.$ref === 'string' && i < 20; i++) {
      const path = current.$ref.replace(/^#\//, '').split('/').map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
      current = path.reduce((node: any, key: string) => node?.[key], this.document);
    }
    return current ?? {};
  }
}

const isoDate = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true });

/** A value the schema accepts (as far as generation can tell: patterns and formats are honoured). */
export function validValue(schema: Schema, resolver: SchemaResolver, depth = 0): fc.Arbitrary<unknown> {
  const s = resolver.resolve(schema);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((a: Schema) => validValue(a, resolver, depth + 1)));
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((t: string) => validValue({ ...s, type: t }, resolver, depth + 1)));
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = Math.max(s.minimum ?? -1000, s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -Infinity, -1e6);
      const max = Math.min(s.maximum ?? 1000, s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Infinity, 1e6);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number': {
      const min = s.minimum ?? s.exclusiveMinimum ?? -1000;
      const max = s.maximum ?? s.exclusiveMaximum ?? 1000;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).filter((n) => (s.exclusiveMinimum === undefined || n > s.exclusiveMinimum) && (s.exclusiveMaximum === undefined || n < s.exclusiveMaximum));
    }
    case 'string':
      return stringValue(s);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const minLength = s.minItems ?? 0;
      return fc.array(validValue(s.items ?? {}, resolver, depth + 1), { minLength, maxLength: Math.max(minLength, Math.min(s.maxItems ?? 3, 3)) });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, validValue(v, resolver, depth + 1)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k: string) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringValue(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 200));
  switch (s.format) {
    case 'date':
      return isoDate.map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return isoDate.map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'binary':
      return fc.string();
  }
  if (typeof s.pattern === 'string') {
    return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= minLength && v.length <= maxLength);
  }
  return fc.string({ minLength, maxLength, unit: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_.@') }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }) }) });
}

/** Anything at all in JSON, including the wrong types a careless client sends. */
export const wrongJson: fc.Arbitrary<unknown> = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ maxLength: 20 }), fc.constant([]), fc.constant({}), fc.jsonValue({ maxDepth: 2 }));

/** Query-string values a schema would refuse: huge and negative integers, exponents, text, emptiness. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('-1', '0', '', 'abc', '1e3', '2.0', '9007199254740992', '9223372036854775807', '9223372036854775808', '18446744073709551616', '99999999999999999999999', '-9223372036854775809', '%00', ' 1', '0x10', '2026-13-45', '2026-02-30'),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }).map(String),
  fc.string({ maxLength: 30 }),
);

/** Path identifiers: plausible ones, documented extremes (128 characters) and beyond. */
export function hostileId(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('an_missing') },
    { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 400 }).map((n) => 'x'.repeat(n)) },
    { weight: 1, arbitrary: fc.constantFrom('..', '%2e%2e', '%', 'a/b', 'é'.repeat(128), '\u0000', ' ') },
  );
}
