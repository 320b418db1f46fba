import { router } from '../../trpc';
import { createTicket } from './create-ticket';
import { createTicketMessage } from './create-ticket-message';
import { getTicket } from './get-ticket';
import { listTickets } from './list-tickets';
import { staffGetTicket } from './staff-get-ticket';
import { staffListTickets } from './staff-list-tickets';
import { staffReply } from './staff-reply';
import { staffSetStatus } from './staff-set-status';

/** Procedures of the support area. */
export const supportRouter = router({
  listTickets,
  getTicket,
  createTicket,
  createTicketMessage,
  staffListTickets,
  staffGetTicket,
  staffReply,
  staffSetStatus,
});
