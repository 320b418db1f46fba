import type { ClientInfo } from '../../core/client-info';
import { MEMBER_TEXTS, ROLE_LABELS } from '../../contracts/roles';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { sha256Hex } from '../../core/tokens';
import { recordOrganizationActivity } from '../activity';
import { openInvitations, unansweredInvitation } from './invitation-rows';
import { ownerNotice } from '../memberships';
import type { PublicInvitation } from './member-schema';
import { isUniqueViolation } from '../../core/unique-violation';
import { toIso } from '../../core/iso-date';

type Req = ClientInfo;
type Invitee = { id: number; name: string; email: string; email_verified_at: Date | string | null };

/** An open invitation by its token, or 404 (unknown, revoked, used, declined or expired). */
async function findOpenByToken(deps: Pick<AppDeps, 'db' | 'clock'>, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) {
    throw new AppError('NOT_FOUND', MEMBER_TEXTS.invitationNotFound);
  }
  const row = await openInvitations(deps)
    .innerJoin('organizations', 'organizations.id', 'organization_invitations.organization_id')
    .select([
      'organizations.uuid as organization_uuid',
      'organizations.name as organization_name',
      'organizations.owner_id as organization_owner_id',
    ])
    .where('organization_invitations.token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', MEMBER_TEXTS.invitationNotFound);
  return row;
}

/** What the invitation page shows before anyone signs in. */
export async function getInvitation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
): Promise<PublicInvitation> {
  const row = await findOpenByToken(deps, token);
  return {
    organization: { uuid: row.organization_uuid, name: row.organization_name },
    inviter_name: row.inviter_name,
    role: row.role,
    email: row.email,
    expires_at: toIso(row.expires_at) ?? '',
  };
}

/**
 * Accepts: the signed-in, verified account whose e-mail is the invited one joins with the role.
 * Single use under concurrency: the row is claimed with a conditional update, so of two requests
 * only one sees it open.
 */
export async function acceptInvitation(
  deps: AppDeps,
  req: Req,
  user: Invitee,
  token: string,
): Promise<{ organization_uuid: string }> {
  const row = await findOpenByToken(deps, token);
  if (user.email.toLowerCase() !== row.email) {
    throw new AppError('FORBIDDEN', MEMBER_TEXTS.invitationWrongEmail);
  }
  if (!user.email_verified_at) throw new AppError('FORBIDDEN', MEMBER_TEXTS.invitationUnverified);
  const now = deps.clock.now();
  const notice = await ownerNotice(
    deps,
    { id: row.organization_id, owner_id: row.organization_owner_id, uuid: row.organization_uuid },
    {
      subject: `${user.name} joined ${row.organization_name}`,
      line: `${user.name} (${user.email}) accepted the invitation and joined ${row.organization_name} as ${ROLE_LABELS[row.role].toLowerCase()}.`,
    },
  );
  await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('organization_invitations')
      .set({ accepted_at: now, accepted_by: user.id })
      .where('id', '=', row.id)
      .where(unansweredInvitation(now))
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new AppError('NOT_FOUND', MEMBER_TEXTS.invitationNotFound);
    try {
      await trx
        .insertInto('organization_members')
        .values({
          organization_id: row.organization_id,
          user_id: user.id,
          role: row.role,
          joined_at: now,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', MEMBER_TEXTS.alreadyMember);
      throw error;
    }
    await deps.domainEvents.emit(trx, 'member.added', {
      organizationId: row.organization_id,
      userId: user.id,
    });
    await recordOrganizationActivity(deps, req, trx, user.id, {
      action: 'member.joined',
      description: `Joined "${row.organization_name}" as ${ROLE_LABELS[row.role]}`,
    });
    if (notice) await deps.mailer.send(notice, trx);
  });
  return { organization_uuid: row.organization_uuid };
}

/** Declines: the invited account (signed in, same e-mail) says no; the invitation is used up. */
export async function declineInvitation(
  deps: AppDeps,
  req: Req,
  user: Invitee,
  token: string,
): Promise<void> {
  const row = await findOpenByToken(deps, token);
  if (user.email.toLowerCase() !== row.email) {
    throw new AppError('FORBIDDEN', MEMBER_TEXTS.invitationWrongEmail);
  }
  await deps.db
    .updateTable('organization_invitations')
    .set({ declined_at: deps.clock.now() })
    .where('id', '=', row.id)
    .where('accepted_at', 'is', null)
    .execute();
  await recordOrganizationActivity(deps, req, deps.db, user.id, {
    action: 'invitation.declined',
    description: `Declined the invitation to "${row.organization_name}"`,
  });
}
