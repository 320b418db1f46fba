import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../src/testing/harness';

/**
 * The kept patch of @trpc/server (patches/, applied by `npm install` / `npm ci` through
 * patch-package): its published build calls a down-levelled object-spread helper on every
 * middleware step of every call, the patch puts back native object spreads; and its Fastify
 * adapter sends an answer tRPC has whole as one buffer, with its Content-Length, instead of a
 * fetch Response streamed in chunks (issue 35; figures in patches/README.md). These fail when an
 * upgrade or a fresh install leaves the helper or the streamed answers in place.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const trpcDir = path.dirname(require.resolve('@trpc/server/package.json'));
const HELPER_CALL = /_objectSpread2\(/g;
const HELPER_DECLARATION = /function _objectSpread2\(/g;

function* builtFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* builtFiles(full);
    else if (/\.(mjs|cjs)$/.test(entry.name)) yield full;
  }
}

const WHOLE_BODY = 'Symbol.for("trpc.patch.wholeBody")';

const helperCalls = (text: string) =>
  (text.match(HELPER_CALL)?.length ?? 0) - (text.match(HELPER_DECLARATION)?.length ?? 0);

describe('the @trpc/server patch', () => {
  it('matches the installed version (an upgrade needs the patch made anew)', () => {
    const installed = (
      JSON.parse(readFileSync(path.join(trpcDir, 'package.json'), 'utf8')) as { version: string }
    ).version;
    const patches = readdirSync(path.join(root, 'patches')).filter((name) =>
      name.startsWith('@trpc+server+'),
    );
    expect(patches).toEqual([`@trpc+server+${installed}.patch`]);
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      overrides: Record<string, string>;
    };
    expect(manifest.overrides['@trpc/server']).toBe(installed);
    expect(manifest.scripts.postinstall).toMatch(/^patch-package\b/);
  });

  it('is applied: no call of the object-spread helper is left in the installed build', () => {
    const left: string[] = [];
    let files = 0;
    for (const file of builtFiles(path.join(trpcDir, 'dist'))) {
      files += 1;
      const calls = helperCalls(readFileSync(file, 'utf8'));
      if (calls > 0) left.push(`${path.relative(trpcDir, file)}: ${calls}`);
    }
    expect(files).toBeGreaterThan(10);
    expect(left).toEqual([]);
    // The middleware chain, the place that matters most, spreads natively.
    const chain = [...builtFiles(path.join(trpcDir, 'dist'))].find((file) =>
      /initTRPC-.*\.mjs$/.test(file),
    )!;
    expect(readFileSync(chain, 'utf8')).toContain(
      'ctx: (nextOpts === null || nextOpts === void 0 ? void 0 : nextOpts.ctx) ? ({ ...opts.ctx, ...nextOpts.ctx }) : opts.ctx,',
    );
  });

  it('reaches the server bundle: esbuild, as build.mjs runs it, keeps the native spreads', async () => {
    const result = await build({
      stdin: {
        contents:
          "export { initTRPC } from '@trpc/server'; export { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';",
        resolveDir: path.join(root, 'apps/server'),
      },
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const text = result.outputFiles[0]!.text;
    expect(text).toContain('fastifyRequestHandler');
    expect(helperCalls(text)).toBe(0);
    // The adapter asks for whole bodies, and resolveResponse answers that request.
    expect(text.split(WHOLE_BODY).length - 1).toBe(2);
    expect(text).toContain('await opts.res.send(Buffer.from(res.body));');
    // A GET or HEAD reaches resolveResponse without a fetch Request.
    expect(text).toContain('const req = bodilessRequest(incomingMessage, opts.res.raw) ??');
  });

  it('is applied: the Fastify adapter and resolveResponse (ESM and CommonJS) send whole bodies', () => {
    const patched = [...builtFiles(path.join(trpcDir, 'dist'))]
      .filter((file) => readFileSync(file, 'utf8').includes(WHOLE_BODY))
      .map((file) => path.relative(trpcDir, file).replace(/-[\w-]+\.(mjs|cjs)$/, '.$1'))
      .sort();
    expect(patched).toEqual([
      'dist/adapters/fastify/index.cjs',
      'dist/adapters/fastify/index.mjs',
      'dist/resolveResponse.cjs',
      'dist/resolveResponse.mjs',
    ]);
  });
});

/** One answer over real HTTP, as the client sees it on the wire (no decompression). */
function get(
  address: string,
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${address}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the tRPC door on the wire (the whole-body part of the patch)', () => {
  let h: TestHarness;
  let address: string;
  beforeAll(async () => {
    h = await createHarness();
    address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => h.close());

  it('sends one call with its Content-Length, not chunked, with the headers tRPC and the door set', async () => {
    const res = await get(address, '/trpc/publicSite.siteConfig');
    expect(res.status).toBe(200);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['vary']).toBe('trpc-accept, accept');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(res.body.toString()).result.data.success).toBe(true);
  });

  it('sends a batch and an error the same way, with the status tRPC chose', async () => {
    const batch = await get(
      address,
      `/trpc/publicSite.siteConfig,auth.me?batch=1&input=${encodeURIComponent('{}')}`,
    );
    expect(batch.status).toBe(207);
    expect(batch.headers['transfer-encoding']).toBeUndefined();
    expect(batch.headers['content-length']).toBe(String(batch.body.length));
    const [site, me] = JSON.parse(batch.body.toString());
    expect(site.result.data.success).toBe(true);
    expect(me.error.data.code).toBe('UNAUTHORIZED');

    const missing = await get(address, '/trpc/no.such.procedure');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-length']).toBe(String(missing.body.length));
    expect(JSON.parse(missing.body.toString()).error.data.code).toBe('NOT_FOUND');
  });

  it('leaves a small answer uncompressed and compresses a large one (with its length)', async () => {
    const small = await get(address, '/trpc/publicSite.siteConfig', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-length']).toBe(String(small.body.length));

    const paths = Array.from({ length: 12 }, () => 'publicSite.siteConfig').join(',');
    const url = `/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`;
    const plain = await get(address, url);
    expect(plain.body.length).toBeGreaterThan(1024);
    const large = await get(address, url, { 'accept-encoding': 'br' });
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['transfer-encoding']).toBeUndefined();
    expect(large.headers['content-length']).toBe(String(large.body.length));
    expect(brotliDecompressSync(large.body).toString()).toBe(plain.body.toString());
  });

  it('reads the headers of a GET without a fetch Request: Accept and the batch input as tRPC does', async () => {
    // trpc-accept: application/jsonl asks for a streamed batch (read through the headers the
    // patch hands to resolveResponse); a streamed answer is still a Response, sent chunked.
    const url = `/trpc/publicSite.siteConfig?batch=1&input=${encodeURIComponent('{}')}`;
    const streamed = await get(address, url, { 'trpc-accept': 'application/jsonl' });
    expect(streamed.status).toBe(200);
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(streamed.body.toString().trim().split('\n').length).toBeGreaterThan(1);
    // The same through Accept, case and list as a browser writes them.
    const viaAccept = await get(address, url, { Accept: 'text/html, application/jsonl' });
    expect(viaAccept.headers['transfer-encoding']).toBe('chunked');
    // A non-batched streaming request is refused as tRPC refuses it.
    const refused = await get(address, '/trpc/publicSite.siteConfig', {
      'trpc-accept': 'application/jsonl',
    });
    expect(refused.status).toBe(400);
    // A GET with a body content type it cannot have: multipart is for POST only.
    const multipart = await get(address, '/trpc/publicSite.siteConfig', {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(multipart.status).toBe(405);
  });

  it('still answers HEAD with an empty 204 (a Response, as before)', async () => {
    const res = await get(address, '/trpc/publicSite.siteConfig', {}, 'HEAD');
    expect(res.status).toBe(204);
    expect(res.body.length).toBe(0);
  });
});
