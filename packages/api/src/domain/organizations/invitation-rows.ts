import type { AppDeps } from '../../core/app-deps';
import type { InvitationOutput } from './member-schema';
import { toIso } from '../../core/iso-date';

export function openInvitations(deps: Pick<AppDeps, 'db' | 'clock'>) {
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
