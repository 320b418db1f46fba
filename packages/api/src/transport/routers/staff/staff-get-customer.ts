import { z } from 'zod';
import { customerForStaff, staffCustomerDetail } from '../../../domain/staff';
import { staff } from './area';

/** GET /staff/customers/{uuid}: what the customer sees, read-only; the view is logged. */
export const staffGetCustomer = staff
  .staff('GET /staff/customers/{uuid}', 'Staff: one customer as they see themselves (read-only)', {
    description:
      'Profile basics, organizations with role and subscription, their instances and tickets. ' +
      'Every call writes "Account viewed by support staff" to the customer’s activity log. ' +
      'Staff only: 404 to anyone else.',
  })
  .answers(z.object({ uuid: z.string().max(100) }), staffCustomerDetail, ({ ctx, input }) =>
    customerForStaff(ctx.deps, ctx.req, input.uuid),
  );
