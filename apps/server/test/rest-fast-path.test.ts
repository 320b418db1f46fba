import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { insertOrganizationRow } from '../src/testing/organization-rows';
import { SECURITY_HEADERS } from '../src/testing/security-fixtures';

let h: TestHarness;

beforeAll(async () => {
  h = await createHarness();
  const owner = await h.createUser({ verified: true });
  await insertOrganizationRow(h.db, {
    owner_id: owner.id,
    name: 'Fast Path School',
    subdomain: 'fastpath',
  });
});
afterAll(() => h.close());

describe('REST door security headers', () => {
  it('are on answers that never reach a handler (an unparsable body)', async () => {
    const reference = await h.rest('GET', '/public/site-config');
    const res = await h.rest('POST', '/auth/login', {
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    for (const name of SECURITY_HEADERS) {
      expect(res.headers[name], name).toBe(reference.headers[name]);
    }
  });
});

describe('REST door fast path (public tenant branding)', () => {
  it('sends the same security headers as every other route, on hits, 304s and errors', async () => {
    const reference = await h.rest('GET', '/public/site-config');
    const answers = [
      await h.rest('GET', '/public/tenant/fastpath/branding'),
      await h.rest('GET', '/public/tenant/fastpath/branding'),
      await h.rest('GET', '/public/tenant/no-such-tenant/branding'),
    ];
    const etag = answers[0]!.headers.etag as string;
    answers.push(
      await h.rest('GET', '/public/tenant/fastpath/branding', {
        headers: { 'if-none-match': etag },
      }),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 304]);
    for (const answer of answers) {
      for (const name of SECURITY_HEADERS) {
        expect(answer.headers[name], name).toBe(reference.headers[name]);
        expect(answer.headers[name], name).toBeTruthy();
      }
    }
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('still validates an over-long slug through the procedure', async () => {
    const res = await h.rest('GET', `/public/tenant/${'a'.repeat(120)}/branding`);
    expect(res.status).toBe(422);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
