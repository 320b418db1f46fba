import type { OrganizationRole } from '../../contracts/roles';
import type { MemberOutput } from './member-schema';
import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import { toIso } from '../../core/iso-date';

/**
 * The organization's members: user uuid, name and e-mail, role and joined_at (the data export's
 * list); the caller narrows it and may add columns.
 */
export const memberRows = (db: Kysely<Database>, organizationId: number) =>
  db
    .selectFrom('organization_members')
    .innerJoin('users', 'users.id', 'organization_members.user_id')
    .select([
      'users.uuid',
      'users.name',
      'users.email',
      'organization_members.role',
      'organization_members.joined_at',
    ])
    .where('organization_members.organization_id', '=', organizationId);

/** The members with the columns memberOutputOf reads. */
export const memberOutputRows = (db: Kysely<Database>, organizationId: number) =>
  memberRows(db, organizationId).select('users.avatar_path');

export function memberOutputOf(r: {
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
