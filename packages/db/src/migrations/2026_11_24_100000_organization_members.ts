import { sql, type Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Organizations become teams: members with a role (owner, admin, billing, member) and e-mail
 * invitations. organizations.owner_id stays the one owner; triggers keep the owner's member row in
 * step with it whoever writes the organization (the service, the seed, SQL by hand):
 * - a new organization gets its owner as member with role 'owner';
 * - a new owner_id (ownership transfer) makes the old owner an admin and the new one the owner.
 * The organization-list caches are keyed by member now: every change to a membership NOTIFYs that
 * member, and a change to an organization or its instances NOTIFYs all of its members.
 */
const TRIGGERS = [
  `
    CREATE OR REPLACE FUNCTION scmp_sync_organization_owner() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        UPDATE organization_members SET role = 'admin' WHERE organization_id = NEW.id AND user_id = OLD.owner_id;
      END IF;
      INSERT INTO organization_members (organization_id, user_id, role, joined_at)
        VALUES (NEW.id, NEW.owner_id, 'owner', COALESCE(NEW.updated_at, now()))
        ON CONFLICT (organization_id, user_id) DO UPDATE SET role = 'owner';
      RETURN NULL;
    END $$
  `,
  `
    CREATE TRIGGER organizations_owner_member_insert AFTER INSERT ON organizations FOR EACH ROW EXECUTE FUNCTION scmp_sync_organization_owner()
  `,
  `
    CREATE TRIGGER organizations_owner_member_update AFTER UPDATE ON organizations FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION scmp_sync_organization_owner()
  `,
  `
    CREATE OR REPLACE FUNCTION scmp_notify_organization_members(org_id integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE member_id integer;
    BEGIN
      IF org_id IS NULL THEN RETURN; END IF;
      FOR member_id IN SELECT user_id FROM organization_members WHERE organization_id = org_id LOOP
        PERFORM scmp_notify_organization_owner(member_id);
      END LOOP;
    END $$
  `,
  `
    CREATE OR REPLACE FUNCTION scmp_notify_organization_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- organizations rows name themselves by id, instances rows by organization_id: read through
      -- jsonb so one function serves both tables.
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM scmp_notify_organization_owner(OLD.owner_id);
        PERFORM scmp_notify_organization_members(COALESCE(to_jsonb(OLD) ->> 'organization_id', to_jsonb(OLD) ->> 'id')::integer);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        PERFORM scmp_notify_organization_owner(NEW.owner_id);
        PERFORM scmp_notify_organization_members(COALESCE(to_jsonb(NEW) ->> 'organization_id', to_jsonb(NEW) ->> 'id')::integer);
      END IF;
      RETURN NULL;
    END $$
  `,
  `
    CREATE OR REPLACE FUNCTION scmp_notify_membership_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM scmp_notify_organization_owner(OLD.user_id); END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM scmp_notify_organization_owner(NEW.user_id); END IF;
      RETURN NULL;
    END $$
  `,
  `
    CREATE TRIGGER organization_members_list_cache AFTER INSERT OR UPDATE OR DELETE ON organization_members FOR EACH ROW EXECUTE FUNCTION scmp_notify_membership_change()
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE organization_members (
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'billing', 'member')),
      joined_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, user_id)
    );
    CREATE INDEX organization_members_user_idx ON organization_members (user_id, organization_id);
    CREATE UNIQUE INDEX organization_members_one_owner ON organization_members (organization_id) WHERE role = 'owner';
    INSERT INTO organization_members (organization_id, user_id, role, joined_at)
      SELECT id, owner_id, 'owner', created_at FROM organizations;

    CREATE TABLE organization_invitations (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('admin', 'billing', 'member')),
      token_hash text NOT NULL UNIQUE,
      invited_by integer REFERENCES users(id) ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      accepted_at timestamptz,
      accepted_by integer REFERENCES users(id) ON DELETE SET NULL,
      declined_at timestamptz,
      revoked_at timestamptz
    );
    CREATE UNIQUE INDEX organization_invitations_open ON organization_invitations (organization_id, email)
      WHERE accepted_at IS NULL AND declined_at IS NULL AND revoked_at IS NULL;
    CREATE INDEX organization_invitations_org_idx ON organization_invitations (organization_id, created_at DESC, id DESC)
  `,
  );
  // Function bodies hold semicolons at line ends, which runSql would split at: one statement each.
  for (const statement of TRIGGERS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP TRIGGER IF EXISTS organization_members_list_cache ON organization_members;
    DROP FUNCTION IF EXISTS scmp_notify_membership_change();
    DROP FUNCTION IF EXISTS scmp_notify_organization_members(integer);
    DROP TRIGGER IF EXISTS organizations_owner_member_update ON organizations;
    DROP TRIGGER IF EXISTS organizations_owner_member_insert ON organizations;
    DROP FUNCTION IF EXISTS scmp_sync_organization_owner();
    DROP TABLE organization_invitations;
    DROP TABLE organization_members
  `,
  );
}
