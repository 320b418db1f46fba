import { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '../../../contracts/support';
import { envelope, ok } from '../../envelope';
import { listTicketsForStaff, staffTicketSummaryOutput } from '../../../domain/support';
import { staffProcedure } from '../../trpc';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const staffListTickets = staffProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/support/staff/tickets',
      tags: ['support'],
      summary: 'Staff: the ticket queue across customers, with filters and search',
      protect: true,
    },
  })
  .input(
    z.object({
      status: z.preprocess(blankToUndefined, z.enum(TICKET_STATUSES).optional()),
      priority: z.preprocess(blankToUndefined, z.enum(TICKET_PRIORITIES).optional()),
      category: z.preprocess(blankToUndefined, z.enum(TICKET_CATEGORIES).optional()),
      q: z.string().trim().max(200).optional(),
    }),
  )
  .output(envelope(z.array(staffTicketSummaryOutput)))
  .query(async ({ ctx, input }) => ok(await listTicketsForStaff(ctx.deps, input)));
