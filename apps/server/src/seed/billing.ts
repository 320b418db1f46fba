import type { AppDeps } from '@scmp/api';

/**
 * An active Basic subscription in test mode for the demo customer's active organization
 * (Oakfield, seeded by the organizations step), with its paid first invoice.
 */
export async function seedBilling(deps: AppDeps, userIds: Record<string, number>): Promise<void> {
  const ownerId = userIds['demo@scmp.test'];
  if (ownerId === undefined) return;
  const org = await deps.db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirst();
  if (!org) return;
  const now = deps.clock.now();
  const start = new Date(now.getTime() - 10 * 86_400_000);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const pm = await deps.db
    .insertInto('payment_methods')
    .values({
      provider_id: `pm_test_seed_${ownerId}`,
      user_id: ownerId,
      type: 'card',
      brand: 'visa',
      last4: '4242',
      test_behaviour: 'ok',
      created_at: start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const details = {
    name: 'Demo Customer',
    email: 'demo@scmp.test',
    address: {
      line1: '12 Oak Lane',
      line2: null,
      city: 'Oakfield',
      postal_code: 'OX1 2AB',
      country: 'GB',
    },
  };
  const sub = await deps.db
    .insertInto('subscriptions')
    .values({
      organization_id: org.id,
      owner_id: ownerId,
      provider: 'test',
      provider_customer_id: null,
      provider_subscription_id: null,
      plan_type: 'basic',
      additional_venues: 0,
      status: 'active',
      payment_method_id: pm.id,
      payment_type: 'card',
      current_period_start: start,
      current_period_end: end,
      past_due_since: null,
      cancelled_at: null,
      service_ends_at: null,
      suspended_instance_ids: '[]',
      billing_details: JSON.stringify(details),
      created_at: start,
      updated_at: start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invoice = await deps.db
    .insertInto('invoices')
    .values({
      number: `INV-${start.toISOString().slice(0, 10).replace(/-/g, '')}-DEMO0001`,
      subscription_id: sub.id,
      organization_id: org.id,
      description: 'Setup fee and first month — Basic plan',
      status: 'paid',
      total_pence: 40_000,
      currency: 'GBP',
      provider_invoice_id: null,
      hosted_url: null,
      pdf_url: null,
      billing_details: JSON.stringify(details),
      period_start: start,
      period_end: end,
      paid_at: start,
      created_at: start,
      failure_message: null,
      next_attempt_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.db
    .insertInto('invoice_lines')
    .values([
      {
        invoice_id: invoice.id,
        description: 'One-time setup fee',
        quantity: 1,
        unit_amount_pence: 20_000,
        amount_pence: 20_000,
      },
      {
        invoice_id: invoice.id,
        description: 'Basic plan',
        quantity: 1,
        unit_amount_pence: 20_000,
        amount_pence: 20_000,
      },
    ])
    .execute();
}
