import type { OrganizationRole } from '../../contracts/roles';
import type { AppDeps } from '../../core/app-deps';
import { memberOutputOf, memberOutputRows } from './member-output';
import type { MemberOutput } from './member-schema';
import { findMemberOrganization } from '../memberships';

const ROLE_ORDER: Record<OrganizationRole, number> = { owner: 0, admin: 1, billing: 2, member: 3 };

/** Everyone in the organization (any member may see them): owner first, then by role and name. */
export async function listMembers(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  organizationUuid: string,
): Promise<MemberOutput[]> {
  const org = await findMemberOrganization(deps.db, userId, organizationUuid, 'view');
  const rows = await memberOutputRows(deps.db, org.id).execute();
  return rows
    .map(memberOutputOf)
    .sort(
      (a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.user.name.localeCompare(b.user.name),
    );
}
