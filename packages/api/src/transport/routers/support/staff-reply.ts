import { SUPPORT_TEXTS } from '../../../contracts/support';
import { ticketMessageInput } from '../../../contracts/support-schemas';
import { addStaffReply, staffTicketDetailOutput } from '../../../domain/support';
import { ticketIdInput } from './ticket-output';
import { support } from './area';

export const staffReply = support
  .staff(
    'POST /support/staff/tickets/{id}/messages',
    'Staff: reply to a ticket (e-mails the customer)',
    { successStatus: 201 },
  )
  .answers(
    ticketIdInput.extend(ticketMessageInput.shape),
    staffTicketDetailOutput,
    SUPPORT_TEXTS.messageSent,
    ({ ctx, input }) => addStaffReply(ctx.deps, ctx.user, input.id, input.message),
  );
