/**
 * Schema-driven fuzzing of every operation in /api/v1/openapi.json (plus the multipart upload
 * routes). Bounded and seeded in the normal run; `npm run fuzz` runs a long one
 * (FUZZ_RUNS, FUZZ_SEED are read from the environment; fast-check prints seed and path on failure).
 */
import { createSession } from '@scmp/api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import {
  buildSecurityResourceSet,
  multipartBody,
  TINY_PNG,
  type SecurityResourceSet,
} from '../../src/testing/security-fixtures';
import { leaks, loadOperations, sampleFor, validate, type Operation } from './openapi-tools';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 0x5c3b;
const LONG_TIMEOUT = process.env.FUZZ_LONG ? 86_400_000 : 0;
const MULTIPART_RUNS = Math.max(50, Math.round(RUNS / 5));

let h: TestHarness;
let ops: Operation[];
let A: SecurityResourceSet;
let cases = 0;
const statusCounts = new Map<number, number>();
const protoKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  h = await createHarness();
  ops = await loadOperations(h);
  A = await buildSecurityResourceSet(h, 'fuzz');
}, 60_000);
afterAll(async () => {
  console.info(
    `fuzz: ${cases} cases over ${ops?.length ?? 0} operations (+4 multipart routes), seed ${SEED}; statuses ${JSON.stringify(Object.fromEntries(statusCounts))}`,
  );
  await h?.close();
});

// ---------------------------------------------------------------------------------------------
// Arbitraries

const ONE_MB = 'x'.repeat(1024 * 1024 + 16);
const nastyString = fc.oneof(
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
const nastyNumber = fc.constantFrom(
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
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }, ['a', 1]),
);

