/**
 * Schema-driven fuzzing of every operation in /api/v1/openapi.json (plus the multipart upload
 * routes). Bounded and seeded in the normal run; `npm run fuzz` runs a long one
 * (FUZZ_RUNS, FUZZ_SEED are read from the environment; fast-check prints seed and path on failure).
 * The generators live in fuzz-arbitraries.ts.
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
import {
  applyMutation,
  contentType,
  encodeSegment,
  fromSchema,
  mutation,
  nastyString,
} from './fuzz-arbitraries';
import { leaks, loadOperations, validate, type Operation } from './openapi-tools';

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
// Checks

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
