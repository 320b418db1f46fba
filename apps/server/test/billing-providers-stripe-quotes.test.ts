import { describe, expect, it } from 'vitest';
import { stubPaymentMethod } from '../src/testing/billing-fixtures';
import { h, stub, useStripeWorld } from '../src/testing/stripe-world';

/** Stripe mode, issue 40: a quote from Stripe's invoice preview is exactly what is charged. */
const { newOwner, subscribe, stripeSubOf, invoices, subscriptionOf, changeSubscription } =
  useStripeWorld();

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
    const o = await newOwner();
    await subscribe(o, stubPaymentMethod('ok'));
    h.clock.advance(9 * 86_400_000 + 777);
    const before = stub.requests.length;
    const q = await quoteOf(o, { plan_type: 'unlimited' });
    expect(stub.requests.slice(before)).toContain('POST /v1/invoices/create_preview');
    expect(q.new_price_monthly_pence).toBe(120_000);
    expect(q.next_billing_date).toBe((await subscriptionOf(o.orgUuid, o.token)).next_billing_date);
    // Between quote and confirm the clock moves (Stripe prorates by the second).
    h.clock.advance(3 * 60_000);
    const res = await changeSubscription(o.token, o.orgUuid, 'plan', {
      plan_type: 'unlimited',
      proration_date: q.proration_date,
    });
    expect(res.status).toBe(200);
    expect(stub.state.prorationDates.at(-1)).toBe(q.proration_date);
    const [charged] = await invoices(o.orgUuid, o.token);
    expect(charged!.amount_pence).toBe(q.amount_due_today_pence);
    const stripeInvoice = stub.state.invoices.get(stripeSubOf(o.orgUuid).latest_invoice!)!;
    expect(stripeInvoice.lines.reduce((s, l) => s + l.amount, 0)).toBe(q.amount_due_today_pence);
  });

  it('charges exactly the quoted added venues (tRPC) and refuses a stale quote without calling Stripe', async () => {
    const o = await newOwner();
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
    expect((await invoices(o.orgUuid, o.token))[0]!.amount_pence).toBe(q.amount_due_today_pence);

    const stale = await quoteOf(o, { plan_type: 'unlimited' });
    h.clock.advance(6 * 60_000);
    const before = stub.requests.length;
    const refused = await changeSubscription(o.token, o.orgUuid, 'plan', {
      plan_type: 'unlimited',
      proration_date: stale.proration_date,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.quote_expired).toBe(true);
    expect(stub.requests.slice(before).filter((r) => r.startsWith('POST'))).toEqual([]);
    expect((await subscriptionOf(o.orgUuid, o.token)).plan_type).toBe('basic');
  });
});
