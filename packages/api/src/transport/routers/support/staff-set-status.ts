import { z } from 'zod';
import { SUPPORT_TEXTS, TICKET_STATUSES } from '../../../contracts/support';
import { envelope, ok } from '../../envelope';
import { setTicketStatus, staffTicketDetailOutput } from '../../../domain/support';
import { staffProcedure } from '../../trpc';
import { ticketIdInput } from './ticket-output';

export const staffSetStatus = staffProcedure
  .meta({
    openapi: {
      method: 'PATCH',
      path: '/support/staff/tickets/{id}/status',
      tags: ['support'],
      summary: 'Staff: set the status of a ticket',
      protect: true,
    },
  })
  .input(
    ticketIdInput.extend({
      status: z.enum(TICKET_STATUSES, {
        error: 'Status must be open, in_progress, resolved or closed',
      }),
    }),
  )
  .output(envelope(staffTicketDetailOutput))
  .mutation(async ({ ctx, input }) =>
    ok(await setTicketStatus(ctx.deps, input.id, input.status), SUPPORT_TEXTS.statusUpdated),
  );
