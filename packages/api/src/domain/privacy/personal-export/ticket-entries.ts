import type { AppDeps } from '../../../core/app-deps';
import { archiveFileName, jsonEntry, type ArchiveEntry } from '../zip-archive';
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
  const attachments =
    ticketIds.length === 0
      ? []
      : await db
          .selectFrom('support_attachments')
          .select([
            'uuid',
            'ticket_id',
            'message_id',
            'storage_key',
            'original_name',
            'content_type',
            'size',
            'created_at',
          ])
          .where('ticket_id', 'in', ticketIds)
          .orderBy('id')
          .execute();
  const attachmentPath = (a: (typeof attachments)[number]) =>
    `attachments/${a.uuid}-${archiveFileName(a.original_name)}`;
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
        attachments: attachments
          .filter((a) => a.ticket_id === t.id)
          .map((a) => ({
            name: a.original_name,
            content_type: a.content_type,
            size: a.size,
            file: attachmentPath(a),
            created_at: iso(a.created_at),
          })),
      }));
    }),
  );
  for (const a of attachments) {
    entries.push({
      name: attachmentPath(a),
      open: async () => (await deps.storage.openRead(a.storage_key))?.stream ?? Buffer.alloc(0),
    });
  }
  return entries;
}
