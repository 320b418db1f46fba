import { z } from 'zod';
import { SUPPORT_TEXTS, TICKET_CATEGORIES, TICKET_PRIORITIES } from './support';
import { requiredText } from './text-input';

/** The support desk's inputs (zod; the server's, kept apart so the web's texts carry no zod). */

/** Fields of a new ticket (JSON body, or the text fields of the multipart form). */
export const createTicketInput = z.object({
  category: z.enum(TICKET_CATEGORIES, { error: SUPPORT_TEXTS.categoryRequired }),
  subject: requiredText(SUPPORT_TEXTS.subjectRequired, 255),
  description: requiredText(SUPPORT_TEXTS.descriptionRequired, 20_000),
  priority: z
    .enum(TICKET_PRIORITIES, { error: 'Priority must be low, medium, high or urgent' })
    .optional(),
  organization_uuid: z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
});
export type CreateTicketInput = z.infer<typeof createTicketInput>;

export const ticketMessageInput = z.object({
  message: requiredText(SUPPORT_TEXTS.messageRequired, 20_000),
});
