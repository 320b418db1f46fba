import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { ClientInfo } from '../../core/client-info';
import { INSTANCE_TEXTS } from '../../contracts/instances';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import type { OrganizationPermission } from '../../contracts/roles';
import { assertNotClosing, findMemberOrganization, requirePermission } from '../memberships';
import { isUuid } from '../../core/uuid';
import { toInstanceOutput, type InstanceOutput, type JoinedRow } from './instance-output';

export type Req = ClientInfo;
export type Actor = { id: number };

/** Instances of the organizations `userId` belongs to, with the organization and their role. */
function baseQuery(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('instances')
    .innerJoin('organizations', 'organizations.id', 'instances.organization_id')
    .innerJoin('organization_members', (join) =>
      join
        .onRef('organization_members.organization_id', '=', 'instances.organization_id')
        .on('organization_members.user_id', '=', userId),
    )
    .selectAll('instances')
    .select([
      'organizations.uuid as organization_uuid',
      'organizations.name as organization_name',
      'organizations.status as organization_status',
      'organization_members.role as role',
    ]);
}

/** Live instances of every organization the user belongs to, newest first; or of one of them. */
export async function listInstances(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: number,
  organizationUuid?: string,
): Promise<InstanceOutput[]> {
  let query = baseQuery(deps.db, userId).where('instances.status', '!=', 'terminated');
  if (organizationUuid !== undefined) {
    const org = await findMemberOrganization(deps.db, userId, organizationUuid, 'view');
    query = query.where('instances.organization_id', '=', org.id);
  }
  const rows = await query
    .orderBy('instances.created_at', 'desc')
    .orderBy('instances.id', 'desc')
    .execute();
  return rows.map((row) => toInstanceOutput(deps, row));
}

/** A live instance of one of the user's organizations: 404 if not a member, 403 if the role lacks `permission`. */
export async function findMemberInstance(
  db: Kysely<Database>,
  userId: number,
  uuid: string,
  permission: OrganizationPermission,
): Promise<JoinedRow> {
  if (!isUuid(uuid)) throw new AppError('NOT_FOUND', INSTANCE_TEXTS.notFound);
  const found = await baseQuery(db, userId)
    .where('instances.uuid', '=', uuid)
    .where('instances.status', '!=', 'terminated')
    .executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', INSTANCE_TEXTS.notFound);
  const { role, organization_status, ...row } = found;
  requirePermission(role, permission);
  // Suspending, resuming, deleting an instance or changing its domain: not while closing.
  if (permission !== 'view') assertNotClosing({ status: organization_status });
  return row;
}

export async function getInstance(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: number,
  uuid: string,
) {
  return toInstanceOutput(deps, await findMemberInstance(deps.db, userId, uuid, 'view'));
}
