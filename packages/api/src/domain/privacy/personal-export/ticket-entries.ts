import type { AppDeps } from '../../../core/app-deps';
import { attachmentFileEntries, ticketAttachmentList, ticketAttachments } from '../ticket-archive';
import { jsonEntry, type ArchiveEntry } from '../zip-archive';
import { iso } from './iso';

export async function ticketEntries(deps: AppDeps, userId: number): Promise<ArchiveEntry[]> {
  const db = deps.db;
  const entries: ArchiveEntry[] = [];
  // Tickets the person opened (never another member's), their messages and attachments.
  const tickets = await db
    .selectFrom('support_tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
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
              .select(['uuid', 'ticket_id', 'author_id', 'is_staff_reply', 'message', 'created_at'])
              .where('ticket_id', 'in', ticketIds)
              .orderBy('id')
              .execute();
      return tickets.map((t) => ({
        uuid: t.uuid,
        ticket_number: t.ticket_number,
        subject: t.subject,
        description: t.description,
        category: t.category,
        priority: t.priority,
        status: t.status,
        created_at: iso(t.created_at),
        updated_at: iso(t.updated_at),
        messages: messages
          .filter((m) => m.ticket_id === t.id)
          .map((m) => ({
            uuid: m.uuid,
            from: m.author_id === userId ? 'you' : m.is_staff_reply ? 'support' : 'another member',
            message: m.message,
            created_at: iso(m.created_at),
          })),
        attachments: ticketAttachmentList(attachments, t.id, true),
      }));
    }),
  );
  entries.push(...attachmentFileEntries(deps, attachments));
  return entries;
}
