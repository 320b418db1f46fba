import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';
import { multipartBody, TINY_PNG } from '../../src/testing/security-fixtures';
import { loadOperations, sampleFor, type Operation } from './openapi-tools';

/**
 * The OpenAPI document against the server (issue 22): every operation called without a token
 * answers 401 exactly when the document says it is protected (a public operation documented as
 * protected, or the reverse, fails here); every operation documents the success status it really
 * uses and its errors with the envelope; info and servers say who runs the API and where.
 */
let h: TestHarness;
let ops: Operation[];
let doc: Json;

beforeAll(async () => {
  h = await createHarness();
  ops = await loadOperations(h);
  doc = JSON.parse(
    (await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).body,
  ) as Json;
});
afterAll(() => h?.close());

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function anonymousRequest(op: Operation) {
  let url = `/api/v1${op.path}`;
  for (const name of op.pathParams) url = url.replace(`{${name}}`, UNKNOWN_ID);
  const query: Record<string, string> = {};
  for (const p of op.queryParams) {
    if (p.required) query[p.name as string] = String(sampleFor(p.schema as Json, p.name as string));
  }
  if (op.bodyTypes.includes('multipart/form-data')) {
    const field = op.path.endsWith('/favicon') ? 'favicon' : 'logo';
    const mp = multipartBody([
      { name: field, filename: 'x.png', bytes: TINY_PNG, type: 'image/png' },
    ]);
    return { method: op.method as 'POST', url, query, headers: mp.headers, payload: mp.body };
  }
  const json = op.bodyTypes.includes('application/json') || op.bodyTypes.length === 0;
  return {
    method: op.method as 'GET',
    url,
    query,
    headers: json ? { 'content-type': 'application/json', accept: 'application/json' } : {},
    ...(op.method === 'GET' || op.method === 'DELETE'
      ? {}
      : { payload: JSON.stringify(op.bodySchema ? sampleFor(op.bodySchema) : {}) }),
  };
}

describe('the OpenAPI document tells the truth', () => {
  it('answers 401 without a token exactly where the document says the operation is protected', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      const res = await h.app.inject(anonymousRequest(op));
      // "Sign in first" — not a sign-in's own "these credentials do not match" (also a 401).
      const unauthenticated =
        res.statusCode === 401 && (JSON.parse(res.body) as Json).message === 'Unauthenticated.';
      // Optional sign-in (security: [{}, bearer]), e.g. logout: never "sign in first".
      const optional = ((op.op.security ?? []) as Json[]).some((s) => Object.keys(s).length === 0);
      if (optional ? unauthenticated : op.secured !== unauthenticated) {
        wrong.push(
          `${op.key}: documented ${op.secured ? 'protected' : 'public'}, answered ${res.statusCode}`,
        );
      }
      if (res.statusCode >= 500) wrong.push(`${op.key}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(ops.filter((op) => !op.secured).length).toBeGreaterThan(10);
  });

  it('documents one success status per operation, 201 for creations, and every error as the envelope', () => {
    const problems: string[] = [];
    for (const op of ops) {
      const codes = Object.keys(op.op.responses as Json);
      const successes = codes.filter((c) => c.startsWith('2'));
      if (successes.length !== 1)
        problems.push(`${op.key}: success statuses ${successes.join(',')}`);
      for (const code of codes.filter((c) => !c.startsWith('2'))) {
        const ref = (op.op.responses as Json)[code]?.content?.['application/json']?.schema?.$ref;
        if (ref !== '#/components/schemas/ErrorEnvelope')
          problems.push(`${op.key} ${code}: ${ref}`);
      }
      if (op.secured && !codes.includes('401')) problems.push(`${op.key}: no 401`);
    }
    expect(problems).toEqual([]);
    const created = ops.find((op) => op.key === 'POST /organizations')!;
    expect(Object.keys(created.op.responses as Json)).toContain('201');
    expect(doc.components.schemas.ErrorEnvelope.required).toEqual(['success', 'message', 'code']);
  });

  it('names its version, contact, licence and the server it runs on', () => {
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.info.contact.url).toBe(`${h.config.appUrl}/contact`);
    expect(doc.info.license.name).toBeTruthy();
    expect(doc.servers).toEqual([{ url: `${h.config.appUrl}/api/v1` }]);
  });
});
