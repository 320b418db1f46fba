import type { ExpressionBuilder } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import type { InvitationOutput } from './member-schema';
import { toIso } from '../../core/iso-date';

/**
 * An invitation nobody has accepted, declined or withdrawn; with `now`, also one that has not
 * expired by then: an open invitation.
 */
export function unansweredInvitation(now?: Date) {
  return (eb: ExpressionBuilder<Database, 'organization_invitations'>) =>
    eb.and([
      eb('organization_invitations.accepted_at', 'is', null),
      eb('organization_invitations.declined_at', 'is', null),
      eb('organization_invitations.revoked_at', 'is', null),
      ...(now ? [eb('organization_invitations.expires_at', '>', now)] : []),
    ]);
}

export function openInvitations(deps: Pick<AppDeps, 'db' | 'clock'>) {
  return deps.db
    .selectFrom('organization_invitations')
    .leftJoin('users', 'users.id', 'organization_invitations.invited_by')
    .selectAll('organization_invitations')
    .select(['users.uuid as inviter_uuid', 'users.name as inviter_name'])
    .where(unansweredInvitation(deps.clock.now()));
}

type OpenRow = Awaited<ReturnType<ReturnType<typeof openInvitations>['executeTakeFirstOrThrow']>>;

export function toOutput(row: OpenRow): InvitationOutput {
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
