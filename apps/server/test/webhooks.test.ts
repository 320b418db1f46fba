import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emitWebhookEvent, organizationClosure, runDueJobs, sweepWebhooks } from '@scmp/api';
import { WEBHOOK_RETRY_DELAYS_SECONDS, WEBHOOK_TEXTS } from '@scmp/api/contracts/webhooks';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { fields, supportHelpers } from '../src/testing/support-helpers';
import { startWebhookReceiver, verifyStandardWebhook } from '../src/testing/webhook-receiver';
import { organizationId } from '../src/testing/organization-rows';

/**
 * Webhooks (issue 22) through the REST door: endpoints, the signed events of every area as a
 * receiver written from the Standard Webhooks specification checks them, retries with one
 * webhook-id, timeouts, disabling after 3 days on the test clock, redelivery, the outbox's
 * transaction, and the delivery log's paging.
 */
let h: TestHarness;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  h = await createHarness({ webhooks: { timeoutMs: 300 } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});
beforeEach(async () => {
  // Each case starts with no attempt of an earlier case still queued.
  await sql`UPDATE jobs SET completed_at = now()
    WHERE type = 'webhooks.deliver' AND completed_at IS NULL`.execute(h.db);
  receiver.received.length = 0;
  receiver.setResponse(() => 200);
});

