import { messageEnvelope, okMessage } from '../../envelope';
import { ACCOUNT_MESSAGES, resendVerification as resend } from '../../../domain/accounts';
import { emailInput } from './schemas';
import { auth } from './area';

/** Same answer whether or not the address exists or is already verified. */
export const resendVerification = auth
  .public('POST /auth/resend-verification', 'Send a new verification link')
  .input(emailInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await resend(ctx.deps, ctx.req, input.email);
    return okMessage(ACCOUNT_MESSAGES.verificationResent);
  });
