/** Support desk contracts shared by the server and the web client (spec part 2 §3, §5, §8, §9). */

export const TICKET_CATEGORIES = ['billing', 'technical', 'general'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;

export type TicketCategoryValue = (typeof TICKET_CATEGORIES)[number];
export type TicketPriorityValue = (typeof TICKET_PRIORITIES)[number];
export type TicketStatusValue = (typeof TICKET_STATUSES)[number];

export const TICKET_CATEGORY_LABELS: Record<TicketCategoryValue, string> = {
  billing: 'Billing',
  technical: 'Technical',
  general: 'General',
};
export const TICKET_PRIORITY_LABELS: Record<TicketPriorityValue, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};
export const TICKET_STATUS_LABELS: Record<TicketStatusValue, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** Tickets counted as open on the stat tile. */
export const OPEN_TICKET_STATUSES: readonly TicketStatusValue[] = ['open', 'in_progress'];

export const SUPPORT_TEXTS = {
  categoryRequired: 'Category is required',
  subjectRequired: 'Subject is required',
  descriptionRequired: 'Description is required',
  messageRequired: 'Message is required',
  organizationRequired: 'Organization is required',
  organizationNotFound: 'The selected organization was not found.',
  fetchTicketsFailed: 'Failed to fetch support tickets',
  createTicketFailed: 'Failed to create support ticket',
  fetchTicketFailed: 'Failed to fetch ticket details',
  sendMessageFailed: 'Failed to send message',
  attachmentsHint: 'You can attach up to 5 files, 10MB each.',
  ticketNotFound: 'Ticket not found.',
  attachmentNotFound: 'Attachment not found.',
  closedNoReplies: 'This ticket is closed and no longer accepts replies. Please open a new ticket.',
  tooManyFiles: 'You can attach at most 5 files.',
  fileTooLarge: 'Each attachment must be 10MB or smaller.',
  fileTypeNotAllowed:
    'This file type is not allowed. Attach images (PNG, JPG, GIF, WebP), PDF, text, CSV or Office documents.',
  ticketCreated: 'Support ticket created successfully.',
  messageSent: 'Message sent successfully.',
  statusUpdated: 'Ticket status updated.',
} as const;

export const MAX_TICKET_ATTACHMENTS = 5;
export const MAX_TICKET_ATTACHMENT_BYTES = 10 * 1024 * 1024;
