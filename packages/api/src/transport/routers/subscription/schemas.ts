import { z } from 'zod';

const uuidInput = z
  .string({ error: 'organization_uuid is required' })
  .trim()
  .min(1, 'organization_uuid is required');
export const organizationUuidInput = uuidInput;
/** The input of an operation on one organization's subscription: its organization_uuid. */
export const subscriptionOrganizationInput = z.object({ organization_uuid: organizationUuidInput });
export const planTypeInput = z.enum(['basic', 'unlimited'], {
  error: 'Choose a plan: basic or unlimited.',
});
/** A number of locations from 1 to `max`; every refusal (not a number, not whole, out of range) says `text`. */
export const locationCount = (max: number, text: string) =>
  z.coerce.number({ error: text }).int(text).min(1, text).max(max, text);
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

/** The meta of an operation that also takes its Idempotency-Key as the `idempotency_key` field. */
export const idempotentByKeyField = {
  idempotent: true,
  idempotencyKeyField: 'idempotency_key',
} as const;

/**
 * The body of a change charged at a quote: the organization, the change's own `fields`, the
 * quote's proration_date and the retry key (see idempotentByKeyField).
 */
export const quotedChangeInput = <T extends z.ZodRawShape>(fields: T) =>
  z.object({
    organization_uuid: organizationUuidInput,
    ...fields,
    proration_date: prorationDateInput,
    idempotency_key: idempotencyKeyInput,
  });
