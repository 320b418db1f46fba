import { z } from 'zod';
import { MEMBER_TEXTS } from '../../../contracts/roles';
import { messageEnvelope, okMessage } from '../../envelope';
import { revokeInvitation as revoke } from '../../../domain/organizations';
import { members, manageMembers } from './area';

export const revokeInvitation = members
  .authed(
    'DELETE /organizations/{id}/invitations/{uuid}',
    'Revoke an open invitation',
    manageMembers,
  )
  .input(z.object({ id: z.string(), uuid: z.string() }))
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await revoke(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return okMessage(MEMBER_TEXTS.invitationRevoked);
  });
