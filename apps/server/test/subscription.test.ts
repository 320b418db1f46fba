import { describe, expect, it } from 'vitest';
import { dueTodayPence, monthlyPricePence } from '@scmp/api/contracts';
import type { TestHarness } from '../src/testing/harness';
import {
  TEST_BILLING_DETAILS,
  createTestCard,
  giveActiveSubscription,
  postSubscription,
} from '../src/testing/billing-fixtures';
import { useSubscriptionHarness } from '../src/testing/subscription-helpers';

let h: TestHarness;
const { newOwner, orgId, addInstances, invoices } = useSubscriptionHarness((made) => (h = made));

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
    const ok = await h.rest('POST', '/payments/test/payment-methods', {
      token,
      body: {
        type: 'card',
        number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: 2099,
        cvc: '123',
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(ok.body.data.id).toMatch(/^pm_test_/);
    const bad = await h.rest('POST', '/payments/test/payment-methods', {
      token,
      body: { type: 'card', number: '4111111111111111', exp_month: 12, exp_year: 2099, cvc: '123' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Test mode accepts test card numbers only');
    const iban = await h.rest('POST', '/payments/test/payment-methods', {
      token,
      body: {
        type: 'sepa_debit',
        iban: 'DE89370400440532013000',
        name: 'Ada',
        email: 'a@example.com',
      },
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
    const get = await h.rest('GET', '/subscription', {
      token,
      query: { organization_uuid: orgUuid },
    });
    expect(get.body.data.plan_type).toBe('basic');
    await expect(giveActiveSubscription(h, token, orgUuid)).rejects.toThrow(/409/);
  });

  it('passes the decline message through and creates nothing', async () => {
    const { token, orgUuid } = await newOwner();
    for (const [card, text] of [
      ['4000000000000002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
    ]) {
      const pm = await createTestCard(h, token, card);
      const res = await postSubscription(h, token, orgUuid, pm);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(text);
    }
    const get = await h.rest('GET', '/subscription', {
      token,
      query: { organization_uuid: orgUuid },
    });
    expect(get.body.data).toBeNull();
    expect(await invoices(orgUuid, token)).toHaveLength(0);
  });

  it('never charges twice when a request is retried with the same idempotency key', async () => {
    const { token, orgUuid } = await newOwner();
    const pm = await createTestCard(h, token);
    const body = {
      organization_uuid: orgUuid,
      plan_type: 'unlimited',
      additional_venues: 0,
      payment_method_id: pm,
      payment_type: 'card',
      billing_details: TEST_BILLING_DETAILS,
      idempotency_key: 'retry-me-1',
    };
    const first = await h.rest('POST', '/subscription', { token, body });
    const second = await h.rest('POST', '/subscription', { token, body });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.id).toBe(first.body.data.id);
    const history = await invoices(orgUuid, token);
    expect(history).toHaveLength(1);
    expect(history[0].amount_pence).toBe(140_000);
  });

  it('validates billing details with the spec texts', async () => {
    const { token, orgUuid } = await newOwner();
    const pm = await createTestCard(h, token);
    const res = await h.rest('POST', '/subscription', {
      token,
      body: {
        organization_uuid: orgUuid,
        plan_type: 'basic',
        payment_method_id: pm,
        payment_type: 'card',
        billing_details: { ...TEST_BILLING_DETAILS, name: '' },
      },
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

describe('locations and plan changes', () => {
  it('adds locations with a prorated charge today and previews it first', async () => {
    const { token, orgUuid } = await newOwner();
    await giveActiveSubscription(h, token, orgUuid);
    h.clock.advance(15 * 86_400_000);
    const preview = await h.rest('GET', '/subscription/preview', {
      token,
      query: { organization_uuid: orgUuid, additional_locations: '2' },
    });
    expect(preview.status).toBe(200);
    const due = preview.body.data.amount_due_today_pence as number;
    expect(due).toBeGreaterThan(0);
    expect(due).toBeLessThan(10_000);
    const res = await h.rest('PATCH', '/subscription/add-locations', {
      token,
      body: { organization_uuid: orgUuid, additional_locations: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.location_limit).toBe(3);
    expect(res.body.data.price_monthly_pence).toBe(30_000);
    const history = await invoices(orgUuid, token);
    expect(history[0].amount_pence).toBe(due);
    expect(
      (
        await h.rest('PATCH', '/subscription/add-locations', {
          token,
          body: { organization_uuid: orgUuid, additional_locations: 21 },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await h.rest('PATCH', '/subscription/add-locations', {
          token,
          body: { organization_uuid: orgUuid, additional_locations: 0 },
        })
      ).status,
    ).toBe(422);
  });

  it('removes only unused locations: at most min(10, limit − max(current, 1))', async () => {
    const { token, orgUuid } = await newOwner();
    await giveActiveSubscription(h, token, orgUuid, 'basic', 15);
    await addInstances(orgUuid, 8);
    // limit 16, current 8 → at most 8
    const tooMany = await h.rest('PATCH', '/subscription/remove-locations', {
      token,
      body: { organization_uuid: orgUuid, locations_to_remove: 9 },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('You can remove at most 8 locations.');
    const ok = await h.rest('PATCH', '/subscription/remove-locations', {
      token,
      body: { organization_uuid: orgUuid, locations_to_remove: 8 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.location_limit).toBe(8);
    const none = await h.rest('PATCH', '/subscription/remove-locations', {
      token,
      body: { organization_uuid: orgUuid, locations_to_remove: 1 },
    });
    expect(none.status).toBe(422);
    // No refund for the current period.
    expect(await invoices(orgUuid, token)).toHaveLength(1);
  });

  it('changes plan immediately with a prorated charge', async () => {
    const { token, orgUuid } = await newOwner();
    await giveActiveSubscription(h, token, orgUuid);
    const preview = await h.rest('GET', '/subscription/preview', {
      token,
      query: { organization_uuid: orgUuid, plan_type: 'unlimited' },
    });
    const res = await h.rest('PATCH', '/subscription/plan', {
      token,
      body: { organization_uuid: orgUuid, plan_type: 'unlimited' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      plan_type: 'unlimited',
      location_limit: -1,
      price_monthly: 1200,
    });
    const history = await invoices(orgUuid, token);
    expect(history).toHaveLength(2);
    expect(history[0].amount_pence).toBe(preview.body.data.amount_due_today_pence);
    expect(history[0].amount_pence).toBeLessThanOrEqual(100_000);
  });
});

describe('deploy gate', () => {
  it('needs a live subscription with a free location', async () => {
    const { token, orgUuid } = await newOwner();
    const id = (await orgId(orgUuid)).id;
    await expect(billingServiceDeploy(id)).rejects.toMatchObject({ appCode: 'CONFLICT' });
    await giveActiveSubscription(h, token, orgUuid);
    await expect(billingServiceDeploy(id)).resolves.toBeUndefined();
    await addInstances(orgUuid, 1);
    await expect(billingServiceDeploy(id)).rejects.toThrow(/Subscription page/);
  });
});

async function billingServiceDeploy(organizationId: number) {
  const { assertDeployAllowed } = await import('../../../packages/api/src/domain/billing/seams');
  return assertDeployAllowed(h.deps, organizationId);
}
