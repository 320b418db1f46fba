import { SUPPORT_TEXTS } from '../../contracts/support';
import { cleanFileName } from '../../core/file-names';
import type { AppDeps } from '../../core/app-deps';
import type { SessionUser } from '../sessions';
import { AppError } from '../../core/errors';
import { findAttachmentFor } from './ticket-read-model';

export type { UploadedFile } from './attachments';
export { fileTooLargeError, tooManyFilesError } from './attachments';

/** An attachment's bytes for its ticket's owner or staff (the signed-in `user`); 404 anyone else. */
export async function attachmentForDownload(
  deps: AppDeps,
  user: SessionUser,
  uuid: string,
): Promise<{ bytes: Buffer; name: string; contentType: string }> {
  const row = await findAttachmentFor(deps, user, uuid);
  const bytes = row ? await deps.storage.get(row.storage_key) : null;
  if (!row || !bytes) throw new AppError('NOT_FOUND', SUPPORT_TEXTS.attachmentNotFound);
  return { bytes, name: cleanFileName(row.original_name), contentType: row.content_type };
}
