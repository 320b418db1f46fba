import { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '../../../contracts/support';

export const attachmentOutput = z.object({
  id: z.string(),
  uuid: z.string(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  url: z.string(),
});

export const messageOutput = z.object({
  id: z.string(),
  uuid: z.string(),
  message: z.string(),
  author_name: z.string(),
  is_staff_reply: z.boolean(),
  created_at: z.string(),
  attachments: z.array(attachmentOutput),
});

export const ticketSummaryOutput = z.object({
  id: z.string(),
  uuid: z.string(),
  ticket_number: z.string(),
  subject: z.string(),
  description: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  organization_uuid: z.string().nullable(),
  organization_name: z.string().nullable(),
  message_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ticketDetailOutput = ticketSummaryOutput.extend({
  attachments: z.array(attachmentOutput),
  messages: z.array(messageOutput),
});

const customerOutput = z.object({ uuid: z.string(), name: z.string(), email: z.string() });

export const staffTicketSummaryOutput = ticketSummaryOutput.extend({ customer: customerOutput });

export const staffTicketDetailOutput = ticketDetailOutput.extend({
  customer: customerOutput,
  organization: z.object({ uuid: z.string(), name: z.string() }).nullable(),
});

export const ticketIdInput = z.object({ id: z.string() });
