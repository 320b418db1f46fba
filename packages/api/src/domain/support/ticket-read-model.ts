import { type Kysely, type Selectable } from 'kysely';
import { cleanFileName } from '../../core/file-names';
import type { Database, TicketStatus, UsersTable } from '@scmp/db';
import { SUPPORT_TEXTS } from '../../contracts/support';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import type { AttachmentOutput, TicketDetailOutput, TicketSummaryOutput } from './ticket-schema';
import { isUuid } from '../../core/uuid';

/** How tickets are read: output shapes, the summary query, detail with thread and files. */
export type UserRow = Pick<Selectable<UsersTable>, 'id' | 'name' | 'email'>;

export { isUuid };

export const iso = (value: Date | string) => new Date(value).toISOString();

export const attachmentUrl = (uuid: string) => `/api/v1/support/attachments/${uuid}`;

export function summaryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('support_tickets as t')
    .leftJoin('organizations as o', 'o.id', 't.organization_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.uuid',
      't.ticket_number',
      't.user_id',
      't.subject',
      't.description',
      't.category',
      't.priority',
      't.status',
      't.created_at',
      't.updated_at',
      'o.uuid as organization_uuid',
      'o.name as organization_name',
      'u.uuid as customer_uuid',
      'u.name as customer_name',
      'u.email as customer_email',
    ])
    .select((eb) =>
      eb
        .selectFrom('support_ticket_messages as m')
        .whereRef('m.ticket_id', '=', 't.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('message_count'),
    );
}

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

export function toSummary(row: SummaryRow): TicketSummaryOutput {
  return {
    id: row.uuid,
    uuid: row.uuid,
    ticket_number: row.ticket_number,
    subject: row.subject,
    description: row.description,
    category: row.category,
    priority: row.priority,
    status: row.status,
    organization_uuid: row.organization_uuid ?? null,
    organization_name: row.organization_name ?? null,
    message_count: Number(row.message_count ?? 0),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function customerOf(row: SummaryRow) {
  return { uuid: row.customer_uuid, name: row.customer_name, email: row.customer_email };
}

export async function detailOf(db: Kysely<Database>, row: SummaryRow): Promise<TicketDetailOutput> {
  return { ...toSummary(row), ...(await threadOf(db, row.id)) };
}

/** The ticket's messages and attachments, oldest first, as its detail shows them. */
export async function threadOf(
  db: Kysely<Database>,
  ticketId: number,
): Promise<Pick<TicketDetailOutput, 'attachments' | 'messages'>> {
  const messages = await db
    .selectFrom('support_ticket_messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'm.uuid', 'm.message', 'm.is_staff_reply', 'm.created_at', 'u.name'])
    .where('m.ticket_id', '=', ticketId)
    .orderBy('m.created_at', 'asc')
    .orderBy('m.id', 'asc')
    .execute();
  const attachments = await db
    .selectFrom('support_attachments')
    .select(['uuid', 'message_id', 'original_name', 'content_type', 'size'])
    .where('ticket_id', '=', ticketId)
    .orderBy('id', 'asc')
    .execute();
  const toAttachment = (a: (typeof attachments)[number]): AttachmentOutput => ({
    id: a.uuid,
    uuid: a.uuid,
    name: cleanFileName(a.original_name),
    size: a.size,
    content_type: a.content_type,
    url: attachmentUrl(a.uuid),
  });
  return {
    attachments: attachments.filter((a) => a.message_id === null).map(toAttachment),
    messages: messages.map((m) => ({
      id: m.uuid,
      uuid: m.uuid,
      message: m.message,
      author_name: m.name ?? (m.is_staff_reply ? 'Support team' : 'Customer'),
      is_staff_reply: m.is_staff_reply,
      created_at: iso(m.created_at),
      attachments: attachments.filter((a) => a.message_id === m.id).map(toAttachment),
    })),
  };
}

export function notFound(): AppError {
  return new AppError('NOT_FOUND', SUPPORT_TEXTS.ticketNotFound);
}

/** The ticket row by uuid; owned by `userId` unless `userId` is null (staff). 404 otherwise. */
export async function findTicket(
  db: Kysely<Database>,
  uuid: string,
  userId: number | null,
): Promise<SummaryRow> {
  if (!isUuid(uuid)) throw notFound();
  let query = summaryQuery(db).where('t.uuid', '=', uuid);
  if (userId !== null) query = query.where('t.user_id', '=', userId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------- customer side

export async function listTicketsForUser(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
): Promise<TicketSummaryOutput[]> {
  const rows = await summaryQuery(deps.db)
    .where('t.user_id', '=', userId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  return rows.map(toSummary);
}

export async function getTicketForUser(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  uuid: string,
): Promise<TicketDetailOutput> {
  const row = await findTicket(deps.db, uuid, userId);
  return detailOf(deps.db, row);
}

/** The attachment when `user` owns its ticket or is staff; null otherwise (answer 404). */
export async function findAttachmentFor(
  deps: Pick<AppDeps, 'db'>,
  user: { id: number; is_staff: boolean },
  uuid: string,
): Promise<{ storage_key: string; original_name: string; content_type: string } | null> {
  if (!isUuid(uuid)) return null;
  let query = deps.db
    .selectFrom('support_attachments as a')
    .innerJoin('support_tickets as t', 't.id', 'a.ticket_id')
    .select(['a.storage_key', 'a.original_name', 'a.content_type'])
    .where('a.uuid', '=', uuid);
  if (!user.is_staff) query = query.where('t.user_id', '=', user.id);
  return (await query.executeTakeFirst()) ?? null;
}

/** Closed tickets take no replies (409). */
export function assertAcceptsReplies(status: TicketStatus) {
  if (status === 'closed') throw new AppError('CONFLICT', SUPPORT_TEXTS.closedNoReplies);
}
