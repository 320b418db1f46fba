import { z } from 'zod';
import { MEMBER_TEXTS } from '../../../contracts/roles';
import { messageEnvelope, okMessage } from '../../envelope';
import { revokeInvitation as revoke } from '../../../domain/organizations';
import { authedProcedure } from '../../trpc';

export const revokeInvitation = authedProcedure
  .meta({
    scope: 'organizations:write',
    permission: 'manageMembers',
    openapi: {
      method: 'DELETE',
      path: '/organizations/{id}/invitations/{uuid}',
      tags: ['members'],
      summary: 'Revoke an open invitation',
      protect: true,
    },
  })
  .input(z.object({ id: z.string(), uuid: z.string() }))
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await revoke(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return okMessage(MEMBER_TEXTS.invitationRevoked);
  });
