import { messageEnvelope, okMessage } from '../../envelope';
import { recordActivity } from '../../../domain/activity';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts';
import { API_TOKEN_TEXTS } from '../../../contracts/api-tokens';
import { AppError } from '../../../core/errors';
import { publicProcedure } from '../../trpc';

/** Deletes the caller's session. Answers success even without one, so the client can always sign out. */
export const logout = publicProcedure
  .meta({
    optionalAuth: true,
    openapi: {
      method: 'POST',
      path: '/auth/logout',
      tags: ['auth'],
      summary: 'Sign out (deletes the session)',
      protect: true,
    },
  })
  .output(messageEnvelope)
  .mutation(async ({ ctx }) => {
    if (ctx.apiToken) throw new AppError('FORBIDDEN', API_TOKEN_TEXTS.notForTokens);
    if (ctx.session && ctx.user) {
      await ctx.deps.db.deleteFrom('sessions').where('id', '=', ctx.session.id).execute();
      await recordActivity(ctx.deps, ctx.req, {
        userId: ctx.user.id,
        type: 'login',
        action: 'logout',
        description: 'Signed out',
      });
    }
    return okMessage(ACCOUNT_MESSAGES.loggedOut);
  });
