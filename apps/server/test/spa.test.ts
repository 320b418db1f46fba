import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../src/testing/harness';

/** The built web app as the server serves it: pages, hashed assets, precompressed copies. */
let h: TestHarness;

const INDEX =
  '<!doctype html><html><head><title>SCMP</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'scmp-spa-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'index.html.br'), 'not-really-brotli');
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  h = await createHarness({ webDistDir: dist });
}, 60_000);
afterAll(() => h?.close());

const request = (method: 'GET' | 'HEAD' | 'POST', url: string, headers = {}) =>
  h.app.inject({ method, url, headers });

describe('the web app', () => {
  // curl, uptime checks and crawlers send no Accept-Encoding; the home page answered 400 to them.
  it.each([
    ['no Accept-Encoding', {}],
    ['identity', { 'accept-encoding': 'identity' }],
    ['a browser', { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' }],
  ])('GET / answers the page, never cached, to %s', async (_, headers) => {
    const res = await request('GET', '/', headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('HEAD / and a query string answer like GET /', async () => {
    expect((await request('HEAD', '/')).statusCode).toBe(200);
    const res = await request('GET', '/?utm_source=newsletter');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('a folder, /index.html and an unknown page get the page, never cached', async () => {
    for (const url of ['/assets/', '/assets', '/pricing', '/no/such/page', '/index.html']) {
      const res = await request('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('hashed assets are cached for good, other files for an hour', async () => {
    const asset = await request('GET', '/assets/app-1a2b3c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await request('GET', '/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('other methods and the API keep their JSON 404', async () => {
    for (const [method, url] of [
      ['POST', '/'],
      ['GET', '/api/v1/no-such-thing'],
      ['HEAD', '/api/v1/no-such-thing'],
    ] as const) {
      const res = await request(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      if (method !== 'HEAD') expect(res.json()).toMatchObject({ success: false });
    }
  });
});
