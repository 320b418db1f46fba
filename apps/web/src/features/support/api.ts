import {
  EnvelopeError,
  bearerHeaders,
  failedBody,
  postMultipart,
  saveBlob,
} from '../../lib/download';
import type { RouterOutputs } from '../../lib/types';

export type TicketSummary = RouterOutputs['support']['listTickets']['data'][number];
export type TicketDetail = RouterOutputs['support']['getTicket']['data'];
export type TicketMessage = TicketDetail['messages'][number];
export type TicketAttachment = TicketDetail['attachments'][number];
export type StaffTicketSummary = RouterOutputs['support']['staffListTickets']['data'][number];
export type StaffTicketDetail = RouterOutputs['support']['staffGetTicket']['data'];

/** An error from a plain fetch call carrying the server's envelope (message, errors). */
export class UploadError extends EnvelopeError {
  override name = 'UploadError';
}

export type NewTicketValues = {
  category: string;
  subject: string;
  description: string;
  priority: string;
  organization_uuid?: string | null;
  attachments: File[];
};

/** POST /api/v1/support/tickets as multipart/form-data (fields plus attachments[n]). */
export async function submitTicket(
  values: NewTicketValues,
  fallback: string,
): Promise<TicketDetail> {
  const form = new FormData();
  form.append('category', values.category);
  form.append('subject', values.subject);
  form.append('description', values.description);
  if (values.priority) form.append('priority', values.priority);
  if (values.organization_uuid) form.append('organization_uuid', values.organization_uuid);
  values.attachments.forEach((file, index) =>
    form.append(`attachments[${index}]`, file, file.name),
  );
  return postMultipart<TicketDetail>('/api/v1/support/tickets', form, fallback, UploadError);
}

/** Downloads an attachment with the bearer token (the link itself cannot carry it). */
export async function downloadAttachment(attachment: TicketAttachment): Promise<void> {
  const response = await fetch(attachment.url, { headers: bearerHeaders() });
  if (!response.ok) {
    const body = await failedBody(response, { announceExpiry: false });
    throw new Error(body?.message || 'Failed to download the attachment');
  }
  saveBlob(await response.blob(), attachment.name, 10_000);
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatDateTime(value: string): string {
  return new Date(value).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}