function fromSchema(schema: Json | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
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

type Mutation =
  | { kind: 'valid' }
  | { kind: 'drop'; index: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'replace'; index: number; value: unknown }
  | { kind: 'proto'; key: '__proto__' | 'constructor' | 'prototype' }
  | { kind: 'wrong-root'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'huge' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
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

const contentType = fc.oneof(
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

function applyMutation(base: unknown, m: Mutation): { payload: string | undefined } {
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

// ---------------------------------------------------------------------------------------------
// Checks

/** Percent-encodes a path segment byte-wise (lone surrogates become U+FFFD, never a throw). */
function encodeSegment(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

function realIdFor(path: string): string {
  const seg = path.split('/').filter(Boolean);
  if (seg[0] === 'organizations' || seg[0] === 'branding') return A.orgUuid;
  if (seg[0] === 'instances') return A.instanceUuid ?? A.orgUuid;
  if (seg[0] === 'support') return A.ticketId ?? A.orgUuid;
  if (seg[0] === 'profile') return A.sessionIds[1] ?? A.orgUuid;
  if (seg[0] === 'passkeys') return A.passkeyUuid ?? A.orgUuid;
  if (seg[0] === 'user' && seg[1] === 'api-tokens') return A.apiTokenUuid ?? A.orgUuid;
  return A.orgUuid;
}

async function freshToken(): Promise<string> {
  const { token } = await createSession(h.deps, A.user.id, { ip: '127.0.0.1', userAgent: 'fuzz' });
  return token;
}

function assertNoPoisoning(where: string): void {
  const probe = {} as Json;
  expect(probe.polluted, where).toBeUndefined();
  expect(probe.isAdmin, where).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), where).toEqual(protoKeysBefore);
}

function checkResponse(
  where: string,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  successSchema: Json | null,
): void {
  cases += 1;
  statusCounts.set(res.statusCode, (statusCounts.get(res.statusCode) ?? 0) + 1);
  expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const leak = leaks(res.body);
  expect(leak, `${where} leaks: ${res.body.slice(0, 300)}`).toBeUndefined();
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  if (res.statusCode >= 400) {
    expect(isJson, `${where}: error not JSON`).toBe(true);
    const body = JSON.parse(res.body) as Json;
    expect(body.success, where).toBe(false);
    expect(typeof body.message, where).toBe('string');
    expect(typeof body.code, where).toBe('string');
  } else if (res.statusCode >= 200 && res.statusCode < 300 && successSchema && isJson) {
    const problems = validate(successSchema, JSON.parse(res.body));
    expect(problems, `${where}: output schema`).toEqual([]);
  }
  assertNoPoisoning(where);
}

// ---------------------------------------------------------------------------------------------

describe('schema-driven fuzzing', () => {
  it(
    `every documented operation survives ${RUNS} generated requests`,
    async () => {
      expect(ops.length).toBeGreaterThan(50);
      const jsonOps = ops.filter(
        (op) => !(op.bodyTypes.length === 1 && op.bodyTypes[0] === 'multipart/form-data'),
      );
      const byKey = new Map(jsonOps.map((op) => [op.key, op]));
      const caseArb = fc.constantFrom(...jsonOps.map((op) => op.key)).chain((key) => {
        const op = byKey.get(key)!;
        return fc.record({
          key: fc.constant(key),
          anon: fc.nat(9).map((n) => n === 0),
          params: fc.tuple(
            ...op.pathParams.map(() =>
              fc.oneof(
                { weight: 3, arbitrary: fc.constant(realIdFor(op.path)) },
                { weight: 1, arbitrary: fc.uuid() },
                { weight: 2, arbitrary: nastyString },
              ),
            ),
          ),
          query: fc.record(
            Object.fromEntries(
              op.queryParams.map((p) => [
                p.name as string,
                fc.oneof(
                  fromSchema(p.schema as Json, p.name as string).map((v) =>
                    typeof v === 'object' ? JSON.stringify(v) : String(v),
                  ),
                  nastyString,
                ),
              ]),
            ),
            { requiredKeys: [] },
          ),
          body: op.bodySchema ? fromSchema(op.bodySchema) : fc.constant(undefined),
          mutation,
          contentType,
        });
      });

      await fc.assert(
        fc.asyncProperty(caseArb, async (raw) => {
          const c = { ...raw, op: byKey.get(raw.key)! };
          let url = `/api/v1${c.op.path}`;
          c.op.pathParams.forEach((name, i) => {
            url = url.replace(`{${name}}`, encodeSegment(String(c.params[i] ?? '')));
          });
          const hasBody = c.op.method !== 'GET' && c.op.method !== 'DELETE';
          const { payload } = hasBody ? applyMutation(c.body, c.mutation) : { payload: undefined };
          const headers: Record<string, string> = {};
          if (!c.anon) headers.authorization = `Bearer ${await freshToken()}`;
          if (hasBody && c.contentType !== undefined) headers['content-type'] = c.contentType;
          const res = await h.app.inject({
            method: c.op.method as 'GET',
            url,
            query: c.query as Record<string, string>,
            headers,
            ...(hasBody && payload !== undefined ? { payload } : {}),
          });
          checkResponse(
            `${c.op.key} [${c.mutation.kind}] ${headers['content-type'] ?? ''}`,
            res,
            // An empty path segment routes to another operation (ignoreTrailingSlash): skip its schema.
            c.params.some((p) => p === '') ? null : c.op.successSchema,
          );
        }),
        { numRuns: RUNS, seed: SEED, verbose: 1, endOnFailure: true },
      );
    },
    LONG_TIMEOUT || 180_000,
  );

  it(
    `upload routes survive ${MULTIPART_RUNS} truncated and malformed multipart bodies`,
    async () => {
      const routes = [
        { url: () => `/api/v1/branding/${A.orgUuid}/logo`, field: 'logo' },
        { url: () => `/api/v1/branding/${A.orgUuid}/favicon`, field: 'favicon' },
        { url: () => '/api/v1/support/tickets', field: 'attachments[]' },
        { url: () => '/api/v1/profile/avatar', field: 'avatar' },
      ];
      const caseArb = fc.record({
        route: fc.constantFrom(...routes.map((_, i) => i)).map((i) => routes[i]!),
        fieldName: fc.oneof(fc.constant(''), nastyString),
        useRightField: fc.boolean(),
        filename: fc.oneof(
          fc.constantFrom('x.png', '', '../../x.png', 'a\u0000.png', 'x.svg', 'x'.repeat(300)),
          nastyString,
        ),
        bytes: fc.oneof(
          fc.constant(TINY_PNG),
          fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
          fc.constant(
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          ),
          fc.constant(Buffer.alloc(0)),
        ),
        extraFields: fc.array(fc.tuple(nastyString, nastyString), { maxLength: 4 }),
        cut: fc.option(fc.nat(400)),
        boundaryMode: fc.constantFrom('ok', 'missing', 'wrong', 'quoted', 'tab', 'empty'),
        garbage: fc.option(fc.uint8Array({ maxLength: 100 }).map((a) => Buffer.from(a))),
      });

      await fc.assert(
        fc.asyncProperty(caseArb, async (c) => {
          const mp = multipartBody([
            ...c.extraFields.map(([name, value]) => ({
              name: name.replace(/["\r\n]/g, ''),
              value,
            })),
            {
              name: c.useRightField ? c.route.field : c.fieldName.replace(/["\r\n]/g, ''),
              filename: c.filename.replace(/["\r\n]/g, ''),
              bytes: c.bytes,
            },
          ]);
          let body = mp.body;
          if (c.cut !== null) body = body.subarray(0, Math.min(c.cut, body.length));
          if (c.garbage) body = Buffer.concat([c.garbage, body]);
          const ct = {
            ok: mp.headers['content-type']!,
            missing: 'multipart/form-data',
            wrong: 'multipart/form-data; boundary=nope',
            quoted: `multipart/form-data; boundary="${mp.boundary}"`,
            tab: `multipart/form-data;\tboundary=${mp.boundary}`,
            empty: 'multipart/form-data; boundary=',
          }[c.boundaryMode];
          const res = await h.app.inject({
            method: 'POST',
            url: c.route.url(),
            headers: { authorization: `Bearer ${await freshToken()}`, 'content-type': ct },
            payload: body,
          });
          checkResponse(
            `POST ${c.route.url()} multipart [${c.boundaryMode}${c.cut !== null ? ' cut' : ''}]`,
            res,
            null,
          );
        }),
        { numRuns: MULTIPART_RUNS, seed: SEED + 1, verbose: 1, endOnFailure: true },
      );
    },
    LONG_TIMEOUT || 120_000,
  );

  it('the server is still healthy afterwards and nothing was polluted', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).success).toBe(true);
    assertNoPoisoning('after fuzzing');
  });
});
