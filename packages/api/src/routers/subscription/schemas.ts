import { z } from 'zod';

const uuidInput = z
  .string({ error: 'organization_uuid is required' })
  .trim()
  .min(1, 'organization_uuid is required');
export const organizationUuidInput = uuidInput;
export const planTypeInput = z.enum(['basic', 'unlimited'], {
  error: 'Choose a plan: basic or unlimited.',
});
/** The specification's body field: an alias of the Idempotency-Key header (meta.idempotencyKeyField). */
export const idempotencyKeyInput = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .optional()
  .describe(
    'Makes a retry safe: an alias of the Idempotency-Key header (same key, same store; the same key with another body answers 422).',
  );
/** A quote's proration_date (Unix seconds, from GET /subscription/preview): charge exactly the quote. */
export const prorationDateInput = z
  .number()
  .int()
  .min(0)
  .max(4_102_444_800)
  .optional()
  .describe(
    'proration_date of a quote from GET /subscription/preview (Unix seconds): the charge is prorated at that moment, so it equals the quoted amount_due_today. A quote older than 5 minutes, or one made before the subscription changed, is refused with 409 (quote again).',
  );

export const paymentMethodSummarySchema = z.object({
  type: z.string(),
  brand: z.string(),
  last4: z.string(),
});

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
export const subscriptionSchema = z.object({
  id: z.string(),
  uuid: z.string(),
  organization_uuid: z.string(),
  provider: z.enum(['stripe', 'test']),
  plan_type: z.enum(['basic', 'unlimited']),
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

export const billingHistoryItemSchema = z.object({
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

export const previewSchema = z.object({
  amount_due_today: z.number(),
  amount_due_today_pence: z.number().int(),
  currency: z.literal('GBP'),
  new_price_monthly: z.number(),
  new_price_monthly_pence: z.number().int(),
  credit_pence: z.number().int(),
  next_billing_date: z.string(),
  proration_date: z.number().int(),
  lines: z.array(z.object({ description: z.string(), amount_pence: z.number().int() })),
});
