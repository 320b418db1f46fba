import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../src/testing/harness';
import { createOrganization } from '../src/testing/organization-rows';
import {
  createStripeHarness,
  createTestCard,
  stubPaymentMethod,
  postSubscription,
} from '../src/testing/billing-fixtures';
import { startStripeStub, type StripeStub } from '../src/testing/stripe-stub';

/**
 * One contract, two providers: the built-in test mode and Stripe (the real SDK creating real
 * Stripe Customers, Subscriptions and Invoices on a local HTTP stub, never the internet).
 */
let stub: StripeStub;
beforeAll(async () => {
  stub = await startStripeStub();
});
afterAll(async () => {
  await stub.close();
});

type Kind = 'ok' | 'decline' | 'sepa';
type ProviderCase = {
  name: 'test' | 'stripe';
  harness: () => Promise<TestHarness>;
  method: (h: TestHarness, token: string, kind: Kind) => Promise<string>;
};

const cases: ProviderCase[] = [
  {
    name: 'test',
    harness: () => createHarness(),
    method: async (h, token, kind) => {
      if (kind === 'sepa') {
        const res = await h.rest('POST', '/payments/test/payment-methods', {
          token,
          body: { type: 'sepa_debit', iban: 'DE89370400440532013000', name: 'Ada' },
        });
        return res.body.data.id as string;
      }
      return createTestCard(h, token, kind === 'ok' ? '4242424242424242' : '4000000000000002');
    },
  },
  {
    name: 'stripe',
    harness: () => createStripeHarness(stub, createHarness),
    method: async (_h, _token, kind) => stubPaymentMethod(kind),
  },
];

