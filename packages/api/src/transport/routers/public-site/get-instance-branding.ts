import { z } from 'zod';
import { getPublicInstanceBranding, publicBrandingSchema } from '../../../domain/public-branding';
import { publicSite } from './area';

/** The instance portal's own branding (falls back to its organization's, then the defaults). */
export const getInstanceBranding = publicSite
  .public('GET /public/instance/{uuid}/branding', 'Public branding of an active instance portal', {
    description:
      'No authentication. Public branding fields with instance → organization → default fallback; 404 unless the instance is active.',
  })
  .answers(
    z.object({ uuid: z.string().max(100, 'The id may not be longer than 100 characters.') }),
    publicBrandingSchema,
    ({ ctx, input }) => getPublicInstanceBranding(ctx.deps, input.uuid),
  );
