import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import { memberOutputOf, memberOutputRows } from './member-output';

/**
 * The member as GET /organizations/{id}/members shows them, read inside the transaction that adds
 * (after the insert) or removes (before the delete) them, for the member.* event's webhook data.
 */
export async function memberEventObject(
  db: Kysely<Database>,
  organizationId: number,
  userId: number,
): Promise<{ objectUuid: string; data: unknown } | undefined> {
  const row = await memberOutputRows(db, organizationId)
    .where('organization_members.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const data = memberOutputOf(row);
  return { objectUuid: data.user.uuid, data };
}
