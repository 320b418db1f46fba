import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { recordActivity } from '../activity';
import type { PaymentMethodRow } from '../../core/payments/provider';
import { findMemberOrganization } from '../memberships';
import { toOutput, type SubscriptionOutput } from './queries';
// Function-only cycle with renewals.ts (a card update retries failed invoices at once).
import { retryFailedInvoices } from './renewals';
import {
  BILLING_TEXTS,
  type Owner,
  type Req,
  findSubscription,
  ownedLiveSubscription,
  updateSubscription,
} from './shared';
import { replaceStripePaymentMethod } from './stripe-lifecycle';
import { ensureOrganizationCustomer, isStripeManaged } from './stripe-sync';

export async function findPaymentMethod(
  deps: AppDeps,
  ownerId: number,
  providerId: string,
): Promise<PaymentMethodRow> {
  const find = () =>
    deps.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('provider_id', '=', providerId)
      .where('user_id', '=', ownerId)
      .executeTakeFirst();
  let pm = await find();
  if (!pm && deps.payments.name === 'stripe' && /^pm_[A-Za-z0-9_]+$/.test(providerId)) {
    // Created in the browser with Stripe Elements: keep only its type, brand and last four.
    const resolved = await deps.payments.resolvePaymentMethod(providerId);
    if (resolved) {
      await deps.db
        .insertInto('payment_methods')
        .values({
          provider_id: providerId,
          user_id: ownerId,
          ...resolved,
          test_behaviour: null,
          created_at: deps.clock.now(),
        })
        .onConflict((oc) => oc.column('provider_id').doNothing())
        .execute();
      pm = await find();
    }
  }
  if (!pm) {
    throw new AppError('VALIDATION_ERROR', BILLING_TEXTS.paymentMethodNotFound, {
      errors: { payment_method_id: [BILLING_TEXTS.paymentMethodNotFound] },
    });
  }
  return pm;
}

/** Replaces the payment method and retries every failed invoice at once (the recovery path). */
export async function updatePaymentMethod(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  input: { organization_uuid: string; payment_method_id: string },
): Promise<SubscriptionOutput> {
  const { org, sub } = await ownedLiveSubscription(deps, owner, input.organization_uuid);
  const pm = await findPaymentMethod(deps, owner.id, input.payment_method_id);
  const inStripe = isStripeManaged(deps, sub);
  // Stripe: the new default is attached and every open invoice attempted again there.
  if (inStripe) await replaceStripePaymentMethod(deps, sub, pm);
  const now = deps.clock.now();
  await updateSubscription(deps.db, sub.id, {
    payment_method_id: pm.id,
    payment_type: pm.type === 'sepa_debit' ? 'direct_debit' : 'card',
    updated_at: now,
  });
  await recordActivity(deps, req, {
    userId: owner.id,
    type: 'settings',
    action: 'subscription.payment_method_updated',
    description: `Updated the payment method of "${org.name}"`,
    severity: 'info',
  });
  if (!inStripe) await retryFailedInvoices(deps, sub.id, true);
  return toOutput(deps, (await findSubscription(deps.db, org.id))!, org.uuid);
}

/**
 * SEPA Direct Debit: a SetupIntent the browser confirms. With Stripe it belongs to the
 * organization's customer, so the confirmed mandate is that customer's payment method.
 */
export async function createSetupIntent(
  deps: AppDeps,
  owner: Owner,
  organizationUuid: string,
): Promise<{ clientSecret: string }> {
  const org = await findMemberOrganization(deps.db, owner.id, organizationUuid, 'manageBilling');
  const customerId = deps.payments.subscriptions
    ? await ensureOrganizationCustomer(deps, org, owner.email, null)
    : null;
  return deps.payments.createSetupIntent({
    organizationUuid: org.uuid,
    email: owner.email,
    customerId,
    idempotencyKey: `scmp:setup:${org.uuid}:${deps.clock.now().getTime()}`,
  });
}
