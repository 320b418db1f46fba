import { WEBHOOK_PING_EVENT, WEBHOOK_TEXTS } from '../../contracts/webhooks';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { keysetPage, type Page } from '../../core/keyset-page';
import { isUuid } from '../../core/uuid';
import { isoDated, pickKeys } from '../../core/output-rows';
import { enqueueAttempt } from './deliver';
import { endpointOf } from './endpoints';

/** A new delivery of an event to an endpoint, with its first attempt queued now. */
async function queueDelivery(
  trx: AppDeps['db'],
  endpointId: number,
  eventId: string,
  now: Date,
): Promise<string> {
  const delivery = await trx
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: endpointId,
      event_id: eventId,
      next_attempt_at: now,
      response_status: null,
      response_body: null,
      duration_ms: null,
      error: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueAttempt(trx, delivery.id, 1, now);
  return delivery.id;
}

/** An endpoint's deliveries: test pings, the log (keyset pages) and redelivery. */

import {
  deliveryOutput as deliveryOutputSchema,
  type WebhookDeliveryOutput,
} from './webhook-schema';

type Actor = { id: number };

/** Sends a `ping` event to this endpoint only (whatever events it listens for). */
export async function sendTestEvent(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
): Promise<WebhookDeliveryOutput> {
  const { org, endpoint } = await endpointOf(deps, actor, organizationUuid, uuid);
  const now = deps.clock.now();
  const deliveryId = await deps.db.transaction().execute(async (trx) => {
    const event = await trx
      .insertInto('webhook_events')
      .values({
        message_id: `msg_${crypto.randomUUID().replaceAll('-', '')}`,
        organization_id: org.id,
        organization_uuid: org.uuid,
        organization_name: org.name,
        type: WEBHOOK_PING_EVENT,
        object_uuid: null,
        data: JSON.stringify({ webhook: { uuid: endpoint.uuid, url: endpoint.url } }),
        body: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return queueDelivery(trx, endpoint.id, event.id, now);
  });
  return deliveryOutput(deps, deliveryId);
}

/** Deliveries with their event, the columns named as the output schema names them. */
function deliveriesQuery(deps: AppDeps) {
  return deps.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as ev', 'ev.id', 'd.event_id')
    .select([
      'd.id',
      'd.uuid',
      'ev.message_id as event_id',
      'ev.type as event',
      'd.status',
      'd.attempts',
      'd.response_status',
      'd.response_body',
      'd.duration_ms',
      'd.error',
      'd.next_attempt_at as next_retry_at',
      'd.last_attempt_at',
      'd.created_at',
    ]);
}

type DeliveryRow = Awaited<
  ReturnType<ReturnType<typeof deliveriesQuery>['executeTakeFirstOrThrow']>
>;

function deliveryToOutput(row: DeliveryRow): WebhookDeliveryOutput {
  return isoDated(pickKeys(row, deliveryOutputSchema.keyof().options));
}

async function deliveryOutput(deps: AppDeps, id: string) {
  return deliveryToOutput(
    await deliveriesQuery(deps).where('d.id', '=', id).executeTakeFirstOrThrow(),
  );
}

/** An endpoint's deliveries, newest first, in keyset pages. */
export async function listDeliveries(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<WebhookDeliveryOutput>> {
  const { endpoint } = await endpointOf(deps, actor, organizationUuid, uuid);
  const query = deliveriesQuery(deps)
    .where('d.endpoint_id', '=', endpoint.id)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc');
  return keysetPage(query, page, deliveryToOutput, { createdAt: 'd.created_at', id: 'd.id' });
}

/** Sends an event to the endpoint again as a new delivery with the same webhook-id. */
export async function redeliver(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
  deliveryUuid: string,
): Promise<WebhookDeliveryOutput> {
  const { endpoint } = await endpointOf(deps, actor, organizationUuid, uuid);
  const original = isUuid(deliveryUuid)
    ? await deps.db
        .selectFrom('webhook_deliveries')
        .select(['event_id'])
        .where('uuid', '=', deliveryUuid)
        .where('endpoint_id', '=', endpoint.id)
        .executeTakeFirst()
    : undefined;
  if (!original) throw new AppError('NOT_FOUND', WEBHOOK_TEXTS.deliveryNotFound);
  const now = deps.clock.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    return queueDelivery(trx, endpoint.id, original.event_id, now);
  });
  return deliveryOutput(deps, id);
}
