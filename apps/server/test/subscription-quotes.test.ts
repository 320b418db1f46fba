import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../src/testing/harness';
import { TEST_BILLING_DETAILS, subscribeByCard } from '../src/testing/billing-fixtures';
import { useSubscriptionHarness } from '../src/testing/subscription-helpers';

/**
 * Issue 40: the amount a confirmation shows is the amount charged. A quote (GET
 * /subscription/preview) pins its proration time (proration_date); the change operations take
 * it and charge exactly the quote, even when the clock moves between the two; a stale quote is
 * refused with 409 and charges nothing. And a new subscription sends a receipt.
 */
let h: TestHarness;
const { newOwner, subscribedOwner, invoices, subscriptionOf, changeSubscription } =
  useSubscriptionHarness((made) => (h = made));

type Quote = {
  amount_due_today: number;
  amount_due_today_pence: number;
  currency: string;
  new_price_monthly_pence: number;
  next_billing_date: string;
  proration_date: number;
};

async function quote(token: string, query: Record<string, string>): Promise<Quote> {
  const res = await h.rest('GET', '/subscription/preview', { token, query });
  expect(res.status).toBe(200);
  return res.body.data as Quote;
}

/** An owner with an active Basic subscription half-way through its first period. */
async function ownerHalfWay() {
  const o = await subscribedOwner({ daysIn: 10 });
  h.clock.advance(12_345);
  return o;
}

/** PATCH /subscription/plan to the unlimited plan at the quote's `proration_date`. */
const toUnlimited = (token: string, orgUuid: string, prorationDate: unknown) =>
  changeSubscription(token, orgUuid, 'plan', {
    plan_type: 'unlimited',
    proration_date: prorationDate,
  });

/** subscription.addLocations through the tRPC door at the quote's `proration_date`. */
const addLocationsTrpc = (token: string, orgUuid: string, n: number, prorationDate: number) =>
  h.trpc(
    'mutation',
    'subscription.addLocations',
    { organization_uuid: orgUuid, additional_locations: n, proration_date: prorationDate },
    { token },
  );

