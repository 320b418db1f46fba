import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import { ALL_KEYS, createLocalEventBus } from '../../core/events/events';
import {
  connectTenantBrandingCache,
  getCachedTenantBranding,
  invalidateTenantBrandingCache,
  setCachedTenantBranding,
  tenantBrandingGeneration,
  TENANT_BRANDING_TTL_SECONDS,
} from './cache';

describe('tenant branding cache', () => {
  it('keeps an answer for the TTL, then forgets it', () => {
    setCachedTenantBranding('ttl', { a: 1 }, 1000);
    expect(
      getCachedTenantBranding('ttl', 1000 + TENANT_BRANDING_TTL_SECONDS * 1000 - 1),
    ).toBeDefined();
    expect(
      getCachedTenantBranding('ttl', 1000 + TENANT_BRANDING_TTL_SECONDS * 1000),
    ).toBeUndefined();
  });

  it('does not keep an answer loaded while an invalidation arrived', () => {
    const loadedAt = tenantBrandingGeneration();
    invalidateTenantBrandingCache('race');
    setCachedTenantBranding('race', { stale: true }, 0, loadedAt);
    expect(getCachedTenantBranding('race', 0)).toBeUndefined();
    setCachedTenantBranding('race', { fresh: true }, 0, tenantBrandingGeneration());
    expect(getCachedTenantBranding('race', 0)?.body).toEqual({ fresh: true });
  });

  it('follows the branding events: one slug, or all of them', async () => {
    const bus = createLocalEventBus(() => silentLogger);
    const off = connectTenantBrandingCache(bus);
    setCachedTenantBranding('one', 1, 0);
    setCachedTenantBranding('two', 2, 0);
    await bus.publish('branding', 'one');
    expect(getCachedTenantBranding('one', 0)).toBeUndefined();
    expect(getCachedTenantBranding('two', 0)).toBeDefined();
    await bus.publish('branding', ALL_KEYS);
    expect(getCachedTenantBranding('two', 0)).toBeUndefined();
    off();
    setCachedTenantBranding('three', 3, 0);
    await bus.publish('branding', ALL_KEYS);
    expect(getCachedTenantBranding('three', 0)).toBeDefined();
  });
});
