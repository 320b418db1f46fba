import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Closing an organization (issue 38, the Terms' 60-day export window): DELETE /organizations/{id}
 * sets status `closing` with `purge_at` 60 days on; the owner may restore it until then (back to
 * `status_before_closing`). On `purge_at` the purge job deletes the organization's rows and files
 * and leaves the row as the minimal billing record (status `closed`, `purged_at` set) that its
 * kept invoices and subscription point to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE organizations
      ADD COLUMN closing_at timestamptz,
      ADD COLUMN purge_at timestamptz,
      ADD COLUMN status_before_closing text,
      ADD COLUMN purged_at timestamptz;
    CREATE INDEX organizations_purge_idx ON organizations (purge_at) WHERE status = 'closing'
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP INDEX organizations_purge_idx;
    ALTER TABLE organizations
      DROP COLUMN closing_at,
      DROP COLUMN purge_at,
      DROP COLUMN status_before_closing,
      DROP COLUMN purged_at
  `,
  );
}
