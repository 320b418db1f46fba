import type { ErrorEnvelope } from '../../lib/trpc';
import { getStoredToken } from '../../lib/token';
import type { RouterOutputs } from '../../lib/types';

export type TicketSummary = RouterOutputs['support']['listTickets']['data'][number];
export type TicketDetail = RouterOutputs['support']['getTicket']['data'];
export type TicketMessage = TicketDetail['messages'][number];
export type TicketAttachment = TicketDetail['attachments'][number];
export type StaffTicketSummary = RouterOutputs['support']['staffListTickets']['data'][number];
export type StaffTicketDetail = RouterOutputs['support']['staffGetTicket']['data'];

/** An error from a plain fetch call carrying the server's envelope (message, errors). */
export class UploadError extends Error {
  readonly envelope: ErrorEnvelope | null;
  constructor(message: string, envelope: ErrorEnvelope | null) {
    super(message);
    this.name = 'UploadError';
    this.envelope = envelope;
  }
}

export type NewTicketValues = {
  category: string;
  subject: string;
  description: string;
  priority: string;
  organization_uuid?: string | null;
  attachments: File[];
};

const authHeaders = (): Record<string, string> => {
  const token = getStoredToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
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
  let response: Response;
  try {
    response = await fetch('/api/v1/support/tickets', {
      method: 'POST',
      headers: { Accept: 'application/json', ...authHeaders() },
      body: form,
    });
  } catch {
    throw new UploadError(fallback, null);
  }
  const body = (await response.json().catch(() => null)) as
    { success: true; data: TicketDetail } | ErrorEnvelope | null;
  if (!response.ok || !body || body.success !== true) {
    const envelope = body && body.success === false ? body : null;
    if (envelope?.session_expired) window.dispatchEvent(new Event('scmp:session-expired'));
    throw new UploadError(envelope?.message || fallback, envelope);
  }
  return body.data;
}

/** Downloads an attachment with the bearer token (the link itself cannot carry it). */
export async function downloadAttachment(attachment: TicketAttachment): Promise<void> {
  const response = await fetch(attachment.url, { headers: authHeaders() });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorEnvelope | null;
    throw new Error(body?.message || 'Failed to download the attachment');
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
