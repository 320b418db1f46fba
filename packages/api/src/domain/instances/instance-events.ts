import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { toInstanceOutput } from './instance-output';

/**
 * The instance as the REST API shows it, read with the caller's handle (inside the transaction of
 * the change its instance.* event reports), for that event's webhook data; undefined when gone.
 */
export async function instanceEventObject(
  db: Kysely<Database>,
  deps: Pick<AppDeps, 'config'>,
  instanceId: number,
): Promise<{ objectUuid: string; data: unknown } | undefined> {
  const row = await db
    .selectFrom('instances')
    .innerJoin('organizations', 'organizations.id', 'instances.organization_id')
    .selectAll('instances')
    .select(['organizations.uuid as organization_uuid', 'organizations.name as organization_name'])
    .where('instances.id', '=', instanceId)
    .executeTakeFirst();
  return row && { objectUuid: row.uuid, data: toInstanceOutput(deps, row) };
}
