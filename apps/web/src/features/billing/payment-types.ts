import type { ReactNode } from 'react';

/** What the payment form hands back: a provider payment method id and the billing details. */
export type PaymentResult = {
  payment_method_id: string;
  payment_type: 'card' | 'direct_debit';
  billing_details: {
    name: string;
    email: string;
    address: { line1: string; line2: string; city: string; postal_code: string; country: string };
  };
};

export type PaymentFormProps = {
  provider: 'stripe' | 'test';
  publishableKey?: string | null;
  organizationUuid: string;
  submitLabel: string;
  busy: boolean;
  defaultEmail?: string;
  onSubmit: (result: PaymentResult) => Promise<void> | void;
  onCancel?: () => void;
  /** Opened by a button above it: scroll the form into view and focus its first field. */
  autoFocus?: boolean;
};

export type Billing = {
  name: string;
  email: string;
  address: PaymentResult['billing_details']['address'];
};

/** What the Stripe Elements side provides: payment methods made in the browser, never seen by us. */
export type StripeBridge = {
  card: (billing: Billing) => Promise<string>;
  sepa: (clientSecret: string, billing: Billing) => Promise<string>;
  cardSlot: ReactNode;
  ibanSlot: ReactNode;
};
