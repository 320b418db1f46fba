import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../app-deps';
import { emitWebhookEvent, hasListeners } from '../webhooks/emit';
import { memberOutputOf } from './member-output';

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
