import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createHarness, type TestHarness } from '../../src/testing/harness';

/** HSTS over HTTPS only, and CORS that never opens the API to another origin. */
let plain: TestHarness; // TRUST_PROXY=false, APP_URL http://localhost:3000 (the defaults)
let proxied: FastifyInstance; // behind a trusted TLS-terminating proxy
let publicHttps: FastifyInstance; // APP_URL https://…
let token: string;

beforeAll(async () => {
  plain = await createHarness();
  // Same database and dependencies, other settings.
  proxied = await buildApp(plain.deps, { ...plain.config, trustProxy: true }, { logger: false });
  publicHttps = await buildApp(
    plain.deps,
    { ...plain.config, appUrl: 'https://scmp.example.com' },
    { logger: false },
  );
  token = (await plain.createUser({ verified: true })).token;
}, 60_000);
afterAll(async () => {
  await proxied?.close();
  await publicHttps?.close();
  await plain?.close();
});

const URLS = ['/api/v1/health', '/login', '/api/v1/no-such-route', '/trpc/auth.me'];

async function hsts(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  return res.headers['strict-transport-security'] as string | undefined;
}

describe('Strict-Transport-Security', () => {
  it('is absent on plain http, and a spoofed X-Forwarded-Proto from an untrusted client does not add it', async () => {
    for (const url of URLS) {
      expect(await hsts(plain.app, url), url).toBeUndefined();
      expect(await hsts(plain.app, url, { 'x-forwarded-proto': 'https' }), url).toBeUndefined();
    }
  });

  it('is sent for requests that reached the trusted proxy over HTTPS, for at least a year', async () => {
    for (const url of URLS) {
      const value = await hsts(proxied, url, { 'x-forwarded-proto': 'https' });
      expect(value, url).toMatch(/^max-age=(\d+); includeSubDomains$/);
      expect(Number(/max-age=(\d+)/.exec(value!)![1])).toBeGreaterThanOrEqual(31_536_000);
      expect(await hsts(proxied, url, { 'x-forwarded-proto': 'http' }), url).toBeUndefined();
      expect(await hsts(proxied, url), url).toBeUndefined();
    }
  });

  it('is sent on every response when the public APP_URL is https', async () => {
    for (const url of URLS) {
      expect(await hsts(publicHttps, url), url).toMatch(/^max-age=31536000; includeSubDomains$/);
    }
  });
});

describe('CORS', () => {
  const foreign = [
    'https://evil.example',
    'http://localhost.evil.example',
    'http://localhost:3000.evil.example',
    'null',
  ];

  it('never answers a foreign or look-alike origin with allow-origin or credentials', async () => {
    for (const origin of foreign) {
      const responses = await Promise.all([
        plain.app.inject({
          method: 'GET',
          url: '/api/v1/user',
          headers: { origin, authorization: `Bearer ${token}` },
        }),
        plain.app.inject({
          method: 'OPTIONS',
          url: '/api/v1/profile/password',
          headers: {
            origin,
            'access-control-request-method': 'PUT',
            'access-control-request-headers': 'authorization, content-type',
          },
        }),
        plain.app.inject({
          method: 'GET',
          url: '/trpc/auth.me',
          headers: { origin, authorization: `Bearer ${token}` },
        }),
      ]);
      for (const res of responses) {
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(res.headers['access-control-allow-credentials'], origin).toBeUndefined();
        expect(res.headers['access-control-allow-headers'], origin).toBeUndefined();
        expect(res.statusCode).toBeLessThan(500);
      }
    }
  });

  it("the app's own origin needs no CORS: same-origin calls work and nothing opens to '*'", async () => {
    const res = await plain.app.inject({
      method: 'GET',
      url: '/api/v1/user',
      headers: { origin: plain.config.appUrl, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).not.toBe('*');
  });
});
