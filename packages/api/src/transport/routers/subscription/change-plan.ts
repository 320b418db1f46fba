import { envelope, ok } from '../../envelope';
import { changePlan as change, subscriptionSchema } from '../../../domain/billing';
import { verifiedProcedure } from '../../trpc';
import { idempotentByKeyField, planTypeInput, quotedChangeInput } from './schemas';

export const changePlan = verifiedProcedure
  .meta({
    scope: 'billing:write',
    permission: 'manageBilling',
    openapi: {
      method: 'PATCH',
      path: '/subscription/plan',
      tags: ['subscription'],
      summary: 'Change plan now; an upgrade charges the prorated difference today',
      protect: true,
    },
    ...idempotentByKeyField,
  })
  .input(quotedChangeInput({ plan_type: planTypeInput }))
  .output(envelope(subscriptionSchema))
  .mutation(async ({ ctx, input }) =>
    ok(await change(ctx.deps, ctx.req, ctx.user, input), 'Plan changed successfully.'),
  );