describe('a quote is the charge', () => {
  it('quotes the amount due today, currency, new monthly price, next billing date and its proration time', async () => {
    const { token, orgUuid } = await ownerHalfWay();
    const sub = await subscriptionOf(orgUuid, token);
    const q = await quote(token, { organization_uuid: orgUuid, plan_type: 'unlimited' });
    expect(q.currency).toBe('GBP');
    expect(q.new_price_monthly_pence).toBe(120_000);
    expect(q.next_billing_date).toBe(sub.next_billing_date);
    expect(q.proration_date).toBe(Math.floor(h.clock.now().getTime() / 1000));
    expect(q.amount_due_today).toBe(q.amount_due_today_pence / 100);
    // tRPC answers the same quote.
    const trpc = await h.trpc(
      'query',
      'subscription.preview',
      { organization_uuid: orgUuid, plan_type: 'unlimited' },
      { token },
    );
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.data).toEqual(q);
  });

  it('charges exactly the quoted plan change when the clock moves between quote and charge (REST)', async () => {
    const { token, orgUuid } = await ownerHalfWay();
    const q = await quote(token, { organization_uuid: orgUuid, plan_type: 'unlimited' });
    // The customer reads the confirmation for four minutes: the clock moves on.
    h.clock.advance(4 * 60_000);
    const unpinned = await quote(token, { organization_uuid: orgUuid, plan_type: 'unlimited' });
    expect(unpinned.amount_due_today_pence).toBeLessThan(q.amount_due_today_pence);
    const res = await toUnlimited(token, orgUuid, q.proration_date);
    expect(res.status).toBe(200);
    expect(res.body.data.plan_type).toBe('unlimited');
    const [charged] = await invoices(orgUuid, token);
    expect(charged.amount_pence).toBe(q.amount_due_today_pence);
    expect(charged.amount).toBe(q.amount_due_today);
  });

  it('charges exactly the quoted added locations across a clock change (tRPC)', async () => {
    const { token, orgUuid } = await ownerHalfWay();
    const q = await quote(token, { organization_uuid: orgUuid, additional_locations: '10' });
    expect(q.new_price_monthly_pence).toBe(70_000);
    h.clock.advance(4 * 60_000 + 30_500);
    const later = await quote(token, { organization_uuid: orgUuid, additional_locations: '10' });
    expect(later.amount_due_today_pence).toBeLessThan(q.amount_due_today_pence);
    const res = await addLocationsTrpc(token, orgUuid, 10, q.proration_date);
    expect(res.status).toBe(200);
    expect(res.body.result.data.data.location_limit).toBe(11);
    const [charged] = await invoices(orgUuid, token);
    expect(charged.amount_pence).toBe(q.amount_due_today_pence);
  });

  it('refuses a quote older than five minutes with 409 and charges nothing', async () => {
    const { token, orgUuid } = await ownerHalfWay();
    const q = await quote(token, { organization_uuid: orgUuid, plan_type: 'unlimited' });
    h.clock.advance(5 * 60_000 + 1_000);
    const res = await toUnlimited(token, orgUuid, q.proration_date);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      quote_expired: true,
      message:
        'This quote has expired. Review the new amount due today and confirm again; nothing was charged.',
    });
    const trpc = await addLocationsTrpc(token, orgUuid, 1, q.proration_date);
    expect(trpc.status).toBe(409);
    expect(await invoices(orgUuid, token)).toHaveLength(1);
    const sub = await subscriptionOf(orgUuid, token);
    expect(sub).toMatchObject({ plan_type: 'basic', location_limit: 1 });
    // A proration_date in the future is no quote of ours either.
    const future = await toUnlimited(
      token,
      orgUuid,
      Math.floor(h.clock.now().getTime() / 1000) + 3600,
    );
    expect(future.status).toBe(409);
    expect(await invoices(orgUuid, token)).toHaveLength(1);
  });

  it('refuses a quote made before the subscription changed with 409', async () => {
    const { token, orgUuid } = await ownerHalfWay();
    const q = await quote(token, { organization_uuid: orgUuid, plan_type: 'unlimited' });
    h.clock.advance(3_000);
    const added = await changeSubscription(token, orgUuid, 'add-locations', {
      additional_locations: 2,
    });
    expect(added.status).toBe(200);
    h.clock.advance(3_000);
    const res = await toUnlimited(token, orgUuid, q.proration_date);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'The subscription changed after this quote. Review the new amount due today and confirm again; nothing was charged.',
    );
    expect(await invoices(orgUuid, token)).toHaveLength(2);
    // A fresh quote goes through, and is charged exactly.
    const fresh = await quote(token, { organization_uuid: orgUuid, plan_type: 'unlimited' });
    h.clock.advance(30_000);
    const ok = await toUnlimited(token, orgUuid, fresh.proration_date);
    expect(ok.status).toBe(200);
    expect((await invoices(orgUuid, token))[0].amount_pence).toBe(fresh.amount_due_today_pence);
  });

  it('validates proration_date', async () => {
    const { token, orgUuid } = await ownerHalfWay();
    for (const bad of ['soon', -1, 1.5]) {
      const res = await toUnlimited(token, orgUuid, bad);
      expect(res.status).toBe(422);
    }
    expect(await invoices(orgUuid, token)).toHaveLength(1);
  });
});

describe('receipt', () => {
  it('e-mails a receipt with plan, amount, date and the next step when a subscription starts', async () => {
    const { token, orgUuid } = await newOwner();
    const res = await subscribeByCard(h, token, orgUuid, {
      additional_venues: 1,
      billing_details: { ...TEST_BILLING_DETAILS, email: 'bursar-receipts@example.com' },
    });
    expect(res.status).toBe(201);
    const mails = await h.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'billing-receipt')
      .where('to_address', '=', 'bursar-receipts@example.com')
      .execute();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^Receipt: Basic plan for Org /);
    const today = h.clock.now().toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(mail.text).toContain(`Amount paid: £450.00 on ${today}`);
    expect(mail.text).toContain('Basic plan with 1 additional venue');
    expect(mail.text).toContain('Then £250.00 per month; next billing date:');
    expect(mail.text).toContain(
      `Deploy your first instance: ${h.config.appUrl}/dashboard/instances?organization=${orgUuid}`,
    );
    // The same receipt is not sent again for a retried request or a plan change.
    await changeSubscription(token, orgUuid, 'plan', { plan_type: 'unlimited' });
    const after = await h.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'billing-receipt')
      .where('to_address', '=', 'bursar-receipts@example.com')
      .execute();
    expect(after).toHaveLength(1);
  });
});
