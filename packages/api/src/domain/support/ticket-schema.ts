import { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '../../contracts/support';
import {
  namedRefSchema,
  publicIdFields,
  timestampFields,
  userRefSchema,
} from '../../contracts/response-fields';
import { optionalFilter } from '../../core/optional-filter';

/**
 * The ticket shapes the support procedures answer with: one zod schema each, the service's return
 * type is its z.output and the routers' .output() reuse it. Strict: a key the service returns that
 * is not here fails output validation (the doors-agree test calls every procedure).
 */
export const attachmentOutput = z.strictObject({
  ...publicIdFields,
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  url: z.string(),
});
export type AttachmentOutput = z.output<typeof attachmentOutput>;

export const messageOutput = z.strictObject({
  ...publicIdFields,
  message: z.string(),
  author_name: z.string(),
  is_staff_reply: z.boolean(),
  created_at: z.string(),
  attachments: z.array(attachmentOutput),
});

export const ticketSummaryOutput = z.strictObject({
  ...publicIdFields,
  ticket_number: z.string(),
  subject: z.string(),
  description: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  organization_uuid: z.string().nullable(),
  organization_name: z.string().nullable(),
  message_count: z.number().int(),
  ...timestampFields,
});
export type TicketSummaryOutput = z.output<typeof ticketSummaryOutput>;

export const ticketDetailOutput = ticketSummaryOutput.extend({
  attachments: z.array(attachmentOutput),
  messages: z.array(messageOutput),
});
export type TicketDetailOutput = z.output<typeof ticketDetailOutput>;

export const staffTicketSummaryOutput = ticketSummaryOutput.extend({ customer: userRefSchema });
export type StaffTicketSummaryOutput = z.output<typeof staffTicketSummaryOutput>;

export const staffTicketDetailOutput = ticketDetailOutput.extend({
  customer: userRefSchema,
  organization: namedRefSchema.nullable(),
});
export type StaffTicketDetailOutput = z.output<typeof staffTicketDetailOutput>;

/** The staff queue's filters (GET /support/staff/tickets): a blank filter is no filter. */
export const staffTicketFiltersInput = z.object({
  status: optionalFilter(z.enum(TICKET_STATUSES)),
  priority: optionalFilter(z.enum(TICKET_PRIORITIES)),
  category: optionalFilter(z.enum(TICKET_CATEGORIES)),
  q: z.string().trim().max(200).optional(),
});
export type StaffTicketFilters = z.output<typeof staffTicketFiltersInput>;
