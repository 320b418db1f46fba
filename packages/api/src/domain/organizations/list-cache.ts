import type { EventBus } from '../../core/events/events';
import { createKeyedCache } from '../../core/read-cache/keyed-cache';
import type { WatchedWrites } from '../../core/read-cache/writes-plugin';
import type { OrganizationListCache } from '../../core/app-deps';
import type { OrganizationOutput } from '../../contracts/organizations-schemas';

/**
 * Each member's organization list (what GET /api/v1/organizations and the dashboard's pages show),
 * so a dashboard page costs no list round trip while nothing in it changed. It is a
 * read-cache/keyed-cache.ts cache grouped by owner id on the 'organizations' channel:
 * - database triggers (migration 2026_11_22_230000_organization_list_notify) NOTIFY it with the
 *   owner's id on any change to one of their organizations or to the status of one of its
 *   instances, from any process or from SQL by hand;
 * - this process's own writes to organizations and instances forget at once (deps.ts).
 */

export const ORGANIZATION_LIST_TTL_MS = 30_000;
export const ORGANIZATION_LIST_MAX_ENTRIES = 10_000;

/**
 * The writes that may change a cached list: any to an organization or an instance, except the
 * instance bookkeeping the list does not show (health checks, TLS, the provisioning lease), so
 * the background health checks do not empty the cache every minute.
 */
export const ORGANIZATION_LIST_WRITES: WatchedWrites = {
  tables: new Set(['organizations', 'instances', 'organization_members']),
  inserts: new Set(['organizations', 'instances', 'organization_members']),
  neutralColumns: {
    instances: new Set([
      'last_health_check',
      'last_health_status',
      'ssl_status',
      'provision_lease_until',
      'updated_at',
    ]),
  },
};

export function createOrganizationListCache(
  events: Pick<EventBus, 'connected' | 'subscribe'>,
  options: { now?: () => number } = {},
): OrganizationListCache {
  return createKeyedCache<OrganizationOutput[]>(events, 'organizations', {
    now: options.now,
    ttlMs: ORGANIZATION_LIST_TTL_MS,
    maxEntries: ORGANIZATION_LIST_MAX_ENTRIES,
  });
}
