import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import {
  BILLING_TEXTS,
  type SubscriptionRow,
  countLocations,
  findSubscription,
  locationLimitOf,
} from './shared';

/**
 * What other areas ask of billing: deploying an instance needs an active subscription (or one in
 * its grace period, or cancelled but still within its paid period) with a free location, else 409
 * pointing to the Subscription page; an organization with a live subscription cannot be deleted.
 */
function withinService(deps: AppDeps, sub: SubscriptionRow): boolean {
  const now = deps.clock.now().getTime();
  if (sub.status === 'active') return true;
  if (sub.status === 'past_due') {
    const since = sub.past_due_since ? new Date(sub.past_due_since).getTime() : now;
    return now < since + deps.config.billing.gracePeriodDays * 86_400_000;
  }
  if (sub.status === 'cancelled')
    return !!sub.service_ends_at && now < new Date(sub.service_ends_at).getTime();
  return false;
}

export async function assertDeployAllowed(deps: AppDeps, organizationId: number): Promise<void> {
  const sub = await findSubscription(deps.db, organizationId);
  if (!sub || !withinService(deps, sub))
    throw new AppError('CONFLICT', BILLING_TEXTS.deployNeedsSubscription);
  const limit = locationLimitOf(sub.plan_type, sub.additional_venues);
  if (limit !== -1 && (await countLocations(deps.db, organizationId)) >= limit) {
    throw new AppError('CONFLICT', BILLING_TEXTS.deployLimitReached);
  }
}

export async function hasLiveSubscription(deps: AppDeps, organizationId: number): Promise<boolean> {
  const sub = await findSubscription(deps.db, organizationId);
  return !!sub && sub.status !== 'expired';
}
