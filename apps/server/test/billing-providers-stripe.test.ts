import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../src/testing/harness';
import {
  STUB_WEBHOOK_SECRET,
  TEST_BILLING_DETAILS,
  createStripeHarness,
  stubPaymentMethod,
  postSubscription,
} from '../src/testing/billing-fixtures';
import { startStripeStub, type StripeStub } from '../src/testing/stripe-stub';

/** Stripe mode: real Stripe objects on the local stub, and webhooks applied from Stripe's state. */
let stub: StripeStub;
let h: TestHarness;
const stripe = new Stripe('sk_test_unused');

beforeAll(async () => {
  stub = await startStripeStub();
  h = await createStripeHarness(stub, createHarness);
});
afterAll(async () => {
  await h.close();
  await stub.close();
});

async function owner() {
  const user = await h.createUser();
  const org = await h.rest('POST', '/organizations', {
    token: user.token,
    body: { name: `Org ${Math.random()}`, type: 'school' },
  });
  return { token: user.token, userId: user.id, orgUuid: org.body.data.uuid as string };
}

async function subscribe(
  o: { token: string; orgUuid: string },
  pm: string,
  extra: Record<string, unknown> = {},
) {
  const res = await postSubscription(h, o.token, o.orgUuid, pm, { additional_venues: 2, ...extra });
  expect(res.status).toBe(201);
  return res.body.data;
}

const stripeSubOf = (orgUuid: string) =>
  [...stub.state.subscriptions.values()].find((s) => s.metadata.organization_uuid === orgUuid)!;

const history = async (o: { token: string; orgUuid: string }) =>
  (
    await h.rest('GET', '/subscription/billing-history', {
      token: o.token,
      query: { organization_uuid: o.orgUuid },
    })
  ).body.data as Array<Record<string, unknown>>;

const subscriptionOf = async (o: { token: string; orgUuid: string }) =>
  (
    await h.rest('GET', '/subscription', {
      token: o.token,
      query: { organization_uuid: o.orgUuid },
    })
  ).body.data;

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

