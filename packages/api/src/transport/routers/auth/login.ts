import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import {
  ACCOUNT_MESSAGES,
  attemptLogin,
  LOGIN_CHALLENGE_LIFETIME_SECONDS,
  loginChallengeCookie,
  toUserOutput,
  userOutput,
} from '../../../domain/accounts';
import { emailField } from './schemas';
import { auth } from './area';

/**
 * Either { user, token } or, for an account with two-factor on, { two_factor_required, email,
 * challenge_token }: the token proves this sign-in passed the password step.
 */
export const loginData = z.object({
  user: userOutput.optional(),
  token: z.string().optional(),
  two_factor_required: z.boolean().optional(),
  email: z.string().optional(),
  challenge_token: z
    .string()
    .optional()
    .describe(
      'With two_factor_required: send it to POST /auth/two-factor/verify as challenge_token ' +
        '(single use, valid 5 minutes). Also set as an HttpOnly cookie for browsers.',
    ),
  passkey_available: z
    .boolean()
    .optional()
    .describe(
      'With two_factor_required: the account has a passkey, which may answer the two-factor ' +
        'step (POST /auth/passkey/options with the challenge_token).',
    ),
});

export const login = auth
  .public('POST /auth/login', 'Sign in with e-mail and password')
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
      ctx.setCookies.push(
        ...loginChallengeCookie.set(
          ctx.deps.config.appUrl,
          result.challengeToken,
          LOGIN_CHALLENGE_LIFETIME_SECONDS,
        ),
      );
      return ok(
        {
          two_factor_required: true,
          email: result.email,
          challenge_token: result.challengeToken,
          passkey_available: result.passkeyAvailable,
        },
        ACCOUNT_MESSAGES.twoFactorRequired,
      );
    }
    return ok(
      { user: toUserOutput(result.user), token: result.token },
      ACCOUNT_MESSAGES.loginSuccess,
    );
  });
