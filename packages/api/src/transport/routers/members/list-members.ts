import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listMembers as list, memberSchema } from '../../../domain/organizations';
import { authedProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';

export const listMembers = authedProcedure
  .meta({
    scope: 'organizations:read',
    permission: 'view',
    openapi: {
      method: 'GET',
      path: '/organizations/{id}/members',
      tags: ['members'],
      summary: 'The members of an organization with their roles',
      protect: true,
    },
  })
  .input(organizationIdInput)
  .output(envelope(z.array(memberSchema)))
  .query(async ({ ctx, input }) => ok(await list(ctx.deps, ctx.user.id, input.id)));
