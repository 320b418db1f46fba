import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { cancelSubscription as cancel, subscriptionSchema } from '../../../domain/billing';
import { authedProcedure } from '../../trpc';
import { organizationUuidInput } from './schemas';

export const cancelSubscription = authedProcedure
  .meta({
    scope: 'billing:write',
    permission: 'manageBilling',
    openapi: {
      method: 'PATCH',
      path: '/subscription/cancel',
      tags: ['subscription'],
      summary: 'Cancel; service continues until the end of the current billing period',
      protect: true,
    },
  })
  .input(z.object({ organization_uuid: organizationUuidInput }))
  .output(envelope(subscriptionSchema))
  .mutation(async ({ ctx, input }) =>
    ok(
      await cancel(ctx.deps, ctx.req, ctx.user, input),
      'Subscription cancelled. Your service will continue until the end of the current billing period.',
    ),
  );
