import type { Selectable } from 'kysely';
import type { SupportTicketsTable } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { fileOf } from './organization-export/stored-file';
import { toIso } from '../../core/iso-date';
import { archiveFileName, jsonEntry, type ArchiveEntry } from './zip-archive';

/**
 * tickets.json and the tickets' attachments, as the personal and the organization export both
 * write them. Each export picks its tickets and says who wrote each message (`from`); the rows
 * are mapped here once. The personal export adds when a ticket changed and when each attachment
 * came; the organization export says who opened each ticket.
 */
export type ExportedTicket = Selectable<SupportTicketsTable> & { opened_by?: string };
export type ExportedMessage = {
  ticket_id: number;
  uuid: string;
  from: string;
  message: string;
  created_at: Date;
};

export async function ticketArchiveEntries(
  deps: AppDeps,
  tickets: ExportedTicket[],
  messagesOf: (ticketIds: number[]) => Promise<ExportedMessage[]>,
  personal: boolean,
): Promise<ArchiveEntry[]> {
  const ticketIds = tickets.map((t) => t.id);
  const attachments = await ticketAttachments(deps, ticketIds);
  const ticketsJson = jsonEntry('tickets.json', async () => {
    const messages = ticketIds.length === 0 ? [] : await messagesOf(ticketIds);
    return tickets.map((t) => ({
      uuid: t.uuid,
      ticket_number: t.ticket_number,
      ...(t.opened_by === undefined ? {} : { opened_by: t.opened_by }),
      subject: t.subject,
      description: t.description,
      category: t.category,
      priority: t.priority,
      status: t.status,
      created_at: toIso(t.created_at),
      ...(personal ? { updated_at: toIso(t.updated_at) } : {}),
      messages: messages
        .filter((m) => m.ticket_id === t.id)
        .map((m) => ({
          uuid: m.uuid,
          from: m.from,
          message: m.message,
          created_at: toIso(m.created_at),
        })),
      attachments: ticketAttachmentList(attachments, t.id, personal),
    }));
  });
  return [ticketsJson, ...attachmentFileEntries(deps, attachments)];
}

async function ticketAttachments(deps: AppDeps, ticketIds: number[]) {
  if (ticketIds.length === 0) return [];
  return deps.db
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
}

type TicketAttachment = Awaited<ReturnType<typeof ticketAttachments>>[number];

const attachmentPath = (a: Pick<TicketAttachment, 'uuid' | 'original_name'>) =>
  `attachments/${a.uuid}-${archiveFileName(a.original_name)}`;

/** One ticket's attachments as listed in tickets.json (the personal export adds when each came). */
const ticketAttachmentList = (
  attachments: TicketAttachment[],
  ticketId: number,
  withCreatedAt: boolean,
) =>
  attachments
    .filter((a) => a.ticket_id === ticketId)
    .map((a) => ({
      name: a.original_name,
      content_type: a.content_type,
      size: a.size,
      file: attachmentPath(a),
      ...(withCreatedAt ? { created_at: toIso(a.created_at) } : {}),
    }));

/** The attachments' files under attachments/. */
const attachmentFileEntries = (deps: AppDeps, attachments: TicketAttachment[]): ArchiveEntry[] =>
  attachments.map((a) => ({ name: attachmentPath(a), open: fileOf(deps, a.storage_key) }));
