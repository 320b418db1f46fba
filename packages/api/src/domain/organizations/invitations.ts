import { sql } from 'kysely';
import type { ClientInfo } from '../../core/client-info';
import {
  INVITATION_TTL_DAYS,
  MAX_OPEN_INVITATIONS,
  MEMBER_TEXTS,
  ROLE_LABELS,
  type AssignableRole,
} from '../../contracts/roles';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { countRows } from '../../core/matching-rows';
import { generateToken, sha256Hex } from '../../core/tokens';
import { recordOrganizationActivity } from '../activity';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { openInvitations, toOutput, unansweredInvitation } from './invitation-rows';
import type { InvitationOutput } from './member-schema';
import { organizationMail, findMemberOrganization, type MemberOrganization } from '../memberships';
import { isUuid } from '../../core/uuid';
import { DAY_MS } from '../../core/durations';

type Req = ClientInfo;
type Actor = { id: number; name: string };

/** Sending invitations: per organization and per inviting account, each per hour. */
const INVITES_PER_HOUR = 30;

/** Open invitations of an organization (any member may see them), newest first. */
export async function listInvitations(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
  organizationUuid: string,
): Promise<InvitationOutput[]> {
  const org = await findMemberOrganization(deps.db, userId, organizationUuid, 'view');
  const rows = await openInvitations(deps)
    .where('organization_invitations.organization_id', '=', org.id)
    .orderBy('organization_invitations.created_at', 'desc')
    .orderBy('organization_invitations.id', 'desc')
    .execute();
  return rows.map(toOutput);
}

async function sendInvitationMail(
  deps: AppDeps,
  org: MemberOrganization,
  inviter: Actor,
  email: string,
  role: AssignableRole,
  token: string,
) {
  const mail = await organizationMail(
    deps,
    org.id,
    {
      to: email,
      subject: `${inviter.name} invited you to ${org.name}`,
      kind: 'invitation',
      userId: null,
    },
    {
      title: `Join ${org.name}`,
      paragraphs: [
        `${inviter.name} invited you to join ${org.name} on ${deps.config.productShortName} as ${ROLE_LABELS[role].toLowerCase()}.`,
        `The invitation is valid for ${INVITATION_TTL_DAYS} days and can be used once.`,
      ],
      action: { label: 'Open the invitation', url: `${deps.config.appUrl}/invitations/${token}` },
      footnote: 'If you were not expecting this invitation, you can ignore this e-mail.',
    },
  );
  await deps.mailer.send(mail);
}

/**
 * Invites an e-mail address with a role. Re-inviting the same address replaces its open
 * invitation (a new token, a new e-mail); an existing member answers 409.
 */
export async function createInvitation(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  input: { email: string; role: AssignableRole },
): Promise<InvitationOutput> {
  const org = await findMemberOrganization(deps.db, actor.id, organizationUuid, 'manageMembers');
  if (input.role === 'admin' && org.role !== 'owner') {
    throw new AppError('FORBIDDEN', MEMBER_TEXTS.adminOnlyByOwner);
  }
  const email = input.email.trim().toLowerCase();
  const member = await deps.db
    .selectFrom('organization_members')
    .innerJoin('users', 'users.id', 'organization_members.user_id')
    .select('users.id')
    .where('organization_members.organization_id', '=', org.id)
    .where(sql`lower(users.email)`, '=', email)
    .executeTakeFirst();
  if (member) {
    throw new AppError('CONFLICT', MEMBER_TEXTS.alreadyMember, {
      errors: { email: [MEMBER_TEXTS.alreadyMember] },
    });
  }
  await enforceRateLimit(deps.rateLimiter, `invite:org:${org.id}`, INVITES_PER_HOUR, 3600);
  await enforceRateLimit(deps.rateLimiter, `invite:user:${actor.id}`, INVITES_PER_HOUR, 3600);

  const token = generateToken();
  const now = deps.clock.now();
  const uuid = await deps.db.transaction().execute(async (trx) => {
    // Re-inviting replaces the open invitation for this address.
    await trx
      .updateTable('organization_invitations')
      .set({ revoked_at: now })
      .where('organization_id', '=', org.id)
      .where('email', '=', email)
      .where(unansweredInvitation())
      .execute();
    const open = await countRows(
      trx
        .selectFrom('organization_invitations')
        .where('organization_id', '=', org.id)
        .where(unansweredInvitation(now)),
    );
    if (open >= MAX_OPEN_INVITATIONS) {
      throw new AppError('CONFLICT', MEMBER_TEXTS.tooManyInvitations);
    }
    const row = await trx
      .insertInto('organization_invitations')
      .values({
        organization_id: org.id,
        email,
        role: input.role,
        token_hash: sha256Hex(token),
        invited_by: actor.id,
        expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        created_at: now,
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    await recordOrganizationActivity(deps, req, trx, actor.id, {
      action: 'invitation.created',
      description: `Invited ${email} to "${org.name}" as ${ROLE_LABELS[input.role]}`,
    });
    return row.uuid;
  });
  await sendInvitationMail(deps, org, actor, email, input.role, token);
  const created = await openInvitations(deps)
    .where('organization_invitations.uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  return toOutput(created);
}

export async function revokeInvitation(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  invitationUuid: string,
): Promise<void> {
  const org = await findMemberOrganization(deps.db, actor.id, organizationUuid, 'manageMembers');
  const revoked = isUuid(invitationUuid)
    ? await deps.db
        .updateTable('organization_invitations')
        .set({ revoked_at: deps.clock.now() })
        .where('organization_id', '=', org.id)
        .where('uuid', '=', invitationUuid)
        .where(unansweredInvitation())
        .returning('email')
        .executeTakeFirst()
    : undefined;
  if (!revoked) throw new AppError('NOT_FOUND', MEMBER_TEXTS.invitationNotFound);
  await recordOrganizationActivity(deps, req, deps.db, actor.id, {
    action: 'invitation.revoked',
    description: `Revoked the invitation of ${revoked.email} to "${org.name}"`,
  });
}
