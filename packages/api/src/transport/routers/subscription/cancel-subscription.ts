import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { cancelSubscription as cancel, subscriptionSchema } from '../../../domain/billing';
import { organizationUuidInput } from './schemas';
import { subscription, manageBilling } from './area';

export const cancelSubscription = subscription
  .authed(
    'PATCH /subscription/cancel',
    'Cancel; service continues until the end of the current billing period',
    manageBilling,
  )
  .input(z.object({ organization_uuid: organizationUuidInput }))
  .output(envelope(subscriptionSchema))
  .mutation(async ({ ctx, input }) =>
    ok(
      await cancel(ctx.deps, ctx.req, ctx.user, input),
      'Subscription cancelled. Your service will continue until the end of the current billing period.',
    ),
  );
