import { messageEnvelope, okMessage } from '../../envelope';
import { revokeOtherSessions as revokeOthers, SESSION_TEXTS } from '../../../domain/profile';
import { profile } from './area';

export const revokeOtherSessions = profile
  .session('DELETE /profile/sessions', 'Sign out every session except this one')
  .output(messageEnvelope)
  .mutation(async ({ ctx }) => {
    await revokeOthers(ctx.deps, ctx.req, ctx.user, ctx.session);
    return okMessage(SESSION_TEXTS.allRevoked);
  });
