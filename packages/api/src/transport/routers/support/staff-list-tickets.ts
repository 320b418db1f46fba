import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import {
  listTicketsForStaff,
  staffTicketFiltersInput,
  staffTicketSummaryOutput,
} from '../../../domain/support';
import { staffProcedure } from '../../trpc';

export const staffListTickets = staffProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/staff/tickets',
      tags: ['support'],
      summary: 'Staff: the ticket queue across customers, with filters and search',
      protect: true,
    },
  })
  .input(staffTicketFiltersInput)
  .output(envelope(z.array(staffTicketSummaryOutput)))
  .query(async ({ ctx, input }) => ok(await listTicketsForStaff(ctx.deps, input)));
