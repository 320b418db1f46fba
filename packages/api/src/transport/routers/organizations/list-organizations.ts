import { z } from 'zod';
import { envelope, ok } from '../../envelope';
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
  .input(z.object({}))
  .output(envelope(z.array(organizationSchema)))
  .query(async ({ ctx }) => ok(await listOwned(ctx.deps, ctx.user.id)));
