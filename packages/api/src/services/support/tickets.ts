import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, TicketPriority, TicketStatus, UsersTable } from '@scmp/db';
import {
  SUPPORT_TEXTS,
  type CreateTicketInput,
  type TicketCategoryValue,
} from '../../contracts/support';
import type { Context } from '../../context';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { enforceRateLimit } from '../rate-limit/rate-limiter';
import { attachmentStorageKey, type CheckedFile } from './attachments';
import { notifyCustomerReply, notifyNewTicket, notifyStaffReply } from './notify';

type UserRow = Pick<Selectable<UsersTable>, 'id' | 'name' | 'email'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export type AttachmentOutput = {
  id: string;
  uuid: string;
  name: string;
  size: number;
  content_type: string;
  url: string;
};

export type MessageOutput = {
  id: string;
  uuid: string;
  message: string;
  author_name: string;
  is_staff_reply: boolean;
  created_at: string;
  attachments: AttachmentOutput[];
};

export type TicketSummaryOutput = {
  id: string;
  uuid: string;
  ticket_number: string;
  subject: string;
  description: string;
  category: TicketCategoryValue;
  priority: TicketPriority;
  status: TicketStatus;
  organization_uuid: string | null;
  organization_name: string | null;
  message_count: number;
  created_at: string;
  updated_at: string;
};

export type TicketDetailOutput = TicketSummaryOutput & {
  attachments: AttachmentOutput[];
  messages: MessageOutput[];
};

export type StaffTicketSummaryOutput = TicketSummaryOutput & {
  customer: { uuid: string; name: string; email: string };
};

