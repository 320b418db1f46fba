import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { Context } from '../../request-context';
import {
  MEMBER_TEXTS,
  ROLE_LABELS,
  can,
  canChangeMember,
  invitationsWithdrawnText,
  type AssignableRole,
  type OrganizationRole,
} from '../../contracts/roles';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { emitWebhookEvent, hasListeners } from '../webhooks/emit';
import { ownerNotice } from './member-mail';
import { findMemberOrganization, requirePermission, type MemberOrganization } from './membership';
import { isUuid, toIso } from './shared';

type Req = Pick<Context['req'], 'ip' | 'userAgent'>;
type Actor = { id: number; name: string };

export type MemberOutput = {
  user: { uuid: string; name: string; email: string; avatar_url: string | null };
  role: OrganizationRole;
  joined_at: string;
};

const ROLE_ORDER: Record<OrganizationRole, number> = { owner: 0, admin: 1, billing: 2, member: 3 };

function memberOutputOf(r: {
  uuid: string;
  name: string;
  email: string;
  avatar_path: string | null;
  role: OrganizationRole;
  joined_at: Date;
}): MemberOutput {
  return {
    user: {
      uuid: r.uuid,
      name: r.name,
      email: r.email,
      avatar_url: r.avatar_path ? `/files/avatars/${r.avatar_path}` : null,
    },
    role: r.role,
    joined_at: toIso(r.joined_at) ?? '',
  };
}

/**
 * member.added / member.removed with the member as GET /organizations/{id}/members shows them,
 * inside the transaction that adds (after the insert) or removes (before the delete) them.
 */
