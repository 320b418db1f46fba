import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { ACCOUNT_MESSAGES, registerUser, toUserOutput } from '../../../domain/accounts';
import {
  newPasswordField,
  passwordConfirmationField,
  confirmationMatches,
  validEmailField,
  signedInOutput,
} from './schemas';
import { auth } from './area';

export const register = auth
  .public(
    'POST /auth/register',
    'Create an account (signs it in and sends a verification e-mail)',
    { successStatus: 201 },
  )
  .input(
    z
      .object({
        name: z
          .string({ error: 'The name field is required.' })
          .trim()
          .min(1, 'The name field is required.')
          .max(255, 'The name may not be longer than 255 characters.'),
        email: validEmailField,
        password: newPasswordField,
        password_confirmation: passwordConfirmationField,
      })
      .superRefine(confirmationMatches),
  )
  .output(envelope(signedInOutput))
  .mutation(async ({ ctx, input }) => {
    const { user, token } = await registerUser(ctx.deps, ctx.req, input);
    return ok({ user: toUserOutput(user), token }, ACCOUNT_MESSAGES.registered);
  });
