import { sql, type Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../app-deps';
import { toOutput } from './organization-rows';
import { emitWebhookEvent, hasListeners } from '../webhooks/emit';

/**
 * Records an organization.* webhook event inside the change's transaction; its data is the
 * organization as the REST API shows it, without the caller-specific `role`.
 */
export async function emitOrganizationEvent(
  trx: Kysely<Database>,
  deps: Pick<AppDeps, 'clock'>,
  organizationId: number,
  type: 'organization.updated' | 'organization.closing' | 'organization.deleted',
): Promise<void> {
  if (!(await hasListeners(trx, organizationId, type))) return;
  const row = await trx
    .selectFrom('organizations')
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom('instances')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('instances.organization_id', '=', 'organizations.id')
        .where('instances.status', '!=', 'terminated')
        .as('live_instances'),
    )
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const { role: _role, ...data } = toOutput(row, Number(row.live_instances ?? 0), 'owner');
  await emitWebhookEvent(trx, {
    organizationId,
    type,
    objectUuid: row.uuid,
    data,
    at: deps.clock.now(),
  });
}
