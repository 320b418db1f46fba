import { messageEnvelope, okMessage } from '../../envelope';
import { ACCOUNT_MESSAGES, requestPasswordReset } from '../../../domain/accounts';
import { emailInput } from './schemas';
import { auth } from './area';

/** Same answer for known and unknown addresses. */
export const forgotPassword = auth
  .public('POST /auth/forgot-password', 'E-mail a password reset link')
  .input(emailInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx.deps, ctx.req, input.email);
    return okMessage(ACCOUNT_MESSAGES.resetLinkSent);
  });
