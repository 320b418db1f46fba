import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';

/** Tables of single-use links: a row per link, named by its user and the hash of its token. */
type SingleUseTable = 'password_reset_tokens' | 'email_changes';

/**
 * Uses up a link: deletes the user's row with that token hash. Single use: only the request that
 * deletes the row goes on (true); a second, concurrent one finds nothing to delete (false).
 */
export async function consumeSingleUseRow(
  trx: Kysely<Database>,
  table: SingleUseTable,
  userId: number,
  tokenHash: string,
): Promise<boolean> {
  const consumed = await trx
    .deleteFrom(table)
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(consumed.numDeletedRows) > 0;
}
