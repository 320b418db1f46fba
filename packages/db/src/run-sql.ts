import { sql, type Kysely } from 'kysely';

/**
 * Runs a script of several statements one by one: PGlite's extended protocol takes one
 * statement per query. Statements are split at a semicolon that ends a line.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- scripts run on any schema
export async function runSql(db: Kysely<any>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
