import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '@scmp/db';

/**
 * Puts the one row of `table` that `key` names (a unique column and its value): inserts it with
 * `values`, or, when that row exists, sets `values` on it.
 */
export async function upsertRow<T extends keyof Database, K extends keyof Insertable<Database[T]>>(
  db: Kysely<Database>,
  table: T,
  key: Pick<Insertable<Database[T]>, K>,
  values: Omit<Insertable<Database[T]>, K> & Updateable<Database[T]>,
): Promise<void> {
  // Kysely cannot resolve the columns of a generic table: the types above check them.
  const [column] = Object.keys(key) as 'session_id'[];
  await db
    .insertInto(table as 'session_reauthentications')
    .values({ ...key, ...values } as Insertable<Database['session_reauthentications']>)
    .onConflict((oc) =>
      oc.column(column!).doUpdateSet(values as Updateable<Database['session_reauthentications']>),
    )
    .execute();
}
