import { z } from 'zod';
import { MAX_ADDITIONAL_VENUES } from '../../../contracts/plans';
import { envelope, ok } from '../../envelope';
import { createSubscription as create, subscriptionSchema } from '../../../domain/billing';
import {
  idempotencyKeyInput,
  idempotentByKeyField,
  organizationUuidInput,
  planTypeInput,
} from './schemas';
import { subscription, manageBilling } from './area';

const required = (text: string) => z.string({ error: text }).trim().min(1, text).max(255);

export const createSubscriptionInput = z.object({
  organization_uuid: organizationUuidInput,
  plan_type: planTypeInput,
  additional_venues: z.coerce
    .number()
    .int()
    .min(0, 'Additional venues must be between 0 and 20.')
    .max(MAX_ADDITIONAL_VENUES, 'Additional venues must be between 0 and 20.')
    .default(0),
  payment_method_id: required('A payment method is required.'),
  payment_type: z.enum(['card', 'direct_debit']).default('card'),
  billing_details: z.object(
    {
      name: required('Full name is required'),
      email: z.email({ error: 'Invalid email address' }).max(255),
      address: z.object(
        {
          line1: required('Address line 1 is required'),
          line2: z.string().trim().max(255).nullish(),
          city: required('City is required'),
          postal_code: required('Postal code is required'),
          country: z.string().trim().length(2, 'Country must be a 2-letter code').default('GB'),
        },
        { error: 'Billing address is required' },
      ),
    },
    { error: 'Billing details are required' },
  ),
  idempotency_key: idempotencyKeyInput,
});

export const createSubscription = subscription
  .verified(
    'POST /subscription',
    'Start a subscription: setup fee plus the first month charged today',
    {
      ...manageBilling,
      successStatus: 201,
      ...idempotentByKeyField,
    },
  )
  .input(createSubscriptionInput)
  .output(envelope(subscriptionSchema))
  .mutation(async ({ ctx, input }) => {
    const details = {
      name: input.billing_details.name,
      email: input.billing_details.email,
      address: {
        ...input.billing_details.address,
        line2: input.billing_details.address.line2 || null,
        country: input.billing_details.address.country.toUpperCase(),
      },
    };
    const sub = await create(ctx.deps, ctx.req, ctx.user, { ...input, billing_details: details });
    return ok(sub, 'Subscription created successfully.');
  });
