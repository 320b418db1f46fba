import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../app-deps';
import { emitWebhookEvent, hasListeners } from '../webhooks/emit';
import type { WebhookEventType } from '../../contracts/webhooks';
import { toInstanceOutput } from './instance-output';

/**
 * Records an instance.* webhook event with the instance as the REST API shows it, inside the
 * transaction of the change (nothing is read when no webhook of the organization listens).
 */
export async function emitInstanceEvent(
  trx: Kysely<Database>,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  instanceId: number,
  type: Extract<WebhookEventType, `instance.${string}`>,
): Promise<void> {
  const row = await trx
    .selectFrom('instances')
    .innerJoin('organizations', 'organizations.id', 'instances.organization_id')
    .selectAll('instances')
    .select(['organizations.uuid as organization_uuid', 'organizations.name as organization_name'])
    .where('instances.id', '=', instanceId)
    .executeTakeFirst();
  if (!row || !(await hasListeners(trx, row.organization_id, type))) return;
  await emitWebhookEvent(trx, {
    organizationId: row.organization_id,
    type,
    objectUuid: row.uuid,
    data: toInstanceOutput(deps, row),
    at: deps.clock.now(),
  });
}
