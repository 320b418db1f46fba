import type { Selectable } from 'kysely';
import type { OrganizationsTable } from '@scmp/db';
import type { AppDeps } from '../../../core/app-deps';
import { toIso } from '../../../core/iso-date';
import { withIsoDates } from '../export-rows';
import { jsonEntry } from '../zip-archive';
import { memberRows } from '../../organizations';

/** organization.json: the organization itself. */
export function organizationEntry(org: Selectable<OrganizationsTable>) {
  return jsonEntry('organization.json', async () => ({
    uuid: org.uuid,
    name: org.name,
    type: org.type,
    description: org.description,
    subdomain: org.subdomain,
    status: org.status,
    closing_at: toIso(org.closing_at),
    purge_at: toIso(org.purge_at),
    created_at: toIso(org.created_at),
    updated_at: toIso(org.updated_at),
  }));
}

/** members.json: members with their roles, and the invitations sent. */
export function membersEntry(db: AppDeps['db'], organizationId: number) {
  return jsonEntry('members.json', async () => {
    const members = await memberRows(db, organizationId)
      .orderBy('organization_members.joined_at')
      .execute();
    const invitations = await db
      .selectFrom('organization_invitations')
      .leftJoin('users', 'users.id', 'organization_invitations.invited_by')
      .select([
        'organization_invitations.uuid',
        'organization_invitations.email',
        'organization_invitations.role',
        'users.name as invited_by',
        'organization_invitations.created_at',
        'organization_invitations.expires_at',
        'organization_invitations.accepted_at',
        'organization_invitations.declined_at',
        'organization_invitations.revoked_at',
      ])
      .where('organization_invitations.organization_id', '=', organizationId)
      .orderBy('organization_invitations.id')
      .execute();
    return {
      members: members.map((m) => ({ ...m, joined_at: toIso(m.joined_at) })),
      invitations: invitations.map((i) =>
        withIsoDates(i, ['created_at', 'expires_at', 'accepted_at', 'declined_at', 'revoked_at']),
      ),
    };
  });
}
