import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Which organizations require two-factor is cached in every server process (packages/api
 * services/sso/two-factor-policy-cache.ts), so an organization-scoped call by a member without a
 * second factor costs no policy round trip. This trigger NOTIFYs the event bus's channel with
 * {"c":"twoFactorPolicies","k":"*"} on every INSERT, DELETE and every UPDATE of an sso_policies
 * row that changes require_two_factor (or its organization), whoever makes it: another process,
 * a cascade from a deleted organization, SQL by hand. The NOTIFY is sent when the transaction
 * commits; PostgreSQL folds identical ones together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE OR REPLACE FUNCTION scmp_notify_two_factor_policy_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('scmp_events', json_build_object('c', 'twoFactorPolicies', 'k', '*')::text); RETURN NULL; END $$;
    CREATE TRIGGER sso_policies_two_factor_cache_insert_delete AFTER INSERT OR DELETE ON sso_policies FOR EACH ROW EXECUTE FUNCTION scmp_notify_two_factor_policy_change();
    CREATE TRIGGER sso_policies_two_factor_cache_update AFTER UPDATE ON sso_policies FOR EACH ROW WHEN (OLD.require_two_factor IS DISTINCT FROM NEW.require_two_factor OR OLD.organization_id IS DISTINCT FROM NEW.organization_id) EXECUTE FUNCTION scmp_notify_two_factor_policy_change()
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP TRIGGER IF EXISTS sso_policies_two_factor_cache_update ON sso_policies;
    DROP TRIGGER IF EXISTS sso_policies_two_factor_cache_insert_delete ON sso_policies;
    DROP FUNCTION IF EXISTS scmp_notify_two_factor_policy_change()
  `,
  );
}
