/**
 * Who reacts to which domain event: the one place that knows (the composition root; createDeps
 * calls it once per AppDeps). Every handler runs in the emitter's transaction, so a reaction
 * commits or rolls back with the change it reacts to. Areas emit (deps.domainEvents.emit) and
 * never import the areas that react.
 */
import type { AppDeps } from '../core/app-deps';
import type { InstanceEvent, MemberEvent, OrganizationEvent } from '../core/events/domain-events';
import { instanceEventObject } from '../domain/instances';
import { memberEventObject, organizationEventObject } from '../domain/organizations';
import { threadOf } from '../domain/support';
import { emitWebhookEvent, recordWebhookEvent, retireWebhooks } from '../domain/webhooks';

const INSTANCE_EVENTS = [
  'instance.created',
  'instance.activated',
  'instance.suspended',
  'instance.resumed',
  'instance.deleted',
] as const;
const ORGANIZATION_EVENTS = [
  'organization.updated',
  'organization.closing',
  'organization.deleted',
] as const;
const MEMBER_EVENTS = ['member.added', 'member.removed'] as const;

export function subscribe(deps: AppDeps): void {
  subscribeWebhooks(deps);
}

/**
 * Webhooks: each event becomes the webhook event of the same name for the organization's
 * endpoints (the outbox row of domain/webhooks/emit.ts), with the object as the REST API shows
 * it, read only when an endpoint listens.
 */
function subscribeWebhooks(deps: AppDeps): void {
  const { domainEvents: events, clock } = deps;
  for (const type of INSTANCE_EVENTS) {
    events.on(type, (db, event: InstanceEvent) =>
      recordWebhookEvent(db, clock, {
        organizationId: event.organizationId,
        type,
        read: () => instanceEventObject(db, deps, event.instanceId),
      }),
    );
  }
  for (const type of ORGANIZATION_EVENTS) {
    events.on(type, (db, event: OrganizationEvent) =>
      recordWebhookEvent(db, clock, {
        organizationId: event.organizationId,
        type,
        read: () => organizationEventObject(db, event.organizationId),
      }),
    );
  }
  // After its organization.deleted event, a deleted organization's endpoints stop being listed
  // and receiving events; the webhook sweep removes them once their last deliveries are done.
  events.on('organization.deleted', (db, event) =>
    retireWebhooks(db, event.organizationId, clock.now()),
  );
  for (const type of MEMBER_EVENTS) {
    events.on(type, (db, event: MemberEvent) =>
      recordWebhookEvent(db, clock, {
        organizationId: event.organizationId,
        type,
        read: () => memberEventObject(db, event.organizationId, event.userId),
      }),
    );
  }
  // The branding's data is read when the event is first sent (null in the outbox row).
  events.on('branding.updated', (db, event) =>
    emitWebhookEvent(db, {
      organizationId: event.organizationId,
      type: 'branding.updated',
      objectUuid: event.targetUuid,
      data: null,
      at: clock.now(),
    }),
  );
  // A ticket about no organization has no webhooks.
  events.on('ticket.replied', async (db, event) => {
    if (event.organizationId === null) return;
    await recordWebhookEvent(db, clock, {
      organizationId: event.organizationId,
      type: 'ticket.replied',
      read: async () => ({
        objectUuid: event.ticketUuid,
        data: { ...event.ticket, ...(await threadOf(db, event.ticketId)) },
      }),
    });
  });
}
