import type { IncomingMessage, ServerResponse } from 'node:http';
import { publicBranding, type AppDeps } from '@scmp/api';
import { HSTS_VALUE, type SecurityHeaders } from '../plugins/security-headers';
import { requestIdFor } from '../request-id';
import { brandingAnswer, serialize, type BrandingAnswer } from './public-branding';

const PREFIX = '/api/v1/public/tenant/';
const SUFFIX = '/branding';
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
 *
 * A hit is logged like any request: one access line (`logAccess`, when the server writes them),
 * with the time from the cache lookup to the end of the answer.
 */
export function createBrandingEdge(
  deps: AppDeps,
  security: SecurityHeaders,
  trustProxy: boolean,
  logAccess?: (reqId: string, url: string, status: number, ms: number) => void,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const staticHeaders = security.dataHeaders.flat();
  /** Per branding answer, the security headers followed by its own, joined once. */
  const joined = new WeakMap<BrandingAnswer, string[]>();

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
    const started = logAccess ? performance.now() : 0;

    const answer = brandingAnswer(
      serialize(cached.body as object),
      req.headers['if-none-match'],
      req.headers['accept-encoding'],
    );
    let base = joined.get(answer);
    if (!base) joined.set(answer, (base = [...staticHeaders, ...answer.headers]));
    const headers = base.slice();
    const requestId = requestIdFor(req.headers['x-request-id']);
    headers.push('x-request-id', requestId);
    if (security.publicHttps || (req.socket as { encrypted?: boolean }).encrypted) {
      headers.push('strict-transport-security', HSTS_VALUE);
    }
    res.writeHead(answer.status, headers).end(answer.payload, answer.encoding);
    if (logAccess) logAccess(requestId, url, answer.status, performance.now() - started);
    return true;
  };
}
