import { messageEnvelope, okMessage } from '../../lib/envelope';
import { cancelEmailChange as cancelOwn } from '../../services/profile/email-change/cancel';
import { EMAIL_CHANGE_TEXTS } from '../../services/profile/email-change/texts';
import { sessionProcedure } from '../../trpc';

export const cancelEmailChange = sessionProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/profile/email-change',
      tags: ['profile'],
      summary: 'Cancel the pending e-mail change',
      protect: true,
    },
  })
  .output(messageEnvelope)
  .mutation(async ({ ctx }) => {
    await cancelOwn(ctx.deps, ctx.req, ctx.user);
    return okMessage(EMAIL_CHANGE_TEXTS.cancelled);
  });
