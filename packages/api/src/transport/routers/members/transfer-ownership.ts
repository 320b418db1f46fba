import { z } from 'zod';
import { MEMBER_TEXTS } from '../../../contracts/roles';
import { messageEnvelope, okMessage } from '../../envelope';
import { transferOwnership as transfer } from '../../../domain/organizations';
import { authedProcedure } from '../../trpc';

export const transferOwnership = authedProcedure
  .meta({
    scope: 'organizations:write',
    permission: 'own',
    openapi: {
      method: 'POST',
      path: '/organizations/{id}/transfer-ownership',
      tags: ['members'],
      summary: 'Make another member the owner (the old owner becomes an admin)',
      protect: true,
    },
  })
  .input(z.object({ id: z.string(), user_uuid: z.string({ error: 'user_uuid is required' }) }))
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await transfer(ctx.deps, ctx.req, ctx.user, input.id, input.user_uuid);
    return okMessage(MEMBER_TEXTS.ownershipTransferred);
  });
