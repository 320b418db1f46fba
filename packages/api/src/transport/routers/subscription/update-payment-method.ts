import { z } from 'zod';
import { updatePaymentMethod as update, subscriptionSchema } from '../../../domain/billing';
import { organizationUuidInput } from './schemas';
import { subscription, manageBilling } from './area';

/** Replace the payment method; outstanding failed invoices are retried at once. */
export const updatePaymentMethod = subscription
  .verified(
    'PATCH /subscription/payment-method',
    'Update the payment method and retry any failed payment',
    manageBilling,
  )
  .answers(
    z.object({
      organization_uuid: organizationUuidInput,
      payment_method_id: z
        .string({ error: 'A payment method is required.' })
        .trim()
        .min(1, 'A payment method is required.'),
    }),
    subscriptionSchema,
    'Payment method updated successfully.',
    ({ ctx, input }) => update(ctx.deps, ctx.req, ctx.user, input),
  );
