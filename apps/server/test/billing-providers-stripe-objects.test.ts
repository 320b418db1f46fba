import { describe, expect, it } from 'vitest';
import { TEST_BILLING_DETAILS, stubPaymentMethod } from '../src/testing/billing-fixtures';
import { organizationId } from '../src/testing/organization-rows';
import { subscriptionRows, valuesWhere } from '../src/testing/recorded-rows';
import { h, stub, useStripeWorld } from '../src/testing/stripe-world';

/** Stripe mode: real Stripe objects on the local stub (customer, prices, subscription, idempotency keys). */
const { newOwner, subscribe, stripeSubOf, setupIntent } = useStripeWorld();

describe('Stripe objects', () => {
  it('creates a customer per organization and a subscription with base price and venue quantity', async () => {
    const o = await newOwner();
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
    const [row] = await subscriptionRows(h.db, { organizationUuid: o.orgUuid });
    expect(row).toMatchObject({
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
    const o = await newOwner();
    const pricesBefore = stub.state.prices.size;
    const seti = await setupIntent(o);
    await subscribe(o, stubPaymentMethod('sepa'), { payment_type: 'direct_debit' });
    expect(stripeSubOf(o.orgUuid).customer).toBe(seti.customer);
    expect(stub.state.prices.size).toBe(pricesBefore);
    expect(pricesBefore).toBe(4);
    const orgId = await organizationId(h.db, o.orgUuid);
    const customers = await valuesWhere(
      h.db,
      'billing_customers',
      'provider_customer_id',
      'organization_id',
      orgId,
    );
    expect(customers).toEqual([seti.customer]);
  });

  it('sends an idempotency key of ours with every mutating call', () => {
    expect(stub.requests.filter((r) => r.startsWith('POST')).length).toBeGreaterThan(5);
    expect(stub.unkeyedPosts).toEqual([]);
  });
});
