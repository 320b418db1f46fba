import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { getSubscription as get, subscriptionSchema } from '../../../domain/billing';
import { authedProcedure } from '../../trpc';
import { organizationUuidInput } from './schemas';

/** The organization's subscription, or data: null when it has none. */
export const getSubscription = authedProcedure
  .meta({
    scope: 'billing:read',
    permission: 'viewBilling',
    openapi: {
      method: 'GET',
      path: '/subscription',
      tags: ['subscription'],
      summary: "An organization's subscription (data is null without one)",
      protect: true,
    },
  })
  .input(z.object({ organization_uuid: organizationUuidInput }))
  .output(envelope(subscriptionSchema.nullable()))
  .query(async ({ ctx, input }) => ok(await get(ctx.deps, ctx.user, input.organization_uuid)));
