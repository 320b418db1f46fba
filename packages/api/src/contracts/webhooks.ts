/**
 * Webhooks: the events an organization can subscribe to, grouped for the web app's checkboxes, the
 * retry schedule and the texts. Client-safe (no imports): the server and the web app both read it.
 */
export const WEBHOOK_EVENT_GROUPS = [
  {
    area: 'Organization',
    events: [
      { type: 'organization.updated', label: 'Organization updated' },
      { type: 'organization.closing', label: 'Organization closing' },
      { type: 'organization.deleted', label: 'Organization deleted' },
    ],
  },
  {
    area: 'Instances',
    events: [
      { type: 'instance.created', label: 'Instance created' },
      { type: 'instance.activated', label: 'Instance activated' },
      { type: 'instance.suspended', label: 'Instance suspended' },
      { type: 'instance.resumed', label: 'Instance resumed' },
      { type: 'instance.deleted', label: 'Instance deleted' },
    ],
  },
  { area: 'Branding', events: [{ type: 'branding.updated', label: 'Branding updated' }] },
  {
    area: 'Billing',
    events: [
      { type: 'subscription.created', label: 'Subscription created' },
      { type: 'subscription.updated', label: 'Subscription updated' },
      { type: 'subscription.canceled', label: 'Subscription canceled' },
      { type: 'invoice.paid', label: 'Invoice paid' },
      { type: 'invoice.payment_failed', label: 'Invoice payment failed' },
    ],
  },
  { area: 'Support', events: [{ type: 'ticket.replied', label: 'Support replied to a ticket' }] },
  {
    area: 'Members',
    events: [
      { type: 'member.added', label: 'Member added' },
      { type: 'member.removed', label: 'Member removed' },
    ],
  },
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_GROUPS)[number]['events'][number]['type'];

export const WEBHOOK_EVENTS: readonly WebhookEventType[] = WEBHOOK_EVENT_GROUPS.flatMap((group) =>
  group.events.map((entry) => entry.type),
);

/** Sent by "Send test event"; not subscribable. */
export const WEBHOOK_PING_EVENT = 'ping';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Seconds to wait after failed attempt n (1-based) before attempt n + 1; then it has failed. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** An endpoint whose deliveries have failed this long without one success is disabled. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;
export const MAX_WEBHOOK_ENDPOINTS = 20;
/** How much of the receiver's answer is kept for the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT = 1000;

export const WEBHOOK_TEXTS = {
  created: 'Webhook created. Copy the signing secret now: it will not be shown again.',
  updated: 'Webhook updated.',
  deleted: 'Webhook deleted.',
  testSent: 'Test event queued.',
  redelivered: 'Delivery queued again.',
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  tooMany: `An organization can have at most ${MAX_WEBHOOK_ENDPOINTS} webhooks.`,
  urlInvalid: 'Please enter a valid URL starting with https://',
  urlHttpsOnly: 'Webhook URLs must use https://',
  urlCredentials: 'The webhook URL must not contain a user name or password.',
  urlNotPublic: 'Webhook URLs must point to a public internet address.',
  urlUnresolvable: 'The webhook URL’s host name could not be resolved.',
  eventsRequired: 'Choose at least one event',
  disabled: (days: number) =>
    `Disabled after ${days} days of failed deliveries. Fix the receiver, then enable the webhook again.`,
} as const;
