import { getSubscription as get, subscriptionSchema } from '../../../domain/billing';
import { subscriptionOrganizationInput } from './schemas';
import { subscription, viewBilling } from './area';

/** The organization's subscription, or data: null when it has none. */
export const getSubscription = subscription
  .authed(
    'GET /subscription',
    "An organization's subscription (data is null without one)",
    viewBilling,
  )
  .answers(subscriptionOrganizationInput, subscriptionSchema.nullable(), ({ ctx, input }) =>
    get(ctx.deps, ctx.user, input.organization_uuid),
  );
