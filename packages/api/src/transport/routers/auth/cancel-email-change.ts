import { messageEnvelope, okMessage } from '../../envelope';
import { cancelEmailChangeByLink, EMAIL_CHANGE_TEXTS } from '../../../domain/profile';
import { publicProcedure } from '../../trpc';
import { emailChangeTokenInput } from './schemas';

/** The cancel link of the notice sent to the current address: no sign-in needed. */
export const cancelEmailChange = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/email-change/cancel',
      tags: ['auth'],
      summary:
        'Cancel a pending e-mail change with the token from the notice sent to the current address',
      protect: false,
    },
  })
  .input(emailChangeTokenInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await cancelEmailChangeByLink(ctx.deps, ctx.req, input.token);
    return okMessage(EMAIL_CHANGE_TEXTS.cancelled);
  });
