import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_REQUESTS_PER_MINUTE } from '@scmp/api/contracts/api-tokens';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { activityRows } from '../src/testing/recorded-rows';

/**
 * Request-scoped data lives in the one context the door builds per request (issue 35): the
 * procedure hands a service the client's address and browser as an argument, whichever door the
 * call came through, and the plain download routes run the pipeline's caller step instead of
 * building a context themselves.
 */
let h: TestHarness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('request data reaches services as arguments, through both doors', () => {
  it('records the caller’s address and browser on an activity entry from /api/v1 and /trpc', async () => {
    const user = await h.createUser({ verified: true });
    const doors = [
      { method: 'PUT', url: '/api/v1/profile', ip: '203.0.113.10', agent: 'RestClient/1.0' },
      { method: 'POST', url: '/trpc/profile.update', ip: '198.51.100.20', agent: 'TrpcClient/2.0' },
    ] as const;
    for (const door of doors) {
      const res = await h.app.inject({
        method: door.method,
        url: door.url,
        remoteAddress: door.ip,
        headers: {
          authorization: `Bearer ${user.token}`,
          'user-agent': door.agent,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ name: `${door.agent} Name`, email: user.email }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await activityRows(h.db, user.id, 'profile.updated')).toMatchObject([
      { ip_address: '203.0.113.10', user_agent: 'RestClient/1.0' },
      { ip_address: '198.51.100.20', user_agent: 'TrpcClient/2.0' },
    ]);
  });

  it('runs the caller step of the pipeline for a file download: scope, budget and RateLimit headers', async () => {
    const owner = await h.createUser({ verified: true });
    const tokenWith = async (scopes: string[]) => {
      const res = await h.rest('POST', '/user/api-tokens', {
        token: owner.token,
        body: { name: `t-${scopes.join('-') || 'none'}`, scopes, expires_in_days: null },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data.token as string;
    };
    const download = (token: string) =>
      h.app.inject({
        method: 'GET',
        url: '/api/v1/activity/export?type=all&days=30',
        headers: { authorization: `Bearer ${token}` },
      });
    const allowed = await download(await tokenWith(['profile:read']));
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.headers['content-type']).toContain('text/csv');
    expect(allowed.headers['ratelimit-policy']).toBe(
      `"default";q=${API_TOKEN_REQUESTS_PER_MINUTE};w=60`,
    );
    expect(String(allowed.headers.ratelimit)).toMatch(/^"default";r=\d+;t=\d+$/);
    const refused = await download(await tokenWith(['instances:read']));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_SCOPE',
      required_scope: 'profile:read',
    });
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/v1/activity/export' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reports a throttle’s state on the response of the request that passed it, on both doors', async () => {
    const ask = (url: string, remoteAddress: string, payload: unknown) =>
      h.app.inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    // forgot-password: 10 a minute per address, each request's own count in its headers.
    const rest1 = await ask('/api/v1/auth/forgot-password', '192.0.2.31', {
      email: 'nobody@example.com',
    });
    const rest2 = await ask('/api/v1/auth/forgot-password', '192.0.2.31', {
      email: 'nobody@example.com',
    });
    const trpc = await ask('/trpc/auth.forgotPassword', '192.0.2.32', {
      email: 'nobody@example.com',
    });
    expect(rest1.statusCode, rest1.body).toBe(200);
    expect(rest1.headers['ratelimit-policy']).toBe('"default";q=10;w=60');
    expect(String(rest1.headers.ratelimit)).toMatch(/^"default";r=9;t=\d+$/);
    expect(String(rest2.headers.ratelimit)).toMatch(/^"default";r=8;t=\d+$/);
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(String(trpc.headers.ratelimit)).toMatch(/^"default";r=9;t=\d+$/);
    // A request that passes no throttle carries none.
    const plain = await h.app.inject({ method: 'GET', url: '/api/v1/public/site-config' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['ratelimit']).toBeUndefined();
  });

  it('leaves no plain route of apps/server building a context by hand', () => {
    const routes = path.join(import.meta.dirname, '../src/routes');
    // avatar.ts and branding-files.ts are being turned into upload procedures (issue 35).
    const handBuilt = readdirSync(routes)
      .filter((name) => name.endsWith('.ts') && !['avatar.ts', 'branding-files.ts'].includes(name))
      .filter((name) => /\bcreateContext\b/.test(readFileSync(path.join(routes, name), 'utf8')));
    expect(handBuilt).toEqual([]);
  });
});
