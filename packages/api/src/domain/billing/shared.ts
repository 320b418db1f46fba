import type { Kysely, Selectable, UpdateObject } from 'kysely';
import type { Database, InvoicesTable, SubscriptionsTable } from '@scmp/db';
import { PLANS, type PlanId } from '../../contracts/plans';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { countRows } from '../../core/matching-rows';
import type { OrganizationPermission } from '../../contracts/roles';
import { findMemberOrganization } from '../memberships';

/** What every part of the billing area shares: row types, texts, time and money arithmetic. */
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type Db = Kysely<Database>;
export type Owner = { id: number; email: string; name: string };
export type Req = ClientInfo | null;

export const BILLING_TEXTS = {
  alreadySubscribed: 'This organization already has a subscription.',
  noSubscription: 'This organization has no subscription.',
  notFound: 'Subscription not found.',
  paymentMethodNotFound: 'Payment method not found.',
  cancelled: 'This subscription is cancelled.',
  samePlan: 'This organization is already on this plan.',
  basicOnly: 'Locations can be changed on the Basic plan only.',
  removeTooMany: (max: number) =>
    max <= 0
      ? 'No unused locations can be removed.'
      : `You can remove at most ${max} location${max === 1 ? '' : 's'}.`,
  deployNeedsSubscription:
    'An active subscription is required to deploy an instance. Choose a plan on the Subscription page.',
  deployLimitReached:
    'Your plan has no free location. Add locations or change your plan on the Subscription page.',
  invoiceNotFound: 'Invoice not found.',
  quoteExpired:
    'This quote has expired. Review the new amount due today and confirm again; nothing was charged.',
  quoteChanged:
    'The subscription changed after this quote. Review the new amount due today and confirm again; nothing was charged.',
};

/** How long a quote's proration_date may be used to charge (after that: 409, quote again). */
export const QUOTE_TTL_MS = 5 * 60 * 1000;

export const SEPA_SETTLE_JOB = 'billing.sepa-settle';
export const SEPA_DELAY_MS = 5_000;
export const RETRY_EVERY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- time and money helpers

/** One calendar month later (UTC), clamped to the month's last day. */
export function addMonth(date: Date): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The share of the current period still to run, in [0, 1]. */
export function remainingFraction(
  sub: Pick<SubscriptionRow, 'current_period_start' | 'current_period_end'>,
  now: Date,
): number {
  const start = new Date(sub.current_period_start).getTime();
  const end = new Date(sub.current_period_end).getTime();
  if (end <= start) return 0;
  return Math.min(1, Math.max(0, (end - now.getTime()) / (end - start)));
}

/** A prorated amount in whole pence (rounded half up). */
export function prorate(monthlyPence: number, fraction: number): number {
  return Math.round(monthlyPence * fraction);
}

export function locationLimitOf(plan: PlanId, additionalVenues: number): number {
  return PLANS[plan].locations === 'unlimited' ? -1 : 1 + additionalVenues;
}

export const pounds = (pence: number) => Math.round(pence) / 100;

export function countLocations(db: Db, organizationId: number): Promise<number> {
  return countRows(
    db
      .selectFrom('instances')
      .where('organization_id', '=', organizationId)
      .where('status', '!=', 'terminated'),
  );
}

/** The subscription with this id as it is now (a fresh read after a change). */
export function subscriptionById(db: Db, id: number): Promise<SubscriptionRow> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Writes `set` to the subscription with this id. */
export async function updateSubscription(
  db: Db,
  id: number,
  set: UpdateObject<Database, 'subscriptions'>,
): Promise<void> {
  await db.updateTable('subscriptions').set(set).where('id', '=', id).execute();
}

export async function findSubscription(
  db: Db,
  organizationId: number,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** The organization's live subscription for a member whose role holds `permission` (404/403 otherwise). */
export async function ownedLiveSubscription(
  deps: AppDeps,
  owner: Owner,
  orgUuid: string,
  permission: OrganizationPermission = 'manageBilling',
) {
  const org = await findMemberOrganization(deps.db, owner.id, orgUuid, permission);
  const sub = await findSubscription(deps.db, org.id);
  if (!sub || sub.status === 'expired')
    throw new AppError('NOT_FOUND', BILLING_TEXTS.noSubscription);
  return { org, sub };
}

/** A quote's proration time: the current second, in whole seconds like Stripe's proration_date. */
export function quoteTime(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 1000) * 1000);
}

/**
 * The moment a charge is prorated at. Without `prorationDate`: now. With it (the quote's
 * proration_date, Unix seconds): exactly that second, so the charge equals the quote to the
 * penny, unless the quote is stale (older than QUOTE_TTL_MS, in the future, before the current
 * period began, or the subscription changed after it): then 409 and nothing is charged.
 */
export function prorationTime(sub: SubscriptionRow, now: Date, prorationDate?: number): Date {
  if (prorationDate === undefined) return now;
  const at = new Date(prorationDate * 1000);
  const stale = (message: string) =>
    new AppError('CONFLICT', message, { extra: { quote_expired: true } });
  if (
    now.getTime() - at.getTime() > QUOTE_TTL_MS ||
    at.getTime() > now.getTime() + 1000 ||
    at.getTime() < quoteTime(new Date(sub.current_period_start)).getTime()
  )
    throw stale(BILLING_TEXTS.quoteExpired);
  // Changed in a later second than the quote's (plan, venues, period, status, payment method).
  if (quoteTime(new Date(sub.updated_at)).getTime() > at.getTime())
    throw stale(BILLING_TEXTS.quoteChanged);
  return at;
}

export function assertChangeable(sub: SubscriptionRow) {
  if (sub.status === 'cancelled') throw new AppError('CONFLICT', BILLING_TEXTS.cancelled);
}
