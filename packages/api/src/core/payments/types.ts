import type { Selectable } from 'kysely';
import type { PaymentMethodsTable } from '@scmp/db';
import type { SubscriptionGateway } from './subscription-gateway';

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;

export type ChargeKind = 'initial' | 'proration' | 'renewal' | 'retry';

/** The outcome of one charge: paid now, pending (SEPA processing), or refused with the bank's text. */
export type ChargeResult =
  | { ok: true; status: 'paid' | 'pending'; providerInvoiceId: string | null }
  | { ok: false; message: string };

/** A refusal from the provider (card declined, insufficient funds, …): its text is shown as is. */
export class PaymentDeclinedError extends Error {}

/**
 * The payment provider seam (Stripe or the built-in test mode). One interface; deps.payments
 * holds the configured implementation. In test mode our database owns the subscription
 * lifecycle and the provider only moves money (`charge`); with Stripe, `subscriptions` creates
 * and updates Stripe's own Customers, Subscriptions and Invoices, and our database mirrors them.
 */
export type PaymentProvider = {
  readonly name: 'stripe' | 'test';
  readonly publishableKey: string | null;
  /** Charge a stored payment method; `idempotencyKey` makes a retried call a no-op at the provider. */
  charge(input: {
    paymentMethod: PaymentMethodRow;
    amountPence: number;
    kind: ChargeKind;
    idempotencyKey: string;
    description: string;
  }): Promise<ChargeResult>;
  /** SEPA mandate setup: a client secret the browser confirms. */
  createSetupIntent(input: {
    organizationUuid: string;
    email: string;
    customerId: string | null;
    idempotencyKey: string;
  }): Promise<{ clientSecret: string }>;
  /** A payment method created in the browser (Stripe Elements): its type, brand and last four. */
  resolvePaymentMethod(
    providerId: string,
  ): Promise<{ type: 'card' | 'sepa_debit'; brand: string; last4: string } | null>;
  /** Stripe's own subscription objects; null in test mode (the lifecycle lives in our database). */
  readonly subscriptions: SubscriptionGateway | null;
};
