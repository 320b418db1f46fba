import { z } from 'zod';
import { createTicketInput } from '../../../contracts/support-schemas';
import {
  MAX_TICKET_ATTACHMENT_BYTES,
  MAX_TICKET_ATTACHMENTS,
  SUPPORT_TEXTS,
} from '../../../contracts/support';
import { AppError } from '../../../core/errors';
import { envelope, ok } from '../../envelope';
import {
  checkAttachments,
  fileTooLargeError,
  tooManyFilesError,
  createTicket as openTicket,
  ticketDetailOutput,
} from '../../../domain/support';
import { createsOnce } from '../../create-meta';
import { support } from './area';

const ATTACHMENTS_NEED_MULTIPART = 'Send attachments as multipart/form-data.';

/**
 * Opens a ticket: one procedure for a JSON body and for multipart/form-data with up to five
 * `attachments[n]` files (the REST door hands the files to `attachments`, see meta.multipart).
 */
export const createTicket = support
  .verified('POST /support/tickets', 'Open a support ticket', {
    scope: 'support:write',
    ...createsOnce,
    multipart: {
      fileField: 'attachments',
      maxFiles: MAX_TICKET_ATTACHMENTS,
      maxFileBytes: MAX_TICKET_ATTACHMENT_BYTES,
      optionalFields: ['priority', 'organization_uuid'],
      errors: {
        tooManyFiles: tooManyFilesError,
        fileTooLarge: () => fileTooLargeError(),
        unexpectedFileField: (field) =>
          new AppError(
            'VALIDATION_ERROR',
            'Attach files in the field "attachments[n]" (n from 0 to 4).',
            { errors: { [field]: ['Unexpected file field.'] } },
          ),
      },
    },
    description:
      'Accepts JSON (no attachments) or multipart/form-data with the fields subject, description, ' +
      'category, priority, organization_uuid and up to 5 files of at most 10MB each named ' +
      '`attachments[0]`…`attachments[4]` (also `attachments[]` or `attachments`). Allowed types, ' +
      'decided from the bytes: PNG, JPEG, GIF, WebP, PDF, plain text (.txt), CSV (.csv), ' +
      'DOCX, XLSX, PPTX, ODT, ODS, DOC and XLS. Requires a verified e-mail address; at most 10 ' +
      'tickets per hour. organization_uuid (the organization the ticket is about) is required ' +
      'when the user belongs to any organization (422 "Organization is required") and must be ' +
      "one they are a member of: another organization's uuid answers 404.",
    contentTypes: ['application/json', 'multipart/form-data'],
  })
  .use(async ({ getRawInput, next }) => {
    // Files come only as multipart parts (File objects); anything else under `attachments`
    // (a JSON body's strings) is the wrong media type, not a validation error.
    const attachments = ((await getRawInput()) as { attachments?: unknown } | null)?.attachments;
    if (Array.isArray(attachments) && attachments.some((file) => !(file instanceof File))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENTS_NEED_MULTIPART, {
        errors: { attachments: [ATTACHMENTS_NEED_MULTIPART] },
      });
    }
    return next();
  })
  .input(
    createTicketInput.extend({
      attachments: z
        .array(z.file())
        .max(MAX_TICKET_ATTACHMENTS, SUPPORT_TEXTS.tooManyFiles)
        .optional()
        .meta({
          description:
            'multipart/form-data only: up to 5 files of at most 10MB each (field names ' +
            '`attachments[0]`…`attachments[4]`, `attachments[]` or `attachments`).',
        }),
    }),
  )
  .output(envelope(ticketDetailOutput))
  .mutation(async ({ ctx, input: { attachments, ...input } }) => {
    const files = await Promise.all(
      (attachments ?? []).map(async (file) => ({
        filename: file.name || 'attachment',
        bytes: Buffer.from(await file.arrayBuffer()),
      })),
    );
    const checked = files.length > 0 ? await checkAttachments(files) : undefined;
    return ok(
      await openTicket(ctx.deps, ctx.req, ctx.user, input, checked),
      SUPPORT_TEXTS.ticketCreated,
    );
  });
