import { z } from 'zod';
import { messageEnvelope, okMessage } from '../../envelope';
import { revokeSession as revoke, SESSION_TEXTS } from '../../../domain/profile';
import { profile } from './area';

export const revokeSession = profile
  .session('DELETE /profile/sessions/{id}', 'Sign out one other session')
  .input(z.object({ id: z.string().max(64) }))
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await revoke(ctx.deps, ctx.req, ctx.user, ctx.session, input.id);
    return okMessage(SESSION_TEXTS.revoked);
  });
