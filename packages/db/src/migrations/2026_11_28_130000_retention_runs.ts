import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * One row per run of the retention job (issue 38): when it started and finished, whether it
 * succeeded, and per rule how many rows it removed (`results`, in rule order). The operator
 * console lists the latest runs; a failed run e-mails the operators and the job retries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE retention_runs (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      started_at timestamptz NOT NULL,
      finished_at timestamptz,
      status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'ok', 'failed')),
      results jsonb NOT NULL DEFAULT '[]'::jsonb,
      error text
    );
    CREATE INDEX retention_runs_started_idx ON retention_runs (started_at DESC)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, `DROP TABLE retention_runs`);
}
