import { cancelSubscription as cancel, subscriptionSchema } from '../../../domain/billing';
import { subscriptionOrganizationInput } from './schemas';
import { subscription, manageBilling } from './area';

export const cancelSubscription = subscription
  .authed(
    'PATCH /subscription/cancel',
    'Cancel; service continues until the end of the current billing period',
    manageBilling,
  )
  .answers(
    subscriptionOrganizationInput,
    subscriptionSchema,
    'Subscription cancelled. Your service will continue until the end of the current billing period.',
    ({ ctx, input }) => cancel(ctx.deps, ctx.req, ctx.user, input),
  );
