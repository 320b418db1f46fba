import type { ClientInfo } from '../../core/client-info';
import {
  MEMBER_TEXTS,
  ROLE_LABELS,
  can,
  canChangeMember,
  invitationsWithdrawnText,
  type AssignableRole,
  type OrganizationPermission,
  type OrganizationRole,
} from '../../contracts/roles';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { recordOrganizationActivity } from '../activity';
import {
  countInvitationsSentBy,
  withWithdrawn,
  withdrawInvitationsSentBy,
} from './invitation-withdrawal';
import { listMembers } from './member-list';
import type { MemberOutput } from './member-schema';
import {
  endMemberships,
  findMemberOrganization,
  ownerNotice,
  requirePermission,
} from '../memberships';
import { isUuid } from '../../core/uuid';

type Req = ClientInfo;
type Actor = { id: number; name: string };

/** The organization (the actor needs `permission` there) and the member `userUuid` in it; else 404. */
async function findMember(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  organizationUuid: string,
  userUuid: string,
  permission: OrganizationPermission,
) {
  const org = await findMemberOrganization(deps.db, actor.id, organizationUuid, permission);
  const member = await memberByUuid(deps, org.id, userUuid);
  if (!member) throw new AppError('NOT_FOUND', MEMBER_TEXTS.memberNotFound);
  return { org, member };
}

/** The member of the organization whose user uuid is `userUuid`, if any. */
export async function memberByUuid(
  deps: Pick<AppDeps, 'db'>,
  organizationId: number,
  userUuid: string,
) {
  if (!isUuid(userUuid)) return undefined;
  return deps.db
    .selectFrom('organization_members')
    .innerJoin('users', 'users.id', 'organization_members.user_id')
    .select(['users.id', 'users.name', 'users.email', 'organization_members.role'])
    .where('organization_members.organization_id', '=', organizationId)
    .where('users.uuid', '=', userUuid)
    .executeTakeFirst();
}

/** Why `actor` may not give `target` the role `newRole` (or remove them), as a 403. */
function refuse(actor: OrganizationRole, target: OrganizationRole): never {
  if (target === 'owner') throw new AppError('FORBIDDEN', MEMBER_TEXTS.ownerUntouchable);
  if (actor === 'admin') throw new AppError('FORBIDDEN', MEMBER_TEXTS.adminOnlyByOwner);
  throw new AppError(
    'FORBIDDEN',
    'Only the owner or an admin can manage the members of this organization.',
  );
}

export async function changeMemberRole(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  userUuid: string,
  role: AssignableRole,
  options: { keepInvitations?: boolean } = {},
): Promise<{ member: MemberOutput; message: string }> {
  const { org, member } = await findMember(
    deps,
    actor,
    organizationUuid,
    userUuid,
    'manageMembers',
  );
  if (!canChangeMember(org.role, member.role, role)) refuse(org.role, member.role);
  // Demoted to a role that may not invite: their open invitations go, unless the caller keeps them.
  const withdraw = !options.keepInvitations && !can(role, 'manageMembers');
  let withdrawn = 0;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('organization_members')
      .set({ role })
      .where('organization_id', '=', org.id)
      .where('user_id', '=', member.id)
      .execute();
    await recordOrganizationActivity(deps, req, trx, actor.id, {
      action: 'member.role_changed',
      description: `Changed ${member.name}'s role in "${org.name}" from ${ROLE_LABELS[member.role]} to ${ROLE_LABELS[role]}`,
      severity: 'medium',
    });
    if (withdraw) withdrawn = await withdrawInvitationsSentBy(trx, deps, req, actor, org, member);
  });
  const list = await listMembers(deps, actor.id, organizationUuid);
  return {
    member: list.find((m) => m.user.uuid === userUuid)!,
    message: withWithdrawn(MEMBER_TEXTS.roleChanged, withdrawn, member.name),
  };
}

/** Removes a member, or lets a member leave (removing yourself); the owner must transfer first. */
export async function removeMember(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  userUuid: string,
  options: { keepInvitations?: boolean } = {},
): Promise<{ left: boolean; message: string }> {
  const { org, member } = await findMember(deps, actor, organizationUuid, userUuid, 'view');
  const leaving = member.id === actor.id;
  if (leaving && member.role === 'owner') {
    throw new AppError('CONFLICT', MEMBER_TEXTS.ownerMustTransfer);
  }
  if (!leaving) {
    requirePermission(org.role, 'manageMembers');
    if (!canChangeMember(org.role, member.role)) refuse(org.role, member.role);
  }
  // Their open invitations are withdrawn with them (unless the caller keeps them); the owner's
  // notice counts them.
  const pending = options.keepInvitations
    ? 0
    : await countInvitationsSentBy(deps.db, org.id, member.id, deps.clock.now());
  const withdrawnLine = pending > 0 ? ` ${invitationsWithdrawnText(pending, member.name)}` : '';
  const notice = await ownerNotice(
    deps,
    org,
    leaving
      ? {
          subject: `${member.name} left ${org.name}`,
          line: `${member.name} (${member.email}) left ${org.name}.${withdrawnLine}`,
        }
      : {
          subject: `${member.name} was removed from ${org.name}`,
          line: `${actor.name} removed ${member.name} (${member.email}) from ${org.name}.${withdrawnLine}`,
        },
  );
  let withdrawn = 0;
  await deps.db.transaction().execute(async (trx) => {
    await endMemberships(deps, trx, { userId: member.id, organizationId: org.id });
    await recordOrganizationActivity(deps, req, trx, actor.id, {
      action: leaving ? 'member.left' : 'member.removed',
      description: leaving
        ? `Left organization "${org.name}"`
        : `Removed ${member.name} from "${org.name}"`,
      severity: 'medium',
    });
    if (!options.keepInvitations) {
      withdrawn = await withdrawInvitationsSentBy(trx, deps, req, actor, org, member);
    }
    if (notice) await deps.mailer.send(notice, trx);
  });
  return {
    left: leaving,
    message: withWithdrawn(
      leaving ? MEMBER_TEXTS.left : MEMBER_TEXTS.memberRemoved,
      withdrawn,
      member.name,
    ),
  };
}