export async function emitMemberEvent(
  trx: Kysely<Database>,
  deps: Pick<AppDeps, 'clock'>,
  organizationId: number,
  userId: number,
  type: 'member.added' | 'member.removed',
): Promise<void> {
  if (!(await hasListeners(trx, organizationId, type))) return;
  const row = await trx
    .selectFrom('organization_members')
    .innerJoin('users', 'users.id', 'organization_members.user_id')
    .select([
      'users.uuid',
      'users.name',
      'users.email',
      'users.avatar_path',
      'organization_members.role',
      'organization_members.joined_at',
    ])
    .where('organization_members.organization_id', '=', organizationId)
    .where('organization_members.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return;
  const data = memberOutputOf(row);
  await emitWebhookEvent(trx, {
    organizationId,
    type,
    objectUuid: data.user.uuid,
    data,
    at: deps.clock.now(),
  });
}

/** Everyone in the organization (any member may see them): owner first, then by role and name. */
export async function listMembers(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  organizationUuid: string,
): Promise<MemberOutput[]> {
  const org = await findMemberOrganization(deps.db, userId, organizationUuid, 'view');
  const rows = await deps.db
    .selectFrom('organization_members')
    .innerJoin('users', 'users.id', 'organization_members.user_id')
    .select([
      'users.uuid',
      'users.name',
      'users.email',
      'users.avatar_path',
      'organization_members.role',
      'organization_members.joined_at',
    ])
    .where('organization_members.organization_id', '=', org.id)
    .execute();
  return rows
    .map(memberOutputOf)
    .sort(
      (a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.user.name.localeCompare(b.user.name),
    );
}

async function findMember(deps: Pick<AppDeps, 'db'>, org: MemberOrganization, userUuid: string) {
  const member = isUuid(userUuid)
    ? await deps.db
        .selectFrom('organization_members')
        .innerJoin('users', 'users.id', 'organization_members.user_id')
        .select(['users.id', 'users.name', 'users.email', 'organization_members.role'])
        .where('organization_members.organization_id', '=', org.id)
        .where('users.uuid', '=', userUuid)
        .executeTakeFirst()
    : undefined;
  if (!member) throw new AppError('NOT_FOUND', MEMBER_TEXTS.memberNotFound);
  return member;
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

/** The open (pending, unexpired) invitations `userId` sent for the organization. */
function openInvitationsSentBy(
  db: Kysely<Database>,
  organizationId: number,
  userId: number,
  now: Date,
) {
  return db
    .updateTable('organization_invitations')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where('invited_by', '=', userId)
    .where('accepted_at', 'is', null)
    .where('declined_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
}

/**
 * Invitations outlive nobody: when a member is removed, leaves, or is demoted to a role that may
 * not invite, the open invitations they sent are withdrawn (revoked, so they can no longer be
 * accepted), inside the caller's transaction, and the actor's activity log says so.
 */
async function withdrawInvitationsSentBy(
  trx: Kysely<Database>,
  deps: AppDeps,
  req: Req,
  actor: Actor,
  org: MemberOrganization,
  member: { id: number; name: string },
): Promise<number> {
  const rows = await openInvitationsSentBy(trx, org.id, member.id, deps.clock.now())
    .returning('id')
    .execute();
  if (rows.length > 0) {
    await recordActivity(
      deps,
      req,
      {
        userId: actor.id,
        type: 'organization',
        action: 'invitations.withdrawn',
        description: `Withdrew ${rows.length === 1 ? '1 invitation' : `${rows.length} invitations`} sent by ${member.name} to "${org.name}"`,
        severity: 'medium',
      },
      trx,
    );
  }
  return rows.length;
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
  const org = await findMemberOrganization(deps.db, actor.id, organizationUuid, 'manageMembers');
  const member = await findMember(deps, org, userUuid);
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
    await recordActivity(
      deps,
      req,
      {
        userId: actor.id,
        type: 'organization',
        action: 'member.role_changed',
        description: `Changed ${member.name}'s role in "${org.name}" from ${ROLE_LABELS[member.role]} to ${ROLE_LABELS[role]}`,
        severity: 'medium',
      },
      trx,
    );
    if (withdraw) withdrawn = await withdrawInvitationsSentBy(trx, deps, req, actor, org, member);
  });
  const list = await listMembers(deps, actor.id, organizationUuid);
  return {
    member: list.find((m) => m.user.uuid === userUuid)!,
    message: withWithdrawn(MEMBER_TEXTS.roleChanged, withdrawn, member.name),
  };
}

function withWithdrawn(message: string, withdrawn: number, inviterName: string): string {
  return withdrawn > 0 ? `${message} ${invitationsWithdrawnText(withdrawn, inviterName)}` : message;
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
  const org = await findMemberOrganization(deps.db, actor.id, organizationUuid, 'view');
  const member = await findMember(deps, org, userUuid);
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
    : Number(
        (
          await deps.db
            .selectFrom('organization_invitations')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('organization_id', '=', org.id)
            .where('invited_by', '=', member.id)
            .where('accepted_at', 'is', null)
            .where('declined_at', 'is', null)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', deps.clock.now())
            .executeTakeFirstOrThrow()
        ).n,
      );
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
    if (member.role !== 'owner')
      await emitMemberEvent(trx, deps, org.id, member.id, 'member.removed');
    await trx
      .deleteFrom('organization_members')
      .where('organization_id', '=', org.id)
      .where('user_id', '=', member.id)
      .where('role', '!=', 'owner')
      .execute();
    await recordActivity(
      deps,
      req,
      {
        userId: actor.id,
        type: 'organization',
        action: leaving ? 'member.left' : 'member.removed',
        description: leaving
          ? `Left organization "${org.name}"`
          : `Removed ${member.name} from "${org.name}"`,
        severity: 'medium',
      },
      trx,
    );
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

/** The owner hands the organization to another member, and becomes an admin. */
export async function transferOwnership(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  userUuid: string,
): Promise<void> {
  const org = await findMemberOrganization(deps.db, actor.id, organizationUuid, 'own');
  const target = isUuid(userUuid)
    ? await deps.db
        .selectFrom('organization_members')
        .innerJoin('users', 'users.id', 'organization_members.user_id')
        .select(['users.id', 'users.name'])
        .where('organization_members.organization_id', '=', org.id)
        .where('users.uuid', '=', userUuid)
        .executeTakeFirst()
    : undefined;
  if (!target) {
    throw new AppError('VALIDATION_ERROR', MEMBER_TEXTS.transferToMember, {
      errors: { user_uuid: [MEMBER_TEXTS.transferToMember] },
    });
  }
  if (target.id === actor.id) return;
  await deps.db.transaction().execute(async (trx) => {
    // The owner_id trigger turns the old owner into an admin and the target into the owner.
    await trx
      .updateTable('organizations')
      .set({ owner_id: target.id, updated_at: deps.clock.now() })
      .where('id', '=', org.id)
      .execute();
    // The denormalised owner of the organization's instances and subscription follows.
    await trx
      .updateTable('instances')
      .set({ owner_id: target.id })
      .where('organization_id', '=', org.id)
      .execute();
    await trx
      .updateTable('subscriptions')
      .set({ owner_id: target.id })
      .where('organization_id', '=', org.id)
      .execute();
    await recordActivity(
      deps,
      req,
      {
        userId: actor.id,
        type: 'organization',
        action: 'organization.ownership_transferred',
        description: `Transferred ownership of "${org.name}" to ${target.name}`,
        severity: 'high',
      },
      trx,
    );
  });
}
