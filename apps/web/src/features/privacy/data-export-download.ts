import type { ErrorEnvelope } from '../../lib/trpc';
import { getStoredToken } from '../../lib/token';

/** A failed REST download, carrying the server's error envelope (REAUTH_REQUIRED, …). */
export class DownloadError extends Error {
  constructor(readonly envelope: ErrorEnvelope | null) {
    super(envelope?.message || 'Failed to download the export');
  }
}

/**
 * GET /api/v1/user/data-exports/{uuid}/download (or an organization's,
 * /api/v1/organizations/{id}/data-exports/{uuid}/download) as a file download.
 */
export async function downloadDataExport(uuid: string, organizationUuid?: string): Promise<void> {
  const token = getStoredToken();
  const base = organizationUuid
    ? `/api/v1/organizations/${encodeURIComponent(organizationUuid)}`
    : '/api/v1/user';
  const res = await fetch(`${base}/data-exports/${encodeURIComponent(uuid)}/download`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ErrorEnvelope | null;
    if (body?.session_expired) window.dispatchEvent(new Event('scmp:session-expired'));
    throw new DownloadError(body);
  }
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'scmp-data-export.zip';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
