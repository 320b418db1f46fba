import { createHash } from 'node:crypto';
import { setTenantInvalidationHook } from '../organizations/tenant-cache';

/** Seconds a tenant's public branding answer is reused (and may be cached by browsers). */
export const TENANT_BRANDING_TTL_SECONDS = 10;

type Entry = { body: unknown; etag: string; expires: number };

const cache = new Map<string, Entry>();

export function etagOf(body: unknown): string {
  return `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
}

export function getCachedTenantBranding(slug: string, nowMs: number): Entry | undefined {
  const entry = cache.get(slug);
  if (!entry) return undefined;
  if (entry.expires <= nowMs) {
    cache.delete(slug);
    return undefined;
  }
  return entry;
}

export function setCachedTenantBranding(slug: string, body: unknown, nowMs: number): Entry {
  const entry = { body, etag: etagOf(body), expires: nowMs + TENANT_BRANDING_TTL_SECONDS * 1000 };
  cache.set(slug, entry);
  return entry;
}

/**
 * Forgets the cached branding of one tenant (or of all when no slug is given). Call it after
 * branding saves and organization status or subdomain changes.
 */
export function invalidateTenantBrandingCache(slug?: string): void {
  if (slug === undefined) cache.clear();
  else cache.delete(slug.toLowerCase());
}

// The organizations area signals subdomain/status changes through its hook.
setTenantInvalidationHook((slug) => invalidateTenantBrandingCache(slug));
