import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listInvitations as list, invitationSchema } from '../../../domain/organizations';
import { authedProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';

export const listInvitations = authedProcedure
  .meta({
    scope: 'organizations:read',
    permission: 'view',
    openapi: {
      method: 'GET',
      path: '/organizations/{id}/invitations',
      tags: ['members'],
      summary: 'Open invitations of an organization',
      protect: true,
    },
  })
  .input(organizationIdInput)
  .output(envelope(z.array(invitationSchema)))
  .query(async ({ ctx, input }) => ok(await list(ctx.deps, ctx.user.id, input.id)));
