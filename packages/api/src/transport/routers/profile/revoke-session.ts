import { z } from 'zod';
import { revokeSession as revoke, SESSION_TEXTS } from '../../../domain/profile';
import { profile } from './area';

export const revokeSession = profile
  .session('DELETE /profile/sessions/{id}', 'Sign out one other session')
  .answers(z.object({ id: z.string().max(64) }), SESSION_TEXTS.revoked, ({ ctx, input }) =>
    revoke(ctx.deps, ctx.req, ctx.user, ctx.session, input.id),
  );
