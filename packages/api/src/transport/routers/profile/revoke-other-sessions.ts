import { messageEnvelope, okMessage } from '../../envelope';
import { revokeOtherSessions as revokeOthers, SESSION_TEXTS } from '../../../domain/profile';
import { sessionProcedure } from '../../trpc';

export const revokeOtherSessions = sessionProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/profile/sessions',
      tags: ['profile'],
      summary: 'Sign out every session except this one',
      protect: true,
    },
  })
  .output(messageEnvelope)
  .mutation(async ({ ctx }) => {
    await revokeOthers(ctx.deps, ctx.req, ctx.user, ctx.session);
    return okMessage(SESSION_TEXTS.allRevoked);
  });
