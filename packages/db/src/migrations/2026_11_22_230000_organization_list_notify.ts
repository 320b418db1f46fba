import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Organization-list caches in every server process (packages/api
 * services/organizations/list-cache.ts) must hear about any change to what a list shows,
 * whoever makes it. These triggers NOTIFY the event bus's channel with
 * {"c":"organizations","k":"<owner id>"}:
 * - on every INSERT, UPDATE or DELETE of an organization (its old and its new owner);
 * - on every INSERT or DELETE of an instance, and every UPDATE that changes its status or its
 *   organization (the list counts live instances); instances carry their owner's id too.
 * The NOTIFY is sent when the transaction commits; PostgreSQL folds identical ones together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE OR REPLACE FUNCTION scmp_notify_organization_owner(owner_id bigint) RETURNS void LANGUAGE plpgsql AS $$ BEGIN IF owner_id IS NOT NULL THEN PERFORM pg_notify('scmp_events', json_build_object('c', 'organizations', 'k', owner_id::text)::text); END IF; END $$;
    CREATE OR REPLACE FUNCTION scmp_notify_organization_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM scmp_notify_organization_owner(OLD.owner_id); END IF; IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM scmp_notify_organization_owner(NEW.owner_id); END IF; RETURN NULL; END $$;
    CREATE TRIGGER organizations_list_cache AFTER INSERT OR UPDATE OR DELETE ON organizations FOR EACH ROW EXECUTE FUNCTION scmp_notify_organization_change();
    CREATE TRIGGER instances_list_cache_insert_delete AFTER INSERT OR DELETE ON instances FOR EACH ROW EXECUTE FUNCTION scmp_notify_organization_change();
    CREATE TRIGGER instances_list_cache_update AFTER UPDATE ON instances FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.organization_id IS DISTINCT FROM NEW.organization_id OR OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION scmp_notify_organization_change()
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP TRIGGER IF EXISTS instances_list_cache_update ON instances;
    DROP TRIGGER IF EXISTS instances_list_cache_insert_delete ON instances;
    DROP TRIGGER IF EXISTS organizations_list_cache ON organizations;
    DROP FUNCTION IF EXISTS scmp_notify_organization_change();
    DROP FUNCTION IF EXISTS scmp_notify_organization_owner(bigint)
  `,
  );
}
