import type { AppDeps } from '../../../core/app-deps';
import { iso } from '../personal-export/iso';
import { attachmentFileEntries, ticketAttachmentList, ticketAttachments } from '../ticket-archive';
import { jsonEntry, type ArchiveEntry } from '../zip-archive';

/** tickets.json and the tickets' attachments under attachments/. */
export async function organizationTicketEntries(
  deps: AppDeps,
  organizationId: number,
): Promise<ArchiveEntry[]> {
  const db = deps.db;
  const entries: ArchiveEntry[] = [];
  const tickets = await db
    .selectFrom('support_tickets')
    .innerJoin('users', 'users.id', 'support_tickets.user_id')
    .selectAll('support_tickets')
    .select('users.name as opened_by')
    .where('support_tickets.organization_id', '=', organizationId)
    .orderBy('support_tickets.id')
    .execute();
  const ticketIds = tickets.map((t) => t.id);
  const attachments = await ticketAttachments(deps, ticketIds);
  entries.push(
    jsonEntry('tickets.json', async () => {
      const messages =
        ticketIds.length === 0
          ? []
          : await db
              .selectFrom('support_ticket_messages')
              .leftJoin('users', 'users.id', 'support_ticket_messages.author_id')
              .select([
                'support_ticket_messages.ticket_id',
                'support_ticket_messages.uuid',
                'support_ticket_messages.is_staff_reply',
                'support_ticket_messages.message',
                'support_ticket_messages.created_at',
                'users.name as author',
              ])
              .where('support_ticket_messages.ticket_id', 'in', ticketIds)
              .orderBy('support_ticket_messages.id')
              .execute();
      return tickets.map((t) => ({
        uuid: t.uuid,
        ticket_number: t.ticket_number,
        opened_by: t.opened_by,
        subject: t.subject,
        description: t.description,
        category: t.category,
        priority: t.priority,
        status: t.status,
        created_at: iso(t.created_at),
        messages: messages
          .filter((m) => m.ticket_id === t.id)
          .map((m) => ({
            uuid: m.uuid,
            from: m.is_staff_reply ? 'support' : (m.author ?? 'Deleted user'),
            message: m.message,
            created_at: iso(m.created_at),
          })),
        attachments: ticketAttachmentList(attachments, t.id),
      }));
    }),
  );
  entries.push(...attachmentFileEntries(deps, attachments));
  return entries;
}
