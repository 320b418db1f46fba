import { messageEnvelope, okMessage } from '../../envelope';
import { cancelEmailChange as cancelOwn, EMAIL_CHANGE_TEXTS } from '../../../domain/profile';
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
