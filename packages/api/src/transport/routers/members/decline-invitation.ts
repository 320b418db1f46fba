import { MEMBER_TEXTS } from '../../../contracts/roles';
import { declineInvitation as decline } from '../../../domain/organizations';
import { enforceRateLimit } from '../../../core/rate-limit/rate-limiter';
import { tokenInput } from './schemas';
import { members } from './area';

export const declineInvitation = members
  .authed(
    'POST /invitations/{token}/decline',
    'Decline an invitation (signed in with the invited e-mail)',
    { scope: 'organizations:write' },
  )
  .answers(tokenInput, MEMBER_TEXTS.invitationDeclined, async ({ ctx, input }) => {
    await enforceRateLimit(ctx.deps.rateLimiter, `invitation-answer:${ctx.user.id}`, 30, 60);
    await decline(ctx.deps, ctx.req, ctx.user, input.token);
  });
