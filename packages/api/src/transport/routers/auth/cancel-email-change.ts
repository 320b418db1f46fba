import { messageEnvelope, okMessage } from '../../envelope';
import { cancelEmailChangeByLink, EMAIL_CHANGE_TEXTS } from '../../../domain/profile';
import { emailChangeTokenInput } from './schemas';
import { auth } from './area';

/** The cancel link of the notice sent to the current address: no sign-in needed. */
export const cancelEmailChange = auth
  .public(
    'POST /auth/email-change/cancel',
    'Cancel a pending e-mail change with the token from the notice sent to the current address',
  )
  .input(emailChangeTokenInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await cancelEmailChangeByLink(ctx.deps, ctx.req, input.token);
    return okMessage(EMAIL_CHANGE_TEXTS.cancelled);
  });
