import { EnvelopeError, postMultipart } from '../../lib/download';
import type { RouterOutputs } from '../../lib/types';

export type BrandingData = RouterOutputs['branding']['getBranding']['data'];
export type BrandingFileKind = 'logo' | 'favicon';

/** An upload error carrying the server's envelope (message, errors). */
export class BrandingUploadError extends EnvelopeError {
  override name = 'BrandingUploadError';
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
  return postMultipart<BrandingData>(
    `/api/v1/branding/${encodeURIComponent(id)}/${kind}`,
    form,
    fallback,
    BrandingUploadError,
  );
}
