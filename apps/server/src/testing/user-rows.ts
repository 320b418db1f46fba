import type { Database } from '@scmp/db';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;

export { insertUserRow } from '../seed/user-row';

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
