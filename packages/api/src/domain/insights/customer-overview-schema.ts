import { z } from 'zod';
import { PLAN_IDS } from '../../contracts/plans';
import { ORGANIZATION_ROLES } from '../../contracts/roles';

const count = z.number().int();

/** One organization's subscription as the dashboard home shows it. */
export const subscriptionLineSchema = z.strictObject({
  organization_uuid: z.string(),
  organization_name: z.string(),
  organization_status: z.enum(['pending', 'active', 'inactive', 'closing', 'closed']),
  role: z.enum(ORGANIZATION_ROLES),
  state: z
    .enum(['none', 'active', 'past_due', 'suspended', 'cancelled', 'expired', 'hidden'])
    .describe("'hidden' when the member's role may not see the organization's billing"),
  plan_type: z.enum(PLAN_IDS).nullable(),
  plan_name: z.string().nullable(),
  price_monthly_pence: count.nullable(),
  next_invoice_date: z.string().nullable().describe('The next renewal while active or past due'),
  next_invoice_pence: count.nullable().describe('The renewal amount: monthly price less credit'),
  past_due_since: z.string().nullable(),
  service_ends_at: z.string().nullable(),
  link: z.string().describe('The subscription page of the organization'),
});

/** One problem on the dashboard home, with a link to the page that fixes it. */
export const attentionItemSchema = z.strictObject({
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

/**
 * GET /dashboard/overview: one zod schema per shape; customerOverview's return type is its z.output
 * and the router's .output() is the schema itself. Strict: a key the service returns that is not
 * here fails output validation (the doors-agree test calls every procedure).
 */
export const customerOverviewSchema = z.strictObject({
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
  subscriptions: z.array(subscriptionLineSchema),
  needs_attention: z.array(attentionItemSchema),
});

export type CustomerOverview = z.output<typeof customerOverviewSchema>;
export type SubscriptionLine = z.output<typeof subscriptionLineSchema>;
export type SubscriptionState = SubscriptionLine['state'];
export type AttentionItem = z.output<typeof attentionItemSchema>;
export type AttentionKind = AttentionItem['kind'];
export type AttentionSeverity = AttentionItem['severity'];
