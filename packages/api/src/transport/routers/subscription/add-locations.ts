import { addLocations as add, subscriptionSchema } from '../../../domain/billing';
import { idempotentByKeyField, locationCount, quotedChangeInput } from './schemas';
import { subscription, manageBilling } from './area';

export const addLocations = subscription
  .verified(
    'PATCH /subscription/add-locations',
    'Add locations (1–20); the prorated amount for the rest of the period is charged today',
    { ...manageBilling, ...idempotentByKeyField },
  )
  .answers(
    quotedChangeInput({
      additional_locations: locationCount(20, 'Choose between 1 and 20 locations to add.'),
    }),
    subscriptionSchema,
    'Locations added successfully.',
    ({ ctx, input }) => add(ctx.deps, ctx.req, ctx.user, input),
  );
