import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Scheduled jobs that must run once per deployment (the nightly backup) are enqueued only when no
 * job with their key exists at all, done or pending: this index answers that lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    'CREATE INDEX IF NOT EXISTS jobs_unique_key_idx ON jobs (unique_key) WHERE unique_key IS NOT NULL',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP INDEX IF EXISTS jobs_unique_key_idx');
}
