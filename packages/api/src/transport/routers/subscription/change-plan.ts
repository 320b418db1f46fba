import { changePlan as change, subscriptionSchema } from '../../../domain/billing';
import { idempotentByKeyField, planTypeInput, quotedChangeInput } from './schemas';
import { subscription, manageBilling } from './area';

export const changePlan = subscription
  .verified(
    'PATCH /subscription/plan',
    'Change plan now; an upgrade charges the prorated difference today',
    { ...manageBilling, ...idempotentByKeyField },
  )
  .answers(
    quotedChangeInput({ plan_type: planTypeInput }),
    subscriptionSchema,
    'Plan changed successfully.',
    ({ ctx, input }) => change(ctx.deps, ctx.req, ctx.user, input),
  );
