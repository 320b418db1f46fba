import { z } from 'zod';
import { listOrganizations as listOwned } from '../../../domain/organizations';
import { organizationSchema } from '../../../contracts/organizations-schemas';
import { organizations } from './area';

/**
 * The signed-in user's organizations. The same REST path with `public=true` is the tenant shell's
 * lookup, organizations.findPublic (meta.restFlag); this operation documents both.
 */
export const listOrganizations = organizations
  .authed(
    'GET /organizations',
    'List your organizations (or, with public=true, look one up by subdomain)',
    { scope: 'organizations:read' },
  )
  .answers(z.object({}), z.array(organizationSchema), ({ ctx }) =>
    listOwned(ctx.deps, ctx.user.id),
  );
