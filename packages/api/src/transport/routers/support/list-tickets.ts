import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listTicketsForUser, ticketSummaryOutput } from '../../../domain/support';
import { support } from './area';

export const listTickets = support
  .authed('GET /support/tickets', "The signed-in user's support tickets, newest first", {
    scope: 'support:read',
  })
  .output(envelope(z.array(ticketSummaryOutput)))
  .query(async ({ ctx }) => ok(await listTicketsForUser(ctx.deps, ctx.user.id)));
