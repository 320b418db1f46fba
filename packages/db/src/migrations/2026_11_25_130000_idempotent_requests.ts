import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Idempotency-Key header (issue 22): one row per account and key for 24 hours, for every POST that
 * creates or charges. (The spec's `idempotency_key` body field of the billing operations keeps its
 * own table, idempotency_keys, inside the billing service.) `status` stays null while
 * the first request runs; the response it gave is kept encrypted with the app key (it may hold a
 * secret shown once, such as a new API token). Pruned by created_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE idempotent_requests (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      key text NOT NULL,
      fingerprint text NOT NULL,
      status integer,
      response text,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      UNIQUE (user_id, key)
    );
    CREATE INDEX idempotent_requests_created_idx ON idempotent_requests (created_at)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP TABLE IF EXISTS idempotent_requests');
}
