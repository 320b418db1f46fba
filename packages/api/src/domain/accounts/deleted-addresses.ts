import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';

/**
 * Whether an address belongs to an account in its 30-day deletion window (not free yet). The privacy area
 * writes account_deletions; registration reads it here, below privacy, to keep the address taken.
 */
export async function isAddressOfDeletedAccount(
  db: Kysely<Database>,
  email: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('account_deletions')
    .select('user_id')
    .where('email', '=', email)
    .where('purged_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}
