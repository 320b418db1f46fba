import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Sign-in policies of an organization (issue 37): Require SSO (members at a verified domain sign
 * in through the identity provider; the owner keeps a break-glass password sign-in with a second
 * factor) and Require two-factor (members who do not sign in through SSO need TOTP or a passkey).
 * One row per organization that changed a policy; no row means both off. A table of its own so
 * the organizations row and its caches stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE sso_policies (
      organization_id integer PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
      require_sso boolean NOT NULL DEFAULT false,
      require_two_factor boolean NOT NULL DEFAULT false,
      updated_by integer REFERENCES users(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, `DROP TABLE sso_policies`);
}
