import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/** Schema of the two factor area: encrypted TOTP secrets and hashed single-use recovery codes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE two_factor_secrets (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      secret_encrypted text,
      pending_secret_encrypted text,
      confirmed_at timestamptz,
      last_used_step bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE two_factor_recovery_codes (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX two_factor_recovery_codes_user_idx ON two_factor_recovery_codes (user_id)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP TABLE two_factor_recovery_codes; DROP TABLE two_factor_secrets');
}
