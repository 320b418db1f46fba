import { z } from 'zod';
import { SUPPORT_TEXTS, TICKET_STATUSES } from '../../../contracts/support';
import { setTicketStatus, staffTicketDetailOutput } from '../../../domain/support';
import { ticketIdInput } from './ticket-output';
import { support } from './area';

export const staffSetStatus = support
  .staff('PATCH /support/staff/tickets/{id}/status', 'Staff: set the status of a ticket')
  .answers(
    ticketIdInput.extend({
      status: z.enum(TICKET_STATUSES, {
        error: 'Status must be open, in_progress, resolved or closed',
      }),
    }),
    staffTicketDetailOutput,
    SUPPORT_TEXTS.statusUpdated,
    ({ ctx, input }) => setTicketStatus(ctx.deps, input.id, input.status),
  );
