import type { Selectable } from 'kysely';
import type { WebhookEventsTable } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { brandingViewForEvent } from '../branding';
import { invoiceItemOf, toOutput as subscriptionOutput } from '../billing';
import { toIso } from '../../core/iso-date';

type EventRow = Selectable<WebhookEventsTable>;

/**
 * Billing events are recorded by triggers with the object's uuid only (and branding events too:
 * the view is built from several tables); their data is the object as the REST API shows it,
 * read when the event is first sent.
 */
async function objectDataOf(deps: AppDeps, event: EventRow): Promise<unknown> {
  if (!event.object_uuid) return null;
  if (event.type === 'branding.updated') {
    return (await brandingViewForEvent(deps, event.object_uuid)) ?? { id: event.object_uuid };
  }
  if (event.type.startsWith('invoice.')) {
    const invoice = await deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('uuid', '=', event.object_uuid)
      .executeTakeFirst();
    return invoice ? invoiceItemOf(deps, invoice) : { id: event.object_uuid };
  }
  const sub = await deps.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('uuid', '=', event.object_uuid)
    .executeTakeFirst();
  return sub ? subscriptionOutput(deps, sub, event.organization_uuid) : { id: event.object_uuid };
}

/** The body of an event: `{ id, type, created_at, organization, data }`. */
export async function eventBodyOf(deps: AppDeps, event: EventRow): Promise<string> {
  const data = event.data ?? (await objectDataOf(deps, event));
  return JSON.stringify({
    id: event.message_id,
    type: event.type,
    created_at: toIso(event.created_at),
    organization: { uuid: event.organization_uuid, name: event.organization_name },
    data,
  });
}

/**
 * The body every attempt sends: fixed by the first attempt (so a retry signs the same bytes even if
 * the object changed meanwhile); when two processes race, the first to write wins.
 */
export async function fixedBodyOf(deps: AppDeps, event: EventRow): Promise<string> {
  if (event.body !== null) return event.body;
  const body = await eventBodyOf(deps, event);
  await deps.db
    .updateTable('webhook_events')
    .set({ body })
    .where('id', '=', event.id)
    .where('body', 'is', null)
    .execute();
  const stored = await deps.db
    .selectFrom('webhook_events')
    .select('body')
    .where('id', '=', event.id)
    .executeTakeFirstOrThrow();
  return stored.body ?? body;
}
