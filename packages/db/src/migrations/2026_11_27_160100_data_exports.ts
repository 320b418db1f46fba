import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Data exports (issue 38, UK GDPR Art. 15 and 20): one ZIP per request, built by a worker job and
 * kept in storage for 7 days. `organization_id` is null for a person's own data; the 24-hour
 * allowance is counted per account (or organization) from these rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE data_exports (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      organization_id integer REFERENCES organizations(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed')),
      storage_key text,
      size_bytes bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      expires_at timestamptz,
      files_deleted_at timestamptz
    );
    CREATE INDEX data_exports_user_idx ON data_exports (user_id, created_at DESC)
      WHERE organization_id IS NULL;
    CREATE INDEX data_exports_organization_idx ON data_exports (organization_id, created_at DESC)
      WHERE organization_id IS NOT NULL;
    CREATE INDEX data_exports_expiry_idx ON data_exports (expires_at)
      WHERE files_deleted_at IS NULL AND storage_key IS NOT NULL
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, `DROP TABLE data_exports`);
}
