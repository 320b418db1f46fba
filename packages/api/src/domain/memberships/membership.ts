import type { Kysely, Selectable } from 'kysely';
import type { Database, OrganizationsTable } from '@scmp/db';
import {
  ORGANIZATION_PERMISSIONS,
  can,
  type OrganizationPermission,
  type OrganizationRole,
} from '../../contracts/roles';
import { CLOSURE_TEXTS } from '../../contracts/organization-closure';
import { ORGANIZATION_TEXTS } from '../../contracts/organizations';
import { AppError } from '../../core/errors';
import { isUuid } from '../../core/uuid';

/** An organization as stored (the organizations table's row). */
export type OrganizationRow = Selectable<OrganizationsTable>;

export type MemberOrganization = OrganizationRow & { role: OrganizationRole };

/**
 * Every organization-scoped operation starts here. The caller's organization by uuid with their
 * role: 404 when they are not a member (exactly as for another user's data: nothing says whether
 * it exists), 403 FORBIDDEN with what is missing when their role lacks `permission`.
 */
export async function findMemberOrganization(
  db: Kysely<Database>,
  userId: number,
  uuid: string,
  permission: OrganizationPermission,
): Promise<MemberOrganization> {
  if (!isUuid(uuid)) throw new AppError('NOT_FOUND', ORGANIZATION_TEXTS.notFound);
  const row = await db
    .selectFrom('organizations')
    .innerJoin('organization_members', 'organization_members.organization_id', 'organizations.id')
    .selectAll('organizations')
    .select('organization_members.role')
    .where('organizations.uuid', '=', uuid)
    .where('organization_members.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', ORGANIZATION_TEXTS.notFound);
  requirePermission(row.role, permission);
  if (REFUSED_WHILE_CLOSING.includes(permission)) assertNotClosing(row);
  return row;
}

/** Permissions that only ever change things: refused outright while the organization closes. */
const REFUSED_WHILE_CLOSING: readonly OrganizationPermission[] = ['manageBilling', 'manageMembers'];

/**
 * 409 for a change to an organization in its 60-day closing window: it can be read, exported and
 * restored, nothing else (issue 38). `manage` callers that change things call this themselves.
 */
export function assertNotClosing(org: { status: string }): void {
  if (org.status === 'closing' || org.status === 'closed')
    throw new AppError('CONFLICT', CLOSURE_TEXTS.refused);
}

/** 403 with the table's message when `role` lacks `permission`. */
export function requirePermission(role: OrganizationRole, permission: OrganizationPermission) {
  if (!can(role, permission)) {
    throw new AppError('FORBIDDEN', ORGANIZATION_PERMISSIONS[permission].denied);
  }
}

/** The caller's role in an organization by internal id, or null when not a member. */
export async function roleIn(
  db: Kysely<Database>,
  userId: number,
  organizationId: number,
): Promise<OrganizationRole | null> {
  const row = await db
    .selectFrom('organization_members')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}
