import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { STUB_WEBHOOK_SECRET, stubPaymentMethod } from '../src/testing/billing-fixtures';
import { activityOf } from '../src/testing/recorded-rows';
import { h, stub, useStripeWorld } from '../src/testing/stripe-world';

/** Stripe mode: webhooks signed as Stripe signs them, applied from Stripe's state. */
const { newOwner, subscribe, stripeSubOf, setupIntent, invoices, subscriptionOf } =
  useStripeWorld();
const stripe = new Stripe('sk_test_unused');

/** Posts an event signed as Stripe signs it (stripe.webhooks.generateTestHeaderString). */
async function deliver(id: string, type: string, object: Record<string, unknown>, secret?: string) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: secret ?? STUB_WEBHOOK_SECRET,
    timestamp: Math.floor(h.clock.now().getTime() / 1000),
  });
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}
describe('Stripe webhooks', () => {
  it('rejects a bad signature and a stale timestamp', async () => {
    expect((await deliver('evt_bad', 'invoice.paid', { id: 'in_x' }, 'whsec_wrong')).status).toBe(
      400,
    );
    const payload = JSON.stringify({ id: 'evt_old', type: 'invoice.paid', data: { object: {} } });
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: STUB_WEBHOOK_SECRET,
      timestamp: Math.floor(h.clock.now().getTime() / 1000) - 301,
    });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it('settles a SEPA invoice once, and a late stale failure cannot undo it', async () => {
    const o = await newOwner();
    await subscribe(o, stubPaymentMethod('sepa'), { payment_type: 'direct_debit' });
    const invoiceId = stripeSubOf(o.orgUuid).latest_invoice!;
    expect((await invoices(o.orgUuid, o.token))[0]!.status).toBe('pending');
    stub.settleInvoice(invoiceId, 'paid');
    expect(await deliver(`evt_paid_${invoiceId}`, 'invoice.paid', { id: invoiceId })).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    expect((await invoices(o.orgUuid, o.token))[0]!.status).toBe('paid');
    // Out of order: an older "failed" event arrives after the payment succeeded.
    await deliver(`evt_failed_${invoiceId}`, 'invoice.payment_failed', {
      id: invoiceId,
      status: 'open',
    });
    expect((await invoices(o.orgUuid, o.token))[0]!.status).toBe('paid');
    expect((await subscriptionOf(o.orgUuid, o.token)).status).toBe('active');
    const again = await deliver(`evt_paid_${invoiceId}`, 'invoice.paid', { id: invoiceId });
    expect(again.body.duplicate).toBe(true);
  });

  it('mirrors a failed renewal (past due, owner told) and recovers with a new card', async () => {
    const o = await newOwner();
    await subscribe(o, stubPaymentMethod('renewal_fails'));
    const stripeSub = stripeSubOf(o.orgUuid);
    // The stub's period ends (sessions would idle out if the clock moved a whole month).
    h.clock.advance(20 * 86_400_000);
    const renewal = stub.renew(stripeSub.id);
    await deliver(`evt_fail_${renewal.id}`, 'invoice.payment_failed', { id: renewal.id });
    await deliver(`evt_upd_${renewal.id}`, 'customer.subscription.updated', { id: stripeSub.id });
    const sub = await subscriptionOf(o.orgUuid, o.token);
    expect(sub.status).toBe('past_due');
    expect(sub.current_period_start).toBe(new Date(stripeSub.start * 1000).toISOString());
    const items = await invoices(o.orgUuid, o.token);
    expect(items[0]).toMatchObject({ status: 'failed', amount_pence: 30_000 });
    const mail = await h.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('kind', '=', 'billing-past-due')
      .execute();
    expect(mail.length).toBeGreaterThan(0);
    const fixed = await h.rest('PATCH', '/subscription/payment-method', {
      token: o.token,
      body: { organization_uuid: o.orgUuid, payment_method_id: stubPaymentMethod('ok') },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.status).toBe('active');
    expect((await invoices(o.orgUuid, o.token))[0]!.status).toBe('paid');
  });

  it('applies subscription updates and deletion from Stripe state', async () => {
    const o = await newOwner();
    await subscribe(o, stubPaymentMethod('ok'));
    const stripeSub = stripeSubOf(o.orgUuid);
    stripeSub.cancel_at_period_end = true;
    // The event's copy is stale (not cancelling); Stripe's current state wins.
    await deliver(`evt_u_${stripeSub.id}`, 'customer.subscription.updated', {
      id: stripeSub.id,
      cancel_at_period_end: false,
    });
    const cancelled = await subscriptionOf(o.orgUuid, o.token);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.service_ends_at).toBe(new Date(stripeSub.end * 1000).toISOString());
    stripeSub.status = 'canceled';
    await deliver(`evt_d_${stripeSub.id}`, 'customer.subscription.deleted', { id: stripeSub.id });
    expect((await subscriptionOf(o.orgUuid, o.token)).status).toBe('expired');
    const org = await h.rest('GET', `/organizations/${o.orgUuid}`, { token: o.token });
    expect(org.body.data.status).toBe('inactive');
  });

  it('stores a confirmed SEPA mandate and records a failed one', async () => {
    const o = await newOwner();
    const ok = await setupIntent(o);
    const pm = stubPaymentMethod('sepa');
    Object.assign(ok, { status: 'succeeded', payment_method: pm });
    await deliver(`evt_si_${String(ok.id)}`, 'setup_intent.succeeded', { id: ok.id });
    const stored = await h.db
      .selectFrom('payment_methods')
      .select(['user_id', 'type', 'last4'])
      .where('provider_id', '=', pm)
      .executeTakeFirst();
    expect(stored).toEqual({ user_id: o.user.id, type: 'sepa_debit', last4: '3000' });
    const bad = await setupIntent(o);
    Object.assign(bad, {
      status: 'requires_payment_method',
      last_setup_error: { message: 'The IBAN was refused.' },
    });
    await deliver(`evt_sf_${String(bad.id)}`, 'setup_intent.setup_failed', { id: bad.id });
    const activity = await activityOf(h.db, o.user.id, 'subscription.mandate%');
    expect(activity.map((a) => a.action)).toEqual([
      'subscription.mandate_confirmed',
      'subscription.mandate_failed',
    ]);
    expect(activity[1]!.description).toContain('The IBAN was refused.');
  });
});
