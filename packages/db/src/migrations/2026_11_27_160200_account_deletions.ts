import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Deleted accounts waiting out their 30 days (issue 38). The account's e-mail moves here at once
 * (the user row gets a placeholder, so sign-in and resets find nothing); a restore link (stored as
 * SHA-256) puts it back; after 30 days the purge job anonymises the account to "Deleted user" and
 * clears the address, which can then register again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE account_deletions (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      email text,
      restore_token_hash text UNIQUE,
      deleted_at timestamptz NOT NULL,
      purge_after timestamptz NOT NULL,
      purged_at timestamptz
    );
    CREATE INDEX account_deletions_email_idx ON account_deletions (email) WHERE purged_at IS NULL;
    CREATE INDEX account_deletions_purge_idx ON account_deletions (purge_after)
      WHERE purged_at IS NULL
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, `DROP TABLE account_deletions`);
}
