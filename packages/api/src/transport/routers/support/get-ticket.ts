import { getTicketForUser, ticketDetailOutput } from '../../../domain/support';
import { ticketIdInput } from './ticket-output';
import { support } from './area';

export const getTicket = support
  .authed('GET /support/tickets/{id}', 'One of your tickets with its messages and attachments', {
    scope: 'support:read',
  })
  .answers(ticketIdInput, ticketDetailOutput, ({ ctx, input }) =>
    getTicketForUser(ctx.deps, ctx.user.id, input.id),
  );
