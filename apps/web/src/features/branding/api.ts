import type { ErrorEnvelope } from '../../lib/trpc';
import { getStoredToken } from '../../lib/token';
import type { RouterOutputs } from '../../lib/types';

export type BrandingData = RouterOutputs['branding']['getBranding']['data'];
export type BrandingFileKind = 'logo' | 'favicon';

/** An upload error carrying the server's envelope (message, errors). */
export class BrandingUploadError extends Error {
  readonly envelope: ErrorEnvelope | null;
  constructor(message: string, envelope: ErrorEnvelope | null) {
    super(message);
    this.name = 'BrandingUploadError';
    this.envelope = envelope;
  }
}

/** POST /api/v1/branding/{id}/{logo|favicon} as multipart/form-data with the bearer token. */
export async function uploadBrandingFile(
  id: string,
  kind: BrandingFileKind,
  file: File,
  fallback: string,
): Promise<BrandingData> {
  const form = new FormData();
  form.append(kind, file, file.name);
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(`/api/v1/branding/${encodeURIComponent(id)}/${kind}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: form,
    });
  } catch {
    throw new BrandingUploadError(fallback, null);
  }
  const body = (await response.json().catch(() => null)) as
    { success: true; data: BrandingData } | ErrorEnvelope | null;
  if (!response.ok || !body || body.success !== true) {
    const envelope = body && body.success === false ? body : null;
    if (envelope?.session_expired) window.dispatchEvent(new Event('scmp:session-expired'));
    throw new BrandingUploadError(envelope?.message || fallback, envelope);
  }
  return body.data;
}
