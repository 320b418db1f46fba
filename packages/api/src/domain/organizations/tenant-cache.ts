import type { AppDeps } from '../../core/app-deps';

/**
 * Tells the public tenant-branding caches of every server process that an organization's
 * subdomain, name, status or existence changed, so `{slug}.TENANT_DOMAIN` stops (or starts)
 * serving at once.
 */
export async function invalidateTenant(
  deps: Pick<AppDeps, 'events'>,
  slugs: Array<string | null | undefined>,
): Promise<void> {
  for (const slug of new Set(slugs.map((s) => s?.toLowerCase()))) {
    if (slug) await deps.events.publish('branding', slug);
  }
}
