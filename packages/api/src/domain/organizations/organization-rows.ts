import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { OrganizationRole } from '../../contracts/roles';
import type { OrganizationOutput } from '../../contracts/organizations-schemas';
import { toIso } from '../../core/iso-date';
import { type OrganizationRow } from '../memberships';

/** The organization's instances that are not terminated, selected as live_instances. */
export const liveInstances = (eb: ExpressionBuilder<Database, 'organizations'>) =>
  eb
    .selectFrom('instances')
    .select(sql<number>`count(*)::int`.as('count'))
    .whereRef('instances.organization_id', '=', 'organizations.id')
    .where('instances.status', '!=', 'terminated')
    .as('live_instances');

export function toOutput(
  row: OrganizationRow,
  liveInstances: number,
  role: OrganizationRole,
): OrganizationOutput {
  return {
    id: row.uuid,
    uuid: row.uuid,
    name: row.name,
    type: row.type,
    description: row.description,
    subdomain: row.subdomain,
    status: row.status,
    // Locations are the organization's hosted instances that are not terminated.
    location_count: liveInstances,
    instance_count: liveInstances,
    role,
    closing_at: row.status === 'closing' ? toIso(row.closing_at) : null,
    purge_at: row.status === 'closing' ? toIso(row.purge_at) : null,
    created_at: toIso(row.created_at) ?? '',
  };
}

/**
 * The member's organizations with their role and live-instance count in one round trip: the
 * count rides along as a correlated subquery (an index lookup on instances(organization_id) per
 * organization); memberships are found by organization_members (user_id, organization_id).
 */
export function withLiveInstances(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('organization_members')
    .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
    .where('organization_members.user_id', '=', userId)
    .selectAll('organizations')
    .select('organization_members.role')
    .select(liveInstances);
}

/** A row of withLiveInstances() as the API shows it. */
export function withCountOutput({
  live_instances,
  role,
  ...row
}: OrganizationRow & {
  live_instances: number | null;
  role: OrganizationRole;
}): OrganizationOutput {
  return toOutput(row, Number(live_instances ?? 0), role);
}
