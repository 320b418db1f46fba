import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope';
import {
  clearLoginChallengeCookies,
  readLoginChallengeCookie,
} from '../../services/accounts/login-challenge-cookie';
import { verifyTwoFactorLogin } from '../../services/accounts/two-factor-login';
import { publicProcedure } from '../../trpc';
import { emailField } from './schemas';
import { toUserOutput, userOutput } from './user-output';

export const twoFactorVerify = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/two-factor/verify',
      tags: ['auth'],
      summary: 'Second sign-in step: an authenticator or recovery code',
      description:
        'Only for the sign-in that passed the password step: send the challenge_token that ' +
        'POST /auth/login returned (or its cookie). A missing, expired, used or foreign ' +
        'challenge fails like a wrong code; the fifth wrong code closes the challenge.',
      protect: false,
    },
  })
  .input(
    z
      .object({
        email: emailField,
        code: z
          .string({ error: 'The code field is required.' })
          .trim()
          .min(1, 'The code field is required.'),
        type: z
          .enum(['totp', 'recovery'], { error: 'The type must be totp or recovery.' })
          .default('totp'),
        challenge_token: z
          .string({ error: 'The challenge token must be a string.' })
          .max(200, 'The challenge token is too long.')
          .optional()
          .describe(
            'The challenge_token from POST /auth/login. Browsers may send the cookie set there ' +
              'instead.',
          ),
      })
      .superRefine((value, ctx) => {
        const valid =
          value.type === 'totp'
            ? /^\d{1,6}$/.test(value.code)
            : /^[A-Za-z0-9]{1,8}$/.test(value.code);
        if (!valid) {
          ctx.addIssue({
            code: 'custom',
            path: ['code'],
            message:
              value.type === 'totp'
                ? 'The authentication code may contain only digits (up to 6).'
                : 'The recovery code may contain only letters and digits (up to 8).',
          });
        }
      }),
  )
  .output(envelope(z.object({ user: userOutput, token: z.string() })))
  .mutation(async ({ ctx, input }) => {
    const code = input.type === 'recovery' ? input.code.toUpperCase() : input.code;
    const { user, token } = await verifyTwoFactorLogin(ctx.deps, ctx.req, {
      email: input.email,
      code,
      type: input.type,
      challengeToken: input.challenge_token || readLoginChallengeCookie(ctx.req.cookie),
    });
    ctx.setCookies.push(...clearLoginChallengeCookies(ctx.deps.config.appUrl));
    return ok({ user: toUserOutput(user), token }, 'Two-factor authentication successful');
  });
