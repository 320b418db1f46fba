import type { z } from 'zod';
import { BRANDING_TEXTS } from '../../../contracts/branding';
import { AppError } from '../../../core/errors';
import { envelope, ok } from '../../envelope';
import { fileInput } from '../../file-input';
import {
  BRANDING_UPLOAD_RULES,
  tooLargeError,
  type BrandingFileKind,
  uploadBrandingFile,
  brandingOutput,
} from '../../../domain/branding';
import { type MultipartContract } from '../../trpc';
import { brandingIdInput } from './branding-output';
import { branding, manageBranding } from './area';

const FORMATS: Record<BrandingFileKind, string> = {
  logo: 'PNG, JPEG or SVG (sanitised) up to 2MB',
  favicon: 'ICO or PNG up to 1MB',
};

/** One file in the field named `kind`, within the kind's size limit; nothing else in the form. */
function uploadContract(kind: BrandingFileKind): MultipartContract {
  const field = (message: string) =>
    new AppError('VALIDATION_ERROR', message, { errors: { [kind]: [message] } });
  const exactlyOne = () => field(`Send exactly one file in the field "${kind}".`);
  return {
    fileField: kind,
    single: true,
    maxFiles: 1,
    maxFileBytes: BRANDING_UPLOAD_RULES[kind].maxBytes,
    maxFields: 5,
    maxParts: 6,
    errors: {
      tooManyFiles: exactlyOne,
      tooManyFields: exactlyOne,
      fileTooLarge: () => tooLargeError(kind),
      unexpectedFileField: () => field(`Upload the file in the field "${kind}".`),
      notMultipart: () => {
        const message = `Send the ${kind} as multipart/form-data in the field "${kind}".`;
        return new AppError('UNSUPPORTED_MEDIA_TYPE', message, { errors: { [kind]: [message] } });
      },
    },
  };
}

/**
 * POST /branding/{id}/logo and /favicon: an upload procedure (meta.multipart, one file) on both
 * doors — the REST door streams the multipart parts into the input, /trpc takes FormData. Access
 * (404 / 403) is checked before the file's type; an SVG logo is sanitised.
 */
export function brandingUploadProcedure<K extends BrandingFileKind>(kind: K) {
  const noun = kind === 'logo' ? 'logo' : 'favicon';
  return branding
    .authed(
      `POST /branding/{id}/${kind}`,
      `Upload the ${noun} of a branding (multipart, one field named ${kind})`,
      {
        ...manageBranding,
        multipart: uploadContract(kind),
        description:
          `multipart/form-data with one file field named \`${kind}\`: ${FORMATS[kind]}. The type is decided ` +
          'from the bytes, not the name or Content-Type. Too large → 413; another type → 415; a ' +
          'malformed body → 400. Replaces (and deletes) the previous file. Answers the branding.',
        contentTypes: ['multipart/form-data'],
      },
    )
    .input(
      brandingIdInput.extend({
        [kind]: fileInput(`The ${noun} file`),
      } as { [P in K]: z.ZodOptional<z.ZodFile> }),
    )
    .output(envelope(brandingOutput))
    .mutation(async ({ ctx, input }) => {
      const { id, [kind]: file } = input as unknown as { id: string } & Record<K, File | undefined>;
      const bytes = file ? Buffer.from(await file.arrayBuffer()) : undefined;
      const view = await uploadBrandingFile(ctx.deps, ctx.user.id, id, kind, bytes);
      return ok(
        view,
        kind === 'logo' ? BRANDING_TEXTS.logoUploaded : BRANDING_TEXTS.faviconUploaded,
      );
    });
}
