import { z } from 'zod';
import { messageEnvelope, okMessage } from '../../envelope';
import { revokeSession as revoke, SESSION_TEXTS } from '../../../domain/profile';
import { sessionProcedure } from '../../trpc';

export const revokeSession = sessionProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/profile/sessions/{id}',
      tags: ['profile'],
      summary: 'Sign out one other session',
      protect: true,
    },
  })
  .input(z.object({ id: z.string().max(64) }))
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await revoke(ctx.deps, ctx.req, ctx.user, ctx.session, input.id);
    return okMessage(SESSION_TEXTS.revoked);
  });
