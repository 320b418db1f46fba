import { z } from 'zod';
import { namedRefSchema as ref } from '../../contracts/response-fields';
import { PLAN_IDS } from '../../contracts/plans';
import {
  RETENTION_RULE_IDS,
  RETENTION_RULE_OUTCOMES,
  RETENTION_RUN_STATUSES,
} from '../../contracts/retention';

/**
 * The shapes the staff procedures answer with: one zod schema each, the service's return type is
 * its z.output and the routers' .output() reuse it. Strict: a key the service returns that is not
 * here fails output validation (the doors-agree test calls every procedure).
 */
const customerRef = z.strictObject({ uuid: z.string(), email: z.string() });

/** GET /staff/overview. */
export const staffOverviewOutput = z.strictObject({
  as_of: z.string(),
  customers: z.strictObject({
    accounts: z.number().int().describe('Customer accounts (staff left out)'),
    verified: z.number().int(),
  }),
  organizations: z.strictObject({
    pending: z.number().int(),
    active: z.number().int(),
    inactive: z.number().int(),
  }),
  subscriptions: z.array(
    z.strictObject({
      plan: z.enum(PLAN_IDS),
      in_force: z.number().int().describe('active + past_due'),
      active: z.number().int(),
      past_due: z.number().int(),
      suspended: z.number().int(),
      cancelled: z.number().int(),
      expired: z.number().int(),
    }),
  ),
  mrr: z.strictObject({
    mrr_pence: z.number().int(),
    subscriptions_in_force: z.number().int(),
    counted_statuses: z.array(z.string()),
    trend: z.array(
      z.strictObject({
        month: z.string().describe('YYYY-MM'),
        mrr_pence: z
          .number()
          .int()
          .nullable()
          .describe('At the last recorded day of the month (live for this month); null unknown'),
      }),
    ),
  }),
  weekly: z.array(
    z.strictObject({
      week_start: z.string().describe('YYYY-MM-DD; 7-day weeks, the last one ends today'),
      sign_ups: z.number().int(),
      cancellations: z.number().int(),
    }),
  ),
  past_due: z.strictObject({
    total: z.number().int(),
    items: z.array(
      z.strictObject({
        subscription_uuid: z.string(),
        status: z.enum(['past_due', 'suspended']),
        plan: z.enum(PLAN_IDS),
        additional_venues: z.number().int(),
        past_due_since: z.string().nullable(),
        days_overdue: z.number().int(),
        organization: ref,
        customer: customerRef.extend({ name: z.string() }),
      }),
    ),
  }),
  fleet: z.strictObject({
    by_status: z.strictObject({
      pending: z.number().int(),
      provisioning: z.number().int(),
      active: z.number().int(),
      suspended: z.number().int(),
      terminated: z.number().int(),
    }),
    by_health: z
      .strictObject({
        healthy: z.number().int(),
        unhealthy: z.number().int(),
        unknown: z.number().int(),
      })
      .describe('Instances not terminated, by the result of their last health check'),
    unhealthy: z.array(
      z.strictObject({
        uuid: z.string(),
        name: z.string(),
        host: z.string().nullable(),
        status: z.string(),
        last_health_check: z.string().nullable(),
        organization: ref,
        customer: customerRef,
      }),
    ),
  }),
  tickets: z.strictObject({
    open: z.number().int().describe('Status open or in progress'),
    waiting_on_staff: z
      .number()
      .int()
      .describe('Open tickets whose latest message is the customer’s'),
    median_first_response_seconds: z.number().int().nullable(),
    first_response_tickets: z.number().int(),
    first_response_as_of: z.string().nullable().describe('The last day of the 30-day window'),
  }),
});

export const staffCustomerSummary = z.strictObject({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  created_at: z.string(),
  organizations_total: z.number().int(),
  organizations: z.array(
    z.strictObject({
      uuid: z.string(),
      name: z.string(),
      status: z.string(),
      plan: z.string().nullable(),
      subscription_status: z.string().nullable(),
    }),
  ),
});

export const staffInstanceSummary = z.strictObject({
  uuid: z.string(),
  name: z.string(),
  host: z.string().nullable(),
  status: z.string(),
  health: z.string().nullable(),
  last_health_check: z.string().nullable(),
  ssl_status: z.string(),
  custom_domain: z.string().nullable(),
  custom_domain_status: z.string().nullable(),
  created_at: z.string(),
  organization: ref,
  owner: customerRef.extend({ name: z.string() }),
});

export const staffCustomerDetail = z.strictObject({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  created_at: z.string(),
  organizations: z.array(
    z.strictObject({
      uuid: z.string(),
      name: z.string(),
      type: z.string(),
      status: z.string(),
      subdomain: z.string().nullable(),
      role: z.string(),
      created_at: z.string(),
      subscription: z
        .strictObject({
          plan: z.string(),
          status: z.string(),
          additional_venues: z.number().int(),
          current_period_end: z.string().nullable(),
          past_due_since: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
  instances: z.array(
    z.strictObject({
      uuid: z.string(),
      name: z.string(),
      host: z.string().nullable(),
      status: z.string(),
      ssl_status: z.string(),
      custom_domain: z.string().nullable(),
      custom_domain_status: z.string().nullable(),
      health: z.string().nullable(),
      last_health_check: z.string().nullable(),
      organization: ref,
    }),
  ),
  tickets: z.strictObject({
    open: z.number().int(),
    in_progress: z.number().int(),
    resolved: z.number().int(),
    closed: z.number().int(),
    recent: z.array(
      z.strictObject({
        uuid: z.string(),
        ticket_number: z.string(),
        subject: z.string(),
        status: z.string(),
        priority: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
});

/** GET /staff/retention: the operator console's Data retention section. */
export const staffRetentionOutput = z.strictObject({
  rules: z
    .array(
      z.strictObject({
        id: z.enum(RETENTION_RULE_IDS),
        what: z.string(),
        kept_for: z.string(),
        then: z.string(),
      }),
    )
    .describe('The retention rules (contracts/retention.ts), in the order a run applies them'),
  runs: z
    .array(
      z.strictObject({
        uuid: z.string(),
        started_at: z.string(),
        finished_at: z.string().nullable(),
        status: z.enum(RETENTION_RUN_STATUSES),
        error: z.string().nullable(),
        results: z.array(
          z.strictObject({
            rule: z.string(),
            removed: z.number().int(),
            outcome: z.enum(RETENTION_RULE_OUTCOMES),
            error: z.string().nullable(),
          }),
        ),
      }),
    )
    .describe('The latest 10 runs, newest first'),
  closing_organizations: z
    .array(
      z.strictObject({
        uuid: z.string(),
        name: z.string(),
        owner_email: z.string(),
        closed_at: z.string(),
        purge_at: z.string(),
      }),
    )
    .describe('Organizations in their 60-day closing window, soonest purge first'),
});

export type StaffOverview = z.output<typeof staffOverviewOutput>;
export type StaffCustomerSummary = z.output<typeof staffCustomerSummary>;
export type StaffInstanceSummary = z.output<typeof staffInstanceSummary>;
export type StaffCustomerDetail = z.output<typeof staffCustomerDetail>;
export type StaffRetention = z.output<typeof staffRetentionOutput>;

/** One keyset page of a staff list: the items and the cursor of the next page (null: the last). */
export type StaffPage<T> = { items: T[]; next_cursor: string | null };
