import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import { memberOutputOf } from './member-output';

/**
 * The member as GET /organizations/{id}/members shows them, read inside the transaction that adds
 * (after the insert) or removes (before the delete) them, for the member.* event's webhook data.
 */
export async function memberEventObject(
  db: Kysely<Database>,
  organizationId: number,
  userId: number,
): Promise<{ objectUuid: string; data: unknown } | undefined> {
  const row = await db
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
  if (!row) return undefined;
  const data = memberOutputOf(row);
  return { objectUuid: data.user.uuid, data };
}
