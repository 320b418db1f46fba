import { z } from 'zod';
import { okPage } from '../../envelope';
import { listCustomersForStaff, staffCustomerSummary } from '../../../domain/staff';
import { staffListInput, staffPage } from './staff-output';
import { staff } from './area';

/** GET /staff/customers: customers with their organizations, searched and paged by keyset. */
export const staffListCustomers = staff
  .staff('GET /staff/customers', 'Staff: customers with their organizations, plan and state', {
    description:
      'q matches the start of the e-mail address, the name or an owned organization’s name ' +
      '(case-insensitive); without q, newest first. limit 1–100 (default 25); cursor is the ' +
      'next_cursor of the previous page. Staff only: 404 to anyone else.',
  })
  .input(z.object(staffListInput))
  .output(staffPage(staffCustomerSummary))
  .query(async ({ ctx, input }) => okPage(await listCustomersForStaff(ctx.deps, input)));
