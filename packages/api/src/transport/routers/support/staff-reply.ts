import { SUPPORT_TEXTS } from '../../../contracts/support';
import { ticketMessageInput } from '../../../contracts/support-schemas';
import { envelope, ok } from '../../envelope';
import { addStaffReply, staffTicketDetailOutput } from '../../../domain/support';
import { staffProcedure } from '../../trpc';
import { ticketIdInput } from './ticket-output';

export const staffReply = staffProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/support/staff/tickets/{id}/messages',
      tags: ['support'],
      summary: 'Staff: reply to a ticket (e-mails the customer)',
      protect: true,
    },
    successStatus: 201,
  })
  .input(ticketIdInput.extend(ticketMessageInput.shape))
  .output(envelope(staffTicketDetailOutput))
  .mutation(async ({ ctx, input }) =>
    ok(await addStaffReply(ctx.deps, ctx.user, input.id, input.message), SUPPORT_TEXTS.messageSent),
  );
