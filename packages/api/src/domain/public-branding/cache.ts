import { ALL_KEYS, type EventBus } from '../../core/events/events';
import { freshEntry } from './fresh-entry';

/**
 * Seconds a tenant's public branding answer is reused (and may be cached by browsers). Changes
 * made in any server process reach this cache at once through the event bus ('branding' events);
 * the TTL bounds staleness only while that channel is down.
 */
export const TENANT_BRANDING_TTL_SECONDS = 10;

type Entry = { body: unknown; expires: number };

const cache = new Map<string, Entry>();

export function getCachedTenantBranding(slug: string, nowMs: number): Entry | undefined {
  return freshEntry(cache, slug, nowMs);
}

/** Bumped by every invalidation (see setCachedTenantBranding's `loadedAt`). */
let generation = 0;

/** Read it before loading an answer from the database, and hand it to setCachedTenantBranding. */
export function tenantBrandingGeneration(): number {
  return generation;
}

/**
 * Caches an answer, unless an invalidation arrived while it was being loaded (`loadedAt` is the
 * generation read before the load): that answer may predate the change and is not kept.
 */
export function setCachedTenantBranding(
  slug: string,
  body: unknown,
  nowMs: number,
  loadedAt: number = generation,
): Entry {
  // The HTTP layer serializes and tags each entry once (apps/server routes/public-branding.ts).
  const entry = { body, expires: nowMs + TENANT_BRANDING_TTL_SECONDS * 1000 };
  if (loadedAt === generation) cache.set(slug, entry);
  return entry;
}

/**
 * Forgets the cached branding of one tenant (or of all when no slug is given). Write paths do
 * not call it directly: they publish a 'branding' event (deps.events), which every process's
 * cache hears through connectTenantBrandingCache.
 */
export function invalidateTenantBrandingCache(slug?: string): void {
  generation += 1;
  if (slug === undefined) cache.clear();
  else cache.delete(slug.toLowerCase());
}

/** Keeps this process's cache in step with the 'branding' events of every process. */
export function connectTenantBrandingCache(events: EventBus): () => void {
  return events.subscribe('branding', (key) =>
    invalidateTenantBrandingCache(key === ALL_KEYS ? undefined : key),
  );
}
