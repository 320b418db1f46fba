import type { Generated } from 'kysely';
import type { CreatedAt, Json, NullableTimestamp, OrganizationRecord, Timestamp } from './core';

export type SubscriptionStatus = 'active' | 'past_due' | 'suspended' | 'cancelled' | 'expired';
export type InvoiceStatus = 'paid' | 'pending' | 'failed';
export type PaymentMethodType = 'card' | 'sepa_debit';

/** One subscription per organization (unique organization_id). Money in integer pence (GBP). */
export type SubscriptionsTable = OrganizationRecord & {
  owner_id: number;
  provider: 'test' | 'stripe';
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  /** Stripe's own status of the subscription (active, past_due, unpaid, canceled, …); null in test mode. */
  provider_status: Generated<string | null>;
  plan_type: 'basic' | 'unlimited';
  additional_venues: number;
  status: SubscriptionStatus;
  payment_method_id: number | null;
  payment_type: 'card' | 'direct_debit';
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  past_due_since: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  service_ends_at: NullableTimestamp;
  credit_pence: Generated<number>;
  /** Instances this subscription suspended (resumed on recovery). */
  suspended_instance_ids: Json<number[]>;
  billing_details: Json<BillingDetails>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type BillingDetails = {
  name: string;
  email: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    postal_code: string;
    country: string;
  };
};

export type PaymentMethodsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  /** The provider's id (pm_…), what the browser sends as payment_method_id. */
  provider_id: string;
  user_id: number;
  type: PaymentMethodType;
  brand: string;
  last4: string;
  /** Test mode only: how the simulated bank answers ('ok', 'decline', …). Never card data. */
  test_behaviour: string | null;
  created_at: CreatedAt;
};

export type InvoicesTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  number: string;
  subscription_id: number;
  organization_id: number;
  description: string;
  status: InvoiceStatus;
  total_pence: number;
  currency: string;
  provider_invoice_id: string | null;
  hosted_url: string | null;
  pdf_url: string | null;
  billing_details: Json<BillingDetails>;
  period_start: NullableTimestamp;
  period_end: NullableTimestamp;
  attempt_count: Generated<number>;
  next_attempt_at: NullableTimestamp;
  failure_message: string | null;
  paid_at: NullableTimestamp;
  /** Why Stripe issued the invoice (subscription_create, subscription_update, subscription_cycle); null in test mode. */
  billing_reason: Generated<string | null>;
  created_at: CreatedAt;
};

export type InvoiceLinesTable = {
  id: Generated<number>;
  invoice_id: number;
  description: string;
  quantity: number;
  unit_amount_pence: number;
  amount_pence: number;
};

/** Each provider event processed exactly once (written in the same transaction as its effect). */
export type BillingEventsTable = {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  created_at: CreatedAt;
};

/** The provider's customer of an organization (Stripe: one cus_… per organization, reused). */
export type BillingCustomersTable = {
  id: Generated<number>;
  organization_id: number;
  provider: string;
  provider_customer_id: string;
  created_at: CreatedAt;
};

export type BillingTables = {
  billing_customers: BillingCustomersTable;
  subscriptions: SubscriptionsTable;
  payment_methods: PaymentMethodsTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  billing_events: BillingEventsTable;
};
