import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { BILLING_TEXTS } from './shared';

/**
 * Runs `work` once per (user, key): a retried request with the same key answers the stored
 * response and charges nothing. Without a key the work simply runs.
 */
export async function withIdempotency<T>(
  deps: AppDeps,
  userId: number,
  key: string | undefined,
  scope: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!key) return work();
  const inserted = await deps.db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, scope, response: null, created_at: deps.clock.now() })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await deps.db
      .selectFrom('idempotency_keys')
      .select(['response', 'scope'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (existing?.response != null && existing.scope === scope) return existing.response as T;
    throw new AppError('CONFLICT', BILLING_TEXTS.idempotencyInProgress);
  }
  try {
    const result = await work();
    await deps.db
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(result ?? null) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    return result;
  } catch (error) {
    await deps.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    throw error;
  }
}
