import { z } from 'zod';
import { pageLimit } from '../profile/schemas';

/** Shared input of the staff lists: prefix search, keyset cursor, bounded page size. */
export const staffListInput = {
  q: z.string().trim().max(100).optional(),
  limit: pageLimit(25),
  cursor: z.string().max(400).optional(),
};

export const staffPage = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    next_cursor: z.string().nullable().describe('Opaque; pass as cursor for the next page'),
  });

const ref = z.object({ uuid: z.string(), name: z.string() });
const customerRef = z.object({ uuid: z.string(), email: z.string() });

export const staffOverviewOutput = z.object({
  as_of: z.string(),
  customers: z.object({
    accounts: z.number().int().describe('Customer accounts (staff left out)'),
    verified: z.number().int(),
  }),
  organizations: z.object({
    pending: z.number().int(),
    active: z.number().int(),
    inactive: z.number().int(),
  }),
  subscriptions: z.array(
    z.object({
      plan: z.enum(['basic', 'unlimited']),
      in_force: z.number().int().describe('active + past_due'),
      active: z.number().int(),
      past_due: z.number().int(),
      suspended: z.number().int(),
      cancelled: z.number().int(),
      expired: z.number().int(),
    }),
  ),
  mrr: z.object({
    mrr_pence: z.number().int(),
    subscriptions_in_force: z.number().int(),
    counted_statuses: z.array(z.string()),
    trend: z.array(
      z.object({
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
    z.object({
      week_start: z.string().describe('YYYY-MM-DD; 7-day weeks, the last one ends today'),
      sign_ups: z.number().int(),
      cancellations: z.number().int(),
    }),
  ),
  past_due: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        subscription_uuid: z.string(),
        status: z.enum(['past_due', 'suspended']),
        plan: z.enum(['basic', 'unlimited']),
        additional_venues: z.number().int(),
        past_due_since: z.string().nullable(),
        days_overdue: z.number().int(),
        organization: ref,
        customer: customerRef.extend({ name: z.string() }),
      }),
    ),
  }),
  fleet: z.object({
    by_status: z.object({
      pending: z.number().int(),
      provisioning: z.number().int(),
      active: z.number().int(),
      suspended: z.number().int(),
      terminated: z.number().int(),
    }),
    by_health: z
      .object({
        healthy: z.number().int(),
        unhealthy: z.number().int(),
        unknown: z.number().int(),
      })
      .describe('Instances not terminated, by the result of their last health check'),
    unhealthy: z.array(
      z.object({
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
  tickets: z.object({
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

export const staffCustomerSummary = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  created_at: z.string(),
  organizations_total: z.number().int(),
  organizations: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      status: z.string(),
      plan: z.string().nullable(),
      subscription_status: z.string().nullable(),
    }),
  ),
});

export const staffInstanceSummary = z.object({
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

export const staffCustomerDetail = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  created_at: z.string(),
  organizations: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      type: z.string(),
      status: z.string(),
      subdomain: z.string().nullable(),
      role: z.string(),
      created_at: z.string(),
      subscription: z
        .object({
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
    z.object({
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
  tickets: z.object({
    open: z.number().int(),
    in_progress: z.number().int(),
    resolved: z.number().int(),
    closed: z.number().int(),
    recent: z.array(
      z.object({
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
