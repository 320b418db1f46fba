import { z } from 'zod';
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
  .answers(staffTicketFiltersInput, z.array(staffTicketSummaryOutput), ({ ctx, input }) =>
    listTicketsForStaff(ctx.deps, input),
  );
