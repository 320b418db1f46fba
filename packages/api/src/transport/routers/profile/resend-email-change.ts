import { envelope, ok } from '../../envelope';
import {
  resendEmailChange as resend,
  EMAIL_CHANGE_TEXTS,
  profileOutput,
  toProfileOutput,
} from '../../../domain/profile';
import { sessionProcedure } from '../../trpc';

export const resendEmailChange = sessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/profile/email-change/resend',
      tags: ['profile'],
      summary:
        'Send a new confirmation link to the pending address (the previous one stops working)',
      protect: true,
    },
  })
  .output(envelope(profileOutput))
  .mutation(async ({ ctx }) => {
    const pending = await resend(ctx.deps, ctx.user);
    return ok(toProfileOutput(ctx.user, pending), EMAIL_CHANGE_TEXTS.resent(pending.email));
  });
