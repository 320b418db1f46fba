import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * When a session last confirmed its password (issue 38): downloading a data export (and, later,
 * deleting the account) needs a confirmation in the last 10 minutes. One row per session, gone
 * with it; kept apart from `sessions` so the session cache and its rows stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE session_reauthentications (
      session_id integer PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
      confirmed_at timestamptz NOT NULL
    )
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, `DROP TABLE session_reauthentications`);
}
