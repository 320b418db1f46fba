import type { IncomingMessage, ServerResponse } from 'node:http';
import { publicBranding, type AppDeps } from '@scmp/api';
import { HSTS_VALUE, type SecurityHeaders } from '../plugins/security-headers';
import { requestIdFor } from '../request-id';
import {
  CACHE_CONTROL,
  COMPRESS_THRESHOLD,
  compressed,
  encodingFor,
  matches,
  serialize,
} from './public-branding';

const PREFIX = '/api/v1/public/tenant/';
const SUFFIX = '/branding';
/** What a cached answer goes out as. */
type Variant = 'identity' | 'br' | 'gzip' | '304';

/** A slug as the cache keys it: lower case, no escapes, no dots or slashes. */
const CACHED_SLUG = /^[a-z0-9-]{1,100}$/;

/**
 * Tenant branding cache hits answered before Fastify (every tenant page load asks for it).
 *
 * Fastify's request pipeline (hooks, routing, reply) costs a cached answer about half its
 * throughput, and a hit has no use for it: the body is already serialized, compressed and
 * tagged. So the HTTP server hands each request here first; this answers only a plain
 * `GET /api/v1/public/tenant/{slug}/branding` whose slug is in the cache, with exactly what the
 * Fastify route would send (the security headers, X-Request-Id, ETag/304, Cache-Control,
 * Vary and the compressed body), and returns false for everything else: a miss, a query
 * string, another method, a forwarded protocol to judge. The Fastify route stays the one
 * source for those, and for the errors.
 */
export function createBrandingEdge(
  deps: AppDeps,
  security: SecurityHeaders,
  trustProxy: boolean,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const staticHeaders = security.headers.flat();
  /** Per cached answer and variant, the headers every such response shares, built once. */
  const baseHeaders = new WeakMap<object, Partial<Record<Variant, string[]>>>();
  const headersFor = (entry: ReturnType<typeof serialize>, variant: Variant): string[] => {
    let variants = baseHeaders.get(entry);
    if (!variants) baseHeaders.set(entry, (variants = {}));
    let headers = variants[variant];
    if (!headers) {
      headers = [
        ...staticHeaders,
        'etag',
        entry.etag,
        'cache-control',
        CACHE_CONTROL,
        'vary',
        'accept-encoding',
      ];
      if (variant !== '304') {
        const payload = variant === 'identity' ? entry.bytes : compressed(entry, variant);
        headers.push(
          'content-type',
          'application/json; charset=utf-8',
          'content-length',
          String(payload.length),
        );
        if (variant !== 'identity') headers.push('content-encoding', variant);
      }
      variants[variant] = headers;
    }
    return headers;
  };

  return (req, res) => {
    const url = req.url;
    if (
      req.method !== 'GET' ||
      url === undefined ||
      !url.startsWith(PREFIX) ||
      !url.endsWith(SUFFIX) ||
      (trustProxy && req.headers['x-forwarded-proto'] !== undefined)
    ) {
      return false;
    }
    const slug = url.slice(PREFIX.length, url.length - SUFFIX.length);
    if (!CACHED_SLUG.test(slug)) return false;
    const cached = publicBranding.getCachedTenantBranding(slug, deps.clock.now().getTime());
    if (!cached) return false;

    const entry = serialize(cached.body as object);
    let variant: Variant = 'identity';
    if (matches(req.headers['if-none-match'], entry.etag)) variant = '304';
    else if (entry.json.length >= COMPRESS_THRESHOLD) {
      variant = encodingFor(req.headers['accept-encoding']) ?? 'identity';
    }
    const headers = headersFor(entry, variant).slice();
    headers.push('x-request-id', requestIdFor(req.headers['x-request-id']));
    if (security.publicHttps || (req.socket as { encrypted?: boolean }).encrypted) {
      headers.push('strict-transport-security', HSTS_VALUE);
    }
    if (variant === '304') {
      res.writeHead(304, headers).end();
    } else {
      res
        .writeHead(200, headers)
        .end(variant === 'identity' ? entry.bytes : compressed(entry, variant));
    }
    return true;
  };
}
