import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import { rowExists } from '../../core/matching-rows';

/**
 * Whether an address belongs to an account in its 30-day deletion window (not free yet). The privacy area
 * writes account_deletions; registration reads it here, below privacy, to keep the address taken.
 */
export function isAddressOfDeletedAccount(db: Kysely<Database>, email: string): Promise<boolean> {
  return rowExists(
    db.selectFrom('account_deletions').where('email', '=', email).where('purged_at', 'is', null),
  );
}
