import { SUPPORT_TEXTS } from '../../../contracts/support';
import { ticketMessageInput } from '../../../contracts/support-schemas';
import { addCustomerMessage, ticketDetailOutput } from '../../../domain/support';
import { ticketIdInput } from './ticket-output';
import { support } from './area';

export const createTicketMessage = support
  .authed(
    'POST /support/tickets/{id}/messages',
    'Reply to one of your tickets (a resolved ticket reopens; a closed one answers 409)',
    { scope: 'support:write', successStatus: 201 },
  )
  .answers(
    ticketIdInput.extend(ticketMessageInput.shape),
    ticketDetailOutput,
    SUPPORT_TEXTS.messageSent,
    ({ ctx, input }) => addCustomerMessage(ctx.deps, ctx.user, input.id, input.message),
  );
