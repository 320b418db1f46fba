import { z } from 'zod';
import { billingHistory, billingHistoryItemSchema } from '../../../domain/billing';
import { subscriptionOrganizationInput } from './schemas';
import { subscription, viewBilling } from './area';

export const getBillingHistory = subscription
  .authed(
    'GET /subscription/billing-history',
    "An organization's invoices, newest first (amount in pounds, amount_pence in pence)",
    viewBilling,
  )
  .answers(subscriptionOrganizationInput, z.array(billingHistoryItemSchema), ({ ctx, input }) =>
    billingHistory(ctx.deps, ctx.user, input.organization_uuid),
  );
