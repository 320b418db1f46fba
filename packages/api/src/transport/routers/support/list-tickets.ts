import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listTicketsForUser, ticketSummaryOutput } from '../../../domain/support';
import { authedProcedure } from '../../trpc';

export const listTickets = authedProcedure
  .meta({
    scope: 'support:read',
    openapi: {
      method: 'GET',
      path: '/support/tickets',
      tags: ['support'],
      summary: "The signed-in user's support tickets, newest first",
      protect: true,
    },
  })
  .output(envelope(z.array(ticketSummaryOutput)))
  .query(async ({ ctx }) => ok(await listTicketsForUser(ctx.deps, ctx.user.id)));
