import { getTicketForStaff, staffTicketDetailOutput } from '../../../domain/support';
import { ticketIdInput } from './ticket-output';
import { support } from './area';

export const staffGetTicket = support
  .staff(
    'GET /support/staff/tickets/{id}',
    'Staff: any ticket with its customer, organization and thread',
  )
  .answers(ticketIdInput, staffTicketDetailOutput, ({ ctx, input }) =>
    getTicketForStaff(ctx.deps, input.id),
  );
