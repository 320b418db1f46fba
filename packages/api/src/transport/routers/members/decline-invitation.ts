import { MEMBER_TEXTS } from '../../../contracts/roles';
import { messageEnvelope, okMessage } from '../../envelope';
import { declineInvitation as decline } from '../../../domain/organizations';
import { enforceRateLimit } from '../../../core/rate-limit/rate-limiter';
import { authedProcedure } from '../../trpc';
import { tokenInput } from './schemas';

export const declineInvitation = authedProcedure
  .meta({
    scope: 'organizations:write',
    openapi: {
      method: 'POST',
      path: '/invitations/{token}/decline',
      tags: ['members'],
      summary: 'Decline an invitation (signed in with the invited e-mail)',
      protect: true,
    },
  })
  .input(tokenInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx.deps.rateLimiter, `invitation-answer:${ctx.user.id}`, 30, 60);
    await decline(ctx.deps, ctx.req, ctx.user, input.token);
    return okMessage(MEMBER_TEXTS.invitationDeclined);
  });
