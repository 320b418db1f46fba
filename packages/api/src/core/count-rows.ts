import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * How many rows `query` (a `selectFrom` with its joins and conditions, nothing selected yet)
 * matches: one `count(*)` query. PostgreSQL returns the count as a bigint string; this gives a number.
 */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query
    .select(sql<string>`count(*)`.as('n'))
    .$castTo<{ n: string }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
