import type { AppDeps } from '../../core/app-deps';
import { BRANDING_TEXTS } from '../../contracts/branding';
import type { OrganizationPermission } from '../../contracts/roles';
import { AppError } from '../../core/errors';
import { requirePermission } from '../memberships';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
 * {id} is an organization uuid, else an instance uuid, of an organization the user belongs to;
 * else 404. Reading needs membership ('view'); changing needs 'manage' (403 for other roles).
 */
export async function findBrandingTarget(
  deps: AppDeps,
  userId: number,
  id: string,
  permission: OrganizationPermission = 'view',
): Promise<BrandingTarget> {
  if (!UUID.test(id)) throw brandingNotFound();
  const uuid = id.toLowerCase();
  const org = await deps.db
    .selectFrom('organizations')
    .innerJoin('organization_members', 'organization_members.organization_id', 'organizations.id')
    .select(['organizations.id', 'organizations.uuid', 'organizations.name', 'role'])
    .where('organizations.uuid', '=', uuid)
    .where('organization_members.user_id', '=', userId)
    .executeTakeFirst();
  if (org) {
    requirePermission(org.role, permission);
    return {
      kind: 'organization',
      uuid: org.uuid,
      name: org.name,
      organizationId: org.id,
      organizationUuid: org.uuid,
      instanceId: null,
    };
  }
  const instance = await deps.db
    .selectFrom('instances')
    .innerJoin('organizations', 'organizations.id', 'instances.organization_id')
    .innerJoin('organization_members', 'organization_members.organization_id', 'organizations.id')
    .select([
      'instances.id as id',
      'instances.uuid as uuid',
      'instances.name as name',
      'organizations.id as organization_id',
      'organizations.uuid as organization_uuid',
      'organization_members.role as role',
    ])
    .where('instances.uuid', '=', uuid)
    .where('organization_members.user_id', '=', userId)
    .executeTakeFirst();
  if (instance) {
    requirePermission(instance.role, permission);
    return {
      kind: 'instance',
      uuid: instance.uuid,
      name: instance.name,
      organizationId: instance.organization_id,
      organizationUuid: instance.organization_uuid,
      instanceId: instance.id,
    };
  }
  throw brandingNotFound();
}
