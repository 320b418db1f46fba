import { z } from 'zod';
import { MEMBER_TEXTS } from '../../contracts/roles';
import { messageEnvelope, okMessage } from '../../lib/envelope';
import { removeMember as remove } from '../../services/organizations/members';
import { authedProcedure } from '../../trpc';

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
  .input(z.object({ id: z.string(), user_uuid: z.string() }))
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    const { left } = await remove(ctx.deps, ctx.req, ctx.user, input.id, input.user_uuid);
    return okMessage(left ? MEMBER_TEXTS.left : MEMBER_TEXTS.memberRemoved);
  });
