/** The support area's public face: other areas, the transport and the composition root import it from here. */
export { checkAttachments, fileTooLargeError, tooManyFilesError } from './attachments';
export {
  addStaffReply,
  getTicketForStaff,
  listTicketsForStaff,
  setTicketStatus,
} from './staff-tickets';
export { getTicketForUser, listTicketsForUser, threadOf } from './ticket-read-model';
export { addCustomerMessage, createTicket } from './tickets';
export { attachmentForDownload } from './uploads';
export * as supportUploads from './uploads';
export {
  staffTicketDetailOutput,
  staffTicketFiltersInput,
  staffTicketSummaryOutput,
  ticketDetailOutput,
  ticketSummaryOutput,
} from './ticket-schema';
