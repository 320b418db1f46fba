import { SUPPORT_TEXTS } from '../../contracts/support';
import { cleanFileName } from '../../lib/file-names';
import type { Context } from '../../request-context';
import { signedInCaller } from '../api-tokens/caller';
import { AppError } from '../../errors';
import { findAttachmentFor } from './ticket-read-model';

export type { UploadedFile } from './attachments';
export { fileTooLargeError, tooManyFilesError } from './attachments';

/** An attachment's bytes for its ticket's owner or staff; 401 anonymous, 404 anyone else. */
export async function attachmentForDownload(
  ctx: Context,
  uuid: string,
): Promise<{ bytes: Buffer; name: string; contentType: string }> {
  const user = await signedInCaller(ctx, 'support:read');
  const row = await findAttachmentFor(ctx.deps, user, uuid);
  const bytes = row ? await ctx.deps.storage.get(row.storage_key) : null;
  if (!row || !bytes) throw new AppError('NOT_FOUND', SUPPORT_TEXTS.attachmentNotFound);
  return { bytes, name: cleanFileName(row.original_name), contentType: row.content_type };
}
