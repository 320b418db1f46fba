import type { AppDeps } from '../../core/app-deps';
import { fileOf } from './organization-export/stored-file';
import { iso } from './personal-export/iso';
import { archiveFileName, type ArchiveEntry } from './zip-archive';

/**
 * The parts of tickets.json that the personal and the organization export share: the tickets'
 * attachments (their rows, their path in the archive and the archive entries of their files).
 */
export async function ticketAttachments(deps: AppDeps, ticketIds: number[]) {
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

export type TicketAttachment = Awaited<ReturnType<typeof ticketAttachments>>[number];

export const attachmentPath = (a: Pick<TicketAttachment, 'uuid' | 'original_name'>) =>
  `attachments/${a.uuid}-${archiveFileName(a.original_name)}`;

/** One ticket's attachments as listed in tickets.json (the personal export adds when each came). */
export const ticketAttachmentList = (
  attachments: TicketAttachment[],
  ticketId: number,
  withCreatedAt = false,
) =>
  attachments
    .filter((a) => a.ticket_id === ticketId)
    .map((a) => ({
      name: a.original_name,
      content_type: a.content_type,
      size: a.size,
      file: attachmentPath(a),
      ...(withCreatedAt ? { created_at: iso(a.created_at) } : {}),
    }));

/** The attachments' files under attachments/. */
export const attachmentFileEntries = (
  deps: AppDeps,
  attachments: TicketAttachment[],
): ArchiveEntry[] =>
  attachments.map((a) => ({ name: attachmentPath(a), open: fileOf(deps, a.storage_key) }));
