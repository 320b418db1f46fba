import type Stripe from 'stripe';
import { requireStripe } from '../lazy-module';
import type { ChargeResult, PaymentProvider } from './types';
import { createStripeCatalog } from './stripe-catalog';
import { createStripeSubscriptions } from './stripe-subscriptions';

/** SDK options: the real API, or a local HTTP stub in tests (STRIPE_API_BASE=http://127.0.0.1:12111). */
function sdkOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { maxNetworkRetries: 2, telemetry: false, timeout: 20_000 };
  if (!apiBase) return base;
  const url = new URL(apiBase);
  return {
    ...base,
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
  };
}

/**
 * Stripe behind the PaymentProvider interface: subscriptions are Stripe's own Customers,
 * Subscriptions and Invoices (`subscriptions`); SEPA mandates start as SetupIntents on the
 * organization's customer; payment methods made in the browser are read back for their brand
 * and last four digits. `charge` (an off-session PaymentIntent) serves one-off amounts.
 */
export function createStripePaymentProvider(options: {
  secretKey: string;
  publishableKey: string | undefined;
  apiBase: string | undefined;
}): PaymentProvider {
  const StripeSdk = requireStripe();
  const stripe = new StripeSdk(options.secretKey, sdkOptions(options.apiBase));
  return {
    name: 'stripe',
    publishableKey: options.publishableKey ?? null,
    subscriptions: createStripeSubscriptions(stripe, createStripeCatalog(stripe)),
    async charge({
      paymentMethod,
      amountPence,
      idempotencyKey,
      description,
    }): Promise<ChargeResult> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountPence,
            currency: 'gbp',
            payment_method: paymentMethod.provider_id,
            confirm: true,
            off_session: true,
            description,
          },
          { idempotencyKey },
        );
        if (intent.status === 'succeeded')
          return { ok: true, status: 'paid', providerInvoiceId: intent.id };
        if (intent.status === 'processing')
          return { ok: true, status: 'pending', providerInvoiceId: intent.id };
        return {
          ok: false,
          message: intent.last_payment_error?.message ?? 'Your card was declined.',
        };
      } catch (error) {
        const e = error as { type?: string; message?: string };
        if (e.type === 'StripeCardError' || e.type === 'StripeInvalidRequestError') {
          return { ok: false, message: e.message ?? 'Your card was declined.' };
        }
        throw error;
      }
    },
    async createSetupIntent({ organizationUuid, email, customerId, idempotencyKey }) {
      const intent = await stripe.setupIntents.create(
        {
          ...(customerId ? { customer: customerId } : {}),
          allowed_payment_method_types: ['sepa_debit'],
          usage: 'off_session',
          metadata: { organization_uuid: organizationUuid, email },
        },
        { idempotencyKey },
      );
      return { clientSecret: intent.client_secret ?? '' };
    },
    async resolvePaymentMethod(id: string) {
      try {
        const pm = await stripe.paymentMethods.retrieve(id);
        if (pm.type === 'card' && pm.card)
          return { type: 'card', brand: pm.card.brand, last4: pm.card.last4 };
        if (pm.type === 'sepa_debit' && pm.sepa_debit) {
          return { type: 'sepa_debit', brand: 'sepa_debit', last4: pm.sepa_debit.last4 ?? '' };
        }
        return null;
      } catch {
        return null;
      }
    },
  };
}
