import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Custom domains verified through DNS, and TLS status from real certificate checks (issue 24).
 *
 * - custom_domain is a bare lower-case host name, unique among live instances (terminating an
 *   instance releases it); custom_domain_status: pending_dns → verified → active, or failed.
 * - custom_domain_token is the value of the `_scmp-challenge.<domain>` TXT record.
 * - custom_domain_next_check_at drives the checks (backoff for 72 h, then daily); the partial
 *   index keeps the worker's "what is due" query on the few rows that have one.
 * - custom_domain_lapsed_at: the records disappeared at this time; the domain is still served
 *   during the grace period that follows.
 * - ssl_*: what the last certificate check saw (issuer, expiry, reason) and when to look again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE instances
      ADD COLUMN custom_domain_status text,
      ADD COLUMN custom_domain_token text,
      ADD COLUMN custom_domain_reason text,
      ADD COLUMN custom_domain_since timestamptz,
      ADD COLUMN custom_domain_attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN custom_domain_checked_at timestamptz,
      ADD COLUMN custom_domain_verified_at timestamptz,
      ADD COLUMN custom_domain_lapsed_at timestamptz,
      ADD COLUMN custom_domain_next_check_at timestamptz,
      ADD COLUMN ssl_issuer text,
      ADD COLUMN ssl_expires_at timestamptz,
      ADD COLUMN ssl_reason text,
      ADD COLUMN ssl_checked_at timestamptz,
      ADD COLUMN ssl_next_check_at timestamptz;

    -- Earlier rows kept whatever was typed (often a URL): keep the host part, lower-cased.
    UPDATE instances SET custom_domain = NULL WHERE status = 'terminated' OR custom_domain = '';
    UPDATE instances SET custom_domain = lower(regexp_replace(regexp_replace(custom_domain,
      '^[a-zA-Z][a-zA-Z0-9+.-]*://', ''), '[:/?#].*$', ''))
      WHERE custom_domain IS NOT NULL;
    -- Two live instances with one domain: the older keeps it.
    UPDATE instances AS later SET custom_domain = NULL
      WHERE custom_domain IS NOT NULL AND EXISTS (
        SELECT 1 FROM instances AS earlier
        WHERE earlier.custom_domain = later.custom_domain AND earlier.id < later.id);
    UPDATE instances SET custom_domain_status = 'pending_dns',
      custom_domain_token = md5(random()::text || id::text || clock_timestamp()::text),
      custom_domain_since = now(), custom_domain_next_check_at = now()
      WHERE custom_domain IS NOT NULL;

    -- "active" used to mean "answers over plain http here"; every certificate is checked afresh.
    UPDATE instances SET ssl_status = 'pending', ssl_next_check_at = now()
      WHERE status <> 'terminated' AND host IS NOT NULL;

    CREATE UNIQUE INDEX instances_custom_domain_unique ON instances (custom_domain)
      WHERE custom_domain IS NOT NULL;
    CREATE INDEX instances_custom_domain_due_idx ON instances (custom_domain_next_check_at)
      WHERE custom_domain_next_check_at IS NOT NULL;
    CREATE INDEX instances_ssl_due_idx ON instances (ssl_next_check_at)
      WHERE ssl_next_check_at IS NOT NULL;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP INDEX instances_ssl_due_idx;
    DROP INDEX instances_custom_domain_due_idx;
    DROP INDEX instances_custom_domain_unique;
    ALTER TABLE instances
      DROP COLUMN custom_domain_status, DROP COLUMN custom_domain_token,
      DROP COLUMN custom_domain_reason, DROP COLUMN custom_domain_since,
      DROP COLUMN custom_domain_attempts, DROP COLUMN custom_domain_checked_at,
      DROP COLUMN custom_domain_verified_at, DROP COLUMN custom_domain_lapsed_at,
      DROP COLUMN custom_domain_next_check_at, DROP COLUMN ssl_issuer,
      DROP COLUMN ssl_expires_at, DROP COLUMN ssl_reason, DROP COLUMN ssl_checked_at,
      DROP COLUMN ssl_next_check_at;
    `,
  );
}
