import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Unverified custom-domain claims no longer block (issue 39): the uniqueness of custom_domain now
 * holds among verified (and TLS-active) domains only, so several instances may wait in
 * pending_dns for one name and the first to prove DNS wins; the unique index still settles two
 * verifications at the same moment. A plain index keeps the look-ups by domain fast.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP INDEX instances_custom_domain_unique;
    CREATE UNIQUE INDEX instances_custom_domain_unique ON instances (custom_domain)
      WHERE custom_domain IS NOT NULL AND custom_domain_status IN ('verified', 'active');
    CREATE INDEX instances_custom_domain_idx ON instances (custom_domain)
      WHERE custom_domain IS NOT NULL
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP INDEX instances_custom_domain_idx;
    DROP INDEX instances_custom_domain_unique;
    CREATE UNIQUE INDEX instances_custom_domain_unique ON instances (custom_domain)
      WHERE custom_domain IS NOT NULL
    `,
  );
}
