import type { Database } from '@scmp/db';
import type { Kysely } from 'kysely';

/**
 * Inserts a person straight into `users` (no profile fields); returns its id and uuid. The
 * password is already hashed: the callers hash it once (argon2 is slow). The demo seed and the
 * tests both add people this way.
 */
export async function insertUserRow(
  db: Kysely<Database>,
  user: {
    name: string;
    email: string;
    password_hash: string;
    email_verified_at: Date | null;
    is_staff?: boolean;
  },
): Promise<{ id: number; uuid: string }> {
  return await db
    .insertInto('users')
    .values({
      ...user,
      is_staff: user.is_staff ?? false,
      phone: null,
      bio: null,
      location: null,
      website: null,
      avatar_path: null,
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}