describe('Stripe objects', () => {
  it('creates a customer per organization and a subscription with base price and venue quantity', async () => {
    const o = await owner();
    const sub = await subscribe(o, stubPaymentMethod('ok'));
    expect(sub).toMatchObject({
      provider: 'stripe',
      location_limit: 3,
      price_monthly_pence: 30_000,
    });
    const stripeSub = stripeSubOf(o.orgUuid);
    const lookup = (priceId: string) => stub.state.prices.get(priceId)?.lookup_key;
    expect(stripeSub.items.map((i) => [lookup(i.price), i.quantity])).toEqual([
      ['scmp_basic_monthly', 1],
      ['scmp_additional_venue_monthly', 2],
    ]);
    const first = stub.state.invoices.get(stripeSub.latest_invoice!)!;
    expect(first.lines[0]).toMatchObject({ description: 'One-time setup fee', amount: 20_000 });
    const row = await h.db
      .selectFrom('subscriptions')
      .innerJoin('organizations', 'organizations.id', 'subscriptions.organization_id')
      .select(['provider_customer_id', 'provider_subscription_id', 'provider_status'])
      .where('organizations.uuid', '=', o.orgUuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      provider_customer_id: stripeSub.customer,
      provider_subscription_id: stripeSub.id,
      provider_status: 'active',
    });
    expect(stub.state.customers.get(stripeSub.customer)).toMatchObject({
      email: TEST_BILLING_DETAILS.email,
      metadata: { organization_uuid: o.orgUuid },
    });
  });

  it('ensures products and prices once by lookup key and reuses the organization customer', async () => {
    const o = await owner();
    const pricesBefore = stub.state.prices.size;
    const intent = await h.rest('POST', '/subscription/setup-intent', {
      token: o.token,
      body: { organization_uuid: o.orgUuid, payment_type: 'direct_debit' },
    });
    const seti = [...stub.state.setupIntents.values()].find(
      (s) => s.client_secret === intent.body.data.client_secret,
    )!;
    await subscribe(o, stubPaymentMethod('sepa'), { payment_type: 'direct_debit' });
    expect(stripeSubOf(o.orgUuid).customer).toBe(seti.customer);
    expect(stub.state.prices.size).toBe(pricesBefore);
    expect(pricesBefore).toBe(4);
    const customers = await h.db
      .selectFrom('billing_customers')
      .innerJoin('organizations', 'organizations.id', 'billing_customers.organization_id')
      .select('provider_customer_id')
      .where('organizations.uuid', '=', o.orgUuid)
      .execute();
    expect(customers).toEqual([{ provider_customer_id: seti.customer }]);
  });

  it('sends an idempotency key of ours with every mutating call', () => {
    expect(stub.requests.filter((r) => r.startsWith('POST')).length).toBeGreaterThan(5);
    expect(stub.unkeyedPosts).toEqual([]);
  });
});

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
    const o = await owner();
    await subscribe(o, stubPaymentMethod('sepa'), { payment_type: 'direct_debit' });
    const invoiceId = stripeSubOf(o.orgUuid).latest_invoice!;
    expect((await history(o))[0]!.status).toBe('pending');
    stub.settleInvoice(invoiceId, 'paid');
    expect(await deliver(`evt_paid_${invoiceId}`, 'invoice.paid', { id: invoiceId })).toEqual({
      status: 200,
      body: { received: true, duplicate: false },
    });
    expect((await history(o))[0]!.status).toBe('paid');
    // Out of order: an older "failed" event arrives after the payment succeeded.
    await deliver(`evt_failed_${invoiceId}`, 'invoice.payment_failed', {
      id: invoiceId,
      status: 'open',
    });
    expect((await history(o))[0]!.status).toBe('paid');
    expect((await subscriptionOf(o)).status).toBe('active');
    const again = await deliver(`evt_paid_${invoiceId}`, 'invoice.paid', { id: invoiceId });
    expect(again.body.duplicate).toBe(true);
  });

  it('mirrors a failed renewal (past due, owner told) and recovers with a new card', async () => {
    const o = await owner();
    await subscribe(o, stubPaymentMethod('renewal_fails'));
    const stripeSub = stripeSubOf(o.orgUuid);
    // The stub's period ends (sessions would idle out if the clock moved a whole month).
    h.clock.advance(20 * 86_400_000);
    const renewal = stub.renew(stripeSub.id);
    await deliver(`evt_fail_${renewal.id}`, 'invoice.payment_failed', { id: renewal.id });
    await deliver(`evt_upd_${renewal.id}`, 'customer.subscription.updated', { id: stripeSub.id });
    const sub = await subscriptionOf(o);
    expect(sub.status).toBe('past_due');
    expect(sub.current_period_start).toBe(new Date(stripeSub.start * 1000).toISOString());
    const items = await history(o);
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
    expect((await history(o))[0]!.status).toBe('paid');
  });

  it('applies subscription updates and deletion from Stripe state', async () => {
    const o = await owner();
    await subscribe(o, stubPaymentMethod('ok'));
    const stripeSub = stripeSubOf(o.orgUuid);
    stripeSub.cancel_at_period_end = true;
    // The event's copy is stale (not cancelling); Stripe's current state wins.
    await deliver(`evt_u_${stripeSub.id}`, 'customer.subscription.updated', {
      id: stripeSub.id,
      cancel_at_period_end: false,
    });
    const cancelled = await subscriptionOf(o);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.service_ends_at).toBe(new Date(stripeSub.end * 1000).toISOString());
    stripeSub.status = 'canceled';
    await deliver(`evt_d_${stripeSub.id}`, 'customer.subscription.deleted', { id: stripeSub.id });
    expect((await subscriptionOf(o)).status).toBe('expired');
    const org = await h.rest('GET', `/organizations/${o.orgUuid}`, { token: o.token });
    expect(org.body.data.status).toBe('inactive');
  });

  it('stores a confirmed SEPA mandate and records a failed one', async () => {
    const o = await owner();
    const intent = async () => {
      const res = await h.rest('POST', '/subscription/setup-intent', {
        token: o.token,
        body: { organization_uuid: o.orgUuid, payment_type: 'direct_debit' },
      });
      const secret = res.body.data.client_secret as string;
      return [...stub.state.setupIntents.values()].find((s) => s.client_secret === secret)!;
    };
    const ok = await intent();
    const pm = stubPaymentMethod('sepa');
    Object.assign(ok, { status: 'succeeded', payment_method: pm });
    await deliver(`evt_si_${String(ok.id)}`, 'setup_intent.succeeded', { id: ok.id });
    const stored = await h.db
      .selectFrom('payment_methods')
      .select(['user_id', 'type', 'last4'])
      .where('provider_id', '=', pm)
      .executeTakeFirst();
    expect(stored).toEqual({ user_id: o.userId, type: 'sepa_debit', last4: '3000' });
    const bad = await intent();
    Object.assign(bad, {
      status: 'requires_payment_method',
      last_setup_error: { message: 'The IBAN was refused.' },
    });
    await deliver(`evt_sf_${String(bad.id)}`, 'setup_intent.setup_failed', { id: bad.id });
    const activity = await h.db
      .selectFrom('activity_events')
      .select(['action', 'description'])
      .where('user_id', '=', o.userId)
      .where('action', 'like', 'subscription.mandate%')
      .orderBy('id')
      .execute();
    expect(activity.map((a) => a.action)).toEqual([
      'subscription.mandate_confirmed',
      'subscription.mandate_failed',
    ]);
    expect(activity[1]!.description).toContain('The IBAN was refused.');
  });
});

