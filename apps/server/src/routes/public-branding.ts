import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicBranding, type AppDeps } from '@scmp/api';
import { replyHeaderList } from '../plugins/security-headers';

/** Bodies under this size go out uncompressed (the compress plugin's threshold too). */
const COMPRESS_THRESHOLD = 1024;
const MAX_SLUG_LENGTH = 100;

type Serialized = {
  json: string;
  /** The JSON's length in UTF-8 bytes, counted once. */
  byteLength: number;
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
    entry = {
      json,
      byteLength: bytes.length,
      etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
    };
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

function compressed(entry: Serialized, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    entry.br ??= brotliCompressSync(entry.json, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 },
    });
    return entry.br;
  }
  entry.gzip ??= gzipSync(entry.json, { level: 9 });
  return entry.gzip;
}

/** What a cached answer goes out as. */
type Variant = 'identity' | 'br' | 'gzip' | '304';

const CACHE_CONTROL = `public, max-age=${publicBranding.TENANT_BRANDING_TTL_SECONDS}`;

/** Per serialized answer and variant: the branding headers (flat name/value list) and body. */
const answers = new WeakMap<Serialized, Partial<Record<Variant, BrandingAnswer>>>();

/**
 * `payload` is the body as a string in `encoding` (the JSON as UTF-8, a compressed body as
 * latin1, one character a byte): Node writes a string body in the same write as the headers,
 * where a Buffer body costs a second one (a writev of two parts). Measured on the edge's hits,
 * that second part cost about a tenth of their throughput.
 */
export type BrandingAnswer = {
  status: 200 | 304;
  headers: string[];
  payload?: string;
  encoding: 'utf8' | 'latin1';
};

/**
 * The answer to one request for a cached branding body: 304 to a matching If-None-Match, else
 * 200 with the body compressed as the client accepts (from 1 KB on). The headers are the
 * branding ones (ETag, Cache-Control, Vary, and the content headers); each variant is built once
 * per cached body, so a hit costs a lookup. The caller adds the security headers and request id.
 */
export function brandingAnswer(
  entry: Serialized,
  ifNoneMatch: string | string[] | undefined,
  acceptEncoding: string | string[] | undefined,
): BrandingAnswer {
  let variant: Variant = 'identity';
  if (matches(ifNoneMatch, entry.etag)) variant = '304';
  else if (entry.json.length >= COMPRESS_THRESHOLD) {
    variant = encodingFor(acceptEncoding) ?? 'identity';
  }
  let variants = answers.get(entry);
  if (!variants) answers.set(entry, (variants = {}));
  let answer = variants[variant];
  if (!answer) {
    const headers = ['etag', entry.etag, 'cache-control', CACHE_CONTROL, 'vary', 'accept-encoding'];
    if (variant === '304') answer = { status: 304, headers, encoding: 'utf8' };
    else {
      const body = variant === 'identity' ? undefined : compressed(entry, variant);
      headers.push(
        'content-type',
        'application/json; charset=utf-8',
        'content-length',
        String(body ? body.length : entry.byteLength),
      );
      if (body) headers.push('content-encoding', variant);
      answer = body
        ? { status: 200, headers, payload: body.toString('latin1'), encoding: 'latin1' }
        : { status: 200, headers, payload: entry.json, encoding: 'utf8' };
    }
    variants[variant] = answer;
  }
  return answer;
}

/**
 * The REST door's native handler for GET /api/v1/public/tenant/{slug}/branding on a cache miss
 * (hits are answered before Fastify: branding-edge.ts): the service loads and caches the answer,
 * which goes out already serialized (and, when asked, compressed) with its ETag. Resolves true
 * once it has answered (never the reply itself: a reply is thenable). An over-long slug resolves
 * false so the door runs the procedure with its validation; errors (an unknown tenant) get the
 * usual envelope through `sendError`.
 */
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
  const answer = brandingAnswer(
    serialize(body),
    request.headers['if-none-match'],
    request.headers['accept-encoding'],
  );
  // Answered on the raw response, with the reply's headers so far (the security headers and the
  // request id): Fastify's send pipeline has nothing to add to a body that is already serialized.
  const headers = [...replyHeaderList(reply), ...answer.headers];
  reply.hijack();
  reply.raw.writeHead(answer.status, headers).end(answer.payload, answer.encoding);
  return true;
}
