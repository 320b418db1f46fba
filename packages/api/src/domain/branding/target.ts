import type { AppDeps } from '../../core/app-deps';
import { BRANDING_TEXTS } from '../../contracts/branding';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '@scmp/db';
import type { OrganizationPermission, OrganizationRole } from '../../contracts/roles';
import { AppError } from '../../core/errors';
import { isUuid } from '../../core/uuid';
import { requirePermission } from '../memberships';

/** Whose branding an id names: one of the user's organizations, else one of their instances. */
export type BrandingTarget = {
  kind: 'organization' | 'instance';
  uuid: string;
  name: string;
  organizationId: number;
  organizationUuid: string;
  instanceId: number | null;
};

export function brandingNotFound(): AppError {
  return new AppError('NOT_FOUND', BRANDING_TEXTS.notFound);
}

/**
 * The organization, else the instance, with this (lower-case) uuid: with a `userId`, only one of
 * an organization the user belongs to, with their role there; null when there is none.
 */
export async function brandingTargetByUuid(
  deps: Pick<AppDeps, 'db'>,
  uuid: string,
  userId: number | null,
): Promise<{ target: BrandingTarget; role: OrganizationRole | undefined } | null> {
  const org = await deps.db
    .selectFrom('organizations')
    .select(['organizations.id', 'organizations.uuid', 'organizations.name'])
    .$if(userId !== null, (qb) => withRole(qb, userId!))
    .where('organizations.uuid', '=', uuid)
    .executeTakeFirst();
  if (org) {
    const target: BrandingTarget = {
      kind: 'organization',
      uuid: org.uuid,
      name: org.name,
      organizationId: org.id,
      organizationUuid: org.uuid,
      instanceId: null,
    };
    return { target, role: org.role };
  }
  const instance = await deps.db
    .selectFrom('instances')
    .innerJoin('organizations', 'organizations.id', 'instances.organization_id')
    .select([
      'instances.id as id',
      'instances.uuid as uuid',
      'instances.name as name',
      'organizations.id as organization_id',
      'organizations.uuid as organization_uuid',
    ])
    .$if(userId !== null, (qb) => withRole(qb, userId!))
    .where('instances.uuid', '=', uuid)
    .executeTakeFirst();
  if (!instance) return null;
  const target: BrandingTarget = {
    kind: 'instance',
    uuid: instance.uuid,
    name: instance.name,
    organizationId: instance.organization_id,
    organizationUuid: instance.organization_uuid,
    instanceId: instance.id,
  };
  return { target, role: instance.role };
}

/** Only rows of an organization `userId` belongs to, with their role there. */
function withRole<O>(qb: SelectQueryBuilder<Database, 'organizations', O>, userId: number) {
  return qb
    .innerJoin('organization_members', 'organization_members.organization_id', 'organizations.id')
    .select('organization_members.role as role')
    .where('organization_members.user_id', '=', userId);
}

/**
 * {id} is an organization uuid, else an instance uuid, of an organization the user belongs to;
 * else 404. Reading needs membership ('view'); changing needs 'manage' (403 for other roles).
 */
export async function findBrandingTarget(
  deps: AppDeps,
  userId: number,
  id: string,
  permission: OrganizationPermission = 'view',
): Promise<BrandingTarget> {
  if (!isUuid(id)) throw brandingNotFound();
  const found = await brandingTargetByUuid(deps, id.toLowerCase(), userId);
  if (!found?.role) throw brandingNotFound();
  requirePermission(found.role, permission);
  return found.target;
}
