import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_SECONDS, WEBHOOK_TEXTS } from '@scmp/api/contracts/webhooks';
import { mailsTo } from '../src/testing/recorded-rows';
import { verifyStandardWebhook } from '../src/testing/webhook-receiver';
import { h, receiver, useWebhookWorld } from './webhooks/fixtures';

/**
 * Webhook deliveries (issue 22): retries with one webhook-id, timeouts, disabling after 3 days on
 * the test clock, redelivery, test pings and the delivery log's paging.
 */
const { ownerWithWebhook, rename, drain, deliveries, verified } = useWebhookWorld();

describe('retries, timeouts and disabling', () => {
  it('retries a 500 with the same webhook-id and body after 5 s, 5 min, …, and succeeds later', async () => {
    const { owner, orgUuid, hook } = await ownerWithWebhook({ events: ['organization.updated'] });
    receiver.setResponse(() => 500);
    await rename(owner, orgUuid, 'Retry School');
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
    const { owner, orgUuid, hook } = await ownerWithWebhook({ events: ['organization.updated'] });
    receiver.setResponse(() => 'hang');
    await rename(owner, orgUuid, 'Slow School');
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
    const { owner, orgUuid, hook } = await ownerWithWebhook({ events: ['organization.updated'] });
    receiver.setResponse(() => 503);
    await rename(owner, orgUuid, 'Down 1');
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
    await rename(owner, orgUuid, 'Down 2');
    await drain();
    endpoint = (
      await h.rest('GET', `/organizations/${orgUuid}/webhooks/${hook.uuid}`, { token: owner.token })
    ).body.data;
    expect(endpoint).toMatchObject({ enabled: false, disabled_reason: WEBHOOK_TEXTS.disabled(3) });
    [delivery] = await deliveries(owner, orgUuid, hook.uuid);
    expect(delivery!.status).toBe('failed');
    const [mail] = await mailsTo(h.db, owner.email, { kind: 'webhook-disabled' });
    expect(mail!.text).toContain(hook.url);

    // A disabled endpoint gets nothing; enabling it again starts afresh.
    const count = receiver.received.length;
    await rename(owner, orgUuid, 'Down 3');
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
    const { owner, orgUuid, hook } = await ownerWithWebhook({ events: ['organization.updated'] });
    await rename(owner, orgUuid, 'Again');
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
