import { z } from 'zod';
import {
  getPublicOrganizationBranding,
  publicBrandingSchema,
} from '../../../domain/public-branding';
import { publicSite } from './area';

/** Fallback of the tenant shell: public branding fields of an active organization by uuid. */
export const getOrganizationBranding = publicSite
  .public('GET /organizations/{uuid}/branding', 'Public branding of an active organization', {
    description:
      'No authentication; use public=true. Only the public branding fields, with defaults for ' +
      'blanks. 404 for unknown or inactive organizations.',
  })
  .answers(
    z.object({
      uuid: z.string().max(100, 'The id may not be longer than 100 characters.'),
      public: z.stringbool().optional(),
    }),
    publicBrandingSchema,
    ({ ctx, input }) => getPublicOrganizationBranding(ctx.deps, input.uuid),
  );
