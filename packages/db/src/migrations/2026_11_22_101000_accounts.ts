import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/** Schema of the accounts area: password reset tokens and two-factor sign-in challenges. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE password_reset_tokens (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );

    CREATE TABLE login_challenges (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      failed_attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );

    CREATE INDEX mail_outbox_stored_idx ON mail_outbox (status, created_at DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `DROP INDEX IF EXISTS mail_outbox_stored_idx;
    DROP TABLE login_challenges, password_reset_tokens`,
  );
}
