import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import {
  listTicketsForStaff,
  staffTicketFiltersInput,
  staffTicketSummaryOutput,
} from '../../../domain/support';
import { support } from './area';

export const staffListTickets = support
  .staff(
    'GET /support/staff/tickets',
    'Staff: the ticket queue across customers, with filters and search',
  )
  .input(staffTicketFiltersInput)
  .output(envelope(z.array(staffTicketSummaryOutput)))
  .query(async ({ ctx, input }) => ok(await listTicketsForStaff(ctx.deps, input)));