describe('Stripe quotes (issue 40)', () => {
  const quoteOf = async (o: { token: string; orgUuid: string }, query: Record<string, string>) => {
    const res = await h.rest('GET', '/subscription/preview', {
      token: o.token,
      query: { organization_uuid: o.orgUuid, ...query },
    });
    expect(res.status).toBe(200);
    return res.body.data as {
      amount_due_today_pence: number;
      proration_date: number;
      new_price_monthly_pence: number;
      next_billing_date: string;
    };
  };

  it('quotes a plan change from Stripe’s invoice preview and charges exactly it at the same proration_date', async () => {
    const o = await owner();
    await subscribe(o, stubPaymentMethod('ok'));
    h.clock.advance(9 * 86_400_000 + 777);
    const before = stub.requests.length;
    const q = await quoteOf(o, { plan_type: 'unlimited' });
    expect(stub.requests.slice(before)).toContain('POST /v1/invoices/create_preview');
    expect(q.new_price_monthly_pence).toBe(120_000);
    expect(q.next_billing_date).toBe((await subscriptionOf(o)).next_billing_date);
    // Between quote and confirm the clock moves (Stripe prorates by the second).
    h.clock.advance(3 * 60_000);
    const res = await h.rest('PATCH', '/subscription/plan', {
      token: o.token,
      body: {
        organization_uuid: o.orgUuid,
        plan_type: 'unlimited',
        proration_date: q.proration_date,
      },
    });
    expect(res.status).toBe(200);
    expect(stub.state.prorationDates.at(-1)).toBe(q.proration_date);
    const [charged] = await history(o);
    expect(charged!.amount_pence).toBe(q.amount_due_today_pence);
    const stripeInvoice = stub.state.invoices.get(stripeSubOf(o.orgUuid).latest_invoice!)!;
    expect(stripeInvoice.lines.reduce((s, l) => s + l.amount, 0)).toBe(q.amount_due_today_pence);
  });

  it('charges exactly the quoted added venues (tRPC) and refuses a stale quote without calling Stripe', async () => {
    const o = await owner();
    await subscribe(o, stubPaymentMethod('ok'));
    h.clock.advance(4 * 86_400_000);
    const q = await quoteOf(o, { additional_locations: '2' });
    expect(q.new_price_monthly_pence).toBe(40_000);
    h.clock.advance(90_000);
    const res = await h.trpc(
      'mutation',
      'subscription.addLocations',
      { organization_uuid: o.orgUuid, additional_locations: 2, proration_date: q.proration_date },
      { token: o.token },
    );
    expect(res.status).toBe(200);
    expect((await history(o))[0]!.amount_pence).toBe(q.amount_due_today_pence);

    const stale = await quoteOf(o, { plan_type: 'unlimited' });
    h.clock.advance(6 * 60_000);
    const before = stub.requests.length;
    const refused = await h.rest('PATCH', '/subscription/plan', {
      token: o.token,
      body: {
        organization_uuid: o.orgUuid,
        plan_type: 'unlimited',
        proration_date: stale.proration_date,
      },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.quote_expired).toBe(true);
    expect(stub.requests.slice(before).filter((r) => r.startsWith('POST'))).toEqual([]);
    expect((await subscriptionOf(o)).plan_type).toBe('basic');
  });
});
