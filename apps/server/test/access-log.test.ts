import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { publicBranding } from '@scmp/api';
import { buildApp } from '../src/app';
import { loggerOptions } from '../src/logging/logger-options';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { insertOrganizationRow } from '../src/testing/organization-rows';

/**
 * One access line per request (issue 35): Fastify's two lines per request ("incoming request",
 * "request completed") replaced by one with method, path (query values replaced), status,
 * duration, request id and the caller's ids, for both doors and for the branding cache hits
 * answered before Fastify; LOG_REQUESTS and LOG_LEVEL switch it off.
 */
let h: TestHarness;
let user: Awaited<ReturnType<TestHarness['createUser']>>;
let apiToken: string;
const apps: FastifyInstance[] = [];

type Line = Record<string, unknown>;

/** A server on the harness's database whose logger writes into memory. */
async function loggingApp(level: string, logRequests = true) {
  const lines: Line[] = [];
  const stream = { write: (chunk: string) => void lines.push(JSON.parse(chunk) as Line) };
  const app = await buildApp(
    h.deps,
    { ...h.config, logRequests },
    { logger: { ...loggerOptions(level), stream } },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const accessLines = () => lines.filter((line) => line.msg === 'request');
  /** The access lines once `count` are there (a line is written when the response has finished). */
  const settled = (count: number) =>
    vi.waitFor(() => {
      expect(accessLines().length).toBeGreaterThanOrEqual(count);
      return accessLines();
    });
  return { app, base, lines, accessLines, settled };
}

beforeAll(async () => {
  h = await createHarness();
  user = await h.createUser({ verified: true });
  const created = await h.rest('POST', '/user/api-tokens', {
    token: user.token,
    body: { name: 'log test', scopes: ['profile:read'], expires_in_days: null },
  });
  expect(created.status, created.text).toBe(201);
  apiToken = created.body.data.token as string;
  const org = await insertOrganizationRow(h.db, {
    owner_id: user.id,
    name: 'Log Academy',
    subdomain: 'log-academy',
  });
  await h.db.insertInto('brandings').values({ organization_id: org.id }).execute();
});

afterEach(async () => {
  while (apps.length > 0) await apps.pop()!.close();
});
afterAll(() => h?.close());

describe('access log', () => {
  it('writes exactly one line per request, through both doors, with who called and never the token', async () => {
    const server = await loggingApp('info');
    const sent: { url: string; token?: string; status: number; requestId: string }[] = [];
    const get = async (url: string, token?: string) => {
      const res = await fetch(`${server.base}${url}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      await res.arrayBuffer();
      sent.push({ url, token, status: res.status, requestId: res.headers.get('x-request-id')! });
    };
    await get('/api/v1/public/site-config');
    await get('/api/v1/user?token=from-an-email-link', user.token);
    await get('/trpc/auth.me,publicSite.siteConfig?batch=1&input=%7B%7D', user.token);
    await get('/api/v1/user', apiToken);
    await get('/api/v1/user');
    await get('/api/v1/no-such-operation');

    const lines = await server.settled(sent.length);
    expect(lines).toHaveLength(sent.length);
    expect(
      server.lines.filter((line) => /incoming request|request completed/.test(String(line.msg))),
    ).toEqual([]);
    expect(lines.map((line) => [line.method, line.url, line.status])).toEqual([
      ['GET', '/api/v1/public/site-config', 200],
      ['GET', '/api/v1/user?token=[redacted]', 200],
      ['GET', '/trpc/auth.me,publicSite.siteConfig?batch=[redacted]&input=[redacted]', 200],
      ['GET', '/api/v1/user', 200],
      ['GET', '/api/v1/user', 401],
      ['GET', '/api/v1/no-such-operation', 404],
    ]);
    expect(lines.map((line) => line.reqId)).toEqual(sent.map((s) => s.requestId));
    expect(lines.map((line) => [line.userId ?? null, line.tokenId ?? null])).toEqual([
      [null, null],
      [user.id, null],
      [user.id, null],
      [user.id, expect.any(Number)],
      [null, null],
      [null, null],
    ]);
    for (const line of lines) {
      expect(line.level).toBe(30);
      expect(typeof line.ms).toBe('number');
      expect(Object.keys(line).sort()).toEqual(
        [
          'level',
          'method',
          'ms',
          'msg',
          'reqId',
          'status',
          'time',
          'url',
          ...('userId' in line ? ['userId'] : []),
          ...('tokenId' in line ? ['tokenId'] : []),
        ].sort(),
      );
    }
    const text = JSON.stringify(server.lines);
    expect(text).not.toContain(user.token);
    expect(text).not.toContain(apiToken);
    expect(text).not.toContain('from-an-email-link');
  });

  it('logs a branding cache hit, answered before Fastify, like any request', async () => {
    const server = await loggingApp('info');
    publicBranding.invalidateTenantBrandingCache();
    const url = '/api/v1/public/tenant/log-academy/branding';
    const miss = await fetch(`${server.base}${url}`);
    await miss.arrayBuffer();
    expect(
      publicBranding.getCachedTenantBranding('log-academy', h.clock.now().getTime()),
    ).toBeDefined();
    const hit = await fetch(`${server.base}${url}`, { headers: { 'x-request-id': 'hit-1' } });
    await hit.arrayBuffer();
    const etag = hit.headers.get('etag')!;
    const notModified = await fetch(`${server.base}${url}`, { headers: { 'if-none-match': etag } });
    expect([miss.status, hit.status, notModified.status]).toEqual([200, 200, 304]);

    const lines = await server.settled(3);
    expect(lines.map((line) => [line.method, line.url, line.status])).toEqual([
      ['GET', url, 200],
      ['GET', url, 200],
      ['GET', url, 304],
    ]);
    expect(lines.map((line) => line.reqId)).toEqual([
      miss.headers.get('x-request-id'),
      'hit-1',
      notModified.headers.get('x-request-id'),
    ]);
  });

  it("makes a request's own logger only when something logs through it, its lines with the request id", async () => {
    const lines: Line[] = [];
    const stream = { write: (chunk: string) => void lines.push(JSON.parse(chunk) as Line) };
    const app = await buildApp(h.deps, h.config, { logger: { ...loggerOptions('info'), stream } });
    apps.push(app);
    app.get('/test-only/log-line', async (request) => {
      request.log.warn({ step: 'handler' }, 'a line of the handler');
      return { ok: true };
    });
    const child = vi.spyOn(app.log, 'child');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // A request that logs nothing but its access line makes no per-request child logger.
    const plain = await fetch(`${base}/api/v1/public/site-config`);
    await plain.arrayBuffer();
    await vi.waitFor(() => expect(lines.filter((line) => line.msg === 'request')).toHaveLength(1));
    expect(child).not.toHaveBeenCalled();
    // One that logs gets it, bound to its request id (and redacting as before).
    const logged = await fetch(`${base}/test-only/log-line`, {
      headers: { 'x-request-id': 'log-line-1' },
    });
    expect(logged.status).toBe(200);
    const line = await vi.waitFor(() => {
      const found = lines.find((l) => l.msg === 'a line of the handler');
      expect(found).toBeDefined();
      return found!;
    });
    expect(line).toMatchObject({ level: 40, reqId: 'log-line-1', step: 'handler' });
    expect(child).toHaveBeenCalledTimes(1);
  });

  it('writes none with LOG_REQUESTS=false or a level above info, and still logs what goes wrong', async () => {
    for (const [level, logRequests] of [
      ['info', false],
      ['warn', true],
    ] as const) {
      const server = await loggingApp(level, logRequests);
      await (await fetch(`${server.base}/api/v1/public/site-config`)).arrayBuffer();
      await (await fetch(`${server.base}/api/v1/public/tenant/log-academy/branding`)).arrayBuffer();
      await (await fetch(`${server.base}/api/v1/public/tenant/log-academy/branding`)).arrayBuffer();
      const perRequest = server.lines.filter((line) =>
        /^(request|incoming request|request completed)$/.test(String(line.msg)),
      );
      expect(perRequest, `${level} ${logRequests}`).toEqual([]);
      server.app.log.warn('still here');
      expect(server.lines.map((line) => line.msg)).toContain('still here');
    }
  });
});
