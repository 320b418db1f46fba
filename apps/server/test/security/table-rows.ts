import { sql } from 'kysely';
import type { Json, TestHarness } from '../../src/testing/harness';

/** Tables whose rows change by themselves while a matrix runs (throttle counters, the migrator). */
export const VOLATILE_TABLES = new Set([
  'rate_limits',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** Every base table of the current schema with all its rows (the security suites' snapshots). */
export async function everyTable(
  db: TestHarness['db'],
): Promise<{ table: string; rows: Json[] }[]> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const out: { table: string; rows: Json[] }[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql<Json>`select * from ${sql.table(table_name)}`.execute(db);
    out.push({ table: table_name, rows: rows.rows });
  }
  return out;
}
