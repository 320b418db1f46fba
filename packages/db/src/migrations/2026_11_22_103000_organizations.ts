import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/** Organizations (tenants) and their hosted instances. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE organizations (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('school', 'camp', 'other')),
      description text,
      subdomain text,
      status text NOT NULL DEFAULT 'pending',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX organizations_subdomain_unique ON organizations (subdomain) WHERE subdomain IS NOT NULL;
    CREATE INDEX organizations_owner_idx ON organizations (owner_id, created_at DESC);

    CREATE TABLE instances (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL,
      host text,
      status text NOT NULL DEFAULT 'pending',
      ssl_status text NOT NULL DEFAULT 'pending',
      custom_domain text,
      provisioned_at timestamptz,
      last_health_check timestamptz,
      last_health_status text,
      terminated_at timestamptz,
      provision_lease_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX instances_host_unique ON instances (host) WHERE host IS NOT NULL;
    CREATE INDEX instances_organization_idx ON instances (organization_id);
    CREATE INDEX instances_owner_idx ON instances (owner_id, created_at DESC)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP TABLE instances; DROP TABLE organizations');
}
