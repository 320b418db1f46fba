import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import { liveInstances, toOutput } from './organization-rows';

/**
 * The organization as the REST API shows it, without the caller-specific `role`, read inside the
 * transaction of the change its organization.* event reports (for that event's webhook data).
 */
export async function organizationEventObject(
  db: Kysely<Database>,
  organizationId: number,
): Promise<{ objectUuid: string; data: unknown }> {
  const row = await db
    .selectFrom('organizations')
    .selectAll()
    .select(liveInstances)
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const { role: _role, ...data } = toOutput(row, Number(row.live_instances ?? 0), 'owner');
  return { objectUuid: row.uuid, data };
}
