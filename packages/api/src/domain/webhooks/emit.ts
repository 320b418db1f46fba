import { sql, type Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { Clock } from '../../core/clock';
import type { WebhookEventType } from '../../contracts/webhooks';
import { rowExists } from '../../core/matching-rows';

/**
 * Records an event for the organization's webhooks inside the caller's transaction (the outbox):
 * the event commits or rolls back with the change it reports. `data` is the object as the REST API
 * shows it, or null for an object read when the event is first sent (billing, branding). A no-op when no enabled endpoint of the organization listens for `type`.
 * (The billing tables call the same database function from their triggers.)
 */
export async function emitWebhookEvent(
  trx: Kysely<Database>,
  event: {
    organizationId: number;
    type: WebhookEventType | 'ping';
    objectUuid?: string | null;
    data: unknown;
    at: Date;
  },
): Promise<void> {
  await sql`SELECT scmp_webhook_emit(${event.organizationId}, ${event.type},
    ${event.objectUuid ?? null}::uuid,
    ${event.data === null ? null : JSON.stringify(event.data)}::jsonb, ${event.at})`.execute(trx);
}

/** Whether any enabled endpoint of the organization listens for `type` (skip building data). */
export async function hasListeners(
  db: Kysely<Database>,
  organizationId: number,
  type: WebhookEventType,
): Promise<boolean> {
  return rowExists(
    db
      .selectFrom('webhook_endpoints')
      .where('organization_id', '=', organizationId)
      .where('enabled', '=', true)
      .where('retired_at', 'is', null)
      .where(sql<boolean>`events ? ${type}`),
  );
}

/**
 * Records `type` for the organization inside the caller's transaction when an enabled endpoint
 * listens for it: `read` (the object as the REST API shows it) runs only then, and an object
 * already gone records nothing. `at` is read from the clock as the event is written.
 */
export async function recordWebhookEvent(
  trx: Kysely<Database>,
  clock: Clock,
  event: {
    organizationId: number;
    type: WebhookEventType;
    read: () => Promise<{ objectUuid: string; data: unknown } | undefined>;
  },
): Promise<void> {
  if (!(await hasListeners(trx, event.organizationId, event.type))) return;
  const object = await event.read();
  if (!object) return;
  await emitWebhookEvent(trx, {
    organizationId: event.organizationId,
    type: event.type,
    objectUuid: object.objectUuid,
    data: object.data,
    at: clock.now(),
  });
}

/**
 * Called in the transaction that deletes an organization, after its `organization.deleted` event:
 * the endpoints stop being listed and receiving events, and the sweep removes them once their
 * last deliveries are done.
 */
export async function retireWebhooks(trx: Kysely<Database>, organizationId: number, at: Date) {
  await trx
    .updateTable('webhook_endpoints')
    .set({ retired_at: at })
    .where('organization_id', '=', organizationId)
    .where('retired_at', 'is', null)
    .execute();
}
