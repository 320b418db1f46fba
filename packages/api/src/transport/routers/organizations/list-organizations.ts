import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { assertSignedIn } from '../../../domain/api-tokens';
import {
  findPublicOrganizations,
  listOrganizations as listOwned,
} from '../../../domain/organizations';
import { publicProcedure } from '../../trpc';
import {
  organizationSchema,
  publicOrganizationSchema,
} from '../../../contracts/organizations-schemas';

/**
 * The signed-in user's organizations. With `public=true&subdomain={slug}` and no sign-in it is
 * the tenant shell's fallback lookup: active organizations on that subdomain, public fields only.
 */
export const listOrganizations = publicProcedure
  .meta({
    scope: 'organizations:read',
    openapi: {
      method: 'GET',
      path: '/organizations',
      tags: ['organizations'],
      summary: 'List your organizations (or, with public=true, look one up by subdomain)',
      protect: true,
    },
  })
  .input(
    z.object({
      public: z.stringbool().optional(),
      subdomain: z.string().max(253).optional(),
    }),
  )
  .output(envelope(z.array(z.union([organizationSchema, publicOrganizationSchema]))))
  .query(async ({ ctx, input }) => {
    if (input.public) {
      return ok(input.subdomain ? await findPublicOrganizations(ctx.deps, input.subdomain) : []);
    }
    const user = assertSignedIn(ctx);
    return ok(await listOwned(ctx.deps, user.id));
  });
