import { SUPPORT_TEXTS } from '../../../contracts/support';
import { ticketMessageInput } from '../../../contracts/support-schemas';
import { envelope, ok } from '../../envelope';
import { addStaffReply, staffTicketDetailOutput } from '../../../domain/support';
import { ticketIdInput } from './ticket-output';
import { support } from './area';

export const staffReply = support
  .staff(
    'POST /support/staff/tickets/{id}/messages',
    'Staff: reply to a ticket (e-mails the customer)',
    { successStatus: 201 },
  )
  .input(ticketIdInput.extend(ticketMessageInput.shape))
  .output(envelope(staffTicketDetailOutput))
  .mutation(async ({ ctx, input }) =>
    ok(await addStaffReply(ctx.deps, ctx.user, input.id, input.message), SUPPORT_TEXTS.messageSent),
  );
