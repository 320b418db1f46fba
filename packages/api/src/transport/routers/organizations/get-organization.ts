import { envelope, ok } from '../../envelope';
import { getOrganization as getOwned } from '../../../domain/organizations';
import { authedProcedure } from '../../trpc';
import { organizationIdInput } from './organization-output';
import { organizationSchema } from '../../../contracts/organizations-schemas';

export const getOrganization = authedProcedure
  .meta({
    scope: 'organizations:read',
    permission: 'view',
    openapi: {
      method: 'GET',
      path: '/organizations/{id}',
      tags: ['organizations'],
      summary: 'One of your organizations',
      protect: true,
    },
  })
  .input(organizationIdInput)
  .output(envelope(organizationSchema))
  .query(async ({ ctx, input }) => ok(await getOwned(ctx.deps, ctx.user.id, input.id)));
