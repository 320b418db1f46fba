import { z } from 'zod';
import { messageEnvelope, okMessage } from '../../envelope';
import { ACCOUNT_MESSAGES, requestPasswordReset } from '../../../domain/accounts';
import { publicProcedure } from '../../trpc';
import { emailField } from './schemas';

/** Same answer for known and unknown addresses. */
export const forgotPassword = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/forgot-password',
      tags: ['auth'],
      summary: 'E-mail a password reset link',
      protect: false,
    },
  })
  .input(z.object({ email: emailField }))
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await requestPasswordReset(ctx.deps, ctx.req, input.email);
    return okMessage(ACCOUNT_MESSAGES.resetLinkSent);
  });
