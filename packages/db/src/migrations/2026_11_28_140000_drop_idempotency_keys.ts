import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * One idempotency store (issue 35): the billing operations' `idempotency_key` body field is now an
 * alias of the Idempotency-Key header, kept in idempotent_requests by the pipeline's middleware.
 * The billing service's own table goes; its rows were replay answers for at most a day's retries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP TABLE IF EXISTS idempotency_keys');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE idempotency_keys (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      key text NOT NULL,
      scope text NOT NULL,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    )
  `,
  );
}
