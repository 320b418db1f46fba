import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope';
import { attemptLogin } from '../../services/accounts/login';
import { ACCOUNT_MESSAGES } from '../../services/accounts/messages';
import { publicProcedure } from '../../trpc';
import { emailField } from './schemas';
import { toUserOutput, userOutput } from './user-output';

/** Either { user, token } or, for an account with two-factor on, { two_factor_required, email }. */
export const loginData = z.object({
  user: userOutput.optional(),
  token: z.string().optional(),
  two_factor_required: z.boolean().optional(),
  email: z.string().optional(),
});

export const login = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/login',
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      protect: false,
    },
  })
  .input(
    z.object({
      email: emailField,
      password: z
        .string({ error: 'The password field is required.' })
        .min(1, 'The password field is required.')
        .max(4096, 'The password is too long.'),
    }),
  )
  .output(envelope(loginData))
  .mutation(async ({ ctx, input }) => {
    const result = await attemptLogin(ctx.deps, ctx.req, input);
    if (result.kind === 'two-factor') {
      return ok(
        { two_factor_required: true, email: result.email },
        ACCOUNT_MESSAGES.twoFactorRequired,
      );
    }
    return ok(
      { user: toUserOutput(result.user), token: result.token },
      ACCOUNT_MESSAGES.loginSuccess,
    );
  });
