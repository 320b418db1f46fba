import { getInvitation as get, publicInvitationSchema } from '../../../domain/organizations';
import { enforceRateLimit } from '../../../core/rate-limit/rate-limiter';
import { tokenInput } from './schemas';
import { members } from './area';

/** No sign-in: who invited whom to what, until it is used, revoked or expired (404 then). */
export const getInvitation = members
  .public(
    'GET /invitations/{token}',
    'An invitation by its token (organization, inviter, role, e-mail, expiry)',
  )
  .answers(tokenInput, publicInvitationSchema, async ({ ctx, input }) => {
    await enforceRateLimit(
      ctx.deps.rateLimiter,
      `invitation-lookup:${ctx.req.ip ?? 'unknown'}`,
      60,
      60,
    );
    return get(ctx.deps, input.token);
  });
