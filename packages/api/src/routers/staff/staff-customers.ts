import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope';
import { customerForStaff, listCustomersForStaff } from '../../services/staff/customers';
import { staffProcedure } from '../../trpc';
import {
  staffCustomerDetail,
  staffCustomerSummary,
  staffListInput,
  staffPage,
} from './staff-output';

/** GET /staff/customers: customers with their organizations, searched and paged by keyset. */
export const staffListCustomers = staffProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/staff/customers',
      tags: ['staff'],
      summary: 'Staff: customers with their organizations, plan and state',
      description:
        'q matches the start of the e-mail address, the name or an owned organization’s name ' +
        '(case-insensitive); without q, newest first. limit 1–100 (default 25); cursor is the ' +
        'next_cursor of the previous page. Staff only: 404 to anyone else.',
      protect: true,
    },
  })
  .input(z.object(staffListInput))
  .output(staffPage(staffCustomerSummary))
  .query(async ({ ctx, input }) => {
    const page = await listCustomersForStaff(ctx.deps, input);
    return { success: true as const, data: page.items, next_cursor: page.next_cursor };
  });

/** GET /staff/customers/{uuid}: what the customer sees, read-only; the view is logged. */
export const staffGetCustomer = staffProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/staff/customers/{uuid}',
      tags: ['staff'],
      summary: 'Staff: one customer as they see themselves (read-only)',
      description:
        'Profile basics, organizations with role and subscription, their instances and tickets. ' +
        'Every call writes "Account viewed by support staff" to the customer’s activity log. ' +
        'Staff only: 404 to anyone else.',
      protect: true,
    },
  })
  .input(z.object({ uuid: z.string().max(100) }))
  .output(envelope(staffCustomerDetail))
  .query(async ({ ctx, input }) => ok(await customerForStaff(ctx.deps, ctx.req, input.uuid)));
