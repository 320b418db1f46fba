import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { billingHistory, billingHistoryItemSchema } from '../../../domain/billing';
import { subscriptionOrganizationInput } from './schemas';
import { subscription, viewBilling } from './area';

export const getBillingHistory = subscription
  .authed(
    'GET /subscription/billing-history',
    "An organization's invoices, newest first (amount in pounds, amount_pence in pence)",
    viewBilling,
  )
  .input(subscriptionOrganizationInput)
  .output(envelope(z.array(billingHistoryItemSchema)))
  .query(async ({ ctx, input }) =>
    ok(await billingHistory(ctx.deps, ctx.user, input.organization_uuid)),
  );
