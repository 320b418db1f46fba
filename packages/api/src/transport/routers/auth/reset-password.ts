import { z } from 'zod';
import { ACCOUNT_MESSAGES, resetPassword as reset } from '../../../domain/accounts';
import {
  emailField,
  newPasswordField,
  passwordConfirmationField,
  confirmationMatches,
} from './schemas';
import { auth } from './area';

export const resetPassword = auth
  .public('POST /auth/reset-password', 'Choose a new password with the token from the e-mail')
  .answers(
    z
      .object({
        email: emailField,
        token: z
          .string({ error: 'Invalid or missing reset token' })
          .min(1, 'Invalid or missing reset token')
          .max(200, 'Invalid or missing reset token'),
        password: newPasswordField,
        password_confirmation: passwordConfirmationField,
      })
      .superRefine(confirmationMatches),
    ACCOUNT_MESSAGES.passwordReset,
    ({ ctx, input }) => reset(ctx.deps, ctx.req, input),
  );
