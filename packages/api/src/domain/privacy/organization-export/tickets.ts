import type { AppDeps } from '../../../core/app-deps';
import { ticketArchiveEntries } from '../ticket-archive';
import type { ArchiveEntry } from '../zip-archive';

/** tickets.json (every ticket of the organization) and the tickets' attachments. */
export async function organizationTicketEntries(
  deps: AppDeps,
  organizationId: number,
): Promise<ArchiveEntry[]> {
  const tickets = await deps.db
    .selectFrom('support_tickets')
    .innerJoin('users', 'users.id', 'support_tickets.user_id')
    .selectAll('support_tickets')
    .select('users.name as opened_by')
    .where('support_tickets.organization_id', '=', organizationId)
    .orderBy('support_tickets.id')
    .execute();
  return ticketArchiveEntries(deps, tickets, messagesOf(deps), false);
}

/** Staff replies are from "support"; a removed author is "Deleted user". */
const messagesOf = (deps: AppDeps) => async (ticketIds: number[]) => {
  const rows = await deps.db
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
  return rows.map(({ is_staff_reply, author, ...m }) => ({
    ...m,
    from: is_staff_reply ? 'support' : (author ?? 'Deleted user'),
  }));
};
