import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope';
import { customerOverview } from '../../services/insights/customer-overview';
import { authedProcedure } from '../../trpc';

const count = z.number().int();

const subscriptionLine = z.strictObject({
  organization_uuid: z.string(),
  organization_name: z.string(),
  organization_status: z.enum(['pending', 'active', 'inactive', 'closing', 'closed']),
  role: z.enum(['owner', 'admin', 'billing', 'member']),
  state: z
    .enum(['none', 'active', 'past_due', 'suspended', 'cancelled', 'expired', 'hidden'])
    .describe("'hidden' when the member's role may not see the organization's billing"),
  plan_type: z.enum(['basic', 'unlimited']).nullable(),
  plan_name: z.string().nullable(),
  price_monthly_pence: count.nullable(),
  next_invoice_date: z.string().nullable().describe('The next renewal while active or past due'),
  next_invoice_pence: count.nullable().describe('The renewal amount: monthly price less credit'),
  past_due_since: z.string().nullable(),
  service_ends_at: z.string().nullable(),
  link: z.string().describe('The subscription page of the organization'),
});

const attentionItem = z.strictObject({
  kind: z.enum([
    'payment_past_due',
    'service_suspended',
    'instance_unhealthy',
    'instance_suspended',
    'certificate',
    'email_unverified',
    'organization_pending_payment',
    'staff_reply',
  ]),
  severity: z.enum(['critical', 'warning', 'info']),
  title: z.string(),
  detail: z.string(),
  link: z.string().describe('The dashboard page where the problem is fixed'),
});

/** GET /dashboard/overview: the dashboard home's figures and what needs attention. */
export const getDashboardOverview = authedProcedure
  .meta({
    scope: 'organizations:read',
    openapi: {
      method: 'GET',
      path: '/dashboard/overview',
      // The REST contract predates the dashboard router: tag and operationId stay as published.
      tags: ['public-site'],
      operationId: 'publicSite-dashboardOverview',
      summary: 'Dashboard home figures and the problems that need attention',
      description:
        'Over every organization the signed-in user belongs to: organizations by status, live ' +
        'instances by status and (active ones) by their latest health check, the user’s open ' +
        'tickets and those awaiting their answer to a staff reply, the subscription state of each ' +
        'organization (plan, next invoice date and amount, or past due since), and needs_attention: ' +
        'each problem (payment past due, unhealthy or suspended instance, certificate expiring, ' +
        'expired or failed, unverified e-mail, organization pending payment, unanswered staff ' +
        'reply) with a link to the page that fixes it, most severe first.',
      protect: true,
    },
  })
  .output(
    envelope(
      z.strictObject({
        organizations: z.strictObject({
          total: count,
          by_status: z.strictObject({
            pending: count,
            active: count,
            inactive: count,
            closing: count,
          }),
        }),
        instances: z.strictObject({
          total: count,
          by_status: z.strictObject({
            pending: count,
            provisioning: count,
            active: count,
            suspended: count,
          }),
          by_health: z.strictObject({ healthy: count, unhealthy: count, unchecked: count }),
        }),
        tickets: z.strictObject({ open: count, awaiting_reply: count }),
        subscriptions: z.array(subscriptionLine),
        needs_attention: z.array(attentionItem),
      }),
    ),
  )
  .query(async ({ ctx }) => ok(await customerOverview(ctx.deps, ctx.user)));
