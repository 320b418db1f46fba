import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Passkeys (WebAuthn credentials): only the public key, its id and signature counter are stored.
 * Their ceremonies' challenges are single use and live five minutes; each is kept as the SHA-256
 * of the WebAuthn challenge and bound to what started it: the signed-in session (registration),
 * the sign-in attempt's own token (passkey sign-in) or the password step's two-factor challenge
 * (a passkey answering the second step).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE passkeys (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      credential_id text NOT NULL UNIQUE,
      public_key text NOT NULL,
      counter bigint NOT NULL DEFAULT 0,
      transports jsonb NOT NULL DEFAULT '[]'::jsonb,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    );
    CREATE INDEX passkeys_user_idx ON passkeys (user_id, created_at);

    CREATE TABLE passkey_challenges (
      challenge_hash text PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('registration', 'sign_in', 'second_factor')),
      token_hash text UNIQUE,
      user_id integer REFERENCES users(id) ON DELETE CASCADE,
      session_id integer REFERENCES sessions(id) ON DELETE CASCADE,
      login_challenge_hash text REFERENCES login_challenges(token_hash) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      CHECK (purpose <> 'registration' OR (user_id IS NOT NULL AND session_id IS NOT NULL)),
      CHECK (purpose <> 'sign_in' OR token_hash IS NOT NULL),
      CHECK (purpose <> 'second_factor' OR (user_id IS NOT NULL AND login_challenge_hash IS NOT NULL))
    );
    CREATE INDEX passkey_challenges_expires_idx ON passkey_challenges (expires_at);
    CREATE INDEX passkey_challenges_session_idx ON passkey_challenges (session_id);
    CREATE INDEX passkey_challenges_login_idx ON passkey_challenges (login_challenge_hash)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP TABLE passkey_challenges; DROP TABLE passkeys');
}
