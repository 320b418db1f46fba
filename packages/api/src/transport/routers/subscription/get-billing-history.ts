import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { billingHistory, billingHistoryItemSchema } from '../../../domain/billing';
import { authedProcedure } from '../../trpc';
import { organizationUuidInput } from './schemas';

export const getBillingHistory = authedProcedure
  .meta({
    scope: 'billing:read',
    permission: 'viewBilling',
    openapi: {
      method: 'GET',
      path: '/subscription/billing-history',
      tags: ['subscription'],
      summary: "An organization's invoices, newest first (amount in pounds, amount_pence in pence)",
      protect: true,
    },
  })
  .input(z.object({ organization_uuid: organizationUuidInput }))
  .output(envelope(z.array(billingHistoryItemSchema)))
  .query(async ({ ctx, input }) =>
    ok(await billingHistory(ctx.deps, ctx.user, input.organization_uuid)),
  );
