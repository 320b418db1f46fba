import { z } from 'zod';
import { AppError } from '../../errors';
import { envelope } from '../../lib/envelope';
import { authedProcedure } from '../../trpc';
import { brandingIdInput, brandingOutput } from './branding-output';

/**
 * Documents POST /branding/{id}/favicon. Multipart requests are answered by
 * apps/server/src/routes/branding-files.ts before this handler runs; anything else is refused.
 */
export const uploadBrandingFavicon = authedProcedure
  .meta({
    scope: 'branding:write',
    permission: 'manage',
    openapi: {
      method: 'POST',
      path: '/branding/{id}/favicon',
      tags: ['branding'],
      summary: 'Upload the favicon of a branding (multipart, one field named favicon)',
      description:
        'multipart/form-data with one file field named `favicon`: ICO or PNG up to 1MB. The type is decided ' +
        'from the bytes, not the name or Content-Type. Too large → 413; another type → 415; a ' +
        'malformed body → 400. Replaces (and deletes) the previous file. Answers the branding.',
      protect: true,
      contentTypes: ['multipart/form-data'],
    },
  })
  .input(
    brandingIdInput.extend({
      favicon: z
        .string()
        .optional()
        .meta({ override: { type: 'string', format: 'binary' }, description: 'The favicon file' }),
    }),
  )
  .output(envelope(brandingOutput))
  .mutation((): never => {
    const message = `Send the favicon as multipart/form-data in the field "favicon".`;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { errors: { favicon: [message] } });
  });
