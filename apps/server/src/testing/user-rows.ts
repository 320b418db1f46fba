import type { Database } from '@scmp/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

/**
 * Inserts a person straight into `users` (no profile fields); returns its id and uuid. The
 * password is already hashed: the callers hash it once per file (argon2 is slow).
 */
export async function insertUserRow(
  db: Db,
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

/** The person's activity log, oldest first, as "action: description" lines. */
export async function activityLines(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('activity_events')
    .select(['action', 'description'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.action}: ${r.description}`);
}
