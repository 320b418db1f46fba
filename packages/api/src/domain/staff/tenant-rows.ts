import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '@scmp/db';

/** Tables whose rows belong to an organization and have an owner. */
type TenantTable = 'instances' | 'subscriptions';

type TenantDatabase<T extends TenantTable> = Database & {
  r: Database[T];
  o: Database['organizations'];
  u: Database['users'];
};

/** Who a row belongs to, as the operator console's lists name it. */
export type TenantColumns = {
  organization_uuid: string;
  organization_name: string;
  owner_uuid: string;
  owner_email: string;
};

/**
 * The rows of `table` (as `r`) across every tenant, joined to their organization (`o`) and owner
 * (`u`), with the organization's uuid and name and the owner's uuid and e-mail selected: the
 * operator console's cross-tenant lists add the row's own columns, filter and order.
 */
export function rowsWithTenant<T extends TenantTable>(
  db: Kysely<Database>,
  table: T,
): SelectQueryBuilder<TenantDatabase<T>, 'r' | 'o' | 'u', TenantColumns> {
  // Kysely cannot resolve a generic table; both have organization_id and owner_id.
  const query = db
    .selectFrom(`${table} as r` as 'instances as r')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .innerJoin('users as u', 'u.id', 'r.owner_id')
    .select([
      'o.uuid as organization_uuid',
      'o.name as organization_name',
      'u.uuid as owner_uuid',
      'u.email as owner_email',
    ]);
  return query as unknown as SelectQueryBuilder<TenantDatabase<T>, 'r' | 'o' | 'u', TenantColumns>;
}

/** The organization a row of `rowsWithTenant` belongs to, as the console shows it. */
export const organizationOf = (row: TenantColumns) => ({
  uuid: row.organization_uuid,
  name: row.organization_name,
});

/** Its owner (a customer): uuid and e-mail. */
export const ownerOf = (row: TenantColumns) => ({ uuid: row.owner_uuid, email: row.owner_email });
