import type { ErrorEnvelope } from '../../lib/trpc';
import { bearerHeaders, failedBody, saveResponse } from '../../lib/download';

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
  const base = organizationUuid
    ? `/api/v1/organizations/${encodeURIComponent(organizationUuid)}`
    : '/api/v1/user';
  const res = await fetch(`${base}/data-exports/${encodeURIComponent(uuid)}/download`, {
    headers: bearerHeaders(),
  });
  if (!res.ok) throw new DownloadError(await failedBody(res, { announceExpiry: true }));
  await saveResponse(res, 'scmp-data-export.zip');
}
