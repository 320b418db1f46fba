/**
 * The generators of the schema-driven fuzz run (fuzz.test.ts): hostile strings and numbers, values
 * drawn from an OpenAPI schema, the ways a JSON body is bent (mutations) and the content types sent.
 */
import fc from 'fast-check';
import type { Json } from '../../src/testing/harness';
import { sampleFor } from './openapi-tools';

const ONE_MB = 'x'.repeat(1024 * 1024 + 16);
export const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF\uD800',
    '\u202Eevil',
    '𝕏😀👩‍👩‍👧',
    'ﷺ',
    'e\u0301',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '{{7*7}}',
    '__proto__',
    'constructor',
    'null',
    'true',
    '00000000-0000-0000-0000-000000000000',
    'x'.repeat(256),
    'x'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);
export const nastyNumber = fc.constantFrom(
  0,
  -1,
  -0,
  1,
  0.5,
  2 ** 31,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  1e-320,
);
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }, ['a', 1]),
);

export function fromSchema(schema: Json | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return nastyValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) return fc.oneof(...options.map((s) => fromSchema(s, name, depth + 1)));
  if (schema.allOf) return fromSchema((schema.allOf as Json[])[0], name, depth + 1);
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const arbs: fc.Arbitrary<unknown>[] = [];
  for (const type of types) {
    switch (type) {
      case 'null':
        arbs.push(fc.constant(null));
        break;
      case 'string': {
        const min = (schema.minLength as number | undefined) ?? 0;
        const max = Math.min((schema.maxLength as number | undefined) ?? 64, 300);
        arbs.push(
          fc.constant(sampleFor(schema, name)),
          fc.string({ minLength: Math.min(min, max), maxLength: max }),
        );
        break;
      }
      case 'integer':
      case 'number': {
        const min = (schema.minimum as number | undefined) ?? -1000;
        const max = (schema.maximum as number | undefined) ?? 100_000;
        arbs.push(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), nastyNumber);
        break;
      }
      case 'boolean':
        arbs.push(fc.boolean());
        break;
      case 'array':
        arbs.push(fc.array(fromSchema(schema.items as Json, name, depth + 1), { maxLength: 6 }));
        break;
      case 'object': {
        const props = (schema.properties ?? {}) as Json;
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries<Json>(props)) model[k] = fromSchema(v, k, depth + 1);
        arbs.push(
          fc.record(model, {
            requiredKeys: (schema.required ?? []) as string[],
          }) as fc.Arbitrary<unknown>,
        );
        break;
      }
      default:
        arbs.push(nastyValue);
    }
  }
  return arbs.length ? fc.oneof(...arbs) : nastyValue;
}

export type Mutation =
  | { kind: 'valid' }
  | { kind: 'drop'; index: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'replace'; index: number; value: unknown }
  | { kind: 'proto'; key: '__proto__' | 'constructor' | 'prototype' }
  | { kind: 'wrong-root'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'huge' };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'valid' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), index: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(nastyString, fc.constantFrom('id', 'owner_id', 'is_staff', 'user_id')),
      value: nastyValue,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      index: fc.nat(20),
      value: nastyValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('proto' as const),
      key: fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('wrong-root' as const), value: nastyValue }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      text: fc.oneof(
        fc.constantFrom(
          '',
          '{',
          '{"a":',
          '[1,2',
          'null',
          '"str"',
          '{"a":1,}',
          "{'a':1}",
          '{"a":1}{"b":2}',
          '\u0000',
          '{"__proto__":{"polluted":1}}',
          '{"constructor":{"prototype":{"polluted":1}}}',
          '{"a":"\\ud800"}',
          '{"n":1e999999}',
          '['.repeat(5000),
        ),
        fc.string({ unit: 'binary', maxLength: 60 }),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'huge' as const }) },
);

export const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json;\tcharset=utf-8',
      'Application/JSON',
      'application/json; charset=latin1',
      'application/json; foo="bar;baz"',
      'application/json ; charset = "utf-8"',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data',
      'multipart/form-data; boundary=zzz',
      'application/vnd.api+json',
      '*/*',
      '\tapplication/json',
      'application/',
      ';',
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

export function applyMutation(base: unknown, m: Mutation): { payload: string | undefined } {
  const obj = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Json) } : {};
  const keys = Object.keys(obj);
  switch (m.kind) {
    case 'valid':
      return { payload: JSON.stringify(base ?? {}) };
    case 'drop':
      if (keys.length) delete obj[keys[m.index % keys.length]!];
      return { payload: JSON.stringify(obj) };
    case 'extra':
      obj[m.key] = m.value;
      return { payload: JSON.stringify(obj) };
    case 'replace':
      if (keys.length) obj[keys[m.index % keys.length]!] = m.value;
      else obj.value = m.value;
      return { payload: JSON.stringify(obj) };
    case 'proto': {
      const text = JSON.stringify(obj);
      const inner =
        m.key === 'constructor'
          ? '{"prototype":{"polluted":"yes"}}'
          : '{"polluted":"yes","isAdmin":true}';
      return { payload: `{"${m.key}":${inner}${text.length > 2 ? `,${text.slice(1)}` : '}'}` };
    }
    case 'wrong-root':
      return { payload: JSON.stringify(m.value) };
    case 'raw':
      return { payload: m.text };
    case 'huge':
      return { payload: JSON.stringify({ ...obj, [keys[0] ?? 'value']: ONE_MB }) };
  }
}

/** Percent-encodes a path segment byte-wise (lone surrogates become U+FFFD, never a throw). */
export function encodeSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}
