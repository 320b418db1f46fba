import { envelope, ok } from '../../envelope';
import { getBranding as loadBranding, brandingOutput } from '../../../domain/branding';
import { authedProcedure } from '../../trpc';
import { brandingIdInput } from './branding-output';

export const getBranding = authedProcedure
  .meta({
    scope: 'branding:read',
    permission: 'view',
    openapi: {
      method: 'GET',
      path: '/branding/{id}',
      tags: ['branding'],
      summary: 'Branding of one of your organizations or instances',
      description:
        '{id} is an organization uuid or an instance uuid (tried as an organization first). ' +
        'Answers the stored fields plus `resolved`, the effective values after fallback.',
      protect: true,
    },
  })
  .input(brandingIdInput)
  .output(envelope(brandingOutput))
  .query(async ({ ctx, input }) => ok(await loadBranding(ctx.deps, ctx.user.id, input.id)));
