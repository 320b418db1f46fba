import { describe, expect, it } from 'vitest';
import { dueTodayPence, monthlyPricePence } from '@scmp/api/contracts';
import type { TestHarness } from '../src/testing/harness';
import {
  TEST_BILLING_DETAILS,
  createTestCard,
  giveActiveSubscription,
  postSubscription,
  subscribeByCard,
} from '../src/testing/billing-fixtures';
import { useSubscriptionHarness } from '../src/testing/subscription-helpers';

/** Subscribing in test mode: pricing, the test payment methods, the first charge, and 404 to others. */
let h: TestHarness;
const { newOwner, orgId, invoices, subscriptionOf } = useSubscriptionHarness((made) => (h = made));

describe('pricing', () => {
  it('is exact at every venue boundary', () => {
    expect(monthlyPricePence('basic', 0)).toBe(20_000);
    expect(monthlyPricePence('basic', 1)).toBe(25_000);
    expect(monthlyPricePence('basic', 19)).toBe(115_000);
    expect(monthlyPricePence('basic', 20)).toBe(120_000);
    expect(monthlyPricePence('unlimited', 0)).toBe(120_000);
    expect(monthlyPricePence('unlimited', 20)).toBe(120_000);
    expect(dueTodayPence('basic', 0)).toBe(40_000);
    expect(dueTodayPence('unlimited', 5)).toBe(140_000);
  });
});

describe('config and test payment methods', () => {
  it('reports the test provider, plans and setup fee', async () => {
    const res = await h.rest('GET', '/subscription/config');
    expect(res.status).toBe(200);
    expect(res.body.data.provider).toBe('test');
    expect(res.body.data.publishable_key).toBeNull();
    expect(res.body.data.setup_fee).toBe(200);
    expect(res.body.data.plans.map((p: { key: string }) => p.key)).toEqual(['basic', 'unlimited']);
  });

  it('accepts test cards and IBANs only and stores brand and last four', async () => {
    const { token } = await newOwner();
    const addMethod = (body: Record<string, unknown>) =>
      h.rest('POST', '/payments/test/payment-methods', { token, body });
    const card = (number: string) => ({
      type: 'card',
      number,
      exp_month: 12,
      exp_year: 2099,
      cvc: '123',
    });
    const ok = await addMethod(card('4242 4242 4242 4242'));
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(ok.body.data.id).toMatch(/^pm_test_/);
    const bad = await addMethod(card('4111111111111111'));
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Test mode accepts test card numbers only');
    const iban = await addMethod({
      type: 'sepa_debit',
      iban: 'DE89370400440532013000',
      name: 'Ada',
      email: 'a@example.com',
    });
    expect(iban.status).toBe(201);
    expect(iban.body.data.last4).toBe('3000');
    const rows = await h.db.selectFrom('payment_methods').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
  });
});

describe('subscribing', () => {
  it('charges setup fee plus first month, activates the organization, and refuses a second', async () => {
    const { token, orgUuid } = await newOwner();
    expect((await orgId(orgUuid)).status).toBe('pending');
    const sub = await giveActiveSubscription(h, token, orgUuid, 'basic', 2);
    expect(sub).toMatchObject({
      plan_type: 'basic',
      status: 'active',
      price_monthly: 300,
      price_monthly_pence: 30_000,
      location_limit: 3,
      current_location_count: 0,
    });
    expect(sub.payment_method).toEqual({ type: 'card', brand: 'visa', last4: '4242' });
    expect((await orgId(orgUuid)).status).toBe('active');
    const history = await invoices(orgUuid, token);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      amount: 500,
      amount_pence: 50_000,
      currency: 'GBP',
      status: 'paid',
    });
    const get = await subscriptionOf(orgUuid, token);
    expect(get.plan_type).toBe('basic');
    await expect(giveActiveSubscription(h, token, orgUuid)).rejects.toThrow(/409/);
  });

  it('passes the decline message through and creates nothing', async () => {
    const { token, orgUuid } = await newOwner();
    for (const [card, text] of [
      ['4000000000000002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
    ]) {
      const res = await subscribeByCard(h, token, orgUuid, {}, card);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(text);
    }
    const get = await subscriptionOf(orgUuid, token);
    expect(get).toBeNull();
    expect(await invoices(orgUuid, token)).toHaveLength(0);
  });

  it('never charges twice when a request is retried with the same idempotency key', async () => {
    const { token, orgUuid } = await newOwner();
    const pm = await createTestCard(h, token);
    const body = { plan_type: 'unlimited', idempotency_key: 'retry-me-1' };
    const first = await postSubscription(h, token, orgUuid, pm, body);
    const second = await postSubscription(h, token, orgUuid, pm, body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.id).toBe(first.body.data.id);
    const history = await invoices(orgUuid, token);
    expect(history).toHaveLength(1);
    expect(history[0].amount_pence).toBe(140_000);
  });

  it('validates billing details with the spec texts', async () => {
    const { token, orgUuid } = await newOwner();
    const res = await subscribeByCard(h, token, orgUuid, {
      billing_details: { ...TEST_BILLING_DETAILS, name: '' },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Full name is required');
  });

  it('answers 404 for another owner on every route', async () => {
    const a = await newOwner();
    const b = await newOwner();
    await giveActiveSubscription(h, a.token, a.orgUuid);
    const q = { organization_uuid: a.orgUuid };
    expect((await h.rest('GET', '/subscription', { token: b.token, query: q })).status).toBe(404);
    expect(
      (await h.rest('GET', '/subscription/billing-history', { token: b.token, query: q })).status,
    ).toBe(404);
    expect(
      (await h.rest('PATCH', '/subscription/cancel', { token: b.token, body: q })).status,
    ).toBe(404);
    expect(
      (
        await h.rest('PATCH', '/subscription/plan', {
          token: b.token,
          body: { ...q, plan_type: 'unlimited' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.rest('PATCH', '/subscription/add-locations', {
          token: b.token,
          body: { ...q, additional_locations: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.rest('GET', '/subscription', {
          token: b.token,
          query: { organization_uuid: 'nope' },
        })
      ).status,
    ).toBe(404);
    const [invoice] = await invoices(a.orgUuid, a.token);
    const pdfPath = new URL(invoice.invoice_pdf).pathname;
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: pdfPath,
          headers: { authorization: `Bearer ${b.token}` },
        })
      ).statusCode,
    ).toBe(404);
    const own = await h.app.inject({
      method: 'GET',
      url: pdfPath,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const html = await h.app.inject({
      method: 'GET',
      url: new URL(invoice.invoice_url).pathname,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('One-time setup fee');
  });
});
