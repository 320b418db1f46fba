import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/** The periodic sweep deletes ended rate-limit windows by reset_at (rateLimitSweepTask). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'CREATE INDEX IF NOT EXISTS rate_limits_reset_idx ON rate_limits (reset_at)');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP INDEX IF EXISTS rate_limits_reset_idx');
}
