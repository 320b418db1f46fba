import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Personal API tokens: only the SHA-256 of the token and its first characters are kept. Every
 * call with a token reads its row (this index-only lookup by hash), so a revocation stops it at
 * once in every process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE api_tokens (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      prefix text NOT NULL,
      scopes text[] NOT NULL,
      expires_at timestamptz,
      last_used_at timestamptz,
      last_used_ip text,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC) WHERE revoked_at IS NULL
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP TABLE IF EXISTS api_tokens');
}
