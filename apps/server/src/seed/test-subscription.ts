import type { AppDeps } from '@scmp/api';
import type { BillingDetails } from '@scmp/db';
import { addMonthsClamped } from './invoice-history';

/**
 * A subscription of the test provider paid by card, as the demo steps seed it: the owner's test
 * card (`behaviour` 'ok' or 'decline', added when they subscribed) and the subscription of the
 * organization, in its current monthly period from `start`, `past_due` from `start` when the card
 * declines. Returns the subscription's id.
 */
export async function insertTestSubscription(
  deps: AppDeps,
  s: {
    ownerId: number;
    organizationId: number;
    card: { brand: string; last4: string; behaviour: 'ok' | 'decline' };
    plan: 'basic' | 'unlimited';
    additionalVenues: number;
    subscribed: Date;
    start: Date;
    details: BillingDetails;
  },
): Promise<number> {
  const pm = await deps.db
    .insertInto('payment_methods')
    .values({
      provider_id: `pm_test_seed_${s.ownerId}`,
      user_id: s.ownerId,
      type: 'card',
      brand: s.card.brand,
      last4: s.card.last4,
      test_behaviour: s.card.behaviour,
      created_at: s.subscribed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pastDue = s.card.behaviour === 'decline';
  const sub = await deps.db
    .insertInto('subscriptions')
    .values({
      organization_id: s.organizationId,
      owner_id: s.ownerId,
      provider: 'test',
      provider_customer_id: null,
      provider_subscription_id: null,
      plan_type: s.plan,
      additional_venues: s.additionalVenues,
      status: pastDue ? 'past_due' : 'active',
      payment_method_id: pm.id,
      payment_type: 'card',
      current_period_start: s.start,
      current_period_end: addMonthsClamped(s.start, 1),
      past_due_since: pastDue ? s.start : null,
      cancelled_at: null,
      service_ends_at: null,
      suspended_instance_ids: '[]',
      billing_details: JSON.stringify(s.details),
      created_at: s.subscribed,
      updated_at: s.start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return sub.id;
}
