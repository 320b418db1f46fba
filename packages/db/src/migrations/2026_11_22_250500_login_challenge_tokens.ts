import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Two-factor sign-in challenges belong to the sign-in that proved the password, not to the user:
 * one row per password step, found by the SHA-256 of the random token that step handed out.
 * Open challenges of the old shape carry no token and cannot be bound, so they are dropped (they
 * lived five minutes at most; their owners sign in again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP TABLE login_challenges;

    CREATE TABLE login_challenges (
      token_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      failed_attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX login_challenges_user_idx ON login_challenges (user_id, expires_at)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP TABLE login_challenges;

    CREATE TABLE login_challenges (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      failed_attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )
  `,
  );
}
