import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * SAML 2.0 connections (issue 37). The identity provider's metadata (pasted or fetched from its
 * URL) is read when the connection is saved: its entity ID, its single sign-on URL and its signing
 * certificates (public keys, never returned by the API) sit beside the metadata itself.
 *
 * `sso_saml_assertions` is the replay store: each assertion ID is accepted once per connection,
 * kept until the assertion could no longer be valid anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE sso_connections
      ADD COLUMN saml_idp_entity_id text,
      ADD COLUMN saml_idp_sso_url text,
      ADD COLUMN saml_idp_certificates jsonb;

    CREATE TABLE sso_saml_assertions (
      connection_id integer NOT NULL REFERENCES sso_connections(id) ON DELETE CASCADE,
      assertion_id text NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (connection_id, assertion_id)
    );
    CREATE INDEX sso_saml_assertions_expires_idx ON sso_saml_assertions (expires_at)
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP TABLE sso_saml_assertions;
    ALTER TABLE sso_connections
      DROP COLUMN saml_idp_entity_id,
      DROP COLUMN saml_idp_sso_url,
      DROP COLUMN saml_idp_certificates
    `,
  );
}
