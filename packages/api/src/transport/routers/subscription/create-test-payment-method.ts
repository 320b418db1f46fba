import { z } from 'zod';
import { createTestPaymentMethod as create } from '../../../core/payments/test-payment-methods';
import { enforceRateLimit } from '../../../core/rate-limit/rate-limiter';
import { createsOnce } from '../../create-meta';
import { subscription } from './area';

/** Test mode only (404 with Stripe): turns a published test card or IBAN into a payment method. */
export const createTestPaymentMethod = subscription
  .authed(
    'POST /payments/test/payment-methods',
    'Test mode: create a payment method from a Stripe test card number or test IBAN',
    { scope: 'billing:write', ...createsOnce },
  )
  .answers(
    z.object({
      type: z.enum(['card', 'sepa_debit'], { error: 'type must be card or sepa_debit' }),
      number: z.string().max(40).optional(),
      exp_month: z.coerce.number().int().optional(),
      exp_year: z.coerce.number().int().optional(),
      cvc: z.string().max(8).optional(),
      iban: z.string().max(64).optional(),
      name: z.string().max(255).optional(),
      email: z.string().max(255).optional(),
    }),
    z.strictObject({ id: z.string(), type: z.string(), brand: z.string(), last4: z.string() }),
    async ({ ctx, input }) => {
      await enforceRateLimit(ctx.deps.rateLimiter, `test-payment-method:${ctx.user.id}`, 30, 60);
      return create(ctx.deps, ctx.user.id, input);
    },
  );
