import type { BillingDetails } from '@scmp/db';
import type { PlanId } from '../../contracts/plans';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { PaymentDeclinedError, type PaymentMethodRow } from '../../core/payments/provider';
import type {
  ProrationBehavior,
  ProviderInvoice,
  ProviderSubscription,
} from '../../core/payments/subscription-gateway';
import { markRecovered } from './service-state';
import type { Db, SubscriptionRow } from './shared';
import {
  applyProviderSubscription,
  ensureOrganizationCustomer,
  mirrorInvoice,
  stripeGateway,
} from './stripe-sync';

/** The Stripe side of each request; our tables are then updated from what Stripe answered. */

/** A refusal becomes our 400 with the provider's text (the "payment error" banner). */
async function declinesAsBadRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentDeclinedError)
      throw new AppError('BAD_REQUEST', error.message, { extra: { payment_error: true } });
    throw error;
  }
}

/**
 * A customer per organization, the browser-made payment method attached as its default, then
 * the subscription (base price, a venue-quantity item for Basic, the setup fee on the first
 * invoice). A card refusal creates nothing.
 */
export async function startStripeSubscription(
  deps: AppDeps,
  input: {
    org: { id: number; uuid: string; name: string };
    email: string;
    billing: BillingDetails;
    paymentMethod: PaymentMethodRow;
    plan: PlanId;
    venues: number;
    paymentType: 'card' | 'direct_debit';
    idempotencyKey: string;
  },
): Promise<{
  customerId: string;
  subscription: ProviderSubscription;
  invoice: ProviderInvoice | null;
}> {
  const gateway = stripeGateway(deps);
  return declinesAsBadRequest(async () => {
    const customerId = await ensureOrganizationCustomer(
      deps,
      input.org,
      input.email,
      input.billing,
    );
    await gateway.attachPaymentMethod({
      customerId,
      paymentMethodId: input.paymentMethod.provider_id,
      idempotencyKey: `scmp:pm:${customerId}:${input.paymentMethod.provider_id}`,
    });
    const created = await gateway.createSubscription({
      customerId,
      organizationUuid: input.org.uuid,
      plan: input.plan,
      venues: input.venues,
      paymentMethodId: input.paymentMethod.provider_id,
      paymentType: input.paymentType,
      idempotencyKey: `scmp:subscribe:${input.idempotencyKey}`,
    });
    return { customerId, ...created };
  });
}

/**
 * A plan or venue change in Stripe (always_invoice: the prorated amount is invoiced and charged
 * today; none: from the next cycle), then mirrored: invoice, plan, venues, period, status.
 */
export async function updateStripeSubscription(
  deps: AppDeps,
  sub: SubscriptionRow,
  change: {
    plan: PlanId;
    venues: number;
    prorationBehavior: ProrationBehavior;
    /** The quote's proration_date (Unix seconds): Stripe prorates at exactly that moment. */
    prorationDate?: number;
    idempotencyKey: string;
    description: string;
  },
  apply: (trx: Db) => Promise<void>,
): Promise<void> {
  const result = await declinesAsBadRequest(() =>
    stripeGateway(deps).updateSubscription({
      subscriptionId: sub.provider_subscription_id!,
      plan: change.plan,
      venues: change.venues,
      prorationBehavior: change.prorationBehavior,
      prorationDate: change.prorationDate,
      idempotencyKey: `scmp:${change.idempotencyKey}`,
    }),
  );
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (result.invoice) await mirrorInvoice(trx, sub, result.invoice, now, change.description);
    await apply(trx);
    await applyProviderSubscription(deps, trx, sub, result.subscription, now);
  });
}

/** Stripe's invoice preview of an always_invoice change, prorated at `prorationDate`. */
export async function previewStripeChange(
  deps: AppDeps,
  sub: SubscriptionRow,
  target: { plan: PlanId; venues: number },
  prorationDate: number,
) {
  return stripeGateway(deps).previewUpdate({
    subscriptionId: sub.provider_subscription_id!,
    customerId: sub.provider_customer_id!,
    plan: target.plan,
    venues: target.venues,
    prorationDate,
  });
}

/** cancel_at_period_end in Stripe; service continues until the period Stripe reports ends. */
export async function cancelStripeSubscription(
  deps: AppDeps,
  sub: SubscriptionRow,
): Promise<ProviderSubscription> {
  return stripeGateway(deps).cancelAtPeriodEnd({
    subscriptionId: sub.provider_subscription_id!,
    idempotencyKey: `scmp:cancel:${sub.uuid}`,
  });
}

/** New default payment method in Stripe, then every open invoice is attempted again at once. */
export async function replaceStripePaymentMethod(
  deps: AppDeps,
  sub: SubscriptionRow,
  pm: PaymentMethodRow,
): Promise<void> {
  const gateway = stripeGateway(deps);
  const subscriptionId = sub.provider_subscription_id!;
  await declinesAsBadRequest(async () => {
    if (sub.provider_customer_id) {
      await gateway.attachPaymentMethod({
        customerId: sub.provider_customer_id,
        paymentMethodId: pm.provider_id,
        idempotencyKey: `scmp:pm:${sub.provider_customer_id}:${pm.provider_id}`,
      });
    }
    await gateway.setDefaultPaymentMethod({
      subscriptionId,
      paymentMethodId: pm.provider_id,
      idempotencyKey: `scmp:sub-pm:${subscriptionId}:${pm.provider_id}`,
    });
  });
  const invoices = await gateway.payOpenInvoices({
    subscriptionId,
    keyPrefix: `scmp:pay:${pm.provider_id}`,
  });
  const current = await gateway.retrieveSubscription(subscriptionId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    for (const inv of invoices) await mirrorInvoice(trx, sub, inv, now);
    const fresh = current ? await applyProviderSubscription(deps, trx, sub, current, now) : sub;
    await markRecovered(trx, fresh, now);
  });
}
