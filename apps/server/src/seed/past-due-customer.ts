import type { AppDeps } from '@scmp/api';
import { addMonthsClamped } from './invoice-history';

const DAY = 86_400_000;

/**
 * A second customer for the operator console: Priya Lowe's Hillside Day Camp, on Basic with two
 * extra venues since five months ago, whose last renewal failed four days ago (past due, with a
 * failed invoice; still inside the 7-day grace period, so the billing sweep leaves it past due). Removed with the other demo accounts (the foreign keys cascade from users).
 */
export async function seedPastDueCustomer(
  deps: AppDeps,
  userIds: Record<string, number>,
): Promise<void> {
  const ownerId = userIds['pastdue@scmp.test'];
  if (ownerId === undefined) return;
  const now = deps.clock.now();
  const start = new Date(now.getTime() - 4 * DAY);
  const subscribed = addMonthsClamped(start, -5);
  const org = await deps.db
    .insertInto('organizations')
    .values({
      owner_id: ownerId,
      name: 'Hillside Day Camp',
      type: 'camp',
      description: 'Summer and holiday day camps across three sites.',
      subdomain: 'hillside',
      status: 'active',
      created_at: subscribed,
      updated_at: subscribed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pm = await deps.db
    .insertInto('payment_methods')
    .values({
      provider_id: `pm_test_seed_${ownerId}`,
      user_id: ownerId,
      type: 'card',
      brand: 'mastercard',
      last4: '0341',
      test_behaviour: 'decline',
      created_at: subscribed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const details = {
    name: 'Priya Lowe',
    email: 'pastdue@scmp.test',
    address: {
      line1: '3 Hill Road',
      line2: null,
      city: 'Hillside',
      postal_code: 'HS1 4CD',
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
      additional_venues: 2,
      status: 'past_due',
      payment_method_id: pm.id,
      payment_type: 'card',
      current_period_start: start,
      current_period_end: addMonthsClamped(start, 1),
      past_due_since: start,
      cancelled_at: null,
      service_ends_at: null,
      suspended_instance_ids: '[]',
      billing_details: JSON.stringify(details),
      created_at: subscribed,
      updated_at: start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.db
    .insertInto('invoices')
    .values({
      number: `INV-DEMO-${ownerId}-PD`,
      subscription_id: sub.id,
      organization_id: org.id,
      description: 'Basic plan with 2 additional venues',
      status: 'failed',
      total_pence: 30_000,
      billing_details: JSON.stringify(details),
      period_start: start,
      period_end: addMonthsClamped(start, 1),
      failure_message: 'Your card was declined.',
      created_at: start,
    })
    .execute();
}
