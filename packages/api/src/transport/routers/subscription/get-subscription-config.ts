import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { billingConfig } from '../../../domain/billing';
import { subscription } from './area';

export const getSubscriptionConfig = subscription
  .public(
    'GET /subscription/config',
    'Payment provider (stripe or test), publishable key, plan catalogue and setup fee',
  )
  .output(
    envelope(
      z.strictObject({
        provider: z.enum(['stripe', 'test']),
        publishable_key: z.string().nullable(),
        test_mode: z.boolean(),
        plans: z.array(
          z.strictObject({
            key: z.string(),
            id: z.string(),
            name: z.string(),
            price: z.number(),
            price_pence: z.number().int(),
            locations: z.union([z.number(), z.string()]),
            additionalVenuePrice: z.number(),
            additional_venue_price_pence: z.number().int(),
            features: z.array(z.string()),
          }),
        ),
        setup_fee: z.number(),
        setup_fee_pence: z.number().int(),
        currency: z.string(),
        max_additional_venues: z.number().int(),
      }),
    ),
  )
  .query(({ ctx }) => ok(billingConfig(ctx.deps)));
