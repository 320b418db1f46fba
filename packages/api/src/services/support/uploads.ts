import { createTicketInput, SUPPORT_TEXTS } from '../../contracts/support';
import { cleanFileName } from '../../lib/file-names';
import type { Context } from '../../request-context';
import { assertVerified, signedInCaller } from '../api-tokens/caller';
import { AppError } from '../../errors';
import { checkAttachments, type UploadedFile } from './attachments';
import { findAttachmentFor, type TicketDetailOutput } from './ticket-read-model';
import { createTicket } from './tickets';

export type { UploadedFile } from './attachments';
export { fileTooLargeError, tooManyFilesError } from './attachments';

/** The user of a request, or the same 401 the procedures answer. */

/** Same rules as verifiedProcedure; the multipart route calls it before reading the body. */
export async function assertCanOpenTicket(ctx: Context): Promise<void> {
  assertVerified(await signedInCaller(ctx, 'support:write'));
}

/**
 * Opens a ticket from the fields and files of a multipart request (POST /support/tickets), after
 * the route's assertCanOpenTicket.
 */
export async function openTicketFromUpload(
  ctx: Context,
  fields: Record<string, string>,
  files: UploadedFile[],
): Promise<{ success: true; message: string; data: TicketDetailOutput }> {
  // The route asserted the caller (assertCanOpenTicket) before reading the upload.
  const user = ctx.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
  const input = createTicketInput.parse(fields);
  const checked = await checkAttachments(files);
  const data = await createTicket(ctx.deps, ctx.req, user, input, checked);
  return { success: true, message: SUPPORT_TEXTS.ticketCreated, data };
}

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