describe.each(cases)('payment provider contract: $name', (c) => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await c.harness();
  });
  afterAll(async () => {
    await h.close();
  });

  async function owner() {
    const user = await h.createUser();
    const org = await createOrganization(h, user.token, {
      name: `Org ${Math.random()}`,
      type: 'camp',
    });
    return { token: user.token, orgUuid: org.uuid };
  }
  const subscribe = (token: string, orgUuid: string, pm: string, extra = {}) =>
    postSubscription(h, token, orgUuid, pm, { additional_venues: 1, ...extra });
  const history = async (token: string, orgUuid: string) =>
    (
      await h.rest('GET', '/subscription/billing-history', {
        token,
        query: { organization_uuid: orgUuid },
      })
    ).body.data as Array<Record<string, unknown>>;
  async function subscribed(extra = {}) {
    const o = await owner();
    const res = await subscribe(o.token, o.orgUuid, await c.method(h, o.token, 'ok'), extra);
    expect(res.status).toBe(201);
    return { ...o, sub: res.body.data };
  }

  it('names itself in the config', async () => {
    const res = await h.rest('GET', '/subscription/config');
    expect(res.body.data.provider).toBe(c.name);
    expect(res.body.data.publishable_key).toBe(c.name === 'stripe' ? 'pk_test_stub' : null);
  });

  it('charges the setup fee plus the first month and keeps only brand and last four', async () => {
    const { token, orgUuid, sub } = await subscribed();
    expect(sub).toMatchObject({ status: 'active', price_monthly_pence: 25_000, location_limit: 2 });
    expect(sub.payment_method).toMatchObject({ type: 'card', brand: 'visa', last4: '4242' });
    const items = await history(token, orgUuid);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      amount_pence: 45_000,
      status: 'paid',
      description: 'Setup fee and first month — Basic plan',
    });
    // Stripe's own hosted invoice page and PDF; our rendered ones in test mode.
    if (c.name === 'stripe') {
      expect(items[0]!.invoice_url).toMatch(/^https:\/\/invoice\.stripe\.test\/i\/in_/);
      expect(items[0]!.invoice_pdf).toMatch(/^https:\/\/pay\.stripe\.test\/invoice\/in_.*\/pdf$/);
    } else {
      expect(items[0]!.invoice_pdf).toMatch(/\/api\/v1\/subscription\/invoices\/.+\/pdf$/);
    }
  });

  it('passes the decline message through and creates nothing', async () => {
    const { token, orgUuid } = await owner();
    const res = await subscribe(token, orgUuid, await c.method(h, token, 'decline'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your card was declined.');
    const sub = await h.rest('GET', '/subscription', {
      token,
      query: { organization_uuid: orgUuid },
    });
    expect(sub.body.data ?? null).toBeNull();
  });

  it('leaves a SEPA debit pending while it processes', async () => {
    const { token, orgUuid } = await owner();
    const res = await subscribe(token, orgUuid, await c.method(h, token, 'sepa'), {
      payment_type: 'direct_debit',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('active');
    expect((await history(token, orgUuid))[0]!.status).toBe('pending');
  });

  it('creates a SetupIntent for direct debit', async () => {
    const { token, orgUuid } = await owner();
    const res = await h.rest('POST', '/subscription/setup-intent', {
      token,
      body: { organization_uuid: orgUuid, payment_type: 'direct_debit' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.client_secret).toMatch(/secret/);
  });

  it('never charges twice for a retried request', async () => {
    const { token, orgUuid } = await owner();
    const pm = await c.method(h, token, 'ok');
    const before = stub.state.paymentAttempts;
    const a = await subscribe(token, orgUuid, pm, { idempotency_key: `k-${orgUuid}` });
    const b = await subscribe(token, orgUuid, pm, { idempotency_key: `k-${orgUuid}` });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(await history(token, orgUuid)).toHaveLength(1);
    if (c.name === 'stripe') expect(stub.state.paymentAttempts - before).toBe(1);
  });

  it('charges the prorated amount today when locations are added', async () => {
    const { token, orgUuid, sub } = await subscribed();
    h.clock.advance(10 * 86_400_000);
    const start = new Date(sub.current_period_start).getTime();
    const end = new Date(sub.current_period_end).getTime();
    const expected = Math.round((2 * 5_000 * (end - h.clock.now().getTime())) / (end - start));
    const res = await h.rest('PATCH', '/subscription/add-locations', {
      token,
      body: { organization_uuid: orgUuid, additional_locations: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ location_limit: 4, price_monthly_pence: 35_000 });
    const items = await history(token, orgUuid);
    expect(items).toHaveLength(2);
    expect(Math.abs(Number(items[0]!.amount_pence) - expected)).toBeLessThanOrEqual(1);
    expect(items[0]!.status).toBe('paid');
  });

  it('removes locations from the next cycle without a refund', async () => {
    const { token, orgUuid } = await subscribed({ additional_venues: 3 });
    const res = await h.rest('PATCH', '/subscription/remove-locations', {
      token,
      body: { organization_uuid: orgUuid, locations_to_remove: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ location_limit: 2, price_monthly_pence: 25_000 });
    expect(await history(token, orgUuid)).toHaveLength(1);
  });

  it('changes plan immediately with a prorated charge', async () => {
    const { token, orgUuid } = await subscribed();
    h.clock.advance(5 * 86_400_000);
    const res = await h.rest('PATCH', '/subscription/plan', {
      token,
      body: { organization_uuid: orgUuid, plan_type: 'unlimited' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ plan_type: 'unlimited', location_limit: -1 });
    const items = await history(token, orgUuid);
    expect(items).toHaveLength(2);
    expect(Number(items[0]!.amount_pence)).toBeGreaterThan(0);
    expect(Number(items[0]!.amount_pence)).toBeLessThan(120_000 - 25_000);
  });

  it('cancels to the end of the current period', async () => {
    const { token, orgUuid, sub } = await subscribed();
    const res = await h.rest('PATCH', '/subscription/cancel', {
      token,
      body: { organization_uuid: orgUuid },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('cancelled');
    expect(res.body.data.service_ends_at).toBe(sub.current_period_end);
    if (c.name === 'stripe') {
      const stripeSub = [...stub.state.subscriptions.values()].find(
        (s) => s.metadata.organization_uuid === orgUuid,
      );
      expect(stripeSub?.cancel_at_period_end).toBe(true);
    }
  });
});
