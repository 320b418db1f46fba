import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Single sign-on connections (issue 37): an organization's OpenID Connect or SAML 2.0 identity
 * providers. The client secret is encrypted with the app key and never returned.
 *
 * - `sso_login_attempts`: one sign-in (or admin test) started by SCMP, found by the hash of its
 *   `state` and bound to the browser by the hash of an HttpOnly cookie; the PKCE verifier is
 *   encrypted. A successful callback leaves a one-time completion code (hashed) that the web app
 *   exchanges for a session from the same browser.
 * - `sso_identities`: which account an identity provider's subject signs in as (linked on its
 *   first SSO sign-in).
 * - `sso_sign_in_failures`: what the organization's admins see under Sign-in failures.
 * - `session_sign_in_methods`: "SSO — <connection>" for a session, shown in the active-sessions
 *   list (a table of its own, so the hot session look-up stays as it is).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE sso_connections (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('oidc', 'saml')),
      display_name text NOT NULL,
      preset text NOT NULL DEFAULT 'generic' CHECK (preset IN ('generic', 'google', 'entra')),
      issuer text,
      client_id text,
      client_secret_encrypted text,
      entra_tenant_id text,
      saml_idp_metadata_xml text,
      saml_idp_metadata_url text,
      default_role text NOT NULL DEFAULT 'member' CHECK (default_role IN ('admin', 'billing', 'member')),
      group_mappings jsonb NOT NULL DEFAULT '[]'::jsonb,
      tested_at timestamptz,
      last_test jsonb,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sso_connections_organization_idx ON sso_connections (organization_id);

    CREATE TABLE sso_login_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      connection_id integer NOT NULL REFERENCES sso_connections(id) ON DELETE CASCADE,
      state_hash text NOT NULL UNIQUE,
      browser_hash text NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('sign_in', 'test')),
      tester_id integer REFERENCES users(id) ON DELETE CASCADE,
      code_verifier_encrypted text,
      nonce text,
      saml_request_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      completion_hash text UNIQUE,
      completion_user_id integer REFERENCES users(id) ON DELETE CASCADE,
      completion_expires_at timestamptz,
      completed_at timestamptz
    );
    CREATE INDEX sso_login_attempts_expires_idx ON sso_login_attempts (expires_at);

    CREATE TABLE sso_identities (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      connection_id integer NOT NULL REFERENCES sso_connections(id) ON DELETE CASCADE,
      subject text NOT NULL,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_sign_in_at timestamptz,
      UNIQUE (connection_id, subject)
    );
    CREATE INDEX sso_identities_user_idx ON sso_identities (user_id);

    CREATE TABLE sso_sign_in_failures (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      connection_id integer REFERENCES sso_connections(id) ON DELETE SET NULL,
      connection_name text NOT NULL,
      email text,
      reason text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sso_sign_in_failures_organization_idx
      ON sso_sign_in_failures (organization_id, created_at DESC);

    CREATE TABLE session_sign_in_methods (
      session_id integer PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
      method text NOT NULL
    )
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP TABLE session_sign_in_methods;
    DROP TABLE sso_sign_in_failures;
    DROP TABLE sso_identities;
    DROP TABLE sso_login_attempts;
    DROP TABLE sso_connections
    `,
  );
}
