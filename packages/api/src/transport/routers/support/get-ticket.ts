import { envelope, ok } from '../../envelope';
import { getTicketForUser, ticketDetailOutput } from '../../../domain/support';
import { authedProcedure } from '../../trpc';
import { ticketIdInput } from './ticket-output';

export const getTicket = authedProcedure
  .meta({
    scope: 'support:read',
    openapi: {
      method: 'GET',
      path: '/support/tickets/{id}',
      tags: ['support'],
      summary: 'One of your tickets with its messages and attachments',
      protect: true,
    },
  })
  .input(ticketIdInput)
  .output(envelope(ticketDetailOutput))
  .query(async ({ ctx, input }) => ok(await getTicketForUser(ctx.deps, ctx.user.id, input.id)));
