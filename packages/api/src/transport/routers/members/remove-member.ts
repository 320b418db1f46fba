import { z } from 'zod';
import { messageEnvelope, okMessage } from '../../envelope';
import { removeMember as remove } from '../../../domain/organizations';
import { authedProcedure } from '../../trpc';
import { keepInvitations } from './schemas';

export const removeMember = authedProcedure
  .meta({
    scope: 'organizations:write',
    permission: 'manageMembers',
    openapi: {
      method: 'DELETE',
      path: '/organizations/{id}/members/{user_uuid}',
      tags: ['members'],
      summary: 'Remove a member, or leave the organization (your own user uuid)',
      protect: true,
    },
  })
  .input(z.object({ id: z.string(), user_uuid: z.string(), keep_invitations: keepInvitations }))
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    const { message } = await remove(ctx.deps, ctx.req, ctx.user, input.id, input.user_uuid, {
      keepInvitations: input.keep_invitations,
    });
    return okMessage(message);
  });
