import { sql, type Kysely } from 'kysely';
import type { Database, TicketStatus } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { notifyStaffReply } from './notify';
import { appendTicketMessage } from './ticket-messages';
import {
  customerOf,
  detailOf,
  findTicket,
  summaryQuery,
  toSummary,
  type SummaryRow,
  type UserRow,
  assertAcceptsReplies,
} from './ticket-read-model';
import type {
  StaffTicketDetailOutput,
  StaffTicketFilters,
  StaffTicketSummaryOutput,
} from './ticket-schema';

/** The staff side of the desk: queue, any ticket, replies, status. */
const PRIORITY_ORDER = sql<number>`case t.priority when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`;

export async function listTicketsForStaff(
  deps: Pick<AppDeps, 'db'>,
  filters: StaffTicketFilters,
): Promise<StaffTicketSummaryOutput[]> {
  let query = summaryQuery(deps.db);
  if (filters.status) query = query.where('t.status', '=', filters.status);
  if (filters.priority) query = query.where('t.priority', '=', filters.priority);
  if (filters.category) query = query.where('t.category', '=', filters.category);
  const q = filters.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('t.ticket_number', 'ilike', pattern), eb('t.subject', 'ilike', pattern)]),
    );
  }
  const rows = await query
    .orderBy(PRIORITY_ORDER)
    .orderBy('t.created_at', 'asc')
    .limit(500)
    .execute();
  return rows.map((row) => ({ ...toSummary(row), customer: customerOf(row) }));
}

export async function getTicketForStaff(
  deps: Pick<AppDeps, 'db'>,
  uuid: string,
): Promise<StaffTicketDetailOutput> {
  const row = await findTicket(deps.db, uuid, null);
  const detail = await detailOf(deps.db, row);
  return {
    ...detail,
    customer: customerOf(row),
    organization:
      row.organization_uuid && row.organization_name
        ? { uuid: row.organization_uuid, name: row.organization_name }
        : null,
  };
}

/**
 * ticket.replied for the ticket's organization (null for a ticket about no organization), with
 * the ticket's summary as `row` read it (its webhook data adds the thread, new reply included).
 */
async function emitTicketReplied(
  trx: Kysely<Database>,
  deps: Pick<AppDeps, 'domainEvents'>,
  row: SummaryRow,
): Promise<void> {
  const ticket = await trx
    .selectFrom('support_tickets')
    .select('organization_id')
    .where('id', '=', row.id)
    .executeTakeFirst();
  await deps.domainEvents.emit(trx, 'ticket.replied', {
    organizationId: ticket?.organization_id ?? null,
    ticketId: row.id,
    ticketUuid: row.uuid,
    ticket: toSummary(row),
  });
}

/** A staff reply: mails the customer unless their `updates` e-mails are off. */
export async function addStaffReply(
  deps: AppDeps,
  staff: UserRow,
  uuid: string,
  message: string,
): Promise<StaffTicketDetailOutput> {
  const row = await findTicket(deps.db, uuid, null);
  assertAcceptsReplies(row.status);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await appendTicketMessage(
      trx,
      row.id,
      { authorId: staff.id, isStaffReply: true, message },
      now,
    );
    await emitTicketReplied(trx, deps, row);
    await notifyStaffReply(deps, trx, {
      ticketUuid: row.uuid,
      ticketNumber: row.ticket_number,
      subject: row.subject,
      customer: { id: row.user_id, name: row.customer_name, email: row.customer_email },
      staffName: staff.name,
      message,
    });
  });
  return getTicketForStaff(deps, uuid);
}

export async function setTicketStatus(
  deps: AppDeps,
  uuid: string,
  status: TicketStatus,
): Promise<StaffTicketDetailOutput> {
  const row = await findTicket(deps.db, uuid, null);
  if (row.status !== status) {
    await deps.db
      .updateTable('support_tickets')
      .set({ status, updated_at: deps.clock.now() })
      .where('id', '=', row.id)
      .execute();
  }
  return getTicketForStaff(deps, uuid);
}

// ---------------------------------------------------------------- attachments
