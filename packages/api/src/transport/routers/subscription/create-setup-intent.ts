import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { envelope, ok } from '../../envelope';
import { createSetupIntent as create } from '../../../domain/billing';
import { organizationUuidInput } from './schemas';
import { subscription, manageBilling } from './area';

export const createSetupIntent = subscription
  .verified(
    'POST /subscription/setup-intent',
    'Start a SEPA Direct Debit mandate setup (client secret for the browser)',
    manageBilling,
  )
  .input(
    z.object({
      organization_uuid: organizationUuidInput,
      payment_type: z
        .enum(['direct_debit'], { error: 'payment_type must be direct_debit' })
        .default('direct_debit'),
    }),
  )
  .output(envelope(z.strictObject({ client_secret: z.string() })))
  .mutation(async ({ ctx, input }) => {
    try {
      const { clientSecret } = await create(ctx.deps, ctx.user, input.organization_uuid);
      return ok({ client_secret: clientSecret }, 'Setup intent created.');
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('BAD_REQUEST', 'Failed to create setup intent');
    }
  });
