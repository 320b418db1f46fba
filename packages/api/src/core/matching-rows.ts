import { sql, type SelectQueryBuilder } from 'kysely';

/*
 * What a query's rows answer when the rows themselves are not wanted. `query` is a `selectFrom`
 * with its joins and conditions and nothing selected yet.
 */

/** How many rows `query` matches: one `count(*)`; PostgreSQL's bigint string as a number. */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query
    .select(sql<string>`count(*)`.as('n'))
    .$castTo<{ n: string }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether `query` matches any row: the first one is enough. */
export async function rowExists<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<boolean> {
  return (
    (await query
      .select(sql`1`.as('found'))
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}
