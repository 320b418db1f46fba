import { describe, expect, it } from 'vitest';
import { billingService, runDueJobs } from '@scmp/api';
import type { TestHarness } from '../src/testing/harness';
import { mailsTo } from '../src/testing/recorded-rows';
import { createTestCard, postSubscription } from '../src/testing/billing-fixtures';
import {
  SUBSCRIPTION_WEBHOOK_SECRET as WEBHOOK_SECRET,
  useSubscriptionHarness,
} from '../src/testing/subscription-helpers';

let h: TestHarness;
const { newOwner, orgId, addInstances, invoices } = useSubscriptionHarness((made) => (h = made));

describe('lifecycle on the controllable clock', () => {
  it('renews, fails, goes past due, suspends after grace, recovers, then cancels to the period end', async () => {
    const owner = await newOwner();
    const { user, orgUuid } = owner;
    let token = owner.token;
    // The clock jumps months ahead: sign in again after each jump (sessions idle out).
    const relogin = async () => {
      const res = await h.rest('POST', '/auth/login', {
        body: { email: user.email, password: user.password },
      });
      token = (res.body.data?.token ?? res.body.token) as string;
      expect(token).toBeTruthy();
    };
    const sweep = async () => {
      await billingService.runBillingSweep(h.deps);
      await relogin();
    };
    const pm = await createTestCard(h, token, '4000000000000341');
    const created = await postSubscription(h, token, orgUuid, pm, { additional_venues: 1 });
    expect(created.status).toBe(201);
    await addInstances(orgUuid, 2);
    const periodEnd = new Date(created.body.data.current_period_end);

    // Period end: the renewal fails → past_due, the owner is e-mailed.
    h.clock.set(new Date(periodEnd.getTime() + 60_000));
    await sweep();
    let sub = (
      await h.rest('GET', '/subscription', { token, query: { organization_uuid: orgUuid } })
    ).body.data;
    expect(sub.status).toBe('past_due');
    expect(sub.grace_period_ends_at).toBeTruthy();
    let history = await invoices(orgUuid, token);
    expect(history[0]).toMatchObject({ status: 'failed', amount_pence: 25_000 });
    expect(await mailsTo(h.db, user.email, { kind: 'billing-past-due' })).toHaveLength(1);
    expect((await orgId(orgUuid)).status).toBe('active');

    // Still within grace after 6 days: active organization.
    h.clock.advance(6 * 86_400_000);
    await sweep();
    expect((await orgId(orgUuid)).status).toBe('active');

    // Grace over: organization inactive, instances suspended.
    h.clock.advance(2 * 86_400_000);
    await sweep();
    expect((await orgId(orgUuid)).status).toBe('inactive');
    const statuses = async () =>
      (
        await h.db
          .selectFrom('instances')
          .select('status')
          .where('organization_id', '=', (await orgId(orgUuid)).id)
          .execute()
      ).map((r) => r.status);
    expect(await statuses()).toEqual(['suspended', 'suspended']);
    sub = (await h.rest('GET', '/subscription', { token, query: { organization_uuid: orgUuid } }))
      .body.data;
    expect(sub.status).toBe('suspended');

    // Recovery: a working card pays the failed invoice → active and resumed.
    const good = await createTestCard(h, token);
    const upd = await h.rest('PATCH', '/subscription/payment-method', {
      token,
      body: { organization_uuid: orgUuid, payment_method_id: good },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.status).toBe('active');
    expect((await orgId(orgUuid)).status).toBe('active');
    expect(await statuses()).toEqual(['active', 'active']);
    history = await invoices(orgUuid, token);
    expect(history[0].status).toBe('paid');

    // Next renewal succeeds exactly once even when the sweep runs twice.
    const next = new Date(upd.body.data.current_period_end);
    h.clock.set(new Date(next.getTime() + 1000));
    await sweep();
    await sweep();
    history = await invoices(orgUuid, token);
    expect(history.filter((i) => i.status === 'paid')).toHaveLength(3);

    // Cancel: active until service_ends_at, then inactive.
    const cancel = await h.rest('PATCH', '/subscription/cancel', {
      token,
      body: { organization_uuid: orgUuid },
    });
    expect(cancel.body.data.status).toBe('cancelled');
    const ends = new Date(cancel.body.data.service_ends_at);
    h.clock.set(new Date(ends.getTime() - 1000));
    await sweep();
    expect((await orgId(orgUuid)).status).toBe('active');
    h.clock.set(new Date(ends.getTime() + 1000));
    await sweep();
    expect((await orgId(orgUuid)).status).toBe('inactive');
    expect(await invoices(orgUuid, token)).toHaveLength(3);
  });

  it('settles SEPA debits after the processing delay (success and failure)', async () => {
    for (const [iban, expected] of [
      ['DE89370400440532013000', 'paid'],
      ['AT861904300235473202', 'failed'],
    ] as const) {
      const { token, orgUuid } = await newOwner();
      const pm = await h.rest('POST', '/payments/test/payment-methods', {
        token,
        body: { type: 'sepa_debit', iban, name: 'Ada', email: 'a@example.com' },
      });
      const res = await postSubscription(h, token, orgUuid, pm.body.data.id, {
        payment_type: 'direct_debit',
      });
      expect(res.status).toBe(201);
      expect((await invoices(orgUuid, token))[0].status).toBe('pending');
      h.clock.advance(10_000);
      await runDueJobs(h.deps);
      expect((await invoices(orgUuid, token))[0].status).toBe(expected);
      const sub = (
        await h.rest('GET', '/subscription', { token, query: { organization_uuid: orgUuid } })
      ).body.data;
      expect(sub.status).toBe(expected === 'paid' ? 'active' : 'past_due');
    }
  });
});

describe('stripe webhook', () => {
  const post = (payload: string, signature?: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });
  const nowS = () => Math.floor(h.clock.now().getTime() / 1000);

  it('checks the signature over the raw body with a 300 s tolerance', async () => {
    const payload = JSON.stringify({
      id: 'evt_sig_1',
      type: 'invoice.paid',
      data: { object: { id: 'in_1' } },
    });
    expect((await post(payload)).statusCode).toBe(400);
    expect(
      (await post(payload, billingService.signStripePayload(payload, 'wrong', nowS()))).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          payload.replace('in_1', 'in_2'),
          billingService.signStripePayload(payload, WEBHOOK_SECRET, nowS()),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await post(payload, billingService.signStripePayload(payload, WEBHOOK_SECRET, nowS() - 301)))
        .statusCode,
    ).toBe(400);
    const ok = await post(
      payload,
      billingService.signStripePayload(payload, WEBHOOK_SECRET, nowS()),
    );
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ received: true, duplicate: false });
  });

  it('processes each event id once', async () => {
    const payload = JSON.stringify({
      id: 'evt_dup_1',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_x' } },
    });
    const sig = billingService.signStripePayload(payload, WEBHOOK_SECRET, nowS());
    expect(JSON.parse((await post(payload, sig)).body).duplicate).toBe(false);
    expect(JSON.parse((await post(payload, sig)).body).duplicate).toBe(true);
    const rows = await h.db
      .selectFrom('billing_events')
      .selectAll()
      .where('event_id', '=', 'evt_dup_1')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
