import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';

/**
 * A reply on a ticket (the customer's or support's) and the ticket's updated_at; a customer's
 * reply on a resolved ticket opens it again (`reopen`).
 */
export async function appendTicketMessage(
  trx: Kysely<Database>,
  ticketId: number,
  reply: { authorId: number; isStaffReply: boolean; message: string; reopen?: boolean },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('support_ticket_messages')
    .values({
      ticket_id: ticketId,
      author_id: reply.authorId,
      is_staff_reply: reply.isStaffReply,
      message: reply.message,
      created_at: now,
    })
    .execute();
  await trx
    .updateTable('support_tickets')
    .set({ updated_at: now, ...(reply.reopen ? { status: 'open' as const } : {}) })
    .where('id', '=', ticketId)
    .execute();
}
