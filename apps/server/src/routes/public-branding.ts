import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicBranding, type AppDeps } from '@scmp/api';

/** Bodies under this size go out uncompressed (the compress plugin's threshold too). */
export const COMPRESS_THRESHOLD = 1024;
const MAX_SLUG_LENGTH = 100;

type Serialized = {
  json: string;
  /** The JSON as bytes, encoded once (the edge writes it as is). */
  bytes: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
};

/**
 * The serialized answer of each cached branding object. The service hands back the same object
 * while its cache entry lives, so a hit costs one map lookup here; a new entry (a miss, an
 * invalidation) is a new object and is serialized once. Entries go with their objects.
 */
const serialized = new WeakMap<object, Serialized>();

export function serialize(body: object): Serialized {
  let entry = serialized.get(body);
  if (!entry) {
    const json = JSON.stringify({ success: true, data: body });
    const bytes = Buffer.from(json);
    entry = { json, bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
    serialized.set(body, entry);
  }
  return entry;
}

export function matches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== 'string') return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === etag || tag === `W/${etag}` || tag === '*');
}

/** 'br', 'gzip' or undefined from Accept-Encoding (a q=0 coding is refused). */
export function encodingFor(
  acceptEncoding: string | string[] | undefined,
): 'br' | 'gzip' | undefined {
  if (typeof acceptEncoding !== 'string') return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(coding.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export function compressed(entry: Serialized, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    entry.br ??= brotliCompressSync(entry.json, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 },
    });
    return entry.br;
  }
  entry.gzip ??= gzipSync(entry.json, { level: 9 });
  return entry.gzip;
}

/**
 * The REST door's native handler for GET /api/v1/public/tenant/{slug}/branding (every tenant page
 * load): the answer comes from the service's in-memory cache as an already serialized (and, when
 * asked, already compressed) body with its ETag; a matching If-None-Match answers 304 with no
 * body. Resolves true once it has answered (never the reply itself: a reply is thenable). An
 * over-long slug resolves false so the door runs the procedure with its validation; errors (an
 * unknown tenant) get the usual envelope through `sendError`.
 */
export const CACHE_CONTROL = `public, max-age=${publicBranding.TENANT_BRANDING_TTL_SECONDS}`;

export async function tenantBrandingFastPath(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  sendError: (reply: FastifyReply, error: unknown) => FastifyReply,
): Promise<boolean> {
  const slug = (request.params as { slug?: unknown }).slug;
  if (typeof slug !== 'string' || slug.length > MAX_SLUG_LENGTH) return false;
  let body: object;
  try {
    body = await publicBranding.getTenantBranding(deps, slug);
  } catch (error) {
    sendError(reply, error);
    return true;
  }
  const entry = serialize(body);
  // Answered on the raw response (the security headers and request id are already on it): this is
  // the hottest public call, and Fastify's send pipeline (serializers, onSend hooks) has nothing
  // to add to a body that is already serialized and compressed. Fastify skips its response log.
  reply.hijack();
  const headers: Record<string, string | number> = {
    etag: entry.etag,
    'cache-control': CACHE_CONTROL,
    vary: 'accept-encoding',
  };
  if (matches(request.headers['if-none-match'], entry.etag)) {
    reply.raw.writeHead(304, headers).end();
    return true;
  }
  const encoding =
    entry.json.length >= COMPRESS_THRESHOLD
      ? encodingFor(request.headers['accept-encoding'])
      : undefined;
  const payload = encoding ? compressed(entry, encoding) : entry.json;
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(payload);
  if (encoding) headers['content-encoding'] = encoding;
  reply.raw.writeHead(200, headers).end(payload);
  return true;
}
