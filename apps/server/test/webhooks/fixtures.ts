import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { runDueJobs } from '@scmp/api';
import { createHarness, type TestHarness } from '../../src/testing/harness';
import { startWebhookReceiver, verifyStandardWebhook } from '../../src/testing/webhook-receiver';

/**
 * The world of the webhook tests (issue 22): one in-process server with a short delivery
 * timeout and one receiver written from the Standard Webhooks specification (`h` and `receiver`
 * below, set before the file's tests run); each case starts with no attempt of an earlier case still queued and a receiver
 * answering 200.
 */
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
type User = Awaited<ReturnType<TestHarness['createUser']>>;

export const ALL_EVENTS = [
  'organization.updated',
  'organization.deleted',
  'instance.created',
  'instance.activated',
  'instance.suspended',
  'instance.resumed',
  'instance.deleted',
  'branding.updated',
  'subscription.created',
  'subscription.updated',
  'subscription.canceled',
  'invoice.paid',
  'invoice.payment_failed',
  'ticket.replied',
  'member.added',
  'member.removed',
];

export let h: TestHarness;
export let receiver: WebhookReceiver;

export function useWebhookWorld() {
  beforeAll(async () => {
    h = await createHarness({ webhooks: { timeoutMs: 300 } });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await h?.close();
  });
  beforeEach(async () => {
    await sql`UPDATE jobs SET completed_at = now()
      WHERE type = 'webhooks.deliver' AND completed_at IS NULL`.execute(h.db);
    receiver.received.length = 0;
    receiver.setResponse(() => 200);
  });

  async function newOrganization(owner: User) {
    const res = await h.rest('POST', '/organizations', {
      token: owner.token,
      body: {
        name: 'Hook School',
        type: 'school',
        subdomain: `hook-${Math.random().toString(36).slice(2, 8)}`,
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data.uuid as string;
  }

  async function addWebhook(owner: User, orgUuid: string, events = ALL_EVENTS, url = receiver.url) {
    const res = await h.rest('POST', `/organizations/${orgUuid}/webhooks`, {
      token: owner.token,
      body: { url, events, description: 'Our MIS' },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { uuid: string; secret: string; url: string; events: string[] };
  }

  /**
   * A new owner (named `name`), a new organization of theirs (with an active subscription when
   * `subscribed`), and one endpoint for `events` (all by default) on it.
   */
  async function ownerWithWebhook(
    only: { events?: string[]; name?: string; subscribed?: boolean } = {},
  ) {
    const owner = await h.createUser(only.name === undefined ? {} : { name: only.name });
    const orgUuid = await newOrganization(owner);
    if (only.subscribed) await subscribeInDb(orgUuid);
    const hook = await addWebhook(owner, orgUuid, only.events);
    return { owner, orgUuid, hook };
  }

  /** Renames the school: one organization.updated event. */
  const rename = (owner: User, orgUuid: string, name: string, subdomain?: string | null) =>
    h.rest('PUT', `/organizations/${orgUuid}`, {
      token: owner.token,
      body: { type: 'school', name, ...(subdomain === undefined ? {} : { subdomain }) },
    });

  async function subscribeInDb(orgUuid: string) {
    const now = h.clock.now();
    await sql`
      INSERT INTO subscriptions (organization_id, owner_id, provider, plan_type, status,
        current_period_start, current_period_end, billing_details)
      SELECT id, owner_id, 'test', 'unlimited', 'active', ${now}, ${new Date(now.getTime() + 30 * 86_400_000)}, '{}'::jsonb
      FROM organizations WHERE uuid = ${orgUuid}`.execute(h.db);
  }

  /** Runs the due jobs until none is left (a delivery's attempt is one job). */
  async function drain() {
    for (let i = 0; i < 20 && (await runDueJobs(h.deps, undefined, 20)) > 0; i += 1);
  }

  async function deliveries(owner: User, orgUuid: string, hookUuid: string) {
    const res = await h.rest('GET', `/organizations/${orgUuid}/webhooks/${hookUuid}/deliveries`, {
      token: owner.token,
    });
    expect(res.status, res.text).toBe(200);
    return res.body.data as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  const nowSeconds = () => Math.floor(h.clock.now().getTime() / 1000);
  const verified = (secret: string) =>
    receiver.received.map((r) => verifyStandardWebhook(secret, r.headers, r.body, nowSeconds()));

  return {
    newOrganization,
    addWebhook,
    ownerWithWebhook,
    rename,
    subscribeInDb,
    drain,
    deliveries,
    nowSeconds,
    verified,
  };
}
