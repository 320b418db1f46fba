import { z } from 'zod';
import { MEMBER_TEXTS } from '../../../contracts/roles';
import { acceptInvitation as accept } from '../../../domain/organizations';
import { enforceRateLimit } from '../../../core/rate-limit/rate-limiter';
import { tokenInput } from './schemas';
import { members } from './area';

export const acceptInvitation = members
  .authed(
    'POST /invitations/{token}/accept',
    'Accept an invitation (signed in and verified, with the invited e-mail)',
    { scope: 'organizations:write' },
  )
  .answers(
    tokenInput,
    z.strictObject({ organization_uuid: z.string() }),
    MEMBER_TEXTS.invitationAccepted,
    async ({ ctx, input }) => {
      await enforceRateLimit(ctx.deps.rateLimiter, `invitation-answer:${ctx.user.id}`, 30, 60);
      return accept(ctx.deps, ctx.req, ctx.user, input.token);
    },
  );
