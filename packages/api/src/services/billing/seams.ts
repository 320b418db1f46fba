import type { AppDeps } from '../../deps';
import { assertDeployAllowedImpl, hasLiveSubscriptionImpl } from './billing';

/**
 * What other areas ask of billing: deploying an instance needs an active subscription (or one in
 * its grace period, or cancelled but still within its paid period) with a free location, else 409
 * pointing to the Subscription page; an organization with a live subscription cannot be deleted.
 */
export async function assertDeployAllowed(deps: AppDeps, organizationId: number): Promise<void> {
  await assertDeployAllowedImpl(deps, organizationId);
}

export async function hasLiveSubscription(deps: AppDeps, organizationId: number): Promise<boolean> {
  return hasLiveSubscriptionImpl(deps, organizationId);
}
