import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * A requested e-mail change waits here until the new address proves itself (issue 39): the
 * account keeps its verified address meanwhile, and the pending one blocks nobody from
 * registering it. One per user; both tokens are stored as SHA-256 only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE email_changes (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      new_email text NOT NULL,
      token_hash text NOT NULL,
      cancel_token_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX email_changes_new_email_idx ON email_changes (new_email);
    CREATE UNIQUE INDEX email_changes_cancel_token_idx ON email_changes (cancel_token_hash)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, `DROP TABLE email_changes`);
}
