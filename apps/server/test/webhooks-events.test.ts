import { describe, expect, it } from 'vitest';
import { subscribeByCard } from '../src/testing/billing-fixtures';
import { invitationTokenFromMail } from '../src/testing/organization-rows';
import { fields, supportHelpers } from '../src/testing/support-helpers';
import { testBillingDetails } from '../src/testing/test-subscription';
import { verifyStandardWebhook } from '../src/testing/webhook-receiver';
import { h, receiver, useWebhookWorld } from './webhooks/fixtures';

/**
 * The signed events of every area (issue 22), as a receiver written from the Standard Webhooks
 * specification checks them, with the REST shape of their objects.
 */
const { ownerWithWebhook, rename, drain, deliveries, nowSeconds, verified } = useWebhookWorld();

describe('signed events', () => {
  it('sends instance.created and instance.activated, signed as Standard Webhooks says, with the REST shape', async () => {
    const { owner, orgUuid, hook } = await ownerWithWebhook({ subscribed: true });
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
    for (const action of ['suspend', 'resume']) {
      const res = await h.rest('PATCH', `/instances/${id}/status`, {
        token: owner.token,
        body: { action },
      });
      expect(res.status, action).toBe(200);
    }
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
    const { owner, orgUuid, hook } = await ownerWithWebhook({ name: 'Olive Owner' });

    expect((await rename(owner, orgUuid, 'Hook Academy')).status).toBe(200);
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
    const token = await invitationTokenFromMail(h, colleague.email);
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

    const subscribed = await subscribeByCard(h, owner.token, orgUuid, {
      billing_details: testBillingDetails('Olive Owner', owner.email),
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
});
