import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { PlanId } from '../../contracts/plans';
import type { PriceIds } from './stripe-catalog';
import {
  INVOICE_EXPAND,
  SUBSCRIPTION_EXPAND,
  asDeclined,
  orNull,
  toProviderInvoice,
  toProviderSubscription,
} from './stripe-objects';
import type { ProviderInvoice, SubscriptionGateway } from './subscription-gateway';

type Expanded = Stripe.Subscription & { latest_invoice: Stripe.Invoice | string | null };

function latestInvoiceOf(s: Expanded, previousId: string | null): ProviderInvoice | null {
  const inv = s.latest_invoice;
  if (!inv || typeof inv === 'string' || inv.id === previousId) return null;
  return toProviderInvoice(inv);
}

/**
 * Stripe's Customers, Subscriptions and Invoices behind our SubscriptionGateway. Every POST
 * carries an idempotency key (prefixed "scmp:") so a retried request never acts twice.
 */
export function createStripeSubscriptions(
  stripe: Stripe,
  prices: () => Promise<PriceIds>,
): SubscriptionGateway {
  const retrieve = (id: string) =>
    stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND }) as Promise<Expanded>;

  /** The items of a change to `plan` with `venues` (the venue item only on Basic). */
  async function changedItems(
    before: ReturnType<typeof toProviderSubscription>,
    plan: PlanId,
    venues: number,
  ): Promise<Stripe.SubscriptionUpdateParams.Item[]> {
    const ids = await prices();
    const items: Stripe.SubscriptionUpdateParams.Item[] = [
      before.baseItemId ? { id: before.baseItemId, price: ids[plan] } : { price: ids[plan] },
    ];
    if (plan === 'basic') {
      items.push(
        before.venueItemId
          ? { id: before.venueItemId, quantity: venues }
          : { price: ids.venue, quantity: venues },
      );
    } else if (before.venueItemId) {
      items.push({ id: before.venueItemId, deleted: true });
    }
    return items;
  }

  return {
    async ensureCustomer({
      existingId,
      organizationUuid,
      organizationName,
      email,
      billing,
      idempotencyKey,
    }) {
      const details = billing
        ? {
            email: billing.email,
            name: billing.name,
            address: {
              line1: billing.address.line1,
              line2: billing.address.line2 ?? '',
              city: billing.address.city,
              postal_code: billing.address.postal_code,
              country: billing.address.country,
            },
          }
        : { email };
      if (existingId) {
        if (billing) await stripe.customers.update(existingId, details, { idempotencyKey });
        return existingId;
      }
      const customer = await stripe.customers.create(
        {
          ...details,
          description: organizationName,
          metadata: { organization_uuid: organizationUuid },
        },
        { idempotencyKey },
      );
      return customer.id;
    },

    async attachPaymentMethod({ customerId, paymentMethodId, idempotencyKey }) {
      try {
        const pm = await stripe.paymentMethods.retrieve(paymentMethodId);
        const owner = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
        if (owner !== customerId) {
          await stripe.paymentMethods.attach(
            paymentMethodId,
            { customer: customerId },
            { idempotencyKey: `${idempotencyKey}:attach` },
          );
        }
        await stripe.customers.update(
          customerId,
          { invoice_settings: { default_payment_method: paymentMethodId } },
          { idempotencyKey: `${idempotencyKey}:default` },
        );
      } catch (error) {
        asDeclined(error);
      }
    },

    async createSubscription(input) {
      const ids = await prices();
      try {
        const created = (await stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [
              { price: ids[input.plan] },
              ...(input.plan === 'basic' ? [{ price: ids.venue, quantity: input.venues }] : []),
            ],
            // The one-off setup fee, on the first invoice only.
            add_invoice_items: [{ price: ids.setup, quantity: 1 }],
            default_payment_method: input.paymentMethodId,
            payment_behavior:
              input.paymentType === 'card' ? 'error_if_incomplete' : 'allow_incomplete',
            payment_settings: {
              payment_method_types: [input.paymentType === 'card' ? 'card' : 'sepa_debit'],
              save_default_payment_method: 'on_subscription',
            },
            metadata: { organization_uuid: input.organizationUuid },
            expand: SUBSCRIPTION_EXPAND,
          },
          { idempotencyKey: input.idempotencyKey },
        )) as Expanded;
        return {
          subscription: toProviderSubscription(created),
          invoice: latestInvoiceOf(created, null),
        };
      } catch (error) {
        return asDeclined(error);
      }
    },

    async updateSubscription({
      subscriptionId,
      plan,
      venues,
      prorationBehavior,
      prorationDate,
      idempotencyKey,
    }) {
      const before = toProviderSubscription(await retrieve(subscriptionId));
      const items = await changedItems(before, plan, venues);
      try {
        const updated = (await stripe.subscriptions.update(
          subscriptionId,
          {
            items,
            proration_behavior: prorationBehavior,
            ...(prorationBehavior === 'always_invoice'
              ? { payment_behavior: 'error_if_incomplete' as const }
              : {}),
            ...(prorationDate !== undefined && prorationBehavior !== 'none'
              ? { proration_date: prorationDate }
              : {}),
            expand: SUBSCRIPTION_EXPAND,
          },
          { idempotencyKey },
        )) as Expanded;
        return {
          subscription: toProviderSubscription(updated),
          invoice: latestInvoiceOf(updated, before.latestInvoiceId),
        };
      } catch (error) {
        return asDeclined(error);
      }
    },

    async previewUpdate({ subscriptionId, customerId, plan, venues, prorationDate }) {
      const before = toProviderSubscription(await retrieve(subscriptionId));
      const items = await changedItems(before, plan, venues);
      // A read: Stripe's preview creates nothing; the key only keeps retries of this call apart.
      const preview = await stripe.invoices.createPreview(
        {
          customer: customerId,
          subscription: subscriptionId,
          subscription_details: {
            items,
            proration_behavior: 'always_invoice',
            proration_date: prorationDate,
          },
        },
        { idempotencyKey: `scmp:preview:${randomUUID()}` },
      );
      return {
        totalPence: preview.total,
        lines: preview.lines.data.map((l) => ({
          description: l.description ?? '',
          amountPence: l.amount,
        })),
      };
    },

    async cancelAtPeriodEnd({ subscriptionId, idempotencyKey }) {
      const updated = (await stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: true, expand: SUBSCRIPTION_EXPAND },
        { idempotencyKey },
      )) as Expanded;
      return toProviderSubscription(updated);
    },

    async setDefaultPaymentMethod({ subscriptionId, paymentMethodId, idempotencyKey }) {
      try {
        await stripe.subscriptions.update(
          subscriptionId,
          { default_payment_method: paymentMethodId },
          { idempotencyKey },
        );
      } catch (error) {
        asDeclined(error);
      }
    },

    async payOpenInvoices({ subscriptionId, keyPrefix }) {
      const open = await stripe.invoices.list({
        subscription: subscriptionId,
        status: 'open',
        limit: 20,
      });
      const result: ProviderInvoice[] = [];
      for (const inv of open.data) {
        if (!inv.id) continue;
        try {
          await stripe.invoices.pay(inv.id, {}, { idempotencyKey: `${keyPrefix}:${inv.id}` });
        } catch (error) {
          // A refusal leaves the invoice open (failed); anything else is a real error.
          const e = error as { type?: string };
          if (e.type !== 'StripeCardError') throw error;
        }
        result.push(
          toProviderInvoice(await stripe.invoices.retrieve(inv.id, { expand: INVOICE_EXPAND })),
        );
      }
      return result;
    },

    async retrieveSubscription(id) {
      const s = await orNull(retrieve(id));
      return s ? toProviderSubscription(s) : null;
    },

    async retrieveInvoice(id) {
      const inv = await orNull(stripe.invoices.retrieve(id, { expand: INVOICE_EXPAND }));
      return inv ? toProviderInvoice(inv) : null;
    },

    async retrieveSetupIntent(id) {
      const si = await orNull(stripe.setupIntents.retrieve(id));
      if (!si) return null;
      const idOf = (v: string | { id: string } | null) =>
        v == null ? null : typeof v === 'string' ? v : v.id;
      return {
        id: si.id,
        status: si.status,
        customerId: idOf(si.customer),
        paymentMethodId: idOf(si.payment_method),
        organizationUuid: si.metadata?.organization_uuid ?? null,
        failureMessage: si.last_setup_error?.message ?? null,
      };
    },
  };
}
