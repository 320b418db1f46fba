import { envelope, ok } from '../../envelope';
import { cancelSubscription as cancel, subscriptionSchema } from '../../../domain/billing';
import { subscriptionOrganizationInput } from './schemas';
import { subscription, manageBilling } from './area';

export const cancelSubscription = subscription
  .authed(
    'PATCH /subscription/cancel',
    'Cancel; service continues until the end of the current billing period',
    manageBilling,
  )
  .input(subscriptionOrganizationInput)
  .output(envelope(subscriptionSchema))
  .mutation(async ({ ctx, input }) =>
    ok(
      await cancel(ctx.deps, ctx.req, ctx.user, input),
      'Subscription cancelled. Your service will continue until the end of the current billing period.',
    ),
  );
