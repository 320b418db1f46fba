import { envelope, ok } from '../../envelope';
import { getTicketForStaff, staffTicketDetailOutput } from '../../../domain/support';
import { staffProcedure } from '../../trpc';
import { ticketIdInput } from './ticket-output';

export const staffGetTicket = staffProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/staff/tickets/{id}',
      tags: ['support'],
      summary: 'Staff: any ticket with its customer, organization and thread',
      protect: true,
    },
  })
  .input(ticketIdInput)
  .output(envelope(staffTicketDetailOutput))
  .query(async ({ ctx, input }) => ok(await getTicketForStaff(ctx.deps, input.id)));
