/**
 * The domain events of packages/api and their payloads: plain data (ids and JSON), so this file
 * imports nothing from any area. An area emits them inside the transaction of the change it
 * reports; the composition root (src/subscriptions.ts) decides who reacts.
 */

/** JSON data, such as an object as the REST API shows it. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** An instance of the organization was created, activated, suspended, resumed or deleted. */
export type InstanceEvent = { organizationId: number; instanceId: number };

/** The organization changed (its name, say), started closing or was deleted (purged). */
export type OrganizationEvent = { organizationId: number };

/** A user joined the organization (after the insert) or is leaving it (before the delete). */
export type MemberEvent = { organizationId: number; userId: number };

/** The branding of the organization or of one of its instances (`targetUuid`) changed. */
export type BrandingEvent = { organizationId: number; targetUuid: string };

/**
 * Support replied to a ticket (the reply is written). `ticket` is the ticket's summary as the
 * reply read it, before the reply; `organizationId` is null for a ticket about no organization.
 */
export type TicketRepliedEvent = {
  organizationId: number | null;
  ticketId: number;
  ticketUuid: string;
  ticket: JsonObject;
};

/** Event name → payload. */
export type DomainEventMap = {
  'instance.created': InstanceEvent;
  'instance.activated': InstanceEvent;
  'instance.suspended': InstanceEvent;
  'instance.resumed': InstanceEvent;
  'instance.deleted': InstanceEvent;
  'organization.updated': OrganizationEvent;
  'organization.closing': OrganizationEvent;
  'organization.deleted': OrganizationEvent;
  'member.added': MemberEvent;
  'member.removed': MemberEvent;
  'branding.updated': BrandingEvent;
  'ticket.replied': TicketRepliedEvent;
};

export type DomainEventName = keyof DomainEventMap;
