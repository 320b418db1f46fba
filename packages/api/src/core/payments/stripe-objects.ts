import type Stripe from 'stripe';
import { PLANS, SETUP_FEE_PENCE, type PlanId } from '../../contracts/plans';
import { PaymentDeclinedError } from './types';
import type { ProviderInvoice, ProviderSubscription } from './subscription-gateway';

/** Our catalogue in Stripe: products and prices found again by these lookup keys. */
export const LOOKUP_KEYS = {
  basic: 'scmp_basic_monthly',
  unlimited: 'scmp_unlimited_monthly',
  venue: 'scmp_additional_venue_monthly',
  setup: 'scmp_setup_fee',
} as const;
export type CatalogKey = keyof typeof LOOKUP_KEYS;

export const CATALOG: Record<
  CatalogKey,
  { product: string; amountPence: number; recurring: boolean }
> = {
  basic: {
    product: `${PLANS.basic.name} plan`,
    amountPence: PLANS.basic.pricePence,
    recurring: true,
  },
  unlimited: {
    product: `${PLANS.unlimited.name} plan`,
    amountPence: PLANS.unlimited.pricePence,
    recurring: true,
  },
  venue: {
    product: 'Additional venue',
    amountPence: PLANS.basic.additionalVenuePricePence,
    recurring: true,
  },
  setup: { product: 'One-time setup fee', amountPence: SETUP_FEE_PENCE, recurring: false },
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;
const date = (seconds: number | null | undefined) =>
  seconds == null ? null : new Date(seconds * 1000);

function planOfLookupKey(key: string | null | undefined): PlanId | null {
  if (key === LOOKUP_KEYS.basic) return 'basic';
  if (key === LOOKUP_KEYS.unlimited) return 'unlimited';
  return null;
}

export function toProviderSubscription(s: Stripe.Subscription): ProviderSubscription {
  const items = s.items?.data ?? [];
  const base = items.find((i) => planOfLookupKey(i.price?.lookup_key) !== null);
  const venue = items.find((i) => i.price?.lookup_key === LOOKUP_KEYS.venue);
  const periodItem = base ?? items[0];
  const now = Math.floor(Date.now() / 1000);
  return {
    id: s.id,
    customerId: idOf(s.customer) ?? '',
    status: s.status,
    cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
    periodStart: date(periodItem?.current_period_start ?? now)!,
    periodEnd: date(periodItem?.current_period_end ?? now)!,
    plan: planOfLookupKey(base?.price?.lookup_key),
    venues: venue?.quantity ?? 0,
    baseItemId: base?.id ?? null,
    venueItemId: venue?.id ?? null,
    latestInvoiceId: idOf(s.latest_invoice),
    defaultPaymentMethodId: idOf(s.default_payment_method),
  };
}

/** The state of the invoice's payment: a SEPA debit stays "processing" for days. */
function paymentIntentStatus(inv: Stripe.Invoice): string | null {
  for (const p of inv.payments?.data ?? []) {
    const pi = p.payment?.payment_intent;
    if (pi && typeof pi !== 'string') return pi.status;
  }
  return null;
}

function invoiceStatus(inv: Stripe.Invoice): ProviderInvoice['status'] {
  if (inv.status === 'paid') return 'paid';
  if (inv.status === 'void' || inv.status === 'uncollectible') return 'failed';
  const pi = paymentIntentStatus(inv);
  if (pi === 'processing' || pi === 'succeeded') return 'pending';
  if (inv.status === 'open' && inv.attempted) return 'failed';
  return 'pending';
}

export function toProviderInvoice(inv: Stripe.Invoice): ProviderInvoice {
  return {
    id: inv.id ?? '',
    number: inv.number ?? null,
    subscriptionId: idOf(inv.parent?.subscription_details?.subscription),
    status: invoiceStatus(inv),
    billingReason: inv.billing_reason ?? null,
    totalPence: inv.total,
    currency: (inv.currency ?? 'gbp').toUpperCase(),
    hostedUrl: inv.hosted_invoice_url ?? null,
    pdfUrl: inv.invoice_pdf ?? null,
    periodStart: date(inv.period_start),
    periodEnd: date(inv.period_end),
    created: date(inv.created) ?? new Date(),
    lines: (inv.lines?.data ?? []).map((l) => ({
      description: l.description ?? '',
      quantity: l.quantity ?? 1,
      amountPence: l.amount,
    })),
  };
}

/** Expansions that let one read show the invoice's payment state and the items' prices. */
export const INVOICE_EXPAND = ['payments.data.payment.payment_intent'];
export const SUBSCRIPTION_EXPAND = [
  'latest_invoice.payments.data.payment.payment_intent',
  'items.data.price',
];

/** Card refusals (and a payment method Stripe does not know) become our 400 with Stripe's text. */
export function asDeclined(error: unknown): never {
  const e = error as { type?: string; message?: string; param?: string };
  if (e.type === 'StripeCardError')
    throw new PaymentDeclinedError(e.message ?? 'Your card was declined.');
  if (e.type === 'StripeInvalidRequestError' && e.param?.includes('payment_method'))
    throw new PaymentDeclinedError(e.message ?? 'Payment setup failed');
  throw error;
}

/** Null when Stripe answers 404 for the id (an event about an object we cannot read). */
export async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    const e = error as { statusCode?: number };
    if (e.statusCode === 404) return null;
    throw error;
  }
}
