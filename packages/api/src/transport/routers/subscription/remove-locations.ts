import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { removeLocations as remove, subscriptionSchema } from '../../../domain/billing';
import { authedProcedure } from '../../trpc';
import { organizationUuidInput } from './schemas';

const text = 'Choose how many unused locations to remove.';

export const removeLocations = authedProcedure
  .meta({
    scope: 'billing:write',
    permission: 'manageBilling',
    openapi: {
      method: 'PATCH',
      path: '/subscription/remove-locations',
      tags: ['subscription'],
      summary:
        'Remove unused locations (up to min(10, limit − max(current, 1))); billing adjusts next cycle, no refund',
      protect: true,
    },
  })
  .input(
    z.object({
      organization_uuid: organizationUuidInput,
      locations_to_remove: z.coerce.number({ error: text }).int(text).min(1, text).max(10, text),
    }),
  )
  .output(envelope(subscriptionSchema))
  .mutation(async ({ ctx, input }) =>
    ok(
      await remove(ctx.deps, ctx.req, ctx.user, input),
      'Locations removed. Billing adjusts from the next cycle.',
    ),
  );
