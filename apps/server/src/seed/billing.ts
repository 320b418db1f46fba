import type { AppDeps } from '@scmp/api';
import type { BillingDetails } from '@scmp/db';
import { addMonthsClamped, seedInvoiceHistory } from './invoice-history';
import { insertTestSubscription } from './test-subscription';

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
  const subscribed = addMonthsClamped(start, -11);
  const details: BillingDetails = {
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
  const subscriptionId = await insertTestSubscription(deps, {
    ownerId,
    organizationId: org.id,
    card: { brand: 'visa', last4: '4242', behaviour: 'ok' },
    plan: 'basic',
    additionalVenues: 0,
    subscribed,
    start,
    details,
  });
  await seedInvoiceHistory(deps, {
    subscriptionId,
    organizationId: org.id,
    details,
    currentPeriodStart: start,
  });
}
