import { BRANDING_TEXTS } from '../../../contracts/branding';
import { envelope, ok } from '../../envelope';
import { deleteBrandingFile, brandingOutput } from '../../../domain/branding';
import { authedProcedure } from '../../trpc';
import { brandingIdInput } from './branding-output';

export const deleteBrandingFavicon = authedProcedure
  .meta({
    scope: 'branding:write',
    permission: 'manage',
    openapi: {
      method: 'DELETE',
      path: '/branding/{id}/favicon',
      tags: ['branding'],
      summary: 'Delete the favicon of a branding',
      protect: true,
    },
  })
  .input(brandingIdInput)
  .output(envelope(brandingOutput))
  .mutation(async ({ ctx, input }) =>
    ok(
      await deleteBrandingFile(ctx.deps, ctx.user.id, input.id, 'favicon'),
      BRANDING_TEXTS.faviconDeleted,
    ),
  );
