import { invoicedMonthly, invoicedMonthlySchema } from '../../../domain/billing';
import { subscriptionOrganizationInput } from './schemas';
import { subscription, viewBilling } from './area';

export const getInvoicedMonthly = subscription
  .authed(
    'GET /subscription/invoiced-monthly',
    'What was invoiced per month over the last 12 months, and the upcoming invoice',
    {
      ...viewBilling,
      description:
        'One entry per UTC calendar month, oldest first: this month and the 11 before it, the ' +
        "sums of that month's invoices by status in pence (months without invoices are 0). " +
        'upcoming is the next renewal invoice (plan price less credit, at the period end), null ' +
        'for a cancelled, expired or missing subscription. Same access as billing history.',
    },
  )
  .answers(subscriptionOrganizationInput, invoicedMonthlySchema, ({ ctx, input }) =>
    invoicedMonthly(ctx.deps, ctx.user, input.organization_uuid),
  );
