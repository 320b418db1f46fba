import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../src/testing/harness';

let h: TestHarness;
/** A body sent as written, declared JSON (for bodies that are not, or are hostile). */
const JSON_TYPE = { 'content-type': 'application/json' };
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('the API envelope on both doors', () => {
  it('answers health with the success envelope on REST', async () => {
    const res = await h.rest('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { status: 'ok', database: 'ok' } });
  });

  it('answers the same procedure on the tRPC door', async () => {
    const res = await h.trpc('query', 'health.check');
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({ success: true, data: { status: 'ok', database: 'ok' } });
  });

  it('answers 404 with the JSON error envelope for unknown API paths', async () => {
    const res = await h.rest('GET', '/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(typeof res.body.message).toBe('string');
  });

  it('answers 401 without session_expired when no token is sent, on both doors', async () => {
    const rest = await h.rest('GET', '/user');
    expect(rest.status).toBe(401);
    expect(rest.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(rest.body.session_expired).toBeUndefined();
    const trpc = await h.trpc('query', 'auth.me');
    expect(trpc.status).toBe(401);
    expect(trpc.body.error.data.envelope).toMatchObject({
      success: false,
      code: 'UNAUTHENTICATED',
    });
  });

  it('answers 401 with session_expired for a revoked token', async () => {
    const user = await h.createUser();
    await h.db.updateTable('sessions').set({ revoked_at: h.clock.now() }).execute();
    const res = await h.rest('GET', '/user', { token: user.token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, session_expired: true });
  });

  it('answers the signed-in user without secrets', async () => {
    const user = await h.createUser({ name: 'Ada Lovelace' });
    const res = await h.rest('GET', '/user', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Ada Lovelace', email: user.email, id: user.uuid });
    expect(res.text).not.toContain('password');
  });

  it('answers malformed JSON with a 400 envelope, not a crash', async () => {
    const res = await h.rest('POST', '/health', { headers: JSON_TYPE, body: '{"broken":' });
    expect([400, 404]).toContain(res.status);
    expect(JSON.parse(res.text)).toMatchObject({ success: false });
  });

  it('refuses prototype-poisoning JSON keys', async () => {
    const res = await h.rest('POST', '/nothing-here', {
      headers: JSON_TYPE,
      body: '{"__proto__": {"polluted": true}}',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 503 with database down when the database is unreachable', async () => {
    const broken = await createHarness();
    await broken.database.close();
    const res = await broken.rest('GET', '/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, data: { database: 'down' } });
    await broken.app.close();
  });
});

describe('the OpenAPI document', () => {
  it('is served and validates as OpenAPI 3', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body);
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    expect(doc.paths['/health'].get).toBeDefined();
    expect(doc.paths['/user'].get).toBeDefined();
  });

  it('has a docs page whose assets are served locally', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    const asset = await h.app.inject({
      method: 'GET',
      url: '/api/docs/assets/swagger-ui-bundle.js',
    });
    expect(asset.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a strict CSP without inline script on HTML', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/some/page' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('CSP and the payment provider', () => {
  it('admits Stripe.js only when Stripe is configured', async () => {
    const stripe = await createHarness({
      stripe: {
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: 'whsec_x',
        apiBase: undefined,
      },
    });
    const withStripe = await stripe.app.inject({ method: 'GET', url: '/' });
    expect(String(withStripe.headers['content-security-policy'])).toMatch(
      /script-src 'self' https:\/\/js\.stripe\.com/,
    );
    await stripe.close();
    const without = await h.app.inject({ method: 'GET', url: '/' });
    expect(String(without.headers['content-security-policy'])).not.toContain('stripe');
  });
});
