import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Verified e-mail domains of an organization (issue 37, single sign-on): an organization proves it
 * controls `school.org.uk` with a TXT record `_scmp-verify.<domain>` holding its token. Sign-in
 * through the organization's identity provider, just-in-time membership and the sign-in policies
 * apply to addresses at its verified domains only.
 *
 * Several organizations may wait (pending) for one domain; only one may hold it verified (the
 * partial unique index settles two verifications at the same moment). The worker re-checks pending
 * domains with backoff and verified ones daily (`next_check_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE organization_domains (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      domain text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified')),
      token text NOT NULL,
      reason text,
      attempts integer NOT NULL DEFAULT 0,
      checked_at timestamptz,
      verified_at timestamptz,
      next_check_at timestamptz,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, domain)
    );
    CREATE UNIQUE INDEX organization_domains_verified_unique ON organization_domains (domain)
      WHERE status = 'verified';
    CREATE INDEX organization_domains_domain_idx ON organization_domains (domain);
    CREATE INDEX organization_domains_next_check_idx ON organization_domains (next_check_at)
      WHERE next_check_at IS NOT NULL
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, `DROP TABLE organization_domains`);
}
