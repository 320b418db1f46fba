import { sql } from 'kysely';
import type { Context } from '../../request-context';
import {
  INVITATION_TTL_DAYS,
  MAX_OPEN_INVITATIONS,
  MEMBER_TEXTS,
  ROLE_LABELS,
  type AssignableRole,
} from '../../contracts/roles';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { generateToken, sha256Hex } from '../../lib/tokens';
import { recordActivity } from '../activity/record-activity';
import { emitMemberEvent } from './members';
import { enforceRateLimit } from '../rate-limit/rate-limiter';
import { organizationMail, ownerNotice } from './member-mail';
import { findMemberOrganization, type MemberOrganization } from './membership';
import { isUniqueViolation, isUuid, toIso } from './shared';

type Req = Pick<Context['req'], 'ip' | 'userAgent'>;
type Actor = { id: number; name: string };
type Invitee = { id: number; name: string; email: string; email_verified_at: Date | string | null };

export type InvitationOutput = {
  uuid: string;
  email: string;
  role: AssignableRole;
  expires_at: string;
  created_at: string;
  invited_by: { uuid: string; name: string } | null;
};

export type PublicInvitation = {
  organization: { uuid: string; name: string };
  inviter_name: string | null;
  role: AssignableRole;
  email: string;
  expires_at: string;
};

const DAY_MS = 86_400_000;
/** Sending invitations: per organization and per inviting account, each per hour. */
const INVITES_PER_HOUR = 30;

function openInvitations(deps: Pick<AppDeps, 'db' | 'clock'>) {
  return deps.db
    .selectFrom('organization_invitations')
    .leftJoin('users', 'users.id', 'organization_invitations.invited_by')
    .selectAll('organization_invitations')
    .select(['users.uuid as inviter_uuid', 'users.name as inviter_name'])
    .where('organization_invitations.accepted_at', 'is', null)
    .where('organization_invitations.declined_at', 'is', null)
    .where('organization_invitations.revoked_at', 'is', null)
    .where('organization_invitations.expires_at', '>', deps.clock.now());
}

type OpenRow = Awaited<ReturnType<ReturnType<typeof openInvitations>['executeTakeFirstOrThrow']>>;

function toOutput(row: OpenRow): InvitationOutput {
  return {
    uuid: row.uuid,
    email: row.email,
    role: row.role,
    expires_at: toIso(row.expires_at) ?? '',
    created_at: toIso(row.created_at) ?? '',
    invited_by:
      row.inviter_uuid && row.inviter_name
        ? { uuid: row.inviter_uuid, name: row.inviter_name }
        : null,
  };
}

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
      .where('accepted_at', 'is', null)
      .where('declined_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    const open = await trx
      .selectFrom('organization_invitations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', org.id)
      .where('accepted_at', 'is', null)
      .where('declined_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= MAX_OPEN_INVITATIONS) {
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
    await recordActivity(
      deps,
      req,
      {
        userId: actor.id,
        type: 'organization',
        action: 'invitation.created',
        description: `Invited ${email} to "${org.name}" as ${ROLE_LABELS[input.role]}`,
      },
      trx,
    );
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
        .where('accepted_at', 'is', null)
        .where('declined_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returning('email')
        .executeTakeFirst()
    : undefined;
  if (!revoked) throw new AppError('NOT_FOUND', MEMBER_TEXTS.invitationNotFound);
  await recordActivity(deps, req, {
    userId: actor.id,
    type: 'organization',
    action: 'invitation.revoked',
    description: `Revoked the invitation of ${revoked.email} to "${org.name}"`,
  });
}

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
      .where('accepted_at', 'is', null)
      .where('declined_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
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
    await emitMemberEvent(trx, deps, row.organization_id, user.id, 'member.added');
    await recordActivity(
      deps,
      req,
      {
        userId: user.id,
        type: 'organization',
        action: 'member.joined',
        description: `Joined "${row.organization_name}" as ${ROLE_LABELS[row.role]}`,
      },
      trx,
    );
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
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'organization',
    action: 'invitation.declined',
    description: `Declined the invitation to "${row.organization_name}"`,
  });
}
