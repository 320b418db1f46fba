import { z } from 'zod';
import { messageEnvelope, okMessage } from '../../envelope';
import { ACCOUNT_MESSAGES, resendVerification as resend } from '../../../domain/accounts';
import { publicProcedure } from '../../trpc';
import { emailField } from './schemas';

/** Same answer whether or not the address exists or is already verified. */
export const resendVerification = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/resend-verification',
      tags: ['auth'],
      summary: 'Send a new verification link',
      protect: false,
    },
  })
  .input(z.object({ email: emailField }))
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await resend(ctx.deps, ctx.req, input.email);
    return okMessage(ACCOUNT_MESSAGES.verificationResent);
  });
