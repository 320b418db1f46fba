import type { AppDeps } from '../../../core/app-deps';
import { ticketArchiveEntries } from '../ticket-archive';
import type { ArchiveEntry } from '../zip-archive';

/** tickets.json: the tickets the person opened (never another member's), and their attachments. */
export async function ticketEntries(deps: AppDeps, userId: number): Promise<ArchiveEntry[]> {
  const tickets = await deps.db
    .selectFrom('support_tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return ticketArchiveEntries(
    deps,
    tickets,
    async (ticketIds) => {
      const rows = await deps.db
        .selectFrom('support_ticket_messages')
        .select(['uuid', 'ticket_id', 'author_id', 'is_staff_reply', 'message', 'created_at'])
        .where('ticket_id', 'in', ticketIds)
        .orderBy('id')
        .execute();
      return rows.map(({ author_id, is_staff_reply, ...m }) => ({
        ...m,
        from: author_id === userId ? 'you' : is_staff_reply ? 'support' : 'another member',
      }));
    },
    true,
  );
}
