import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';

/**
 * Ends a person's memberships in `trx` (in one organization, or in all of them), never the
 * owner's: each one's member.removed event first (its reactions run in the same transaction),
 * then the rows.
 */
export async function endMemberships(
  deps: Pick<AppDeps, 'domainEvents'>,
  trx: Kysely<Database>,
  match: { userId: number; organizationId?: number },
): Promise<void> {
  let memberships = trx
    .selectFrom('organization_members')
    .select('organization_id')
    .where('user_id', '=', match.userId)
    .where('role', '!=', 'owner');
  let rows = trx
    .deleteFrom('organization_members')
    .where('user_id', '=', match.userId)
    .where('role', '!=', 'owner');
  if (match.organizationId !== undefined) {
    memberships = memberships.where('organization_id', '=', match.organizationId);
    rows = rows.where('organization_id', '=', match.organizationId);
  }
  for (const m of await memberships.execute()) {
    await deps.domainEvents.emit(trx, 'member.removed', {
      organizationId: m.organization_id,
      userId: match.userId,
    });
  }
  await rows.execute();
}
