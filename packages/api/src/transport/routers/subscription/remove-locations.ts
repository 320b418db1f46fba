import { z } from 'zod';
import { removeLocations as remove, subscriptionSchema } from '../../../domain/billing';
import { locationCount, organizationUuidInput } from './schemas';
import { subscription, manageBilling } from './area';

export const removeLocations = subscription
  .authed(
    'PATCH /subscription/remove-locations',
    'Remove unused locations (up to min(10, limit − max(current, 1))); billing adjusts next cycle, no refund',
    manageBilling,
  )
  .answers(
    z.object({
      organization_uuid: organizationUuidInput,
      locations_to_remove: locationCount(10, 'Choose how many unused locations to remove.'),
    }),
    subscriptionSchema,
    'Locations removed. Billing adjusts from the next cycle.',
    ({ ctx, input }) => remove(ctx.deps, ctx.req, ctx.user, input),
  );
