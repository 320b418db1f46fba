/**
 * Tells the public tenant-branding cache that an organization's subdomain, status or existence
 * changed, so `{slug}.TENANT_DOMAIN` stops (or starts) serving at once in this process.
 */
export function invalidateTenant(slugs: Array<string | null | undefined>): void {
  for (const slug of new Set(slugs)) {
    if (slug) invalidateHook(slug);
  }
}

let invalidateHook: (slug: string) => void = () => {};

/** The branding area plugs its cache invalidation in here. */
export function setTenantInvalidationHook(hook: (slug: string) => void): void {
  invalidateHook = hook;
}
