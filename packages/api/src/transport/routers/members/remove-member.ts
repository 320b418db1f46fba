import { z } from 'zod';
import { messageEnvelope, okMessage } from '../../envelope';
import { removeMember as remove } from '../../../domain/organizations';
import { keepInvitations } from './schemas';
import { members, manageMembers } from './area';

export const removeMember = members
  .authed(
    'DELETE /organizations/{id}/members/{user_uuid}',
    'Remove a member, or leave the organization (your own user uuid)',
    manageMembers,
  )
  .input(z.object({ id: z.string(), user_uuid: z.string(), keep_invitations: keepInvitations }))
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    const { message } = await remove(ctx.deps, ctx.req, ctx.user, input.id, input.user_uuid, {
      keepInvitations: input.keep_invitations,
    });
    return okMessage(message);
  });
