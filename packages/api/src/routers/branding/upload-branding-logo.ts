import { z } from 'zod';
import { AppError } from '../../errors';
import { envelope } from '../../lib/envelope';
import { authedProcedure } from '../../trpc';
import { brandingIdInput, brandingOutput } from './branding-output';

/**
 * Documents POST /branding/{id}/logo. Multipart requests are answered by
 * apps/server/src/routes/branding-files.ts before this handler runs; anything else is refused.
 */
export const uploadBrandingLogo = authedProcedure
  .meta({
    scope: 'branding:write',
    permission: 'manage',
    openapi: {
      method: 'POST',
      path: '/branding/{id}/logo',
      tags: ['branding'],
      summary: 'Upload the logo of a branding (multipart, one field named logo)',
      description:
        'multipart/form-data with one file field named `logo`: PNG, JPEG or SVG (sanitised) up to 2MB. The type is decided ' +
        'from the bytes, not the name or Content-Type. Too large → 413; another type → 415; a ' +
        'malformed body → 400. Replaces (and deletes) the previous file. Answers the branding.',
      protect: true,
      contentTypes: ['multipart/form-data'],
    },
  })
  .input(
    brandingIdInput.extend({
      logo: z
        .string()
        .optional()
        .meta({ override: { type: 'string', format: 'binary' }, description: 'The logo file' }),
    }),
  )
  .output(envelope(brandingOutput))
  .mutation((): never => {
    const message = `Send the logo as multipart/form-data in the field "logo".`;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { errors: { logo: [message] } });
  });
