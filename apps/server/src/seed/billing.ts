import type { AppDeps } from '@scmp/api';
import { addMonthsClamped, seedInvoiceHistory } from './invoice-history';

/**
 * An active Basic subscription in test mode for the demo customer's active organization
 * (Oakfield, seeded by the organizations step), subscribed eleven periods before the current
 * one, with a year of invoices (see invoice-history.ts).
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
  const end = addMonthsClamped(start, 1);
  const subscribed = addMonthsClamped(start, -11);
  const pm = await deps.db
    .insertInto('payment_methods')
    .values({
      provider_id: `pm_test_seed_${ownerId}`,
      user_id: ownerId,
      type: 'card',
      brand: 'visa',
      last4: '4242',
      test_behaviour: 'ok',
      created_at: subscribed,
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
      created_at: subscribed,
      updated_at: start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedInvoiceHistory(deps, {
    subscriptionId: sub.id,
    organizationId: org.id,
    details,
    currentPeriodStart: start,
  });
}