export type StaffTicketDetailOutput = TicketDetailOutput & {
  customer: { uuid: string; name: string; email: string };
  organization: { uuid: string; name: string } | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export const attachmentUrl = (uuid: string) => `/api/v1/support/attachments/${uuid}`;

function summaryQuery(db: Kysely<Database>) {
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

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

function toSummary(row: SummaryRow): TicketSummaryOutput {
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

function customerOf(row: SummaryRow) {
  return { uuid: row.customer_uuid, name: row.customer_name, email: row.customer_email };
}

async function detailOf(db: Kysely<Database>, row: SummaryRow): Promise<TicketDetailOutput> {
  const messages = await db
    .selectFrom('support_ticket_messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'm.uuid', 'm.message', 'm.is_staff_reply', 'm.created_at', 'u.name'])
    .where('m.ticket_id', '=', row.id)
    .orderBy('m.created_at', 'asc')
    .orderBy('m.id', 'asc')
    .execute();
  const attachments = await db
    .selectFrom('support_attachments')
    .select(['uuid', 'message_id', 'original_name', 'content_type', 'size'])
    .where('ticket_id', '=', row.id)
    .orderBy('id', 'asc')
    .execute();
  const toAttachment = (a: (typeof attachments)[number]): AttachmentOutput => ({
    id: a.uuid,
    uuid: a.uuid,
    name: a.original_name,
    size: a.size,
    content_type: a.content_type,
    url: attachmentUrl(a.uuid),
  });
  return {
    ...toSummary(row),
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

function notFound(): AppError {
  return new AppError('NOT_FOUND', SUPPORT_TEXTS.ticketNotFound);
}

/** The ticket row by uuid; owned by `userId` unless `userId` is null (staff). 404 otherwise. */
async function findTicket(
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

export const TICKETS_PER_HOUR = 10;

/** Opens a ticket (with already-checked attachments); mails the support address. */
export async function createTicket(
  deps: AppDeps,
  req: Pick<Context['req'], 'ip' | 'userAgent'> | null,
  user: UserRow,
  input: CreateTicketInput,
  files: CheckedFile[] = [],
): Promise<TicketDetailOutput> {
  let organizationId: number | null = null;
  if (input.organization_uuid) {
    const org = isUuid(input.organization_uuid)
      ? await deps.db
          .selectFrom('organizations')
          .select('id')
          .where('uuid', '=', input.organization_uuid)
          .where('owner_id', '=', user.id)
          .executeTakeFirst()
      : undefined;
    if (!org) {
      // Another user's organization answers exactly like one that does not exist: 404.
      const message = 'The selected organization was not found.';
      throw new AppError('NOT_FOUND', message, { errors: { organization_uuid: [message] } });
    }
    organizationId = org.id;
  }
  await enforceRateLimit(
    deps.rateLimiter,
    `support:create:${user.id}`,
    TICKETS_PER_HOUR,
    3600,
    (s) =>
      `You have opened too many tickets recently. Please try again in ${Math.ceil(s / 60)} minute${Math.ceil(s / 60) === 1 ? '' : 's'}.`,
  );
  const now = deps.clock.now();
  const storedKeys: string[] = [];
  let ticketUuid: string;
  try {
    ticketUuid = await deps.db.transaction().execute(async (trx) => {
      const ticket = await trx
        .insertInto('support_tickets')
        .values({
          user_id: user.id,
          organization_id: organizationId,
          subject: input.subject,
          description: input.description,
          category: input.category,
          priority: input.priority ?? 'medium',
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'uuid', 'ticket_number'])
        .executeTakeFirstOrThrow();
      for (const file of files) {
        const key = attachmentStorageKey(ticket.uuid, file.ext);
        await deps.storage.put(key, file.bytes);
        storedKeys.push(key);
        await trx
          .insertInto('support_attachments')
          .values({
            ticket_id: ticket.id,
            message_id: null,
            storage_key: key,
            original_name: file.name,
            content_type: file.contentType,
            size: file.bytes.length,
            created_at: now,
          })
          .execute();
      }
      await recordActivity(
        deps,
        req,
        {
          userId: user.id,
          type: 'settings',
          action: 'ticket.opened',
          description: `Opened support ticket ${ticket.ticket_number}: "${input.subject}"`,
          severity: 'info',
        },
        trx,
      );
      await notifyNewTicket(deps, trx, {
        ticketNumber: ticket.ticket_number,
        subject: input.subject,
        description: input.description,
        category: input.category,
        priority: input.priority ?? 'medium',
        customer: user,
        attachmentCount: files.length,
      });
      return ticket.uuid;
    });
  } catch (error) {
    await Promise.all(storedKeys.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return getTicketForUser(deps, user.id, ticketUuid);
}

function assertAcceptsReplies(status: TicketStatus) {
  if (status === 'closed') throw new AppError('CONFLICT', SUPPORT_TEXTS.closedNoReplies);
}

/** A customer's reply; a resolved ticket reopens. Mails the support address. */
export async function addCustomerMessage(
  deps: AppDeps,
  user: UserRow,
  uuid: string,
  message: string,
): Promise<TicketDetailOutput> {
  const row = await findTicket(deps.db, uuid, user.id);
  assertAcceptsReplies(row.status);
  await enforceRateLimit(deps.rateLimiter, `support:message:${user.id}`, 60, 3600);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('support_ticket_messages')
      .values({
        ticket_id: row.id,
        author_id: user.id,
        is_staff_reply: false,
        message,
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('support_tickets')
      .set({ updated_at: now, ...(row.status === 'resolved' ? { status: 'open' as const } : {}) })
      .where('id', '=', row.id)
      .execute();
    await notifyCustomerReply(deps, trx, {
      ticketNumber: row.ticket_number,
      subject: row.subject,
      customer: user,
      message,
      reopened: row.status === 'resolved',
    });
  });
  return getTicketForUser(deps, user.id, uuid);
}

// ---------------------------------------------------------------- staff side

export type StaffTicketFilters = {
  status?: TicketStatus | undefined;
  priority?: TicketPriority | undefined;
  category?: TicketCategoryValue | undefined;
  q?: string | undefined;
};

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
    await trx
      .insertInto('support_ticket_messages')
      .values({
        ticket_id: row.id,
        author_id: staff.id,
        is_staff_reply: true,
        message,
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('support_tickets')
      .set({ updated_at: now })
      .where('id', '=', row.id)
      .execute();
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
