import { z } from 'zod';
import { findPublicOrganizations } from '../../../domain/organizations';
import { queryFlag } from '../../rest-flag';
import { publicOrganizationSchema } from '../../../contracts/organizations-schemas';
import { organizations } from './area';

/**
 * The tenant shell's fallback lookup, without sign-in: the active organizations on a subdomain,
 * public fields only (none without a subdomain). On REST it is `GET /organizations?public=true
 * &subdomain={slug}`, organizations.list's path with the flag (meta.restFlag). An API token
 * sent with it needs `organizations:read`, as on that path.
 */
export const findPublic = organizations
  .public('GET /organizations', { scope: 'organizations:read', restFlag: 'public' })
  .answers(
    z.object({
      /** The REST door's flag (always on when this procedure answers); nothing else reads it. */
      public: queryFlag.optional(),
      subdomain: z.string().max(253).optional(),
    }),
    z.array(publicOrganizationSchema),
    ({ ctx, input }) => (input.subdomain ? findPublicOrganizations(ctx.deps, input.subdomain) : []),
  );