type User = Awaited<ReturnType<TestHarness['createUser']>>;
const ALL_EVENTS = [
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

describe('webhook endpoints', () => {
  it('creates with a secret shown once (encrypted at rest), lists, edits and deletes', async () => {
    const owner = await h.createUser();
    const orgUuid = await newOrganization(owner);
    const created = await h.rest('POST', `/organizations/${orgUuid}/webhooks`, {
      token: owner.token,
      body: { url: receiver.url, events: ['instance.created', 'instance.created'] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.message).toBe(WEBHOOK_TEXTS.created);
    const hook = created.body.data;
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(hook.events).toEqual(['instance.created']);

    const row = await h.db
      .selectFrom('webhook_endpoints')
      .select('secret_encrypted')
      .where('uuid', '=', hook.uuid)
      .executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(hook.secret.slice(6));

    const list = await h.rest('GET', `/organizations/${orgUuid}/webhooks`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.text).not.toContain(hook.secret);
    const one = await h.rest('GET', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, {
      token: owner.token,
    });
    expect(one.body.data).not.toHaveProperty('secret');

    const patched = await h.rest('PATCH', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, {
      token: owner.token,
      body: { events: ['instance.deleted'], description: 'Renamed', enabled: false },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data).toMatchObject({
      events: ['instance.deleted'],
      description: 'Renamed',
      enabled: false,
    });

    const removed = await h.rest('DELETE', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    const gone = await h.rest('GET', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, {
      token: owner.token,
    });
    expect(gone.status).toBe(404);
  });

  it('refuses bad input with 422 on the field, and answers 404 to strangers', async () => {
    const owner = await h.createUser();
    const orgUuid = await newOrganization(owner);
    const cases: Array<[unknown, string]> = [
      [{ url: 'not a url', events: ['instance.created'] }, 'url'],
      [{ url: 'ftp://example.com/hook', events: ['instance.created'] }, 'url'],
      [{ url: 'https://user:pass@example.com/hook', events: ['instance.created'] }, 'url'],
      [{ url: receiver.url, events: [] }, 'events'],
      [{ url: receiver.url, events: ['instance.exploded'] }, 'events'],
      [{ url: receiver.url, events: 'instance.created' }, 'events'],
      [{ url: `https://example.com/${'a'.repeat(2001)}`, events: ['instance.created'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const res = await h.rest('POST', `/organizations/${orgUuid}/webhooks`, {
        token: owner.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).join(), res.text).toContain(field);
    }
    const stranger = await h.createUser();
    const hook = await addWebhook(owner, orgUuid, ['instance.created']);
    for (const [method, path] of [
      ['GET', `/organizations/${orgUuid}/webhooks`],
      ['GET', `/organizations/${orgUuid}/webhooks/${hook.uuid}`],
      ['POST', `/organizations/${orgUuid}/webhooks/${hook.uuid}/test`],
      ['DELETE', `/organizations/${orgUuid}/webhooks/${hook.uuid}`],
      ['GET', `/organizations/${orgUuid}/webhooks/${hook.uuid}/deliveries`],
    ] as const) {
      const res = await h.rest(method, path, { token: stranger.token });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const otherOrg = await newOrganization(stranger);
    const crossed = await h.rest('GET', `/organizations/${otherOrg}/webhooks/${hook.uuid}`, {
      token: stranger.token,
    });
    expect(crossed.status).toBe(404);
  });
});

describe('signed events', () => {
  it('sends instance.created and instance.activated, signed as Standard Webhooks says, with the REST shape', async () => {
    const owner = await h.createUser();
    const orgUuid = await newOrganization(owner);
    await subscribeInDb(orgUuid);
    const hook = await addWebhook(owner, orgUuid);
    const deployed = await h.rest('POST', '/instances', {
      token: owner.token,
      body: { organization_uuid: orgUuid, name: 'Portal' },
    });
    expect(deployed.status, deployed.text).toBe(201);
    await drain();

    const events = verified(hook.secret);
    expect(events.map((e) => e.type)).toEqual(['instance.created', 'instance.activated']);
    const instance = await h.rest('GET', `/instances/${deployed.body.data.uuid}`, {
      token: owner.token,
    });
    const activated = events[1]!;
    expect(Object.keys(activated.data).sort()).toEqual(Object.keys(instance.body.data).sort());
    expect(activated.data).toMatchObject({ uuid: deployed.body.data.uuid, status: 'active' });
    expect(activated.organization).toEqual({ uuid: orgUuid, name: 'Hook School' });
    expect(activated.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(receiver.received[0]!.headers['content-type']).toBe('application/json');

    // A tampered body or another secret fails the reference verifier.
    const first = receiver.received[0]!;
    expect(() =>
      verifyStandardWebhook(
        hook.secret,
        first.headers,
        first.body.replace('Portal', 'P0rtal'),
        nowSeconds(),
      ),
    ).toThrow();
    expect(() =>
      verifyStandardWebhook(
        `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
        first.headers,
        first.body,
        nowSeconds(),
      ),
    ).toThrow();

    const log = await deliveries(owner, orgUuid, hook.uuid);
    expect(log.map((d) => [d.event, d.status, d.attempts, d.response_status])).toEqual([
      ['instance.activated', 'succeeded', 1, 200],
      ['instance.created', 'succeeded', 1, 200],
    ]);
    expect(log[0]!.response_body).toBe('thanks');

    // Suspend, resume and delete, each an event.
    const id = deployed.body.data.uuid;
    receiver.received.length = 0;
    expect(
      (
        await h.rest('PATCH', `/instances/${id}/status`, {
          token: owner.token,
          body: { action: 'suspend' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await h.rest('PATCH', `/instances/${id}/status`, {
          token: owner.token,
          body: { action: 'resume' },
        })
      ).status,
    ).toBe(200);
    expect((await h.rest('DELETE', `/instances/${id}`, { token: owner.token })).status).toBe(200);
    await drain();
    const later = verified(hook.secret);
    expect(later.map((e) => [e.type, e.data.status])).toEqual([
      ['instance.suspended', 'suspended'],
      ['instance.resumed', 'active'],
      ['instance.deleted', 'terminated'],
    ]);
  });

  it('sends organization, branding, member, ticket and billing events', async () => {
    const owner = await h.createUser({ name: 'Olive Owner' });
    const orgUuid = await newOrganization(owner);
    const hook = await addWebhook(owner, orgUuid);

    expect(
      (
        await h.rest('PUT', `/organizations/${orgUuid}`, {
          token: owner.token,
          body: { type: 'school', name: 'Hook Academy' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await h.rest('PUT', `/branding/${orgUuid}`, {
          token: owner.token,
          body: { company_name: 'Hook Co' },
        })
      ).status,
    ).toBe(200);

    const colleague = await h.createUser({ name: 'Colin Colleague' });
    const invited = await h.rest('POST', `/organizations/${orgUuid}/invitations`, {
      token: owner.token,
      body: { email: colleague.email, role: 'member' },
    });
    expect(invited.status, invited.text).toBe(201);
    const mail = await h.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to_address', '=', colleague.email)
      .where('kind', '=', 'invitation')
      .executeTakeFirstOrThrow();
    const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const accepted = await h.rest('POST', `/invitations/${token}/accept`, {
      token: colleague.token,
    });
    expect(accepted.status, accepted.text).toBe(200);
    const removed = await h.rest('DELETE', `/organizations/${orgUuid}/members/${colleague.uuid}`, {
      token: owner.token,
    });
    expect(removed.status, removed.text).toBe(200);

    const support = supportHelpers(() => h);
    const ticket = await support.postMultipart(owner.token, fields({ organization_uuid: orgUuid }));
    expect(ticket.status, ticket.text).toBe(201);
    const staff = await h.createUser({ staff: true, name: 'Sam Support' });
    const reply = await h.rest('POST', `/support/staff/tickets/${ticket.body.data.uuid}/messages`, {
      token: staff.token,
      body: { message: 'We are on it.' },
    });
    expect(reply.status, reply.text).toBe(201);

    const card = await h.rest('POST', '/payments/test/payment-methods', {
      token: owner.token,
      body: { type: 'card', number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
    });
    expect(card.status, card.text).toBe(201);
    const subscribed = await h.rest('POST', '/subscription', {
      token: owner.token,
      body: {
        organization_uuid: orgUuid,
        plan_type: 'basic',
        additional_venues: 0,
        payment_method_id: card.body.data.id,
        payment_type: 'card',
        billing_details: {
          name: 'Olive Owner',
          email: owner.email,
          address: {
            line1: '1 High St',
            line2: '',
            city: 'Leeds',
            postal_code: 'LS1 1AA',
            country: 'GB',
          },
        },
      },
    });
    expect(subscribed.status, subscribed.text).toBe(201);
    await drain();

    const events = verified(hook.secret);
    const byType = new Map(events.map((e) => [e.type, e]));
    expect(byType.get('organization.updated')!.data).toMatchObject({
      uuid: orgUuid,
      name: 'Hook Academy',
    });
    expect(byType.get('organization.updated')!.data).not.toHaveProperty('role');
    expect(byType.get('branding.updated')!.data).toMatchObject({
      uuid: orgUuid,
      company_name: 'Hook Co',
    });
    expect(byType.get('member.added')!.data).toMatchObject({
      user: { uuid: colleague.uuid, name: 'Colin Colleague' },
      role: 'member',
    });
    expect(byType.get('member.removed')!.data.user.uuid).toBe(colleague.uuid);
    const replied = byType.get('ticket.replied')!.data;
    expect(replied.uuid).toBe(ticket.body.data.uuid);
    expect(replied.messages.at(-1)).toMatchObject({
      message: 'We are on it.',
      is_staff_reply: true,
    });
    expect(byType.get('subscription.created')!.data).toMatchObject({
      uuid: subscribed.body.data.uuid,
      plan_type: 'basic',
    });
    const paid = byType.get('invoice.paid')!.data;
    const history = await h.rest('GET', '/subscription/billing-history', {
      token: owner.token,
      query: { organization_uuid: orgUuid },
    });
    expect(history.body.data.map((i: { id: string }) => i.id)).toContain(paid.id);
    expect(Object.keys(paid).sort()).toEqual(Object.keys(history.body.data[0]).sort());

    // Cancelling the subscription is subscription.canceled.
    receiver.received.length = 0;
    const cancelled = await h.rest('PATCH', '/subscription/cancel', {
      token: owner.token,
      body: { organization_uuid: orgUuid },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    await drain();
    expect(verified(hook.secret).map((e) => e.type)).toContain('subscription.canceled');
  });

  it('sends organization.deleted after the organization is gone, then forgets its endpoints', async () => {
    const owner = await h.createUser();
    const orgUuid = await newOrganization(owner);
    const hook = await addWebhook(owner, orgUuid, ['organization.deleted']);
    expect(
      (await h.rest('DELETE', `/organizations/${orgUuid}`, { token: owner.token })).status,
    ).toBe(200);
    // Closing schedules the purge; organization.deleted is sent when it happens (day 60).
    await organizationClosure.purgeClosedOrganizations(
      h.deps,
      new Date(h.clock.now().getTime() + 60 * 86_400_000),
    );
    await drain();
    const [event] = verified(hook.secret);
    expect(event).toMatchObject({ type: 'organization.deleted', data: { uuid: orgUuid } });
    await sweepWebhooks(h.deps);
    const left = await h.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('uuid', '=', hook.uuid)
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });

  it('writes nothing for an organization without webhooks, and nothing for a change that rolled back', async () => {
    const owner = await h.createUser();
    const quiet = await newOrganization(owner);
    const before = await h.db
      .selectFrom('webhook_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    await h.rest('PUT', `/organizations/${quiet}`, {
      token: owner.token,
      body: { type: 'school', name: 'Quiet' },
    });
    const after = await h.db
      .selectFrom('webhook_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    const orgUuid = await newOrganization(owner);
    await addWebhook(owner, orgUuid, ['organization.updated']);
    // Another organization already holds this subdomain: the update fails, and so does its event.
    const taken = await h.db
      .selectFrom('organizations')
      .select('subdomain')
      .where('uuid', '=', quiet)
      .executeTakeFirstOrThrow();
    const refused = await h.rest('PUT', `/organizations/${orgUuid}`, {
      token: owner.token,
      body: { type: 'school', name: 'Renamed', subdomain: taken.subdomain },
    });
    expect(refused.status).toBe(409);
    const org = { id: await organizationId(h.db, orgUuid) };
    await expect(
      h.db.transaction().execute(async (trx) => {
        await emitWebhookEvent(trx, {
          organizationId: org.id,
          type: 'organization.updated',
          data: {},
          at: h.clock.now(),
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const events = await h.db
      .selectFrom('webhook_events')
      .select('id')
      .where('organization_id', '=', org.id)
      .execute();
    expect(events).toHaveLength(0);
  });
});

describe('retries, timeouts and disabling', () => {
  it('retries a 500 with the same webhook-id and body after 5 s, 5 min, …, and succeeds later', async () => {
    const owner = await h.createUser();
    const orgUuid = await newOrganization(owner);
    const hook = await addWebhook(owner, orgUuid, ['organization.updated']);
    receiver.setResponse(() => 500);
    await h.rest('PUT', `/organizations/${orgUuid}`, {
      token: owner.token,
      body: { type: 'school', name: 'Retry School' },
    });
    await drain();
    let [delivery] = await deliveries(owner, orgUuid, hook.uuid);
    expect(delivery).toMatchObject({
      status: 'retrying',
      attempts: 1,
      response_status: 500,
      error: 'HTTP 500',
    });
    expect(Date.parse(delivery!.next_retry_at) - Date.parse(delivery!.last_attempt_at)).toBe(5000);

    await drain(); // not due yet
    expect(receiver.received).toHaveLength(1);
    h.clock.advance(5000);
    await drain();
    [delivery] = await deliveries(owner, orgUuid, hook.uuid);
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 2 });
    expect(Date.parse(delivery!.next_retry_at) - Date.parse(delivery!.last_attempt_at)).toBe(
      300_000,
    );

    receiver.setResponse(() => 204);
    h.clock.advance(300_000);
    await drain();
    [delivery] = await deliveries(owner, orgUuid, hook.uuid);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      response_status: 204,
      next_retry_at: null,
    });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-timestamp'])).size).toBe(3);
    for (const r of receiver.received) {
      verifyStandardWebhook(hook.secret, r.headers, r.body, Number(r.headers['webhook-timestamp']));
    }
  });

  it('counts a receiver that does not answer in time as a failed attempt, and does not follow redirects', async () => {
    const owner = await h.createUser();
    const orgUuid = await newOrganization(owner);
    const hook = await addWebhook(owner, orgUuid, ['organization.updated']);
    receiver.setResponse(() => 'hang');
    await h.rest('PUT', `/organizations/${orgUuid}`, {
      token: owner.token,
      body: { type: 'school', name: 'Slow School' },
    });
    await drain();
    let [delivery] = await deliveries(owner, orgUuid, hook.uuid);
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 1, response_status: null });
    expect(delivery!.error).toMatch(/^Timed out after/);

    receiver.setResponse(() => ({
      status: 302,
      headers: { location: 'http://169.254.169.254/latest/meta-data' },
    }));
    h.clock.advance(5000);
    await drain();
    [delivery] = await deliveries(owner, orgUuid, hook.uuid);
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 2, response_status: 302 });
    expect(receiver.received).toHaveLength(2);
  });

  it('gives up after the last retry, and disables an endpoint failing for 3 days, telling the owner', async () => {
    const owner = await h.createUser();
    const orgUuid = await newOrganization(owner);
    const hook = await addWebhook(owner, orgUuid, ['organization.updated']);
    receiver.setResponse(() => 503);
    await h.rest('PUT', `/organizations/${orgUuid}`, {
      token: owner.token,
      body: { type: 'school', name: 'Down 1' },
    });
    await drain();
    for (const seconds of WEBHOOK_RETRY_DELAYS_SECONDS) {
      h.clock.advance(seconds * 1000);
      await drain();
    }
    let [delivery] = await deliveries(owner, orgUuid, hook.uuid);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8, next_retry_at: null });
    expect(receiver.received).toHaveLength(8);
    let endpoint = (
      await h.rest('GET', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, { token: owner.token })
    ).body.data;
    expect(endpoint.enabled).toBe(true); // failing for ~28 h only

    h.clock.advance(2 * 86_400_000);
    await h.rest('PUT', `/organizations/${orgUuid}`, {
      token: owner.token,
      body: { type: 'school', name: 'Down 2' },
    });
    await drain();
    endpoint = (
      await h.rest('GET', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, { token: owner.token })
    ).body.data;
    expect(endpoint).toMatchObject({ enabled: false, disabled_reason: WEBHOOK_TEXTS.disabled(3) });
    [delivery] = await deliveries(owner, orgUuid, hook.uuid);
    expect(delivery!.status).toBe('failed');
    const mail = await h.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('to_address', '=', owner.email)
      .where('kind', '=', 'webhook-disabled')
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(hook.url);

    // A disabled endpoint gets nothing; enabling it again starts afresh.
    const count = receiver.received.length;
    await h.rest('PUT', `/organizations/${orgUuid}`, {
      token: owner.token,
      body: { type: 'school', name: 'Down 3' },
    });
    await drain();
    expect(receiver.received).toHaveLength(count);
    const enabled = await h.rest('PATCH', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, {
      token: owner.token,
      body: { enabled: true },
    });
    expect(enabled.body.data).toMatchObject({
      enabled: true,
      disabled_reason: null,
      failing_since: null,
    });
  });

  it('redelivers an event as a new delivery with the same webhook-id, and sends test pings', async () => {
    const owner = await h.createUser();
    const orgUuid = await newOrganization(owner);
    const hook = await addWebhook(owner, orgUuid, ['organization.updated']);
    await h.rest('PUT', `/organizations/${orgUuid}`, {
      token: owner.token,
      body: { type: 'school', name: 'Again' },
    });
    await drain();
    const [first] = await deliveries(owner, orgUuid, hook.uuid);
    const again = await h.rest(
      'POST',
      `/organizations/${orgUuid}/webhooks/${hook.uuid}/deliveries/${first!.uuid}/redeliver`,
      { token: owner.token },
    );
    expect(again.status, again.text).toBe(202);
    expect(again.body.data).toMatchObject({ status: 'pending', event_id: first!.event_id });
    const ping = await h.rest('POST', `/organizations/${orgUuid}/webhooks/${hook.uuid}/test`, {
      token: owner.token,
    });
    expect(ping.status, ping.text).toBe(202);
    expect(ping.body.data.event).toBe('ping');
    await drain();
    const events = verified(hook.secret);
    expect(events.map((e) => e.type)).toEqual([
      'organization.updated',
      'organization.updated',
      'ping',
    ]);
    expect(events[0]!.id).toBe(events[1]!.id);

    const unknown = await h.rest(
      'POST',
      `/organizations/${orgUuid}/webhooks/${hook.uuid}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`,
      { token: owner.token },
    );
    expect(unknown.status).toBe(404);

    // The log pages by cursor, newest first.
    const page1 = await h.rest(
      'GET',
      `/organizations/${orgUuid}/webhooks/${hook.uuid}/deliveries`,
      {
        token: owner.token,
        query: { limit: '2' },
      },
    );
    expect(page1.body.data.map((d: { event: string }) => d.event)).toEqual([
      'ping',
      'organization.updated',
    ]);
    const page2 = await h.rest(
      'GET',
      `/organizations/${orgUuid}/webhooks/${hook.uuid}/deliveries`,
      {
        token: owner.token,
        query: { limit: '2', cursor: page1.body.next_cursor },
      },
    );
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.next_cursor).toBeNull();
  });
});
