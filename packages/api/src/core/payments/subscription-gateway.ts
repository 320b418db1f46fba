import type { BillingDetails } from '@scmp/db';
import type { PlanId } from '../../contracts/plans';

/** Stripe's subscription as our billing area needs it (read back from Stripe, never from an event). */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  /** Stripe's status: active, trialing, past_due, unpaid, paused, canceled, incomplete, … */
  status: string;
  cancelAtPeriodEnd: boolean;
  periodStart: Date;
  periodEnd: Date;
  plan: PlanId | null;
  /** Quantity of the additional-venue item (Basic only). */
  venues: number;
  baseItemId: string | null;
  venueItemId: string | null;
  latestInvoiceId: string | null;
  defaultPaymentMethodId: string | null;
};

/** A Stripe invoice mirrored into our billing history (hosted page and PDF are Stripe's). */
export type ProviderInvoice = {
  id: string;
  number: string | null;
  subscriptionId: string | null;
  status: 'paid' | 'pending' | 'failed';
  billingReason: string | null;
  totalPence: number;
  currency: string;
  hostedUrl: string | null;
  pdfUrl: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  created: Date;
  lines: Array<{ description: string; quantity: number; amountPence: number }>;
};

export type ProviderSetupIntent = {
  id: string;
  status: string;
  customerId: string | null;
  paymentMethodId: string | null;
  organizationUuid: string | null;
  failureMessage: string | null;
};

export type ProrationBehavior = 'always_invoice' | 'none';

/**
 * What the Stripe provider does with Stripe's own objects. Every mutating call carries an
 * idempotency key; a refusal throws PaymentDeclinedError with the provider's text.
 */
export type SubscriptionGateway = {
  /** The organization's customer: the existing one (details refreshed) or a new one. */
  ensureCustomer(input: {
    existingId: string | null;
    organizationUuid: string;
    organizationName: string;
    email: string;
    billing: BillingDetails | null;
    idempotencyKey: string;
  }): Promise<string>;
  /** Attaches a browser-made payment method and makes it the customer's default. */
  attachPaymentMethod(input: {
    customerId: string;
    paymentMethodId: string;
    idempotencyKey: string;
  }): Promise<void>;
  /** Base price item, a venue-quantity item for Basic, the setup fee on the first invoice. */
  createSubscription(input: {
    customerId: string;
    organizationUuid: string;
    plan: PlanId;
    venues: number;
    paymentMethodId: string;
    paymentType: 'card' | 'direct_debit';
    idempotencyKey: string;
  }): Promise<{ subscription: ProviderSubscription; invoice: ProviderInvoice | null }>;
  /**
   * Plan or venue quantity change; always_invoice charges the prorated amount today, prorated at
   * `prorationDate` (Unix seconds, Stripe's proration_date) when given: the quoted moment.
   */
  updateSubscription(input: {
    subscriptionId: string;
    plan: PlanId;
    venues: number;
    prorationBehavior: ProrationBehavior;
    prorationDate?: number;
    idempotencyKey: string;
  }): Promise<{ subscription: ProviderSubscription; invoice: ProviderInvoice | null }>;
  /**
   * The invoice an always_invoice change to plan/venues would create, prorated at
   * `prorationDate` (Stripe's invoice preview): the same computation the update then charges.
   */
  previewUpdate(input: {
    subscriptionId: string;
    customerId: string;
    plan: PlanId;
    venues: number;
    prorationDate: number;
  }): Promise<{ totalPence: number; lines: Array<{ description: string; amountPence: number }> }>;
  cancelAtPeriodEnd(input: {
    subscriptionId: string;
    idempotencyKey: string;
  }): Promise<ProviderSubscription>;
  setDefaultPaymentMethod(input: {
    subscriptionId: string;
    paymentMethodId: string;
    idempotencyKey: string;
  }): Promise<void>;
  /** Attempts every open invoice of the subscription again; returns them as they are afterwards. */
  payOpenInvoices(input: { subscriptionId: string; keyPrefix: string }): Promise<ProviderInvoice[]>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  retrieveInvoice(id: string): Promise<ProviderInvoice | null>;
  retrieveSetupIntent(id: string): Promise<ProviderSetupIntent | null>;
};
