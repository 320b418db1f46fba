import { cancelEmailChangeByLink, EMAIL_CHANGE_TEXTS } from '../../../domain/profile';
import { emailChangeTokenInput } from './schemas';
import { auth } from './area';

/** The cancel link of the notice sent to the current address: no sign-in needed. */
export const cancelEmailChange = auth
  .public(
    'POST /auth/email-change/cancel',
    'Cancel a pending e-mail change with the token from the notice sent to the current address',
  )
  .answers(emailChangeTokenInput, EMAIL_CHANGE_TEXTS.cancelled, ({ ctx, input }) =>
    cancelEmailChangeByLink(ctx.deps, ctx.req, input.token),
  );
