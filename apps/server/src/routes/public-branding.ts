import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { publicBranding } from '@scmp/api';

const TENANT_BRANDING_ROUTE = '/api/v1/public/tenant/:slug/branding';

/**
 * HTTP caching for the tenant shell's branding call on the REST door: the procedure answers from
 * its short in-memory cache; here a successful answer gets an ETag + Cache-Control, and a
 * matching If-None-Match becomes 304 with no body. Done before serialisation so compression
 * (an onSend step) never hides the body from us.
 */
export async function registerPublicBrandingRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (request.routeOptions.url !== TENANT_BRANDING_ROUTE) return payload;
    if (reply.statusCode !== 200) return payload;
    const etag = `"${createHash('sha1').update(JSON.stringify(payload)).digest('base64url')}"`;
    reply.header('etag', etag);
    reply.header('cache-control', `public, max-age=${publicBranding.TENANT_BRANDING_TTL_SECONDS}`);
    const ifNoneMatch = request.headers['if-none-match'];
    const tags = typeof ifNoneMatch === 'string' ? ifNoneMatch.split(/\s*,\s*/) : [];
    if (tags.includes(etag) || tags.includes(`W/${etag}`) || tags.includes('*')) {
      reply.code(304);
    }
    return payload;
  });
}
