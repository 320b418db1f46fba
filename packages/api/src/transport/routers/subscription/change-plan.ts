import { envelope, ok } from '../../envelope';
import { changePlan as change, subscriptionSchema } from '../../../domain/billing';
import { idempotentByKeyField, planTypeInput, quotedChangeInput } from './schemas';
import { subscription, manageBilling } from './area';

export const changePlan = subscription
  .verified(
    'PATCH /subscription/plan',
    'Change plan now; an upgrade charges the prorated difference today',
    { ...manageBilling, ...idempotentByKeyField },
  )
  .input(quotedChangeInput({ plan_type: planTypeInput }))
  .output(envelope(subscriptionSchema))
  .mutation(async ({ ctx, input }) =>
    ok(await change(ctx.deps, ctx.req, ctx.user, input), 'Plan changed successfully.'),
  );
