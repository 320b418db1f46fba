import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicBranding } from '@scmp/api';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { insertOrganizationRow } from '../src/testing/organization-rows';
import { SECURITY_HEADERS } from '../src/testing/security-fixtures';

/** The branding edge sits in the HTTP server (not in app.inject), so these go over a socket. */
let h: TestHarness;
let base: string;

beforeAll(async () => {
  h = await createHarness();
  const owner = await h.createUser({ verified: true });
  const org = await insertOrganizationRow(h.db, {
    owner_id: owner.id,
    name: 'Edge Academy',
    subdomain: 'edge-academy',
  });
  // A footer long enough that the answer is worth compressing (over 1 KB), not all ASCII.
  await h.db
    .insertInto('brandings')
    .values({ organization_id: org.id, footer_text: `${FOOTER_START}${'a school. '.repeat(120)}` })
    .execute();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => h.close());

const PATH = '/public/tenant/edge-academy/branding';
const FOOTER_START = 'École d’Edge — ☀ ';

/** One answer's status, headers and body bytes as they came off the socket. */
function raw(headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${base}${PATH}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}
const COMPARED = [...SECURITY_HEADERS, 'etag', 'cache-control', 'vary', 'content-type'];

function pick(headers: Headers): Record<string, string | null> {
  return Object.fromEntries(COMPARED.map((name) => [name, headers.get(name)]));
}

describe('tenant branding edge (cache hits before Fastify)', () => {
  it('answers a hit exactly as the Fastify route answers the miss before it', async () => {
    publicBranding.invalidateTenantBrandingCache();
    const viaRoute = await fetch(`${base}${PATH}`); // a miss: Fastify loads and caches it
    expect(
      publicBranding.getCachedTenantBranding('edge-academy', h.clock.now().getTime()),
    ).toBeDefined();
    const viaEdge = await fetch(`${base}${PATH}`);
    expect(viaEdge.status).toBe(200);
    expect(pick(viaEdge.headers)).toEqual(pick(viaRoute.headers));
    expect(viaEdge.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    expect(await viaEdge.json()).toEqual(await viaRoute.json());
  });

  it('keeps a caller-given request id, answers 304 to its ETag and compresses when asked', async () => {
    const first = await fetch(`${base}${PATH}`, { headers: { 'x-request-id': 'edge-check-1' } });
    expect(first.headers.get('x-request-id')).toBe('edge-check-1');
    const etag = first.headers.get('etag')!;
    const notModified = await fetch(`${base}${PATH}`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('content-security-policy')).toContain("default-src 'self'");
    const brotli = await fetch(`${base}${PATH}`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect((await brotli.json()).data.tenant.slug).toBe('edge-academy');
  });

  it('sends the exact bytes its Content-Length counts, plain and compressed, miss and hit', async () => {
    publicBranding.invalidateTenantBrandingCache();
    for (const [encoding, decode] of [
      [undefined, (body: Buffer) => body],
      ['gzip', gunzipSync],
    ] as const) {
      for (const via of ['miss', 'hit']) {
        if (via === 'miss') publicBranding.invalidateTenantBrandingCache();
        const answer = await raw(encoding ? { 'accept-encoding': encoding } : {});
        expect(answer.status, via).toBe(200);
        expect(answer.headers['content-encoding'], via).toBe(encoding);
        expect(Number(answer.headers['content-length']), via).toBe(answer.body.length);
        const json = JSON.parse(decode(answer.body).toString('utf8'));
        expect(json.data.branding.footer_text.startsWith(FOOTER_START), via).toBe(true);
      }
    }
  });

  it('leaves everything else to Fastify: unknown tenants, other spellings, other methods', async () => {
    const unknown = await fetch(`${base}/public/tenant/no-such-tenant/branding`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).success).toBe(false);
    const upper = await fetch(`${base}/public/tenant/EDGE-ACADEMY/branding`);
    expect(upper.status).toBe(200);
    expect((await upper.json()).data.tenant.slug).toBe('edge-academy');
    const post = await fetch(`${base}${PATH}`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('stops answering from the cache as soon as the branding changes', async () => {
    const before = await fetch(`${base}${PATH}`);
    const etag = before.headers.get('etag');
    await h.deps.events.publish('branding', 'edge-academy');
    await h.db
      .updateTable('organizations')
      .set({ name: 'Edge Academy Renamed' })
      .where('subdomain', '=', 'edge-academy')
      .execute();
    await h.deps.events.publish('branding', 'edge-academy');
    const after = await fetch(`${base}${PATH}`);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await after.json()).data.tenant.name).toBe('Edge Academy Renamed');
  });
});
