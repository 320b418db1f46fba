import { SUPPORT_TEXTS } from '../../../contracts/support';
import { ticketMessageInput } from '../../../contracts/support-schemas';
import { envelope, ok } from '../../envelope';
import { addCustomerMessage, ticketDetailOutput } from '../../../domain/support';
import { authedProcedure } from '../../trpc';
import { ticketIdInput } from './ticket-output';

export const createTicketMessage = authedProcedure
  .meta({
    scope: 'support:write',
    openapi: {
      method: 'POST',
      path: '/support/tickets/{id}/messages',
      tags: ['support'],
      summary: 'Reply to one of your tickets (a resolved ticket reopens; a closed one answers 409)',
      protect: true,
    },
    successStatus: 201,
  })
  .input(ticketIdInput.extend(ticketMessageInput.shape))
  .output(envelope(ticketDetailOutput))
  .mutation(async ({ ctx, input }) =>
    ok(
      await addCustomerMessage(ctx.deps, ctx.user, input.id, input.message),
      SUPPORT_TEXTS.messageSent,
    ),
  );
