import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { addLocations as add, subscriptionSchema } from '../../../domain/billing';
import { verifiedProcedure } from '../../trpc';
import { idempotentByKeyField, quotedChangeInput } from './schemas';

const text = 'Choose between 1 and 20 locations to add.';

export const addLocations = verifiedProcedure
  .meta({
    scope: 'billing:write',
    permission: 'manageBilling',
    openapi: {
      method: 'PATCH',
      path: '/subscription/add-locations',
      tags: ['subscription'],
      summary:
        'Add locations (1–20); the prorated amount for the rest of the period is charged today',
      protect: true,
    },
    ...idempotentByKeyField,
  })
  .input(
    quotedChangeInput({
      additional_locations: z.coerce.number({ error: text }).int(text).min(1, text).max(20, text),
    }),
  )
  .output(envelope(subscriptionSchema))
  .mutation(async ({ ctx, input }) =>
    ok(await add(ctx.deps, ctx.req, ctx.user, input), 'Locations added successfully.'),
  );
