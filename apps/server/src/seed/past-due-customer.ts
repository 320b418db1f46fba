import type { AppDeps } from '@scmp/api';
import { monthlyPricePence, PLANS, type PlanId } from '@scmp/api/contracts/plans';
import type { OrganizationType } from '@scmp/db';
import { DEMO_USERS } from './demo-users';
import { addMonthsClamped } from './invoice-history';
import { insertTestSubscription } from './test-subscription';

const DAY = 86_400_000;

type PastDueCustomer = {
  email: string;
  organization: { name: string; type: OrganizationType; description: string };
  subdomain: string;
  plan: 'basic' | 'unlimited';
  additionalVenues: number;
  monthsSubscribed: number;
  daysPastDue: number;
  card: { brand: string; last4: string };
  address: { line1: string; city: string; postal_code: string };
};

/**
 * Customers for the operator console's past-due list, each with an organization whose last
 * renewal failed a few days ago (past due, with a failed invoice; still inside the 7-day grace
 * period, so the billing sweep leaves it past due). Removed with the other demo accounts (the
 * foreign keys cascade from users).
 */
const PAST_DUE_CUSTOMERS: PastDueCustomer[] = [
  {
    email: 'pastdue@scmp.test',
    organization: {
      name: 'Hillside Day Camp',
      type: 'camp',
      description: 'Summer and holiday day camps across three sites.',
    },
    subdomain: 'hillside',
    plan: 'basic',
    additionalVenues: 2,
    monthsSubscribed: 5,
    daysPastDue: 4,
    card: { brand: 'mastercard', last4: '0341' },
    address: { line1: '3 Hill Road', city: 'Hillside', postal_code: 'HS1 4CD' },
  },
  {
    email: 'latepay@scmp.test',
    organization: {
      name: 'Brookfield Nursery',
      type: 'other',
      description: 'A day nursery for children from six months to five years.',
    },
    subdomain: 'brookfield',
    plan: 'unlimited',
    additionalVenues: 0,
    monthsSubscribed: 8,
    daysPastDue: 2,
    card: { brand: 'visa', last4: '0002' },
    address: { line1: '12 Brook Lane', city: 'Brookfield', postal_code: 'BF2 7QR' },
  },
];

export async function seedPastDueCustomers(
  deps: AppDeps,
  userIds: Record<string, number>,
): Promise<void> {
  for (const customer of PAST_DUE_CUSTOMERS) await seedPastDueCustomer(deps, userIds, customer);
}

async function seedPastDueCustomer(
  deps: AppDeps,
  userIds: Record<string, number>,
  customer: PastDueCustomer,
): Promise<void> {
  const ownerId = userIds[customer.email];
  if (ownerId === undefined) return;
  const now = deps.clock.now();
  const start = new Date(now.getTime() - customer.daysPastDue * DAY);
  const subscribed = addMonthsClamped(start, -customer.monthsSubscribed);
  const org = await deps.db
    .insertInto('organizations')
    .values({
      owner_id: ownerId,
      ...customer.organization,
      subdomain: customer.subdomain,
      status: 'active',
      created_at: subscribed,
      updated_at: subscribed,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const details = {
    name: ownerName(customer.email),
    email: customer.email,
    address: { ...customer.address, line2: null, country: 'GB' },
  };
  const subscriptionId = await insertTestSubscription(deps, {
    ownerId,
    organizationId: org.id,
    card: { ...customer.card, behaviour: 'decline' },
    plan: customer.plan,
    additionalVenues: customer.additionalVenues,
    subscribed,
    start,
    details,
  });
  await deps.db
    .insertInto('invoices')
    .values({
      number: `INV-DEMO-${ownerId}-PD`,
      subscription_id: subscriptionId,
      organization_id: org.id,
      description: planDescription(customer.plan, customer.additionalVenues),
      status: 'failed',
      total_pence: monthlyPricePence(customer.plan, customer.additionalVenues),
      currency: 'GBP',
      billing_details: JSON.stringify(details),
      period_start: start,
      period_end: addMonthsClamped(start, 1),
      failure_message: 'Your card was declined.',
      created_at: start,
    })
    .execute();
}

/** The failed renewal's line: "Basic plan with 2 additional venues", "Unlimited plan". */
function planDescription(plan: PlanId, additionalVenues: number): string {
  const s = additionalVenues === 1 ? '' : 's';
  const venues = additionalVenues > 0 ? ` with ${additionalVenues} additional venue${s}` : '';
  return `${PLANS[plan].name} plan${venues}`;
}

function ownerName(email: string): string {
  return DEMO_USERS.find((u) => u.email === email)?.name ?? email;
}
