import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { TwoFactorPolicyCache } from '../../core/app-deps';
import type { EventBus } from '../../core/events';
import { createKeyedCache } from '../../core/read-cache/keyed-cache';
import type { WatchedWrites } from '../../core/read-cache/writes-plugin';

/**
 * The uuids of the organizations whose "Require two-factor" policy is on, so an
 * organization-scoped call by a member without a second factor costs no policy round trip while
 * its organization is not among them (policy-two-factor.ts). One entry on the
 * 'twoFactorPolicies' channel of a read-cache/keyed-cache.ts cache:
 * - a database trigger (migration 2026_11_29_130000_two_factor_policy_notify) NOTIFYs it on any
 *   change to a policy's require_two_factor, from any process or from SQL by hand;
 * - this process's own writes to sso_policies forget at once (deps.ts).
 * A deleted organization may stay in the set until then: a uuid too many only costs the query.
 */

export const TWO_FACTOR_POLICY_TTL_MS = 30_000;

const KEY = 'organizations';

/** The writes that may change the set: any to a policy row. */
export const TWO_FACTOR_POLICY_WRITES: WatchedWrites = {
  tables: new Set(['sso_policies']),
  inserts: new Set(['sso_policies']),
};

export function createTwoFactorPolicyCache(
  events: Pick<EventBus, 'connected' | 'subscribe'>,
  options: { now?: () => number } = {},
): TwoFactorPolicyCache {
  return createKeyedCache<ReadonlySet<string>>(events, 'twoFactorPolicies', {
    now: options.now,
    ttlMs: TWO_FACTOR_POLICY_TTL_MS,
    maxEntries: 1,
  });
}

/** The organizations requiring two-factor, from the cache or (then kept) from the database. */
export async function organizationsRequiringTwoFactor(deps: {
  db: Kysely<Database>;
  twoFactorPolicyCache: TwoFactorPolicyCache;
}): Promise<ReadonlySet<string>> {
  const cached = deps.twoFactorPolicyCache.get(KEY);
  if (cached) return cached;
  const epoch = deps.twoFactorPolicyCache.epoch();
  const rows = await deps.db
    .selectFrom('sso_policies')
    .innerJoin('organizations', 'organizations.id', 'sso_policies.organization_id')
    .select('organizations.uuid')
    .where('sso_policies.require_two_factor', '=', true)
    .execute();
  const uuids: ReadonlySet<string> = new Set(rows.map((row) => row.uuid));
  deps.twoFactorPolicyCache.set(KEY, uuids, KEY, epoch);
  return uuids;
}
