import type { AppDeps } from '../../deps';

/**
 * What other areas ask of billing. Owned by the billing area, which fills these in:
 * deploying an instance needs an active subscription (or one in its grace period) with a free
 * location; an organization with a live subscription cannot be deleted.
 */
export async function assertDeployAllowed(_deps: AppDeps, _organizationId: number): Promise<void> {}

export async function hasLiveSubscription(
  _deps: AppDeps,
  _organizationId: number,
): Promise<boolean> {
  return false;
}
