import { z } from 'zod';
import { PLAN_IDS } from '../../contracts/plans';
import { publicIdFields } from '../../contracts/response-fields';

/**
 * The subscription and invoice shapes the API answers with: one zod schema per shape; the billing
 * services' return types are their z.output and the routers' .output() reuse them. Strict: a key a
 * service returns that is not here fails output validation (the doors-agree test calls every
 * procedure), so the two cannot drift apart.
 */
export const paymentMethodSummarySchema = z.strictObject({
  type: z.string(),
  brand: z.string(),
  last4: z.string(),
});

/**
 * Stored JSON passed through as saved: not strict, so a key an older row may hold is dropped from
 * the answer rather than failing it.
 */
export const billingDetailsSchema = z.object({
  name: z.string(),
  email: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
});

/** `price_monthly` is in pounds (e.g. 250); `price_monthly_pence` is the same in integer pence. */
export const subscriptionSchema = z.strictObject({
  ...publicIdFields,
  organization_uuid: z.string(),
  provider: z.enum(['stripe', 'test']),
  plan_type: z.enum(PLAN_IDS),
  plan_name: z.string(),
  status: z.string(),
  price_monthly: z.number(),
  price_monthly_pence: z.number().int(),
  currency: z.literal('GBP'),
  additional_venues: z.number().int(),
  current_location_count: z.number().int(),
  location_limit: z.number().int(),
  available_locations: z.number().int().nullable(),
  next_billing_date: z.string().nullable(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  service_ends_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  past_due_since: z.string().nullable(),
  grace_period_ends_at: z.string().nullable(),
  payment_type: z.enum(['card', 'direct_debit']),
  payment_method: paymentMethodSummarySchema.nullable(),
  billing_details: billingDetailsSchema,
  created_at: z.string(),
});

export type SubscriptionOutput = z.output<typeof subscriptionSchema>;

export const billingHistoryItemSchema = z.strictObject({
  id: z.string(),
  number: z.string(),
  created_at: z.string(),
  description: z.string(),
  amount: z.number(),
  amount_pence: z.number().int(),
  currency: z.string(),
  status: z.enum(['paid', 'pending', 'failed']),
  invoice_pdf: z.string().nullable(),
  invoice_url: z.string().nullable(),
});

export type BillingHistoryItem = z.output<typeof billingHistoryItemSchema>;

/** A quote (GET /subscription/preview); proration_date is its time in Unix seconds. */
export const previewSchema = z.strictObject({
  amount_due_today: z.number(),
  amount_due_today_pence: z.number().int(),
  currency: z.literal('GBP'),
  new_price_monthly: z.number(),
  new_price_monthly_pence: z.number().int(),
  credit_pence: z.number().int(),
  next_billing_date: z.string(),
  proration_date: z.number().int(),
  lines: z.array(z.strictObject({ description: z.string(), amount_pence: z.number().int() })),
});

export type Preview = z.output<typeof previewSchema>;

const pence = z.number().int();

/** GET /subscription/invoiced-monthly: per calendar month, and the upcoming renewal invoice. */
export const invoicedMonthlySchema = z.strictObject({
  currency: z.literal('GBP'),
  months: z.array(
    z.strictObject({
      month: z.string(),
      paid_pence: pence,
      pending_pence: pence,
      failed_pence: pence,
      total_pence: pence,
      invoices: z.number().int(),
    }),
  ),
  upcoming: z
    .strictObject({
      date: z.string(),
      description: z.string(),
      amount: z.number(),
      amount_pence: pence,
      credit_pence: pence,
    })
    .nullable(),
});

export type InvoicedMonthly = z.output<typeof invoicedMonthlySchema>;
export type InvoicedMonth = InvoicedMonthly['months'][number];
export type UpcomingInvoice = NonNullable<InvoicedMonthly['upcoming']>;
