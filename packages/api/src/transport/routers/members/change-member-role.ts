import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { changeMemberRole as change, memberSchema } from '../../../domain/organizations';
import { assignableRole, keepInvitations } from './schemas';
import { members, manageMembers } from './area';

export const changeMemberRole = members
  .authed(
    'PATCH /organizations/{id}/members/{user_uuid}',
    "Change a member's role (owner or admin; only the owner grants or removes admin)",
    manageMembers,
  )
  .input(
    z.object({
      id: z.string(),
      user_uuid: z.string(),
      role: assignableRole,
      keep_invitations: keepInvitations,
    }),
  )
  .output(envelope(memberSchema))
  .mutation(async ({ ctx, input }) => {
    const { member, message } = await change(
      ctx.deps,
      ctx.req,
      ctx.user,
      input.id,
      input.user_uuid,
      input.role,
      { keepInvitations: input.keep_invitations },
    );
    return ok(member, message);
  });
