import { messageEnvelope, okMessage } from '../../envelope';
import { recordActivity } from '../../../domain/activity';
import { ACCOUNT_MESSAGES } from '../../../domain/accounts';
import { API_TOKEN_TEXTS } from '../../../contracts/api-tokens';
import { AppError } from '../../../core/errors';
import { auth } from './area';

/** Deletes the caller's session. Answers success even without one, so the client can always sign out. */
export const logout = auth
  .public('POST /auth/logout', 'Sign out (deletes the session)', { optionalAuth: true })
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
