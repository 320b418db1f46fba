import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE users (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      name text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      email_verified_at timestamptz,
      two_factor_enabled boolean NOT NULL DEFAULT false,
      is_staff boolean NOT NULL DEFAULT false,
      phone text,
      bio text,
      location text,
      website text,
      avatar_path text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_unique ON users (email);

    CREATE TABLE sessions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_active_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE UNIQUE INDEX sessions_token_hash_unique ON sessions (token_hash);
    CREATE INDEX sessions_user_id_idx ON sessions (user_id);

    CREATE TABLE jobs (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      type text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      unique_key text,
      run_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 10,
      locked_until timestamptz,
      last_error text,
      completed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX jobs_unique_key_pending ON jobs (unique_key) WHERE completed_at IS NULL AND unique_key IS NOT NULL;
    CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE completed_at IS NULL;

    CREATE TABLE mail_outbox (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      kind text NOT NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      html text NOT NULL,
      text text NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
    CREATE INDEX mail_outbox_user_idx ON mail_outbox (user_id, created_at DESC);
    CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);

    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      count integer NOT NULL,
      reset_at timestamptz NOT NULL
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP TABLE rate_limits, mail_outbox, jobs, sessions, users');
}
